/*
 * watch.c - a robot watched for a live view (watch.h): client_follow
 * after each handshake, keep.h's keepalive while up, and reconnection
 * one try at a time, paced by the wall clock (no port, no port's clock).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "client/keep.h"
#include "client/watch.h"
#include "evlog/evlog.h"

#define TRY_FIRST_MS 100
#define TRY_MAX_MS 2000

static long
wall_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A handshake went through: names, the join (a B event), the stream. */
static enum client_status
joined(struct client_watch *w)
{
	enum client_status st;

	w->follow.names_file = w->names_file;
	w->follow.force = w->force;
	w->follow.events.fn = w->fn;
	w->follow.events.ctx = w->ctx;
	st = client_follow(w->cl, &w->follow, w->joins++ ?
	    EVLOG_RUN_RECONNECT : EVLOG_RUN_JOIN);
	if (st == CLIENT_OK) {
		w->up = 1;
		w->wait_ms = TRY_FIRST_MS;
		w->last_ask = client_now(w->cl);
	}
	return st;
}

enum client_status
client_watch_start(struct client *cl, struct client_watch *w,
    const char *port)
{
	enum client_status st;

	w->cl = cl;
	w->up = 0;
	w->joins = 0;
	w->wait_ms = TRY_FIRST_MS;
	if ((w->port = strdup(port)) == NULL) {
		client_say(cl, "out of memory");
		return CLIENT_LOCAL_IO;
	}
	if ((st = client_open(cl, port)) != CLIENT_OK ||
	    (st = client_connect(cl)) != CLIENT_OK)
		return st;
	return joined(w);
}

void
client_watch_end(struct client_watch *w)
{
	if (w->cl) {
		w->cl->s.tap = NULL;
		w->cl->s.tap_ctx = NULL;
		client_free(w->cl);
	}
	free(w->port);
	w->port = NULL;
}

int
client_watch_up(const struct client_watch *w)
{
	return w->up;
}

static void
hush(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
}

/* One try at the link again, quietly (the loss was said, and the robot
 * back will be); the wait doubles after a failure. */
static enum client_status
try_again(struct client_watch *w)
{
	void (*say)(void *, const char *) = w->cl->say;
	enum client_status st;
	long now = wall_ms();

	if (now < w->next_try_ms)
		return CLIENT_IO;
	client_close(w->cl);
	w->cl->say = hush;
	if ((st = client_open(w->cl, w->port)) == CLIENT_OK &&
	    (st = client_connect(w->cl)) == CLIENT_OK) {
		w->cl->say = say;
		st = joined(w);
	}
	w->cl->say = say;
	if (st == CLIENT_OK)
		client_say(w->cl, "connected again to %s on %s",
		    w->cl->hello.firmware, w->port);
	if (st != CLIENT_OK) {
		if (st != CLIENT_DATA && st != CLIENT_INTERRUPTED)
			st = CLIENT_IO;
		w->next_try_ms = wall_ms() + w->wait_ms;
		w->wait_ms = w->wait_ms * 2 > TRY_MAX_MS ? TRY_MAX_MS :
		    w->wait_ms * 2;
	}
	return st;
}

enum client_status
client_watch_pump(struct client_watch *w)
{
	enum client_status st;

	if (!w->up)
		return try_again(w);
	/* (a wait of 0 would not look at the port at all: 1 ms does) */
	if ((st = client_wait(w->cl, 1)) == CLIENT_OK &&
	    (st = client_keepalive(w->cl, &w->last_ask)) == CLIENT_OK &&
	    !client_link_broke(w->cl))
		return CLIENT_OK;
	if (st == CLIENT_INTERRUPTED)
		return st;
	client_say(w->cl, "the link to %s is lost; reconnecting", w->port);
	w->up = 0;
	w->next_try_ms = wall_ms() + w->wait_ms;
	return CLIENT_IO;
}
