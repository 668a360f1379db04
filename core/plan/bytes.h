/*
 * bytes.h - little-endian field access shared by the plan encoder and
 * decoder, so both sides agree on every width by construction.
 */
#ifndef SPINE_PLAN_BYTES_H
#define SPINE_PLAN_BYTES_H

#include <stdint.h>

static inline uint16_t
get_u16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (uint16_t)p[1] << 8);
}

static inline uint32_t
get_u32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

/* A W-byte field: ids, indices, priorities. */
static inline uint16_t
get_w(const uint8_t *p, uint8_t w)
{
	return w == 1 ? p[0] : get_u16(p);
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
