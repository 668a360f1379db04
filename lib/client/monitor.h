/*
 * monitor.h - the robot's monitor stream (EVENTS: the planner's
 * transparency events, with the robot's clock) as event-log events
 * (lib/evlog) named by names.h's rule; joining a plan that already runs,
 * first the priorities in force (Q events) and each drive's latch as it
 * is, so a log or a view starts from the robot's real state.  armctl
 * monitor, and the per-robot logs of armctl session.
 */
#ifndef SPINE_CLIENT_MONITOR_H
#define SPINE_CLIENT_MONITOR_H

#include <stdint.h>

#include "client/listen.h"
#include "evlog/evlog.h"

/* One event, named (its names valid for the call); the stream's flush
   reports write errors. */
typedef void client_event_fn(void *ctx, const struct evlog_event *e);

/* An EVENTS frame's events, named, to fn; a gap in the numbering is
   counted in *lost.  -1 for a frame that is not one. */
struct client_events {
	client_event_fn *fn;
	void *ctx;
	long limit;		/* take at most this many; 0: all */
	long from_cycle;	/* drop events of cycles before this, until
				   one comes from it or later (the join's) */
	long taken;
	uint16_t next_number;
	int started;
	unsigned long lost;	/* events the line lost */
	/* the cycles going back (a START on a link that stayed up) begin a
	   run: a B start event first */
	long last_cycle;	/* of the last event taken; 0: none yet */
};
int client_events_take(struct client *cl, struct client_events *ev,
    const struct wire_frame *f);

/*
 * Joining a running plan: a B event (a run boundary, how: enum evlog_run,
 * join or reconnect), then STATE's drives as a Q event each (the priority
 * in force from the next cycle) and, when mask has R, an R event with its
 * latch, to fn; *cycle (when not NULL) that next cycle, before which
 * events are history.  Nothing when no plan runs, nor from a robot that
 * answers no control request (a small build), whose priorities never move.
 */
enum client_status client_join(struct client *cl, uint8_t mask,
    uint8_t how, client_event_fn *fn, void *ctx, long *cycle);

struct client_monitor {
	uint8_t mask;		/* event kinds, bit k kind k */
	int start;		/* (re)start the plan once monitoring */
	uint16_t rate;		/* ... at this rate (0: the robot's) */
	const char *names_file;	/* --names (names.h) */
	int force;
	struct client_events events;	/* fn, ctx set; lost counted */
	struct client_listen listen;	/* count, duration, flush set */
	struct client *cl;		/* (the hook's) */
};

/*
 * Names, the join (without start), events on, the stream until the count
 * or the duration (by listen.h's rule), events off.
 */
enum client_status client_monitor(struct client *cl,
    struct client_monitor *m);

/*
 * A log of every monitor event on the link, whatever else runs on it
 * (armctl session --log-dir): the events, named by names.h's rule, reach
 * ev->fn through the session's tap.  After a handshake (join: how, enum
 * evlog_run): the names, the join, the stream on for every kind and
 * tapped; after each command on the link (join -1): names again if the
 * plan changed, and the stream on again (a monitor turns it off).
 */
struct client_follow {
	const char *names_file;	/* --names */
	int force;
	struct client_events events;	/* fn, ctx set */
	struct client *cl;		/* (the tap's) */
};
enum client_status client_follow(struct client *cl, struct client_follow *f,
    int join);

#endif
