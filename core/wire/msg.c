/*
 * msg.c - little-endian payload packing and the codecs of the structured
 * messages (portable core).  Decoders check every length, because the robot
 * must survive any bytes a host sends and the host any bytes a robot sends.
 */
#include <string.h>

#include "msg.h"

/* Every event kind a robot sends fits the kind bits of an EVENTS entry,
 * and every message type is below the reply bit (C99's compile-time
 * check: a negative array size stops the build). */
typedef char wire_ev_kinds_fit[PLAN_EV_PRIORITY <= WIRE_EV_KIND ? 1 : -1];
typedef char wire_types_fit[WIRE_ERROR < WIRE_REPLY ? 1 : -1];

void
wire_out_init(struct wire_out *o, uint8_t *p, uint8_t cap)
{
	o->p = p;
	o->n = 0;
	o->cap = cap;
	o->overflow = 0;
}

void
wire_put_bytes(struct wire_out *o, const void *p, uint8_t n)
{
	if (o->overflow || n > o->cap - o->n) {
		o->overflow = 1;
		return;
	}
	if (n)
		memcpy(o->p + o->n, p, n);
	o->n = (uint8_t)(o->n + n);
}

void
wire_put_u8(struct wire_out *o, uint8_t v)
{
	wire_put_bytes(o, &v, 1);
}

void
wire_put_u16(struct wire_out *o, uint16_t v)
{
	uint8_t b[2];

	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	wire_put_bytes(o, b, 2);
}

void
wire_put_u32(struct wire_out *o, uint32_t v)
{
	uint8_t b[4];

	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
	b[3] = (uint8_t)(v >> 24);
	wire_put_bytes(o, b, 4);
}

void
wire_put_i32(struct wire_out *o, int32_t v)
{
	wire_put_u32(o, (uint32_t)v);
}

uint8_t
wire_out_len(const struct wire_out *o)
{
	return o->overflow ? 0 : o->n;
}

void
wire_in_init(struct wire_in *in, const uint8_t *p, uint8_t n)
{
	in->p = p;
	in->n = n;
	in->pos = 0;
	in->bad = 0;
}

static const uint8_t *
take(struct wire_in *in, uint8_t n)
{
	const uint8_t *p;

	if (in->bad || n > in->n - in->pos) {
		in->bad = 1;
		return NULL;
	}
	p = in->p + in->pos;
	in->pos = (uint8_t)(in->pos + n);
	return p;
}

uint8_t
wire_get_u8(struct wire_in *in)
{
	const uint8_t *p = take(in, 1);

	return p ? p[0] : 0;
}

uint16_t
wire_get_u16(struct wire_in *in)
{
	const uint8_t *p = take(in, 2);

	return p ? (uint16_t)(p[0] | (uint16_t)p[1] << 8) : 0;
}

uint32_t
wire_get_u32(struct wire_in *in)
{
	const uint8_t *p = take(in, 4);

	if (!p)
		return 0;
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

int32_t
wire_get_i32(struct wire_in *in)
{
	uint32_t u = wire_get_u32(in);

	/* Two's complement without implementation-defined conversion. */
	if (u <= 0x7FFFFFFFul)
		return (int32_t)u;
	return (int32_t)(u - 0x80000000ul) - 0x7FFFFFFF - 1;
}

int
wire_in_done(const struct wire_in *in)
{
	return !in->bad && in->pos == in->n;
}

uint8_t
wire_hello_encode(const struct wire_hello *h, uint8_t *p)
{
	struct wire_out o;
	uint8_t i, namelen;

	if (h->joints > WIRE_MAX_JOINTS)
		return 0;
	namelen = (uint8_t)strlen(h->firmware);
	if (namelen > WIRE_NAME_MAX)
		namelen = WIRE_NAME_MAX;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, h->version);
	wire_put_u8(&o, h->joints);
	wire_put_u8(&o, h->window);
	wire_put_u8(&o, h->slots);
	wire_put_u8(&o, h->flags);
	wire_put_u32(&o, h->capacity);
	for (i = 0; i < h->joints; i++)
		wire_put_u32(&o, h->link_um[i]);
	wire_put_u8(&o, namelen);
	wire_put_bytes(&o, h->firmware, namelen);
	return wire_out_len(&o);
}

