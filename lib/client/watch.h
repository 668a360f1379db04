/*
 * watch.h - a robot watched for as long as a live view runs (planview
 * --serve --port): every monitor event on the link, named and joined as
 * armctl session's logs are (monitor.h, client_follow), the link kept
 * alive while idle, and a link that broke opened again, one try a turn
 * with a growing wait between, so the view's own loop never stalls for
 * long.  Each (re)connection starts a run (a B event: join, reconnect).
 */
#ifndef SPINE_CLIENT_WATCH_H
#define SPINE_CLIENT_WATCH_H

#include <stdint.h>

#include "client/monitor.h"

struct client_watch {
	/* set by the caller */
	const char *names_file;	/* --names (names.h), may be NULL */
	int force;
	client_event_fn *fn;	/* every event, named, with its B events */
	void *ctx;
	/* kept */
	struct client *cl;
	struct client_follow follow;
	char *port;		/* the port, to open again */
	uint64_t last_ask;	/* keep.h's keepalive */
	long next_try_ms;	/* broken: the wall clock of the next try */
	int wait_ms;		/* ... and the wait after that one */
	int up;			/* the link works, as far as we know */
	unsigned long joins;	/* connections made */
};

/*
 * Open `port` (its lock held: a second controller is refused, said),
 * shake hands, find the plan's names and follow the stream (a B join,
 * the priorities in force, the latches, then every event).  CLIENT_OK or
 * the failure, said.  client_watch_end closes it (the caches go too).
 */
enum client_status client_watch_start(struct client *cl,
    struct client_watch *w, const char *port);
void client_watch_end(struct client_watch *w);

/*
 * One look at the link, never waiting on it: the frames that came reach
 * w->fn; when nothing was asked for a while the robot is asked how it
 * is; a link that broke is tried again when its wait is over (one try
 * blocks at most one handshake; on success a B reconnect and the join).
 * CLIENT_OK while up, else how it stands (CLIENT_IO down, trying again;
 * CLIENT_DATA for another plan on the robot, CLIENT_INTERRUPTED).
 */
enum client_status client_watch_pump(struct client_watch *w);

/* Is the link up now? */
int client_watch_up(const struct client_watch *w);

#endif
