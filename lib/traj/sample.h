/*
 * sample.h - a timed path (path.h) sampled segment after segment: the
 * time and the state (positions and the derivatives asked for) at each
 * sample, handed to the caller's row function.  Used by mjtraj.
 */
#ifndef SPINE_TRAJ_SAMPLE_H
#define SPINE_TRAJ_SAMPLE_H

#include <stddef.h>
#include <stdint.h>

#include "traj/path.h"

#define TRAJ_DIM_MAX 32		/* coordinates a sampled path may have */

enum traj_sample_rule { TRAJ_SAMPLE_STEP, TRAJ_SAMPLE_COUNT,
    TRAJ_SAMPLE_RATE };

/* Where the samples fall and what each holds. */
struct traj_sampling {
	enum traj_sample_rule rule;
	double step;		/* TRAJ_SAMPLE_STEP: distance between samples */
	uint64_t samples;	/* TRAJ_SAMPLE_COUNT: per segment */
	double rate;		/* TRAJ_SAMPLE_RATE, Hz */
	int vel, acc, jerk;	/* the derivatives computed */
};

/* The state at one sample: positions and derivatives, dim each. */
struct traj_state {
	double pos[TRAJ_DIM_MAX];
	double vel[TRAJ_DIM_MAX];
	double acc[TRAJ_DIM_MAX];
	double jerk[TRAJ_DIM_MAX];
};

/* One sample at time t; nonzero stops the sampling (output failed). */
typedef int (*traj_sample_fn)(void *ctx, double t,
    const struct traj_state *s);

/* Path after path (one whole path, or the chunks of a stream): the time
   the next starts at, and whether a move was sampled (its end too). */
struct traj_run {
	double t0;
	int moved;
};

/* 0, or the number (1-based) of the first segment that would need more
   than TRAJ_SAMPLES_MAX samples. */
size_t traj_path_oversampled(const struct traj_path *path,
    const struct traj_sampling *sm);

/*
 * Every sample of the path's segments (a path of one point has none),
 * times running on from r->t0; a via point shared by two segments comes
 * once, and at a rate no two samples come closer than half a period: a
 * segment's end that falls within half a period of the last grid sample
 * takes that sample's place.  TRAJ_OK, or TRAJ_USAGE for a segment
 * traj_path_oversampled names.
 */
enum traj_status traj_path_sample(const struct traj_path *path,
    const struct traj_sampling *sm, struct traj_run *r, traj_sample_fn fn,
    void *ctx);

#endif
