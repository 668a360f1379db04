/*
 * servo.c - Timer1 in fast PWM mode 14 (TOP = ICR1) with a 0.5 us tick
 * makes a 20 ms frame; each compare register holds one joint's pulse
 * width, so the pulses need no interrupts and no jitter: three joints on
 * the ATmega2560 (OC1A, OC1B, OC1C: pins 11, 12, 13), two on the 328P
 * (OC1A, OC1B: pins 9, 10).  Called by the Mega's main.c and the Arduino
 * library's Arm example, calibrated by the board.h beside it.
 */
#include <avr/io.h>

#include "board.h"
#include "servo.h"

/* A board without servos (the Uno robot) has no servo figures. */
#ifdef BOARD_SERVO_PERIOD_US

#define SERVO_PRESCALE		8UL
#define TICKS_PER_US		(F_CPU / SERVO_PRESCALE / 1000000UL)
#define PERIOD_TICKS		(BOARD_SERVO_PERIOD_US * TICKS_PER_US)
_Static_assert(TICKS_PER_US >= 1 && PERIOD_TICKS <= 65536UL,
    "the servo frame must fit Timer1");
#ifdef OCR1C
#define SERVO_PINS	(_BV(PB5) | _BV(PB6) | _BV(PB7))	/* 11, 12, 13 */
#define SERVO_CHANNELS	3
#define SERVO_COM	(_BV(COM1A1) | _BV(COM1B1) | _BV(COM1C1))
#else
#define SERVO_PINS	(_BV(PB1) | _BV(PB2))			/* 9, 10 */
#define SERVO_CHANNELS	2
#define SERVO_COM	(_BV(COM1A1) | _BV(COM1B1))
#endif
_Static_assert(BOARD_JOINTS == SERVO_CHANNELS,
    "servo.c drives one joint per compare output of Timer1");

static const int16_t center_us[BOARD_JOINTS] = BOARD_SERVO_CENTER_US;
static const int8_t sign[BOARD_JOINTS] = BOARD_SERVO_SIGN;
static int32_t told[BOARD_JOINTS];

void
servo_init(void)
{
	uint8_t j;

	TCCR1A = SERVO_COM | _BV(WGM11);
	TCCR1B = _BV(WGM13) | _BV(WGM12) | _BV(CS11);	/* clk / 8 */
	ICR1 = (uint16_t)(PERIOD_TICKS - 1);
	for (j = 0; j < BOARD_JOINTS; j++)
		servo_set(j, 0);
	DDRB |= SERVO_PINS;
}

/* Pulse width for an angle, in timer ticks. */
static uint16_t
pulse_ticks(uint8_t j, int32_t mdeg)
{
	int32_t us = center_us[j] +
	    sign[j] * (mdeg * BOARD_SERVO_US_PER_90 / 90000L);

	return (uint16_t)(us * (int32_t)TICKS_PER_US);
}

void
servo_set(uint8_t j, int32_t mdeg)
{
	uint16_t t;

	if (j >= BOARD_JOINTS)
		return;
	if (mdeg > BOARD_SERVO_LIMIT_MDEG)
		mdeg = BOARD_SERVO_LIMIT_MDEG;
	if (mdeg < -BOARD_SERVO_LIMIT_MDEG)
		mdeg = -BOARD_SERVO_LIMIT_MDEG;
	told[j] = mdeg;
	t = pulse_ticks(j, mdeg);
	/* Double-buffered: the new width starts with the next frame.  No
	 * interrupt touches Timer1, so its 16-bit TEMP register is ours. */
	if (j == 0)
		OCR1A = t;
	else if (j == 1)
		OCR1B = t;
#ifdef OCR1C
	else
		OCR1C = t;
#endif
}

int32_t
servo_get(uint8_t j)
{
	return j < BOARD_JOINTS ? told[j] : 0;
}
#else
typedef int servo_unused;	/* ISO C wants a declaration */
#endif
