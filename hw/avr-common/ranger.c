/*
 * ranger.c - ADC0 against AVCC, one conversion at a time (104 us at a
 * 125 kHz ADC clock), smoothed over about four readings because IR rangers
 * are noisy, turned into millimetres by board.h's fit.  Called by each
 * AVR board's main.c (the same registers on the ATmega2560 and 328P).
 */
#include <avr/io.h>

#include "board.h"
#include "ranger.h"

static uint16_t smooth4;	/* four times the smoothed reading */
static uint8_t primed;

void
ranger_init(void)
{
	ADMUX = _BV(REFS0);			/* AVCC, channel 0 */
	ADCSRB = 0;				/* no trigger; the Mega's MUX5 = 0 */
	DIDR0 = _BV(ADC0D);			/* no digital input on A0 */
	ADCSRA = _BV(ADEN) | _BV(ADSC) |
	    _BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0);	/* clk / 128 */
}

void
ranger_poll(void)
{
	uint16_t v;

	if (ADCSRA & _BV(ADSC))
		return;			/* still converting */
	v = ADC;
	if (!primed) {
		smooth4 = (uint16_t)(v * 4u);
		primed = 1;
	} else
		smooth4 = (uint16_t)(smooth4 - smooth4 / 4u + v);
	ADCSRA |= _BV(ADSC);
}

int16_t
ranger_mm(void)
{
	int16_t counts = (int16_t)(smooth4 / 4u);
	int32_t mm;

	if (!primed || counts < BOARD_RANGER_FAR)
		return INT16_MAX;
	mm = BOARD_RANGER_K / (counts - BOARD_RANGER_OFFSET);
	return mm < BOARD_RANGER_NEAR_MM ? BOARD_RANGER_NEAR_MM : (int16_t)mm;
}
