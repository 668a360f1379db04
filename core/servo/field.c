/*
 * field.c - the value encodings of servo control tables (portable core):
 * words in either byte order (little-endian STS and Dynamixel, big-endian
 * SCS) and Feetech's sign-magnitude "direction bit".
 * Used by armctl's bus driver and by the servo emulator.
 */
#include "servo.h"

uint32_t
servo_field_get(const uint8_t *p, unsigned n, int big)
{
	uint32_t v = 0;
	unsigned i;

	if (n > 4)
		return 0;
	for (i = 0; i < n; i++)	/* most significant byte first */
		v = v << 8 | p[big ? i : n - 1 - i];
	return v;
}

void
servo_field_put(uint8_t *p, unsigned n, uint32_t v, int big)
{
	unsigned i;

	if (n > 4)
		return;
	for (i = 0; i < n; i++, v >>= 8)	/* least significant first */
		p[big ? n - 1 - i : i] = (uint8_t)(v & 0xFFu);
}

uint16_t
servo_get16(const uint8_t *p)
{
	return (uint16_t)servo_field_get(p, 2, 0);
}

uint32_t
servo_get32(const uint8_t *p)
{
	return servo_field_get(p, 4, 0);
}

void
servo_put16(uint8_t *p, uint16_t v)
{
	servo_field_put(p, 2, v, 0);
}

void
servo_put32(uint8_t *p, uint32_t v)
{
	servo_field_put(p, 4, v, 0);
}

/* A magnitude too big for the field saturates rather than flipping the
 * sign bit: a servo told "far" should not hear "far the other way". */
uint16_t
servo_sts_sm_encode(int32_t v, uint8_t bit)
{
	uint32_t mask = ((uint32_t)1 << bit) - 1u;
	uint32_t mag = v < 0 ? (uint32_t)(-(v + 1)) + 1u : (uint32_t)v;

	if (mag > mask)
		mag = mask;
	return (uint16_t)(mag | (v < 0 ? (uint32_t)1 << bit : 0u));
}

int32_t
servo_sts_sm_decode(uint16_t raw, uint8_t bit)
{
	int32_t mag = (int32_t)(raw & (((uint32_t)1 << bit) - 1u));

	return (raw >> bit) & 1u ? -mag : mag;
}
