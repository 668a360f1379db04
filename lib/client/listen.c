/*
 * listen.c - the wait of every stream, bounded (listen.h).  Like a
 * heartbeat with MAVLink's rule: silence is answered by asking, and a
 * robot that does not answer is gone.
 */
#include "client/control.h"
#include "client/listen.h"

void
client_listen_good(struct client *cl, struct client_listen *l, long n)
{
	l->items += n;
	l->bad = 0;
	l->quiet = 0;
	l->heard = client_now(cl);
}

void
client_listen_bad(struct client_listen *l)
{
	l->bad++;
	l->bad_total++;
}

/* Silence for the whole budget: how does the robot stand? */
static enum client_status
ask(struct client *cl, struct client_listen *l)
{
	struct wire_state run;
	enum client_status st;

	if ((st = client_run_state(cl, &run, l->doing)) == CLIENT_TIMEOUT) {
		client_say(cl, "%s: the robot stopped answering", l->doing);
		return CLIENT_TIMEOUT;
	}
	if (st != CLIENT_OK)
		return st;
	if (l->need_running && !(run.flags & WIRE_F_RUNNING)) {
		client_say(cl, "%s: the plan is not running ('armctl start', "
		    "or --start)", l->doing);
		return CLIENT_FAILED;
	}
	if (!l->need_running && ++l->quiet >= CLIENT_QUIET_ASKS) {
		client_say(cl, "%s: the robot answers but sends nothing",
		    l->doing);
		return CLIENT_TIMEOUT;
	}
	l->heard = client_now(cl);
	return CLIENT_OK;
}

enum client_status
client_listen(struct client *cl, struct client_listen *l)
{
	uint64_t budget = (uint64_t)cl->timeout_ms * (uint64_t)(cl->retries +
	    1), start = client_now(cl), end = 0, now;
	struct wire_frame reply;
	enum client_status st;
	int r;

	if (budget < 2 * (uint64_t)l->period_ms)
		budget = 2 * (uint64_t)l->period_ms;
	if (l->duration > 0)
		end = start + (uint64_t)(l->duration * 1000);
	l->heard = start;
	for (;;) {
		if (l->count && l->items >= l->count)
			return CLIENT_OK;
		if (l->bad >= CLIENT_BAD_FRAMES) {
			client_say(cl, "%s: %ld frames in a row that do not "
			    "match what the robot described", l->doing, l->bad);
			return CLIENT_IO;
		}
		now = client_now(cl);
		if (end && now >= end)
			return CLIENT_OK;
		if (now - l->heard >= budget && (st = ask(cl, l)) != CLIENT_OK)
			return st;
		r = link_recv(&cl->s, &reply, end && end - now < 200 ?
		    (int)(end - now) : 200);
		if (r < 0)
			return client_link_failed(cl, l->doing);
		if (l->flush && (r = l->flush(l->ctx)) != 0) {
			l->gone = r > 0;
			return r > 0 ? CLIENT_OK : CLIENT_LOCAL_IO;
		}
	}
}
