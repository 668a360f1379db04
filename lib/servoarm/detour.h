/*
 * detour.h - a bus arm as lib/detour's executor (detour/attempts.h):
 * each path run as servoarm_run_path runs one (PYT's watch on lag and
 * load, the hold, the pause, back along where the joints were, a stop
 * short of the end gone back from too), each period's goal, feedback and
 * lag kept as the detour's samples, and the story told through a hook.
 * armctl --bus run --detour and goto --detour use it.
 */
#ifndef SPINE_SERVOARM_DETOUR_H
#define SPINE_SERVOARM_DETOUR_H

#include "detour/attempts.h"
#include "servoarm/run.h"

struct servoarm_detour {
	struct servoarm_bus *k;
	const struct arm_desc *d;	/* speeds and accelerations */
	struct servoarm_run_opts o;	/* load, pause, period, time scale;
					 * the watch's lag and persist are
					 * the detour's */
	/* each line of a run's story (servoarm_run_text); NULL: silent */
	void (*say)(void *ctx, const char *line);
	void *say_ctx;
	/* how the last run ended */
	enum servoarm_status st;
	struct servoarm_run r;
	struct detour_samples *s;	/* the run's, while it runs */
	int full;			/* out of memory for them */
};

/*
 * The executor's run (ctx a struct servoarm_detour): path p, its first
 * row where the arm is.  DETOUR_RAN_FAILED with x->st saying why (told
 * to say).
 */
enum detour_ran servoarm_detour_run(void *ctx, const struct arm_path *p,
    const struct detour_watch *w, struct detour_samples *s);

#endif
