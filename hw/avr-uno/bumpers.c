/*
 * bumpers.c - pins 2 (PD2) and 3 (PD3) as inputs pulled up, a switch to
 * ground on each: pressed reads low.  Read when the plan asks, at most a
 * few times a cycle, so contact bounce (a millisecond or two) is not
 * worth filtering.  Called by main.c.
 */
#include <avr/io.h>

#include "board.h"
#include "bumpers.h"

void
bumpers_init(void)
{
	DDRD &= (uint8_t)~(_BV(PD2) | _BV(PD3));
	PORTD |= _BV(PD2) | _BV(PD3);
}

uint8_t
bumpers_read(void)
{
	uint8_t pins = PIND;

	return (uint8_t)((pins & _BV(PD2) ? 0u : 1u) |
	    (pins & _BV(PD3) ? 0u : 2u));
}
