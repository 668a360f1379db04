/*
 * block.h - where a blocked arm was blocked.  From what a run executed
 * (each step's commanded joints and the lag the robot measured at its
 * end) the obstruction watch's rule finds the step it fired at; the
 * estimate finds the commanded pose where the lag began and, for each
 * link that moved, the space it swept between the last free step and the
 * blocked one, kept as a capsule to add to the obstacle map.  Pure
 * functions: armctl's --detour and the in-process trials (attempts.h)
 * call them with the samples they kept.
 */
#ifndef SPINE_DETOUR_BLOCK_H
#define SPINE_DETOUR_BLOCK_H

#include <stddef.h>

#include "arm/arm.h"
#include "arm/obstacle.h"

/* What a run executed, one row a step. */
struct detour_samples {
	int nj;			/* joints a row: the arm's njoints */
	size_t n, cap;
	double *t;		/* seconds since the run began */
	double *cmd;		/* n x nj: the step's commanded joints */
	double *lag;		/* the robot's lag at the step's end, degrees:
				 * the largest |measured - commanded| */
	double *meas;		/* n x nj measured joints at the step's end;
				 * NaN where the robot did not say */
	int has_rest;		/* rest holds where the arm came to rest */
	double rest[ARM_MAX_JOINTS];	/* after the stop (measured) */
};

/* Empty samples for nj joints. */
void detour_samples_init(struct detour_samples *s, int nj);

/* Append a step (meas NULL when not known); 0, or -1 when out of
 * memory. */
int detour_samples_add(struct detour_samples *s, double t, const double *cmd,
    const double *meas, double lag);

/* Forget the rows (memory kept). */
void detour_samples_clear(struct detour_samples *s);

void detour_samples_free(struct detour_samples *s);

/* The obstruction watch (armctl run --threshold, --persist). */
struct detour_watch {
	double threshold;	/* degrees of lag that count (> 0) */
	long persist;		/* steps in a row beyond it (>= 1) */
	double free_lag;	/* a step lagging no more is free; 0 means
				 * half the threshold */
	double short_lag;	/* after the last step has settled, a lag
				 * above this is a stop short of it; 0
				 * means a tenth of the threshold */
};

/* The watch's free_lag and short_lag, their defaults applied. */
double detour_watch_free_lag(const struct detour_watch *w);
double detour_watch_short_lag(const struct detour_watch *w);

/*
 * The step at which the watch fires: the persist-th step in a row whose
 * lag exceeds the threshold.  Its index in s, or -1 when it never fires.
 * The same rule a live watch applies one step at a time.
 */
long detour_watch_fires(const struct detour_samples *s,
    const struct detour_watch *w);

struct detour_estimate_opts {
	double margin;		/* mm, given to each capsule (>= 0) */
	double probe;		/* mm the sweep is followed past the rest
				 * pose (0 means 10): how much of where
				 * the arm was told to go is known held */
	double min_sweep;	/* mm: a link that moved less is not kept
				 * (0 means 1 mm) */
	double share;		/* a link that moved less than this share
				 * of the most any link moved is not kept
				 * (0..1; 0 keeps every link) */
	int attempt;		/* stored as the capsules' `found` (>= 1) */
};

struct detour_block {
	long step;		/* the sample the watch fired at */
	long began;		/* the first of the lag: the step after the
				 * last free one */
	long last_free;		/* the last free step before it, or -1 */
	double lag;		/* the lag at step, degrees */
	double began_q[ARM_MAX_JOINTS];	/* cmd at began: where the lag
					 * began */
	double from[ARM_MAX_JOINTS];	/* the sweep's start: the rest
					 * pose, else the measured pose at
					 * step, else cmd at last_free */
	double to[ARM_MAX_JOINTS];	/* its end: from moved towards cmd
					 * at step until a point of the arm
					 * has gone `probe` mm */
	int nfound;
	struct arm_obstacle found[ARM_MAX_CHAIN];	/* one a link */
	int link[ARM_MAX_CHAIN];	/* each capsule's chain joint (its
					 * arm index) */
	double sweep[ARM_MAX_CHAIN];	/* mm its link moved at most */
};

/*
 * Where arm a was blocked in s, by the watch w: 1 with b filled, 0 when
 * the watch never fires.  The joints do not say which link touched, so
 * each link that moved at least min_sweep between `from` and `to` gives
 * a capsule: its axis is the outer part of the link at `to` (where the
 * link moved at least half its most), its radius the gap from there
 * back to the link at `from`: the layer just ahead of where the link
 * stopped.  Named "found<attempt>-<joint name>".
 */
int detour_estimate(const struct arm_desc *a, const struct detour_samples *s,
    const struct detour_watch *w, const struct detour_estimate_opts *o,
    struct detour_block *b);

#endif
