/*
 * peaks.h - the largest speed, acceleration and jerk along a move.
 * Limits (--vmax, --amax, --jmax) and mjtraj --check compare against these;
 * magnitudes are Euclidean norms over all dimensions.
 */
#ifndef SPINE_PEAKS_H
#define SPINE_PEAKS_H

#include <stddef.h>

#include "quintic.h"

enum mj_quantity { MJ_VEL, MJ_ACC, MJ_JERK, MJ_NQUANTITIES };

/* Peak magnitude of each derivative and the time (s from the start) of it. */
struct mj_peaks {
	double value[MJ_NQUANTITIES];
	double at[MJ_NQUANTITIES];
};

/* A rest-to-rest straight move of length dist in T seconds: exact. */
void mj_move_peaks(double dist, double T, struct mj_peaks *p);

/*
 * Any quintic segment: found numerically (a fine grid, then golden-section
 * refinement of every local maximum), to about 1e-12 relative.
 */
void quintic_peaks(const struct quintic *q, struct mj_peaks *p);

/* Fold segment peaks b, starting t0 seconds into the path, into a. */
void mj_peaks_merge(struct mj_peaks *a, const struct mj_peaks *b, double t0);

#endif
