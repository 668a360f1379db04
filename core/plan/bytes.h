/*
 * bytes.h - little-endian field access shared by the plan encoder and
 * decoder, so both sides agree on every width by construction; and the
 * one way the decoder and the planner read a plan's bytes, so a robot
 * whose RAM cannot hold its plan can leave it where it is stored.
 */
#ifndef SPINE_PLAN_BYTES_H
#define SPINE_PLAN_BYTES_H

#include <stdint.h>

/*
 * Where a validated plan is read from, chosen when the firmware is built
 * (every object of core/ must see the same value):
 *   PLAN_IN_RAM      plain loads; what hosts and most robots use
 *   PLAN_IN_FLASH    the AVR's program memory, read with LPM (the plan
 *                    must lie in the low 64 KiB, where avr-gcc puts
 *                    PROGMEM data); pointers are flash addresses
 *   PLAN_IN_STORE    anywhere else (EEPROM, SPI flash): the firmware
 *                    defines plan_store_byte(), and a plan pointer is
 *                    whatever address that function takes
 * Only reads go through it: encoding a plan (the host) writes RAM.
 */
#define PLAN_IN_RAM 0
#define PLAN_IN_FLASH 1
#define PLAN_IN_STORE 2
#ifndef PLAN_STORAGE
#define PLAN_STORAGE PLAN_IN_RAM
#endif

#if PLAN_STORAGE == PLAN_IN_STORE
/* The byte at `at` of the storage the plan lives in (the firmware's). */
uint8_t plan_store_byte(const uint8_t *at);
#endif

static inline uint8_t
get_u8(const uint8_t *p)
{
#if PLAN_STORAGE == PLAN_IN_FLASH && defined(__AVR__)
	uint8_t b;

	__asm__ ("lpm %0, Z" : "=r" (b) : "z" (p));
	return b;
#elif PLAN_STORAGE == PLAN_IN_STORE
	return plan_store_byte(p);
#elif PLAN_STORAGE == PLAN_IN_RAM
	return *p;
#else
#error "PLAN_STORAGE: PLAN_IN_RAM, PLAN_IN_FLASH (AVR) or PLAN_IN_STORE"
#endif
}

static inline uint16_t
get_u16(const uint8_t *p)
{
#if PLAN_STORAGE == PLAN_IN_FLASH && defined(__AVR__)
	uint16_t v;

	__asm__ ("lpm %A0, Z+\n\tlpm %B0, Z" : "=r" (v), "+z" (p));
	return v;
#else
	return (uint16_t)(get_u8(p) | (uint16_t)get_u8(p + 1) << 8);
#endif
}

static inline uint32_t
get_u32(const uint8_t *p)
{
	return (uint32_t)get_u16(p) | (uint32_t)get_u16(p + 2) << 16;
}

/* A W-byte field: ids, indices, priorities. */
static inline uint16_t
get_w(const uint8_t *p, uint8_t w)
{
	return w == 1 ? get_u8(p) : get_u16(p);
}

static inline void
put_u16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static inline void
put_u32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static inline void
put_w(uint8_t *p, uint8_t w, uint16_t v)
{
	if (w == 1)
		p[0] = (uint8_t)v;
	else
		put_u16(p, v);
}

/* PLAN_NONE narrowed to a width (0xFF with 1-byte ids). */
static inline uint16_t
none_w(uint8_t w)
{
	return w == 1 ? 0xFFu : 0xFFFFu;
}

#endif
