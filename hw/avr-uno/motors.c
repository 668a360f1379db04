/*
 * motors.c - Timer1 in fast PWM mode 14 (TOP = ICR1) at BOARD_PWM_HZ with
 * no prescaler: each compare register holds one wheel's duty, so the
 * pulses need no interrupts.  A wheel at 0 has both inputs low (the
 * bridge lets it coast).  Called by main.c.
 */
#include <avr/io.h>

#include "board.h"
#include "motors.h"

#define PWM_TOP		(F_CPU / BOARD_PWM_HZ - 1UL)
_Static_assert(PWM_TOP >= 99 && PWM_TOP <= 65535UL,
    "BOARD_PWM_HZ must leave Timer1 at least 100 steps");

static const int8_t sign[2] = BOARD_MOTOR_SIGN;

void
motors_init(void)
{
	PORTD &= (uint8_t)~(_BV(PD4) | _BV(PD5) | _BV(PD7));
	PORTB &= (uint8_t)~(_BV(PB0) | _BV(PB1) | _BV(PB2));
	DDRD |= _BV(PD4) | _BV(PD5) | _BV(PD7);
	DDRB |= _BV(PB0) | _BV(PB1) | _BV(PB2);
	OCR1A = 0;
	OCR1B = 0;
	ICR1 = (uint16_t)PWM_TOP;
	TCCR1A = _BV(COM1A1) | _BV(COM1B1) | _BV(WGM11);
	TCCR1B = _BV(WGM13) | _BV(WGM12) | _BV(CS10);	/* clk / 1 */
}

static uint16_t
duty(int8_t pct)
{
	uint8_t mag = (uint8_t)(pct < 0 ? -pct : pct);

	if (mag > 100)
		mag = 100;
	return (uint16_t)((uint32_t)(PWM_TOP + 1UL) * mag / 100UL);
}

/* The direction pins of one side: forwards, backwards or both low. */
static void
direction(uint8_t side, int8_t pct)
{
	uint8_t fwd = pct > 0, back = pct < 0;

	if (side == 0) {
		PORTD = (uint8_t)((PORTD & ~(_BV(PD4) | _BV(PD5))) |
		    (fwd ? _BV(PD4) : 0) | (back ? _BV(PD5) : 0));
	} else {
		if (fwd)
			PORTD |= _BV(PD7);
		else
			PORTD &= (uint8_t)~_BV(PD7);
		if (back)
			PORTB |= _BV(PB0);
		else
			PORTB &= (uint8_t)~_BV(PB0);
	}
}

void
motors_set(int8_t left, int8_t right)
{
	left = (int8_t)(left * sign[0]);
	right = (int8_t)(right * sign[1]);
	/* Double-buffered: the new duty starts with the next PWM period.
	 * No interrupt touches Timer1, so its TEMP register is ours. */
	OCR1A = duty(left);
	OCR1B = duty(right);
	direction(0, left);
	direction(1, right);
}
