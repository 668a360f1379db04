/*
 * viatimes.h - when to pass each via point: the split of a path's total
 * time that gives the least jerk, and the jerk cost itself.  Used by
 * mjtraj --through after the via-point solver (through.h).
 */
#ifndef SPINE_VIATIMES_H
#define SPINE_VIATIMES_H

#include <stddef.h>

/* Doubles of workspace traj_via_times needs for npts points. */
#define TRAJ_VIA_TIMES_WORK(npts) (13 * (npts))

/*
 * The integral of squared jerk (summed over dimensions) of the path whose
 * segment k is the quintic from (pts, vel, acc)[k] to [k + 1] in dur[k]
 * seconds: closed form, no sampling.
 */
double traj_path_jerk_cost(size_t npts, size_t dim, const double *pts,
    const double *dur, const double *vel, const double *acc);

/*
 * Flash and Hogan's via-point timing: keep the total of dur[0..npts-2] and
 * re-split it so that the minimum-jerk path through pts (mj_through) has
 * the least jerk cost over all splits.  dur is the starting split and
 * receives the result; vel and acc receive that path's via states.  The
 * search is a gradient descent in log-durations (the gradient comes free
 * from the solved states) with Barzilai-Borwein steps, bounded to
 * TRAJ_VIA_TIMES_ITERATIONS rounds.  Returns 0, or -1 as mj_through does.
 */
#define TRAJ_VIA_TIMES_ITERATIONS 2000
int traj_via_times(size_t npts, size_t dim, const double *pts, double *dur,
    double *vel, double *acc, double *work);

#endif
