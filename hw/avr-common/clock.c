/*
 * clock.c - a 1 kHz interrupt from Timer0 in CTC mode counts milliseconds.
 * F_CPU / 64 / 250 = 1000 exactly at 16 MHz, so the clock keeps the
 * crystal's accuracy.  Called by each AVR board's main.c.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "board.h"
#include "clock.h"

#define CLOCK_PRESCALE	64UL
#define CLOCK_COUNT	(F_CPU / CLOCK_PRESCALE / 1000UL)
_Static_assert(CLOCK_COUNT >= 2 && CLOCK_COUNT <= 256 &&
    CLOCK_COUNT * CLOCK_PRESCALE * 1000UL == F_CPU,
    "F_CPU must be a whole multiple of 64 kHz, at most 16.384 MHz");

static volatile uint32_t ms;

void
clock_init(void)
{
	TCCR0A = _BV(WGM01);			/* CTC, TOP = OCR0A */
	OCR0A = (uint8_t)(CLOCK_COUNT - 1);
	TIMSK0 = _BV(OCIE0A);
	TCCR0B = _BV(CS01) | _BV(CS00);		/* clk / 64 */
}

ISR(TIMER0_COMPA_vect)
{
	ms++;
}

uint32_t
clock_millis(void)
{
	uint32_t now;

	/* Four bytes cannot be read in one instruction: hold the tick off. */
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
		now = ms;
	}
	return now;
}
