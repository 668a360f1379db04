/*
 * trial.h - running a joint path on armsim's arm in process, as armctl
 * runs one over the line: each row commanded for a period, the physics
 * in 1 ms steps (arm.c), the lag read at each step's end and the
 * obstruction watch over it; on a block, hold, pause and retrace the
 * arm's own way back to the start, physics step by physics step.  The
 * executor the detour trials and bench-detour give lib/detour's attempts
 * (detour/attempts.h).
 */
#ifndef ARMSIM_TRIAL_H
#define ARMSIM_TRIAL_H

#include "arm.h"
#include "detour/attempts.h"
#include "detour/scenario.h"

struct sim_trial {
	struct arm *arm;	/* desc set; obstacles hidden in obs3 */
	double period;		/* s each row is commanded (the path's) */
	double pause;		/* s held after a block before going back */
	double clock;		/* simulated seconds so far */
	long steps;		/* physics steps so far */
	/* the poses of the run so far, one a physics step (the trial's) */
	double *trail;
	size_t ntrail, cap;
};

/* Free the trail (the rest is the caller's). */
void sim_trial_free(struct sim_trial *t);

/*
 * The detour_executor's run: path p from the arm's pose (its first row
 * should be where the arm is).  Keeps the samples and the rest pose in s.
 */
enum detour_ran sim_trial_run(void *trial, const struct arm_path *p,
    const struct detour_watch *w, struct detour_samples *s);

/*
 * One scenario's detour attempts on armsim's arm, in process, its
 * obstacle hidden in the arm where only a block can find it: what the
 * detour tests and bench-detour try.  d is the caller's (it is large;
 * the map and outcome are read after); returns detour_attempts'.
 */
struct sim_detour {
	struct arm arm;
	struct sim_trial t;
	struct arm_obstacle_map map;
	struct detour_outcome out;
};
int sim_detour_run(const struct arm_desc *a,
    const struct detour_scenario *sc, const struct detour_attempts_opts *o,
    struct sim_detour *d);

#endif
