/*
 * ctlmsg.c - the payloads of the runtime-control requests (PRIO,
 * ELEM_MONITOR, COUNTERS, STATE, PAUSE) both ends use (portable core);
 * the layouts are those of man/spine-protocol.7, written here once.
 */
#include <string.h>

#include "msg.h"

uint8_t
wire_prio_encode(const struct wire_prio *m, uint8_t *p)
{
	struct wire_out o;

	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u16(&o, m->drive);
	if (m->set)
		wire_put_u16(&o, m->priority);
	return wire_out_len(&o);
}

int
wire_prio_decode(struct wire_prio *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;

	memset(m, 0, sizeof *m);
	if (n != 2 && n != 4)
		return -1;
	wire_in_init(&in, p, n);
	m->drive = wire_get_u16(&in);
	if (n == 4) {
		m->priority = wire_get_u16(&in);
		m->set = 1;
	}
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_elem_monitor_encode(const struct wire_elem_monitor *m, uint8_t *p)
{
	struct wire_out o;

	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, m->type);
	wire_put_u16(&o, m->id);
	if (m->set)
		wire_put_u8(&o, m->flags);
	return wire_out_len(&o);
}

int
wire_elem_monitor_decode(struct wire_elem_monitor *m, const uint8_t *p,
    uint8_t n)
{
	struct wire_in in;

	memset(m, 0, sizeof *m);
	if (n != 3 && n != 4)
		return -1;
	wire_in_init(&in, p, n);
	m->type = wire_get_u8(&in);
	m->id = wire_get_u16(&in);
	if (n == 4) {
		m->flags = wire_get_u8(&in);
		m->set = 1;
	}
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_page_encode(const struct wire_page *m, uint8_t *p)
{
	struct wire_out o;

	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, m->type);
	wire_put_u16(&o, m->first);
	return wire_out_len(&o);
}

int
wire_page_decode(struct wire_page *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;

	wire_in_init(&in, p, n);
	m->type = wire_get_u8(&in);
	m->first = wire_get_u16(&in);
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_counters_encode(const struct wire_counters *m, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (m->count > WIRE_COUNTERS_MAX)
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, m->type);
	wire_put_u16(&o, m->total);
	wire_put_u16(&o, m->first);
	wire_put_u8(&o, m->count);
	for (i = 0; i < m->count; i++) {
		wire_put_u16(&o, m->row[i].id);
		wire_put_u16(&o, m->row[i].executed);
		wire_put_u16(&o, m->row[i].succeeded);
	}
	return wire_out_len(&o);
}

int
wire_counters_decode(struct wire_counters *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	memset(m, 0, sizeof *m);
	wire_in_init(&in, p, n);
	m->type = wire_get_u8(&in);
	m->total = wire_get_u16(&in);
	m->first = wire_get_u16(&in);
	m->count = wire_get_u8(&in);
	if (in.bad || m->count > WIRE_COUNTERS_MAX)
		return -1;
	for (i = 0; i < m->count; i++) {
		m->row[i].id = wire_get_u16(&in);
		m->row[i].executed = wire_get_u16(&in);
		m->row[i].succeeded = wire_get_u16(&in);
	}
	return wire_in_done(&in) ? 0 : -1;
}

/* Drives' rows carry their state, the others' their current element. */
static uint8_t
state_rows_max(uint8_t type)
{
	if (type == WIRE_TYPE_D)
		return WIRE_STATE_DRIVES;
	return type == WIRE_TYPE_C || type == WIRE_TYPE_AP ? WIRE_STATE_MAX :
	    0;
}

static void
put_state_row(struct wire_out *o, uint8_t type, const struct wire_state_row *r)
{
	wire_put_u16(o, r->id);
	if (type == WIRE_TYPE_D) {
		wire_put_u8(o, r->status);
		wire_put_u8(o, r->latch);
		wire_put_u16(o, r->priority);
		wire_put_u16(o, r->ramp);
	} else {
		wire_put_u16(o, r->current);
	}
}

uint8_t
wire_state_encode(const struct wire_state *m, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (m->count > state_rows_max(m->type))
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, m->type);
	wire_put_u8(&o, m->flags);
	wire_put_u16(&o, m->rate);
	wire_put_u32(&o, m->cycle);
	wire_put_u16(&o, m->total);
	wire_put_u16(&o, m->first);
	wire_put_u8(&o, m->count);
	for (i = 0; i < m->count; i++)
		put_state_row(&o, m->type, &m->row[i]);
	return wire_out_len(&o);
}

static void
get_state_row(struct wire_in *in, uint8_t type, struct wire_state_row *r)
{
	r->id = wire_get_u16(in);
	if (type == WIRE_TYPE_D) {
		r->status = wire_get_u8(in);
		r->latch = wire_get_u8(in);
		r->priority = wire_get_u16(in);
		r->ramp = wire_get_u16(in);
	} else {
		r->current = wire_get_u16(in);
	}
}

