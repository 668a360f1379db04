/*
 * monitor.c - monitor (monitor.h): EVENTS frames to named log events,
 * with their numbers checked for gaps and their clock kept.
 */
#include <string.h>

#include "client/control.h"
#include "client/monitor.h"

int
client_events_take(struct client *cl, struct client_events *ev,
    const struct wire_frame *f)
{
	struct wire_events w;
	struct evlog_event e;
	uint8_t i;

	if (f->type != WIRE_EVENTS ||
	    wire_events_decode(&w, f->payload, f->len) != 0)
		return -1;
	/* A gap in the numbering: frames lost on the line or dropped by a
	 * robot whose UART could not keep up. */
	if (ev->started && w.number != ev->next_number)
		ev->lost += (uint16_t)(w.number - ev->next_number);
	ev->started = 1;
	ev->next_number = (uint16_t)(w.number + w.count);
	/* what was on its way when we joined is history; after that, the
	 * cycles may start again (a new START) */
	if ((long)w.cycle < ev->from_cycle)
		return 0;
	ev->from_cycle = 0;
	if (ev->last_cycle && w.count && (long)w.cycle < ev->last_cycle) {
		evlog_run_begins(&e, EVLOG_RUN_START, w.timed ? (long)w.ms :
		    -1);
		ev->fn(ev->ctx, &e);
	}
	if (w.count)
		ev->last_cycle = (long)w.cycle;
	for (i = 0; i < w.count; i++) {
		if (ev->limit && ev->taken >= ev->limit)
			break;
		evlog_from_wire(&e, client_names_table(cl), &w.ev[i],
		    (long)w.cycle);
		e.time_ms = w.timed ? (long)w.ms : -1;
		ev->fn(ev->ctx, &e);
		ev->taken++;
	}
	return 0;
}

enum client_status
client_join(struct client *cl, uint8_t mask, uint8_t how,
    client_event_fn *fn, void *ctx, long *cycle)
{
	static const uint8_t drives = PLAN_D;
	struct client_table t;
	struct wire_state run;
	struct evlog_event e;
	enum client_status st;
	uint16_t i;
	int none;

	if ((st = client_run_state_or_none(cl, &run, &none, "join")) !=
	    CLIENT_OK || none || !(run.flags & WIRE_F_RUNNING))
		return st;
	if ((st = client_table_of(cl, &t, WIRE_STATE, &drives, 1, "join")) ==
	    CLIENT_OK && cycle)
		*cycle = (long)t.head.cycle + 1;
	if (st == CLIENT_OK) {
		evlog_run_begins(&e, (enum evlog_run)how, -1);
		fn(ctx, &e);
	}
	if (st == CLIENT_OK)
		for (i = 0; i < t.total[0]; i++) {
			const struct wire_state_row *d = &t.state[0][i];

			evlog_priority(&e, d->id, client_name(cl, PLAN_D,
			    d->id), d->priority, (long)t.head.cycle + 1, -1);
			fn(ctx, &e);
			if (!(mask & (1u << PLAN_EV_SENSE)))
				continue;
			memset(&e, 0, sizeof e);
			e.cycle = (long)t.head.cycle + 1;
			e.time_ms = -1;
			e.kind = PLAN_EV_SENSE;
			e.type = PLAN_D;
			e.id = d->id;
			e.name = client_name(cl, PLAN_D, d->id);
			e.released = e.latch = d->latch != 0;
			fn(ctx, &e);
		}
	client_table_free(&t);
	return st;
}

/* The session's hook: EVENTS frames (SENSES are telemetry's). */
static void
on_events(void *ctx, const struct wire_frame *f)
{
	struct client_monitor *m = ctx;

	if (f->type != WIRE_EVENTS)
		return;
	if (client_events_take(m->cl, &m->events, f) != 0) {
		client_listen_bad(&m->listen);
		return;
	}
	client_listen_good(m->cl, &m->listen, 0);
	m->listen.items = (long)m->events.taken;
}

/* MONITOR with mask; on, the hook first. */
static enum client_status
switch_events(struct client *cl, struct client_monitor *m, uint8_t mask)
{
	struct wire_frame reply;

	if (mask) {
		cl->s.on_events = on_events;
		cl->s.events_ctx = m;
	}
	return client_call(cl, WIRE_MONITOR, &mask, 1, &reply, "monitor");
}

enum client_status
client_monitor(struct client *cl, struct client_monitor *m)
{
	enum client_status st;

	m->cl = cl;
	m->events.limit = m->listen.count;
	m->listen.need_running = 1;
	if (m->listen.doing == NULL)
		m->listen.doing = "monitor";
	if ((st = client_names(cl, m->names_file, m->force)) != CLIENT_OK ||
	    (!m->start && (st = client_join(cl, m->mask, EVLOG_RUN_JOIN,
	    m->events.fn, m->events.ctx, &m->events.from_cycle)) !=
	    CLIENT_OK) ||
	    (st = switch_events(cl, m, m->mask)) != CLIENT_OK ||
	    (m->start && (st = client_start(cl, m->rate)) != CLIENT_OK))
		goto done;
	st = client_listen(cl, &m->listen);
	if (st == CLIENT_OK)
		st = switch_events(cl, m, 0);
	else if (cl->s.fail == WIRE_FAIL_NONE)
		(void)switch_events(cl, m, 0);	/* (said already) */
done:
	cl->s.on_events = NULL;
	cl->s.events_ctx = NULL;
	return st;
}

static void
tap(void *ctx, const struct wire_frame *f)
{
	struct client_follow *fo = ctx;

	/* SENSES frames (telemetry) are not events */
	if (f->type == WIRE_EVENTS)
		(void)client_events_take(fo->cl, &fo->events, f);
}

enum client_status
client_follow(struct client *cl, struct client_follow *f, int join)
{
	struct wire_frame reply;
	uint8_t mask = PLAN_MON_ALL;
	enum client_status st;

	f->cl = cl;
	if (join >= 0) {
		f->events.started = 0;
		f->events.last_cycle = 0;
	}
	if ((st = client_names(cl, f->names_file, f->force)) != CLIENT_OK ||
	    (join >= 0 && (st = client_join(cl, mask, (uint8_t)join,
	    f->events.fn, f->events.ctx, &f->events.from_cycle)) !=
	    CLIENT_OK))
		return st;
	cl->s.tap = tap;
	cl->s.tap_ctx = f;
	return client_call(cl, WIRE_MONITOR, &mask, 1, &reply, "session: "
	    "monitor");
}
