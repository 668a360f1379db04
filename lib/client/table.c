/*
 * table.c - the running plan's tables (control.h): every type's first
 * page asked for at once, then the rest of each, as many in flight as the
 * window takes; pages are full (8 counters, 5 drives, 11 competences or
 * action patterns) but for the last, so the host knows where each
 * begins.  Rows are kept per type and given back in the order asked.
 */
#include <stdlib.h>
#include <string.h>

#include "client/control.h"

struct pager {
	struct client_table *t;
	uint16_t asked[PLAN_NTYPES];	/* rows asked for, per type */
	uint16_t got[PLAN_NTYPES];	/* rows received */
	uint8_t known[PLAN_NTYPES];	/* total known */
	uint8_t fifo[WIRE_WINDOW_MAX];	/* type index of each reply due */
	uint8_t head, n;
};

static uint16_t
per_page(const struct client_table *t, uint8_t type)
{
	if (t->msg == WIRE_COUNTERS)
		return WIRE_COUNTERS_MAX;
	return type == PLAN_D ? WIRE_STATE_DRIVES : WIRE_STATE_MAX;
}

/* The next page worth asking for: its type index, or -1. */
static int
next_page(const struct pager *pg)
{
	const struct client_table *t = pg->t;
	int i;

	for (i = 0; i < t->ntypes; i++)
		if (pg->asked[i] == 0 && !pg->known[i])
			return i;
	for (i = 0; i < t->ntypes; i++)
		if (pg->known[i] && pg->asked[i] < t->total[i])
			return i;
	return -1;
}

static int
ask(struct client *cl, struct pager *pg, int i)
{
	struct wire_page m;
	uint8_t p[WIRE_PAYLOAD_MAX];

	m.type = pg->t->types[i];
	m.first = pg->asked[i];
	pg->asked[i] = (uint16_t)(pg->asked[i] + per_page(pg->t, m.type));
	pg->fifo[(pg->head + pg->n++) % WIRE_WINDOW_MAX] = (uint8_t)i;
	return link_send(&cl->s, pg->t->msg, p, wire_page_encode(&m, p));
}

/* Room for the rows of type i, once its total is known. */
static int
room(struct client_table *t, int i, uint16_t total)
{
	size_t n = total ? total : 1;

	t->total[i] = total;
	if (t->msg == WIRE_COUNTERS)
		t->counter[i] = calloc(n, sizeof *t->counter[i]);
	else
		t->state[i] = calloc(n, sizeof *t->state[i]);
	return t->msg == WIRE_COUNTERS ? t->counter[i] != NULL :
	    t->state[i] != NULL;
}

/* A page's rows into their place: 0, or -1 when it is not the page due. */
static int
take(struct pager *pg, int i, const struct wire_frame *r)
{
	struct client_table *t = pg->t;
	struct wire_counters c;
	struct wire_state s;
	uint16_t first, total, count, want;

	if (t->msg == WIRE_COUNTERS ? wire_counters_decode(&c, r->payload,
	    r->len) != 0 : wire_state_decode(&s, r->payload, r->len) != 0)
		return -1;
	first = t->msg == WIRE_COUNTERS ? c.first : s.first;
	total = t->msg == WIRE_COUNTERS ? c.total : s.total;
	count = t->msg == WIRE_COUNTERS ? c.count : s.count;
	if ((t->msg == WIRE_COUNTERS ? c.type : s.type) != t->types[i] ||
	    first != pg->got[i] || (pg->known[i] && total != t->total[i]))
		return -1;
	if (!pg->known[i]) {
		if (!room(t, i, total))
			return -1;
		pg->known[i] = 1;
	}
	want = (uint16_t)(total - first < per_page(t, t->types[i]) ?
	    total - first : per_page(t, t->types[i]));
	if (first > total || count != want)
		return -1;
	if (t->msg == WIRE_COUNTERS)
		memcpy(t->counter[i] + first, c.row, count * sizeof c.row[0]);
	else {
		memcpy(t->state[i] + first, s.row, count * sizeof s.row[0]);
		t->head = s;
	}
	pg->got[i] = (uint16_t)(first + count);
	return 0;
}