int
wire_state_decode(struct wire_state *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	memset(m, 0, sizeof *m);
	wire_in_init(&in, p, n);
	m->type = wire_get_u8(&in);
	m->flags = wire_get_u8(&in);
	m->rate = wire_get_u16(&in);
	m->cycle = wire_get_u32(&in);
	m->total = wire_get_u16(&in);
	m->first = wire_get_u16(&in);
	m->count = wire_get_u8(&in);
	if (in.bad || m->count > state_rows_max(m->type))
		return -1;
	for (i = 0; i < m->count; i++)
		get_state_row(&in, m->type, &m->row[i]);
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_range_encode(const struct wire_range *m, uint8_t *p)
{
	struct wire_out o;

	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u16(&o, m->first);
	wire_put_u16(&o, m->end);
	return wire_out_len(&o);
}

int
wire_range_decode(struct wire_range *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;

	wire_in_init(&in, p, n);
	m->first = wire_get_u16(&in);
	m->end = wire_get_u16(&in);
	return wire_in_done(&in) && m->first <= m->end ? 0 : -1;
}

uint8_t
wire_sparse_encode(const struct wire_sparse *m, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (m->count > WIRE_SPARSE_MAX)
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u16(&o, m->total);
	wire_put_u16(&o, m->first);
	wire_put_u16(&o, m->next);
	wire_put_u8(&o, m->count);
	for (i = 0; i < m->count; i++) {
		wire_put_u16(&o, m->row[i].index);
		wire_put_u16(&o, m->row[i].executed);
		wire_put_u16(&o, m->row[i].succeeded);
	}
	return wire_out_len(&o);
}

int
wire_sparse_decode(struct wire_sparse *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	memset(m, 0, sizeof *m);
	wire_in_init(&in, p, n);
	m->total = wire_get_u16(&in);
	m->first = wire_get_u16(&in);
	m->next = wire_get_u16(&in);
	m->count = wire_get_u8(&in);
	if (in.bad || m->count > WIRE_SPARSE_MAX || m->first > m->next ||
	    m->next > m->total)
		return -1;
	for (i = 0; i < m->count; i++) {
		m->row[i].index = wire_get_u16(&in);
		m->row[i].executed = wire_get_u16(&in);
		m->row[i].succeeded = wire_get_u16(&in);
		if (m->row[i].index < m->first || m->row[i].index >= m->next ||
		    (i > 0 && m->row[i].index <= m->row[i - 1].index))
			return -1;
	}
	return wire_in_done(&in) ? 0 : -1;
}

uint16_t
wire_packed_end(uint16_t first, uint16_t drives, uint16_t total)
{
	uint16_t room = WIRE_PACKED_ROOM, i = first;

	for (; i < total; i++) {
		uint16_t size = i < drives ? WIRE_PACKED_DRIVE :
		    WIRE_PACKED_CURRENT;

		if (size > room)
			break;
		room = (uint16_t)(room - size);
	}
	return i;
}

uint8_t
wire_packed_encode(const struct wire_packed *m, uint8_t *p)
{
	struct wire_out o;
	uint8_t i;

	if (m->drives * WIRE_PACKED_DRIVE + m->currents *
	    WIRE_PACKED_CURRENT > WIRE_PACKED_ROOM)
		return 0;
	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, m->flags);
	wire_put_u16(&o, m->rate);
	wire_put_u32(&o, m->cycle);
	wire_put_u16(&o, m->total);
	wire_put_u16(&o, m->first);
	wire_put_u8(&o, m->drives);
	wire_put_u8(&o, m->currents);
	for (i = 0; i < m->drives; i++) {
		wire_put_u8(&o, m->row[i].status);
		wire_put_u8(&o, m->row[i].latch);
		wire_put_u16(&o, m->row[i].priority);
		wire_put_u16(&o, m->row[i].ramp);
	}
	for (; i < m->drives + m->currents; i++)
		wire_put_u16(&o, m->row[i].current);
	return wire_out_len(&o);
}

int
wire_packed_decode(struct wire_packed *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;
	uint8_t i;

	memset(m, 0, sizeof *m);
	wire_in_init(&in, p, n);
	m->flags = wire_get_u8(&in);
	m->rate = wire_get_u16(&in);
	m->cycle = wire_get_u32(&in);
	m->total = wire_get_u16(&in);
	m->first = wire_get_u16(&in);
	m->drives = wire_get_u8(&in);
	m->currents = wire_get_u8(&in);
	if (in.bad || m->drives * WIRE_PACKED_DRIVE + m->currents *
	    WIRE_PACKED_CURRENT > WIRE_PACKED_ROOM ||
	    (uint32_t)m->first + m->drives + m->currents > m->total)
		return -1;
	for (i = 0; i < m->drives; i++) {
		m->row[i].status = wire_get_u8(&in);
		m->row[i].latch = wire_get_u8(&in);
		m->row[i].priority = wire_get_u16(&in);
		m->row[i].ramp = wire_get_u16(&in);
	}
	for (; i < m->drives + m->currents; i++)
		m->row[i].current = wire_get_u16(&in);
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_pause_encode(const struct wire_pause *m, uint8_t *p)
{
	struct wire_out o;

	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, m->op);
	wire_put_u16(&o, m->steps);
	return wire_out_len(&o);
}

int
wire_pause_decode(struct wire_pause *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;

	wire_in_init(&in, p, n);
	m->op = wire_get_u8(&in);
	m->steps = wire_get_u16(&in);
	return wire_in_done(&in) ? 0 : -1;
}

uint8_t
wire_paused_encode(const struct wire_paused *m, uint8_t *p)
{
	struct wire_out o;

	wire_out_init(&o, p, WIRE_PAYLOAD_MAX);
	wire_put_u8(&o, m->flags);
	wire_put_u32(&o, m->cycle);
	wire_put_u16(&o, m->left);
	return wire_out_len(&o);
}

int
wire_paused_decode(struct wire_paused *m, const uint8_t *p, uint8_t n)
{
	struct wire_in in;

	wire_in_init(&in, p, n);
	m->flags = wire_get_u8(&in);
	m->cycle = wire_get_u32(&in);
	m->left = wire_get_u16(&in);
	return wire_in_done(&in) ? 0 : -1;
}
