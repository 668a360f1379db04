/*
 * path.h - from points to a timed path: repeats dropped, reversed on
 * request, each segment its duration and, for a path through its via
 * points, their states and quintics; its peaks against the limits.  Used
 * by mjtraj (plan, check, emit).
 */
#ifndef SPINE_TRAJ_PATH_H
#define SPINE_TRAJ_PATH_H

#include <stddef.h>

#include "traj/joints.h"
#include "traj/peaks.h"
#include "traj/timing.h"

/*
 * The path: consecutive segments between the points (repeats removed),
 * each with its duration and, when through, its quintic.
 */
struct traj_path {
	size_t dim;
	size_t npts;
	double *pts;		/* npts * dim, owned */
	long *line;		/* input line of each point */
	double *dur;		/* npts - 1 durations, seconds */
	double *vel, *acc;	/* through: states at every point */
	double *coef;		/* through: (npts - 1) quintics */
	double dwell;
	int through;
	int normalised;		/* no clock: t runs 0..1 per segment */
};

/* The points to plan: n of dim coordinates, each from an input line (0:
   given as an argument). */
struct traj_points {
	size_t n, dim;
	const double *xyz;	/* n * dim */
	const long *line;	/* n */
};

/* How to plan them. */
struct traj_path_opts {
	const struct traj_timing *timing;
	double dwell;		/* seconds at rest at each via point */
	int through;		/* pass the via points moving */
	int reverse;		/* travel the points backwards */
};

/* Where a complaint goes: the input line of the point it is about (0:
   none, an argument or no point at all) and the message. */
struct traj_say {
	void (*fn)(void *ctx, long line, const char *msg);
	void *ctx;
};

/*
 * Plan the path through pts; TRAJ_OK, or after a word through say
 * TRAJ_BAD (a point from the input does not fit), TRAJ_USAGE (points
 * given as arguments do not) or TRAJ_IO (no memory).  Free the path
 * with traj_path_free whatever the outcome.
 */
enum traj_status traj_path_plan(struct traj_path *path,
    const struct traj_points *pts, const struct traj_path_opts *po,
    const struct traj_say *say);
/* The peak speed, acceleration and jerk of the path and when they fall. */
void traj_path_peaks(const struct traj_path *path, struct traj_peaks *pk);
void traj_path_free(struct traj_path *path);

/* The path's length in time, dwells included. */
double traj_path_duration(const struct traj_path *path);

/* One quantity's peak against its limit. */
struct traj_margin {
	double peak, at;	/* the peak, and when (s from the start) */
	double limit;		/* 0: none */
	double margin;		/* limit - peak: 0 when they agree to
				   rounding, negative when broken */
};

/* Speed, acceleration and jerk (enum traj_quantity) against the limits
   vmax, amax and jmax of r. */
void traj_path_margins(const struct traj_path *path,
    const struct traj_timing *r, struct traj_margin m[TRAJ_NQUANTITIES]);

#endif
