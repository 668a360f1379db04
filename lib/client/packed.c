/*
 * packed.c - the running plan's tables for a host that holds the robot's
 * plan (names.c found it by CRC): ids, and the rows of counters still 0,
 * come from the plan, so the robot sends only the rest (COUNTERS_SPARSE,
 * STATE_PACKED).  client_table (table.c) comes here first.
 */
#include <stdlib.h>
#include <string.h>

#include "client/control.h"

/* Each range is disjoint; a reply adds at most one (what did not fit),
   so no more than the window's and the first are ever waiting. */
#define QUEUE (2 * WIRE_WINDOW_MAX + 2)

/* Ranges still to ask for, split `step` rows at a time, and those in
   flight, in the order their replies come. */
struct ranges {
	struct wire_range want[QUEUE], fly[WIRE_WINDOW_MAX];
	uint8_t nwant, head, nfly;
	uint16_t step;
};

static void
want(struct ranges *q, uint16_t first, uint16_t end)
{
	if (first < end && q->nwant < QUEUE) {
		q->want[q->nwant].first = first;
		q->want[q->nwant++].end = end;
	}
}

/* Ask for the next range; 0, or -1 when the link failed. */
static int
ask(struct client *cl, uint8_t msg, struct ranges *q)
{
	struct wire_range *w = &q->want[0], r = *w;
	uint8_t p[WIRE_PAYLOAD_MAX];

	if (r.end - r.first > q->step)
		r.end = (uint16_t)(r.first + q->step);
	w->first = r.end;
	if (w->first == w->end)
		memmove(q->want, q->want + 1, --q->nwant * sizeof *w);
	q->fly[(q->head + q->nfly++) % WIRE_WINDOW_MAX] = r;
	return link_send(&cl->s, msg, p, wire_range_encode(&r, p));
}

/* The oldest range in flight, now answered. */
static struct wire_range
answered(struct ranges *q)
{
	struct wire_range r = q->fly[q->head];

	q->head = (uint8_t)((q->head + 1) % WIRE_WINDOW_MAX);
	q->nfly--;
	return r;
}

/* Which of t's types holds plan type `type`, or -1. */
static int
slot(const struct client_table *t, uint8_t type)
{
	int k;

	for (k = 0; k < t->ntypes; k++)
		if (t->types[k] == type)
			return k;
	return -1;
}

/* Rows for every type of t, ids from the plan, the rest 0. */
static int
rows(struct client_table *t, const struct plan *p)
{
	uint16_t i, n;
	int k;

	for (k = 0; k < t->ntypes; k++) {
		n = p->count[t->types[k]];
		t->total[k] = n;
		if (t->msg == WIRE_COUNTERS)
			t->counter[k] = calloc(n ? n : 1,
			    sizeof *t->counter[k]);
		else
			t->state[k] = calloc(n ? n : 1, sizeof *t->state[k]);
		if (t->msg == WIRE_COUNTERS ? !t->counter[k] : !t->state[k])
			return -1;
		for (i = 0; i < n; i++)
			if (t->msg == WIRE_COUNTERS)
				t->counter[k][i].id = plan_id(p, t->types[k],
				    i);
			else
				t->state[k][i].id = plan_id(p, t->types[k], i);
	}
	return 0;
}

/* A COUNTERS_SPARSE reply to range r into t; what is left of r asked
   for again, in smaller steps.  0, or -1 for a reply that cannot be. */
static int
take_sparse(struct client_table *t, const struct plan *p, struct ranges *q,
    struct wire_range r, const struct wire_frame *f)
{
	struct wire_sparse m;
	uint16_t total = 0, index;
	uint8_t i, type;
	int k;

	for (type = 0; type < PLAN_NTYPES; type++)
		total = (uint16_t)(total + p->count[type]);
	if (wire_sparse_decode(&m, f->payload, f->len) != 0 ||
	    m.total != total || m.first != r.first || m.next > r.end ||
	    (m.next < r.end && m.count < WIRE_SPARSE_MAX))
		return -1;
	for (i = 0; i < m.count; i++) {
		for (index = m.row[i].index, type = 0; index >= p->count[type];
		    type++)
			index = (uint16_t)(index - p->count[type]);
		if ((k = slot(t, type)) < 0)
			continue;
		t->counter[k][index].executed = m.row[i].executed;
		t->counter[k][index].succeeded = m.row[i].succeeded;
	}
	if (m.next < r.end) {
		if (m.next - r.first < q->step)
			q->step = (uint16_t)(m.next - r.first);
		want(q, m.next, r.end);
	}
	return 0;
}

