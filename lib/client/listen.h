/*
 * listen.h - waiting on what the robot sends unasked (EVENTS, SENSES)
 * for a count of items or a while, with a rule that every such wait ends:
 * nothing for --timeout x (retries + 1) and the robot is asked how it
 * stands (STATE): no answer, "the robot stopped answering" (CLIENT_TIMEOUT);
 * a plan that is not running when the stream needs one, said
 * (CLIENT_FAILED); frames that keep failing to match what the robot
 * described, CLIENT_IO.  Used by monitor.c and telemetry.c.
 */
#ifndef SPINE_CLIENT_LISTEN_H
#define SPINE_CLIENT_LISTEN_H

#include <stdint.h>

#include "client/client.h"

#define CLIENT_BAD_FRAMES 3	/* mismatched frames in a row that end it */
#define CLIENT_QUIET_ASKS 2	/* answered asks with no frame between
				   that end a stream the robot should send
				   by itself (telemetry) */

struct client_listen {
	/* set by the caller */
	const char *doing;	/* "monitor", "telemetry" */
	long count;		/* stop after this many items; 0: no end */
	double duration;	/* seconds; 0: no end */
	int need_running;	/* the stream comes from a running plan,
				   which may be quiet a long while */
	long period_ms;		/* frames should come this often (0: at
				   once): silence is counted from twice it */
	/* after each wait: write out what came; 0 go on, 1 the reader has
	   gone (end quietly), -1 a write failed (said) */
	int (*flush)(void *ctx);
	void *ctx;
	/* kept by the stream's hook */
	long items;		/* taken so far */
	long bad;		/* frames in a row that did not match */
	long bad_total;
	uint64_t heard;		/* when the last good frame came */
	int quiet;		/* answered asks since it */
	int gone;		/* out: the reader went away */
};

/* The hook took a good frame (n items) or a bad one. */
void client_listen_good(struct client *cl, struct client_listen *l, long n);
void client_listen_bad(struct client_listen *l);

/* Wait until l->count items came or l->duration passed, by the rule. */
enum client_status client_listen(struct client *cl, struct client_listen *l);

#endif
