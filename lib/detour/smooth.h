/*
 * smooth.h - from a collision-free polyline of poses to a timed path:
 * shortcuts first (fewer, straighter via points), then the minimum-jerk
 * path through the via points (traj/through.h, as mjtraj --through),
 * timed so that no joint exceeds its speed or acceleration and checked
 * against the world again, since a path through via points swings wide
 * of the polyline; where it touches, more via points, and at the last
 * a stop at each one.  Called by plan.c.
 */
#ifndef SPINE_DETOUR_SMOOTH_H
#define SPINE_DETOUR_SMOOTH_H

#include <stdint.h>

#include "arm/path.h"
#include "detour/world.h"

/*
 * Cut corners of the polyline pts (npts rows of njoints) where the
 * straight move between two of its points keeps clear (checked at res
 * mm): greedily from the start to the farthest visible point, then
 * `tries` seeded random shortcuts.  Rewrites pts; *npts shrinks.
 */
void detour_shortcut(const struct detour_world *w, double *pts, int *npts,
    double res, int tries, uint64_t seed);

/*
 * The timed path through the via points pts (npts >= 2 rows), sampled
 * every period seconds from t = 0 (the first via point) to the last
 * exactly, into out (emptied first; rows of njoints).  *stops receives 0
 * when the path passes its via points moving, 1 when it had to stop at
 * each.  0, or -1 when out of memory.
 */
int detour_smooth(const struct detour_world *w, const double *pts, int npts,
    double res, double period, struct arm_path *out, int *stops);

#endif
