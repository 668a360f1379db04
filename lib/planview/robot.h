/*
 * robot.h - a robot as planview --serve's source and steering (steer.h):
 * the robot's monitor events, as event-log lines, written to a pipe the
 * server reads as it reads any log; the page's pause, step, resume,
 * priority, monitor flags and rate made lib/client requests, each
 * answered in words.  Every conversation with the robot is lib/client's
 * (client/watch.h keeps the link; client/control.h asks).  Used by
 * cmd/planview.
 */
#ifndef SPINE_PLANVIEW_ROBOT_H
#define SPINE_PLANVIEW_ROBOT_H

#include <stdio.h>

#include "client/client.h"
#include "client/watch.h"
#include "evlog/evlog.h"
#include "planview/steer.h"

struct planview_robot {
	struct client cl;	/* set by the caller after client_init:
				   baud, timeout, interrupted */
	struct client_watch w;
	const struct plan *plan;	/* the plan the robot runs */
	struct planview_steer steer;	/* filled by planview_robot_start */
	int rfd, wfd;		/* the pipe: the server reads rfd */
	FILE *mem;		/* event lines not yet in the pipe */
	char *buf;
	size_t size, sent;
	struct evlog log;
	int broke;		/* the pipe cannot be written */
	char said[300];		/* the link's last message */
	void (*tell)(void *ctx, const char *line);	/* and where it goes */
	void *tell_ctx;
};

/*
 * Open the robot on `port` (its lock held: a second controller is
 * refused), follow its plan (named by plan_file, which must be the plan
 * the robot holds: names.h's rule, the CRC), and fill r->steer and
 * r->rfd for planview_serve.  CLIENT_OK or the failure, said through r->tell
 * (NULL: printed).
 */
enum client_status planview_robot_start(struct planview_robot *r, const char *port,
    const char *plan_file, const struct plan *plan);
void planview_robot_end(struct planview_robot *r);

#endif