static int
all_in(const struct pager *pg)
{
	int i;

	for (i = 0; i < pg->t->ntypes; i++)
		if (!pg->known[i] || pg->got[i] < pg->t->total[i])
			return 0;
	return 1;
}

enum client_status
client_table(struct client *cl, struct client_table *t, const char *doing)
{
	enum client_status st;
	struct wire_frame reply;
	struct pager pg;
	int i;

	if (client_table_known(cl, t, doing, &st))
		return st;
	memset(&pg, 0, sizeof pg);
	pg.t = t;
	while (!all_in(&pg)) {
		while (link_can_send(&cl->s) && (i = next_page(&pg)) >= 0)
			if (ask(cl, &pg, i) != 0)
				return client_link_failed(cl, doing);
		if ((st = client_next_reply(cl, &reply, doing)) != CLIENT_OK)
			return st;
		i = pg.fifo[pg.head];
		pg.head = (uint8_t)((pg.head + 1) % WIRE_WINDOW_MAX);
		pg.n--;
		if (reply.type == WIRE_ERROR) {
			client_drain(cl);
			return client_control_refused(cl, &reply, doing);
		}
		if (take(&pg, i, &reply) != 0)
			return client_malformed(cl, doing);
	}
	return CLIENT_OK;
}

enum client_status
client_table_of(struct client *cl, struct client_table *t, uint8_t msg,
    const uint8_t *types, uint8_t n, const char *doing)
{
	memset(t, 0, sizeof *t);
	t->msg = msg;
	t->ntypes = n;
	memcpy(t->types, types, n);
	return client_table(cl, t, doing);
}

void
client_table_free(struct client_table *t)
{
	int i;

	for (i = 0; i < PLAN_NTYPES; i++) {
		free(t->counter[i]);
		free(t->state[i]);
		t->counter[i] = NULL;
		t->state[i] = NULL;
	}
}

/* Each element's flags, asked for a window at a time, given in order. */
static enum client_status
each_flag(struct client *cl, const struct client_table *ids,
    client_mon_fn *fn, void *ctx)
{
	struct wire_elem_monitor m;
	struct wire_frame reply;
	uint8_t p[WIRE_PAYLOAD_MAX];
	uint32_t sent = 0, done = 0, all = 0, k;
	int i;

	for (i = 0; i < ids->ntypes; i++)
		all += ids->total[i];
	for (; done < all; done++) {
		for (; sent < all && link_can_send(&cl->s); sent++) {
			for (i = 0, k = sent; k >= ids->total[i]; i++)
				k -= ids->total[i];
			memset(&m, 0, sizeof m);
			m.type = ids->types[i];
			m.id = ids->counter[i][k].id;
			if (link_send(&cl->s, WIRE_ELEM_MONITOR, p,
			    wire_elem_monitor_encode(&m, p)) != 0)
				return client_link_failed(cl, "mon");
		}
		if (link_recv(&cl->s, &reply, cl->timeout_ms *
		    (cl->retries + 2) + 1000) != 1)
			return cl->s.fail ? client_link_failed(cl, "mon") :
			    CLIENT_TIMEOUT;
		if (reply.type == WIRE_ERROR) {
			client_drain(cl);
			return client_control_refused(cl, &reply, "mon");
		}
		if (wire_elem_monitor_decode(&m, reply.payload, reply.len) != 0)
			return client_malformed(cl, "mon");
		if (fn(ctx, &m) != 0) {
			client_drain(cl);
			return CLIENT_LOCAL_IO;
		}
	}
	return CLIENT_OK;
}

enum client_status
client_mon_list(struct client *cl, client_mon_fn *fn, void *ctx)
{
	struct client_table ids;
	enum client_status st;
	uint8_t k;

	memset(&ids, 0, sizeof ids);
	ids.msg = WIRE_COUNTERS;
	ids.ntypes = PLAN_NTYPES;
	for (k = 0; k < PLAN_NTYPES; k++)
		ids.types[k] = k;
	if ((client_table_ids(cl, &ids, &st) || (st = client_table(cl, &ids,
	    "mon")) == CLIENT_OK) && st == CLIENT_OK)
		st = each_flag(cl, &ids, fn, ctx);
	client_table_free(&ids);
	return st;
}