int
wire_hello_decode(struct wire_hello *h, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i, namelen;

	memset(h, 0, sizeof *h);
	wire_in_init(&in, p, n);
	h->version = wire_get_u8(&in);
	h->joints = wire_get_u8(&in);
	h->window = wire_get_u8(&in);
	h->slots = wire_get_u8(&in);
	h->flags = wire_get_u8(&in);
	h->capacity = wire_get_u32(&in);
	if (in.bad || h->joints > WIRE_MAX_JOINTS || h->window == 0)
		return -1;
	for (i = 0; i < h->joints; i++)
		h->link_um[i] = wire_get_u32(&in);
	namelen = wire_get_u8(&in);
	if (in.bad || namelen > WIRE_NAME_MAX || namelen != n - in.pos)
		return -1;
	for (i = 0; i < namelen; i++) {
		char c = (char)wire_get_u8(&in);

		/* A name is for printing: keep it to printable ASCII. */
		h->firmware[i] = (c >= 0x20 && c < 0x7F) ? c : '?';
	}
	h->firmware[namelen] = '\0';
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_setpoint_encode(const struct wire_setpoint *s, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (s->joints == 0 || s->joints > WIRE_MAX_JOINTS)
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u32(&o, s->step);
	wire_put_u16(&o, s->period_ms);
	for (i = 0; i < s->joints; i++)
		wire_put_i32(&o, s->mdeg[i]);
	return wire_out_len(&o);
}

int
wire_setpoint_decode(struct wire_setpoint *s, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	if (n < 10 || (n - 6) % 4 != 0 || (n - 6) / 4 > (int)WIRE_MAX_JOINTS)
		return -1;
	wire_in_init(&in, p, n);
	s->step = wire_get_u32(&in);
	s->period_ms = wire_get_u16(&in);
	s->joints = (uint8_t)((n - 6) / 4);
	for (i = 0; i < s->joints; i++)
		s->mdeg[i] = wire_get_i32(&in);
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_status_encode(const struct wire_status *s, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (s->count > WIRE_DEV_MAX)
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, s->flags);
	wire_put_u8(&o, s->free);
	wire_put_u32(&o, s->run_id);
	wire_put_u32(&o, s->received);
	wire_put_u32(&o, s->executed);
	wire_put_u32(&o, s->first);
	wire_put_u8(&o, s->count);
	for (i = 0; i < s->count; i++)
		wire_put_u16(&o, s->dev[i]);
	return wire_out_len(&o);
}

int
wire_status_decode(struct wire_status *s, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	memset(s, 0, sizeof *s);
	wire_in_init(&in, p, n);
	s->flags = wire_get_u8(&in);
	s->free = wire_get_u8(&in);
	s->run_id = wire_get_u32(&in);
	s->received = wire_get_u32(&in);
	s->executed = wire_get_u32(&in);
	s->first = wire_get_u32(&in);
	s->count = wire_get_u8(&in);
	if (in.bad || s->count > WIRE_DEV_MAX)
		return -1;
	for (i = 0; i < s->count; i++)
		s->dev[i] = wire_get_u16(&in);
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_events_encode(const struct wire_events *e, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (e->count > (e->timed ? WIRE_EVENTS_TIMED_MAX : WIRE_EVENTS_MAX))
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u16(&o, e->number);
	wire_put_u32(&o, e->cycle);
	wire_put_u8(&o, e->count);
	for (i = 0; i < e->count; i++) {
		wire_put_u8(&o, e->ev[i].kind);
		wire_put_u8(&o, e->ev[i].type);
		wire_put_u16(&o, e->ev[i].id);
		wire_put_u16(&o, e->ev[i].sense);
		wire_put_u16(&o, (uint16_t)e->ev[i].value);
	}
	if (e->timed)
		wire_put_u32(&o, e->ms);
	return wire_out_len(&o);
}

int
wire_events_decode(struct wire_events *e, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	memset(e, 0, sizeof *e);
	wire_in_init(&in, p, n);
	e->number = wire_get_u16(&in);
	e->cycle = wire_get_u32(&in);
	e->count = wire_get_u8(&in);
	if (in.bad || e->count > WIRE_EVENTS_MAX)
		return -1;
	for (i = 0; i < e->count; i++) {
		uint16_t v;

		e->ev[i].kind = wire_get_u8(&in);
		e->ev[i].type = wire_get_u8(&in);
		e->ev[i].id = wire_get_u16(&in);
		e->ev[i].sense = wire_get_u16(&in);
		v = wire_get_u16(&in);
		e->ev[i].value = v <= 0x7FFF ? (int16_t)v
		    : (int16_t)((int32_t)v - 65536L);
	}
	if (!in.bad && in.n - in.pos == 4 && e->count <=
	    WIRE_EVENTS_TIMED_MAX) {
		e->timed = 1;
		e->ms = wire_get_u32(&in);
	}
	return wire_in_done(&in) ? 0 : -1;
}
