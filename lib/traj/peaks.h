/*
 * peaks.h - the largest speed, acceleration and jerk along a move.
 * Limits (--vmax, --amax, --jmax) and mjtraj --check compare against these;
 * magnitudes are Euclidean norms over all dimensions.
 */
#ifndef SPINE_PEAKS_H
#define SPINE_PEAKS_H

#include <stddef.h>

#include "quintic.h"

enum traj_quantity { TRAJ_VEL, TRAJ_ACC, TRAJ_JERK, TRAJ_NQUANTITIES };

/* Peak magnitude of each derivative and the time (s from the start) of it. */
struct traj_peaks {
	double value[TRAJ_NQUANTITIES];
	double at[TRAJ_NQUANTITIES];
};

/* A rest-to-rest straight move of length dist in T seconds: exact. */
void traj_move_peaks(double dist, double T, struct traj_peaks *p);

/*
 * Any quintic segment: found numerically (a fine grid, then golden-section
 * refinement of every local maximum), to about 1e-12 relative.
 */
void traj_quintic_peaks(const struct quintic *q, struct traj_peaks *p);

/* Fold segment peaks b, starting t0 seconds into the path, into a. */
void traj_peaks_merge(struct traj_peaks *a, const struct traj_peaks *b, double t0);

#endif
