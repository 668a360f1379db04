/*
 * field.c - the value encodings of servo control tables (portable core):
 * little-endian words and Feetech's sign-magnitude "direction bit".
 * Used by armctl's bus driver and by the servo emulator.
 */
#include "servo.h"

uint16_t
servo_get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (uint16_t)p[1] << 8);
}

uint32_t
servo_get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

void
servo_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v & 0xFFu);
	p[1] = (uint8_t)(v >> 8);
}

void
servo_put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v & 0xFFu);
	p[1] = (uint8_t)(v >> 8 & 0xFFu);
	p[2] = (uint8_t)(v >> 16 & 0xFFu);
	p[3] = (uint8_t)(v >> 24);
}

/* A magnitude too big for the field saturates rather than flipping the
 * sign bit: a servo told "far" should not hear "far the other way". */
uint16_t
sts_sm_encode(int32_t v, uint8_t bit)
{
	uint32_t mask = ((uint32_t)1 << bit) - 1u;
	uint32_t mag = v < 0 ? (uint32_t)(-(v + 1)) + 1u : (uint32_t)v;

	if (mag > mask)
		mag = mask;
	return (uint16_t)(mag | (v < 0 ? (uint32_t)1 << bit : 0u));
}

int32_t
sts_sm_decode(uint16_t raw, uint8_t bit)
{
	int32_t mag = (int32_t)(raw & (((uint32_t)1 << bit) - 1u));

	return (raw >> bit) & 1u ? -mag : mag;
}
