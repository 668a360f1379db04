/*
 * telemetry.c - telemetry (telemetry.h): SENSES frames to rows, a frame
 * whose count is not the description's counted bad (and the stream ended
 * after a few), the sequence byte checked for frames lost.
 */
#include <string.h>

#include "client/describe.h"
#include "client/telemetry.h"

enum client_status
client_telemetry_columns(struct client *cl, struct client_telemetry *t)
{
	const struct wire_desc *d;
	enum client_status st;
	uint16_t id;
	int i;

	if ((st = client_describe(cl)) != CLIENT_OK)
		return st;
	if (cl->desc.none) {
		client_say(cl, "telemetry: the robot does not describe itself "
		    "(firmware older than TELEMETRY)");
		return CLIENT_FAILED;
	}
	t->n = 0;
	for (i = 0; i < cl->desc.n; i++) {
		d = &cl->desc.e[i];
		if (d->kind != WIRE_DESC_SENSE)
			continue;
		for (id = d->first; id - d->first < d->count &&
		    t->n < (int)WIRE_SENSES_MAX; id++)
			client_desc_name(d, id, t->name[t->n++],
			    sizeof t->name[0]);
	}
	return CLIENT_OK;
}

static void
on_senses(void *ctx, const struct wire_frame *f)
{
	struct client_telemetry *t = ctx;
	struct wire_senses s;

	if (f->type != WIRE_SENSES || (t->listen.count && t->listen.items >=
	    t->listen.count))
		return;
	if (wire_senses_decode(&s, f->payload, f->len) != 0 ||
	    s.count != t->n) {
		client_listen_bad(&t->listen);
		return;
	}
	if (!t->started)
		t->t0 = s.ms;
	else if (f->seq != t->next_seq)
		t->lost += (uint8_t)(f->seq - t->next_seq);
	t->started = 1;
	t->next_seq = (uint8_t)(f->seq + 1);
	t->row(t->ctx, s.ms - t->t0, s.value, s.count);
	client_listen_good(t->cl, &t->listen, 1);
}

static enum client_status
set_period(struct client *cl, long ms)
{
	struct wire_frame reply;
	uint8_t p[2] = { (uint8_t)ms, (uint8_t)(ms >> 8) };

	return client_call(cl, WIRE_TELEMETRY, p, 2, &reply, "telemetry");
}

enum client_status
client_telemetry(struct client *cl, struct client_telemetry *t)
{
	enum client_status st;

	t->cl = cl;
	t->started = 0;
	t->listen.need_running = 0;
	t->listen.period_ms = t->every_ms;
	if (t->listen.doing == NULL)
		t->listen.doing = "telemetry";
	cl->s.on_events = on_senses;
	cl->s.events_ctx = t;
	if ((st = set_period(cl, t->every_ms)) == CLIENT_OK &&
	    (st = client_listen(cl, &t->listen)) == CLIENT_OK)
		st = set_period(cl, 0);
	cl->s.on_events = NULL;
	cl->s.events_ctx = NULL;
	if (t->listen.bad_total)
		client_say(cl, "telemetry: %ld malformed frames ignored",
		    t->listen.bad_total);
	return st;
}
