/*
 * keep.c - keeping a connection (keep.h).  The waits between tries are
 * the wall clock's: there is no port, so no port's clock, between them.
 */
#include <stdlib.h>
#include <time.h>

#include "client/keep.h"

#define BACKOFF_FIRST_MS 100
#define BACKOFF_MAX_MS 2000

enum client_status
client_keepalive(struct client *cl, uint64_t *last_ask)
{
	struct wire_frame reply;

	if (link_recv(&cl->s, &reply, 0) < 0)
		return client_link_failed(cl, "session");
	if (client_now(cl) - *last_ask < CLIENT_KEEPALIVE_MS)
		return CLIENT_OK;
	*last_ask = client_now(cl);
	/* (quiet: a robot gone is the reconnection's to say) */
	if (link_call(&cl->s, WIRE_PLAN_INFO, NULL, 0, &reply) != 0)
		return cl->s.fail == WIRE_FAIL_INTR ? CLIENT_INTERRUPTED :
		    CLIENT_IO;
	return CLIENT_OK;
}

/* ms of the wall clock, a signal ending it early: 0, or -1. */
static int
nap(const struct client *cl, int ms)
{
	struct timespec ts;

	for (; ms > 0; ms -= 50) {
		if (client_interrupted(cl))
			return -1;
		ts.tv_sec = 0;
		ts.tv_nsec = (ms > 50 ? 50 : ms) * 1000000L;
		nanosleep(&ts, NULL);
	}
	return client_interrupted(cl) ? -1 : 0;
}

static void
hush(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
}

enum client_status
client_reconnect(struct client *cl)
{
	void (*say)(void *, const char *) = cl->say;
	enum client_status st = CLIENT_UNAVAILABLE;
	int i, ms = BACKOFF_FIRST_MS;
	char *name = cl->port_name;

	client_close(cl);
	cl->port_name = NULL;
	for (i = 1; i <= CLIENT_RECONNECT_TRIES && st != CLIENT_OK; i++) {
		if (nap(cl, ms) != 0) {
			st = CLIENT_INTERRUPTED;
			break;
		}
		cl->say = i < CLIENT_RECONNECT_TRIES ? hush : say;
		if ((st = client_open(cl, name)) == CLIENT_OK &&
		    (st = client_connect(cl)) != CLIENT_OK)
			client_close(cl);
		if (st == CLIENT_INTERRUPTED)
			break;
		ms = ms * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : ms * 2;
	}
	cl->say = say;
	free(name);
	if (st != CLIENT_OK && st != CLIENT_INTERRUPTED)
		client_say(cl, "session: gave up after %d tries",
		    CLIENT_RECONNECT_TRIES);
	return st;
}

int
client_link_broke(const struct client *cl)
{
	return (cl->s.fail != WIRE_FAIL_NONE &&
	    cl->s.fail != WIRE_FAIL_INTR) || !cl->connected;
}
