/*
 * through.h - the minimum-jerk path through via points (no stop at them).
 * Given the points and the time of each segment, it finds the velocity and
 * acceleration at every via point; mjtraj --through samples the result.
 */
#ifndef SPINE_THROUGH_H
#define SPINE_THROUGH_H

#include <stddef.h>

/* Doubles of workspace mj_through needs for npts points. */
#define TRAJ_THROUGH_WORK(npts) (8 * (npts))

/*
 * Of all paths that start and end at rest and pass pts[k] at the sum of
 * the first k durations, the one with the least integral of squared jerk
 * is a quintic per segment whose jerk and snap are continuous at every via
 * point (Flash & Hogan 1985).  mj_through finds its velocity and
 * acceleration at each point: pts, vel and acc are npts rows of dim
 * doubles (point-major); dur holds npts - 1 segment durations (> 0); work
 * holds TRAJ_THROUGH_WORK(npts) doubles.  vel and acc are zero at the first
 * and last point.  Fit each segment with traj_quintic_fit from these states.
 * Returns 0, or -1 when a duration is not positive or the numbers overflow.
 */
int traj_through(size_t npts, size_t dim, const double *pts, const double *dur,
    double *vel, double *acc, double *work);

#endif