/* A STATE_PACKED reply to range r into t (rows: D, then C, then AP). */
static int
take_packed(struct client_table *t, const struct plan *p,
    struct wire_range r, const struct wire_frame *f)
{
	static const uint8_t order[] = { PLAN_D, PLAN_C, PLAN_AP };
	struct wire_packed m;
	uint16_t g, base = 0, total;
	uint8_t o = 0, n;
	int k;

	total = (uint16_t)(p->count[PLAN_D] + p->count[PLAN_C] +
	    p->count[PLAN_AP]);
	if (wire_packed_decode(&m, f->payload, f->len) != 0 ||
	    m.total != total || m.first != r.first ||
	    m.first + m.drives + m.currents != r.end)
		return -1;
	for (g = r.first, n = 0; g < r.end; g++, n++) {
		while (g - base >= p->count[order[o]])
			base = (uint16_t)(base + p->count[order[o++]]);
		if ((order[o] == PLAN_D) != (n < m.drives))
			return -1;
		if ((k = slot(t, order[o])) < 0)
			continue;
		m.row[n].id = t->state[k][g - base].id;
		t->state[k][g - base] = m.row[n];
	}
	t->head.flags = m.flags;
	t->head.rate = m.rate;
	t->head.cycle = m.cycle;
	return 0;
}

/* The STATE_PACKED ranges for t's types: whole pages, in order. */
static void
packed_ranges(const struct client_table *t, const struct plan *p,
    struct ranges *q)
{
	uint16_t nd = p->count[PLAN_D], total, first, end;

	total = (uint16_t)(nd + p->count[PLAN_C] + p->count[PLAN_AP]);
	/* drives alone (a join), or all of them */
	if (t->ntypes == 1 && t->types[0] == PLAN_D)
		total = nd;
	for (first = 0; first < total; first = end) {
		end = wire_packed_end(first, nd, total);
		want(q, first, end);
	}
	q->step = 0xFFFF;
}

/* Exchange the ranges of q until every one is answered. */
static enum client_status
exchange(struct client *cl, struct client_table *t, const struct plan *p,
    struct ranges *q, const char *doing)
{
	uint8_t msg = t->msg == WIRE_COUNTERS ? WIRE_COUNTERS_SPARSE :
	    WIRE_STATE_PACKED;
	struct wire_frame reply;
	enum client_status st;
	struct wire_range r;

	while (q->nwant || q->nfly) {
		while (q->nwant && link_can_send(&cl->s))
			if (ask(cl, msg, q) != 0)
				return client_link_failed(cl, doing);
		if ((st = client_next_reply(cl, &reply, doing)) != CLIENT_OK)
			return st;
		r = answered(q);
		if (reply.type == WIRE_ERROR) {
			client_drain(cl);
			if (reply.len >= 2 &&
			    reply.payload[1] == WIRE_E_UNKNOWN) {
				cl->tables_old = 1;	/* before them */
				return CLIENT_FAILED;
			}
			return client_control_refused(cl, &reply, doing);
		}
		if (msg == WIRE_COUNTERS_SPARSE ? take_sparse(t, p, q, r,
		    &reply) != 0 : take_packed(t, p, r, &reply) != 0)
			return client_malformed(cl, doing);
	}
	return CLIENT_OK;
}

/* Is the plan at hand the robot's? */
static int
known(const struct client *cl)
{
	return cl->names.layout && cl->names.known && cl->names.size ==
	    cl->info.size && cl->names.id == cl->info.id;
}

int
client_table_ids(struct client *cl, struct client_table *t,
    enum client_status *st)
{
	if (!known(cl))
		return 0;
	*st = CLIENT_OK;
	if (rows(t, &cl->names.lp.plan) != 0) {
		client_say(cl, "out of memory");
		*st = CLIENT_LOCAL_IO;
	}
	return 1;
}

int
client_table_known(struct client *cl, struct client_table *t,
    const char *doing, enum client_status *st)
{
	const struct plan *p = &cl->names.lp.plan;
	struct ranges q;
	uint8_t type;

	if (cl->tables_old || !client_table_ids(cl, t, st))
		return 0;
	if (*st != CLIENT_OK)
		return 1;
	memset(&q, 0, sizeof q);
	if (t->msg == WIRE_COUNTERS) {
		for (type = 0; type < PLAN_NTYPES; type++)
			q.step = (uint16_t)(q.step + p->count[type]);
		want(&q, 0, q.step);
	} else
		packed_ranges(t, p, &q);
	*st = exchange(cl, t, p, &q, doing);
	if (*st == CLIENT_FAILED && cl->tables_old) {
		client_table_free(t);	/* the old way, then */
		memset(t->total, 0, sizeof t->total);
		return 0;
	}
	return 1;
}
