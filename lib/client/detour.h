/*
 * detour.h - a spine robot as lib/detour's executor (detour/attempts.h):
 * each path run as client_run_traced runs one (PYT's watch, the stop,
 * the pause, back along the path the arm came, a stop short of the end
 * gone back from too), and what the robot executed handed over as the
 * detour's samples: each step's command, the lag the robot measured at
 * its end, the encoders where they were read, the rest pose.  armctl
 * run --detour and goto --detour use it on the spine protocol.
 */
#ifndef SPINE_CLIENT_DETOUR_H
#define SPINE_CLIENT_DETOUR_H

#include "client/stream.h"
#include "detour/attempts.h"

struct client_detour {
	struct client *cl;
	struct client_motion mo;	/* period, pause, arm, progress; the
					 * watch is the detour's */
	enum client_status st;		/* how the last run ended */
};

/*
 * The executor's run (ctx a struct client_detour): path p, its first
 * row where the arm is.  DETOUR_RAN_FAILED with x->st saying why (said).
 */
enum detour_ran client_detour_run(void *ctx, const struct arm_path *p,
    const struct detour_watch *w, struct detour_samples *s);

#endif
