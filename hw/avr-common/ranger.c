/*
 * ranger.c - ADC0 against AVCC, one conversion at a time (104 us at a
 * 125 kHz ADC clock), each reading handed to core/robot's IR ranger fit
 * (irrange.h).  Called by each AVR board's main loop (avrloop.c); the same
 * registers on the ATmega2560 and 328P.
 */
#include <avr/io.h>

#include "ranger.h"
#include "robot/irrange.h"

static struct irrange range;

void
ranger_init(void)
{
	robot_irrange_init(&range);
	ADMUX = _BV(REFS0);			/* AVCC, channel 0 */
	ADCSRB = 0;				/* no trigger; the Mega's MUX5 = 0 */
	DIDR0 = _BV(ADC0D);			/* no digital input on A0 */
	ADCSRA = _BV(ADEN) | _BV(ADSC) |
	    _BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0);	/* clk / 128 */
}

void
ranger_poll(void)
{
	if (ADCSRA & _BV(ADSC))
		return;			/* still converting */
	robot_irrange_add(&range, ADC);
	ADCSRA |= _BV(ADSC);
}

int16_t
ranger_mm(void)
{
	return robot_irrange_mm(&range);
}
