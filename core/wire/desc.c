/*
 * desc.c - the codecs of DESCRIBE, CONFIG and SENSES payloads (portable
 * core; layouts in desc.h and spine-protocol(7)).  Decoders check every
 * length and string, as the host must survive any bytes a robot sends.
 */
#include <string.h>

#include "desc.h"

/* Two's complement without implementation-defined conversion. */
static int16_t
to_i16(uint16_t u)
{
	return u <= 0x7FFFu ? (int16_t)u : (int16_t)((int32_t)u - 0x10000L);
}

/* A length-prefixed string of at most max bytes. */
static void
put_str(struct wire_out *o, const char *s, uint8_t max)
{
	uint8_t n = 0;

	while (n < max && s[n] != '\0')
		n++;
	wire_put_u8(o, n);
	wire_put_bytes(o, s, n);
}

static int
get_str(struct wire_in *in, char *s, uint8_t max)
{
	uint8_t n = wire_get_u8(in), i;

	if (in->bad || n > max || n > in->n - in->pos)
		return -1;
	for (i = 0; i < n; i++)
		if ((s[i] = (char)in->p[in->pos + i]) == '\0')
			return -1;
	s[n] = '\0';
	in->pos = (uint8_t)(in->pos + n);
	return 0;
}

void
wire_desc_put_entry(struct wire_out *o, const struct wire_desc *d)
{
	wire_put_u8(o, d->kind);
	wire_put_u16(o, d->first);
	wire_put_u8(o, d->count);
	wire_put_u16(o, (uint16_t)d->min);
	wire_put_u16(o, (uint16_t)d->max);
	put_str(o, d->unit, WIRE_DESC_UNIT_MAX);
	put_str(o, d->name, WIRE_DESC_NAME_MAX);
}

int
wire_desc_get_entry(struct wire_in *in, struct wire_desc *d)
{
	d->kind = wire_get_u8(in);
	d->first = wire_get_u16(in);
	d->count = wire_get_u8(in);
	d->min = to_i16(wire_get_u16(in));
	d->max = to_i16(wire_get_u16(in));
	if (get_str(in, d->unit, WIRE_DESC_UNIT_MAX) != 0 ||
	    get_str(in, d->name, WIRE_DESC_NAME_MAX) != 0 || in->bad)
		return -1;
	if (d->kind > WIRE_DESC_JOINT || d->count == 0 || d->min > d->max ||
	    d->name[0] == '\0')
		return -1;
	return 0;
}

uint8_t
wire_desc_encode(const struct wire_desc *d, uint8_t *p)
{
	struct wire_out o;

	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, d->total);
	wire_put_u8(&o, d->index);
	wire_desc_put_entry(&o, d);
	return wire_out_len(&o);
}

int
wire_desc_decode(struct wire_desc *d, const uint8_t *p, uint8_t n)
{
	struct wire_in in;

	memset(d, 0, sizeof *d);
	wire_in_init(&in, p, n);
	d->total = wire_get_u8(&in);
	d->index = wire_get_u8(&in);
	if (wire_desc_get_entry(&in, d) != 0 || !wire_in_done(&in))
		return -1;
	return d->index < d->total ? 0 : -1;
}

uint8_t
wire_desc_page_encode(const struct wire_desc_page *pg, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (pg->count > WIRE_DESC_PAGE_MAX)
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u32(&o, pg->crc);
	wire_put_u8(&o, pg->total);
	wire_put_u8(&o, pg->pages);
	wire_put_u8(&o, pg->page);
	wire_put_u8(&o, pg->first);
	wire_put_u8(&o, pg->count);
	for (i = 0; i < pg->count; i++)
		wire_desc_put_entry(&o, &pg->e[i]);
	return wire_out_len(&o);
}

int
wire_desc_page_decode(struct wire_desc_page *pg, const uint8_t *p,
    uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	memset(pg, 0, sizeof *pg);
	wire_in_init(&in, p, n);
	pg->crc = wire_get_u32(&in);
	pg->total = wire_get_u8(&in);
	pg->pages = wire_get_u8(&in);
	pg->page = wire_get_u8(&in);
	pg->first = wire_get_u8(&in);
	pg->count = wire_get_u8(&in);
	if (in.bad || pg->count > WIRE_DESC_PAGE_MAX || pg->page >= pg->pages ||
	    pg->first + pg->count > pg->total || (pg->count == 0 &&
	    pg->total > 0))
		return -1;
	for (i = 0; i < pg->count; i++) {
		pg->e[i].total = pg->total;
		pg->e[i].index = (uint8_t)(pg->first + i);
		if (wire_desc_get_entry(&in, &pg->e[i]) != 0)
			return -1;
	}
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_config_encode(const struct wire_config *c, uint8_t *p)
{
	struct wire_out o;

	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, c->flags);
	wire_put_u8(&o, c->monitor);
	wire_put_u16(&o, c->rate);
	return wire_out_len(&o);
}

int
wire_config_decode(struct wire_config *c, const uint8_t *p, uint8_t n)
{
	struct wire_in in;

	wire_in_init(&in, p, n);
	c->flags = wire_get_u8(&in);
	c->monitor = wire_get_u8(&in);
	c->rate = wire_get_u16(&in);
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_senses_encode(const struct wire_senses *s, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (s->count > WIRE_SENSES_MAX)
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u32(&o, s->ms);
	wire_put_u8(&o, s->count);
	for (i = 0; i < s->count; i++)
		wire_put_u16(&o, (uint16_t)s->value[i]);
	return wire_out_len(&o);
}

int
wire_senses_decode(struct wire_senses *s, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	wire_in_init(&in, p, n);
	s->ms = wire_get_u32(&in);
	s->count = wire_get_u8(&in);
	if (s->count > WIRE_SENSES_MAX)
		return -1;
	for (i = 0; i < s->count; i++)
		s->value[i] = to_i16(wire_get_u16(&in));
	return wire_in_done(&in) ? 0 : -1;
}
