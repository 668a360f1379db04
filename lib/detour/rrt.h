/*
 * rrt.h - RRT-Connect over the joints a detour moves: two trees, one
 * grown from each end, each new pose joined to the other tree as far as
 * it goes, every move checked against the world (world.h).  The planner
 * (plan.c) calls it, then smooths what it returns.
 */
#ifndef SPINE_DETOUR_RRT_H
#define SPINE_DETOUR_RRT_H

#include <stdint.h>

#include "detour/world.h"

enum detour_rrt_result {
	DETOUR_RRT_FOUND,
	DETOUR_RRT_EXHAUSTED,	/* max_iter rounds and no way */
	DETOUR_RRT_TIMEOUT,	/* the time budget ran out */
	DETOUR_RRT_NO_MEMORY
};

struct detour_rrt_opts {
	uint64_t seed;
	long max_iter;		/* rounds (>= 1) */
	double step;		/* mm: the most a point moves per extension */
	double res;		/* mm: move check resolution (world.h) */
	double max_ms;		/* wall time, 0 for none */
	double t0_ms;		/* when the plan began (detour_now_ms) */
};

/*
 * A collision-free polyline of poses from `from` to `to` (both clear):
 * *pts receives malloc'd rows of w->arm->njoints values (from first, to
 * last; the joints not moved copied from `from`), *npts their count.
 * *iter receives the rounds used.
 */
enum detour_rrt_result detour_rrt_connect(const struct detour_world *w,
    const double *from, const double *to, const struct detour_rrt_opts *o,
    double **pts, int *npts, long *iter);

/* Milliseconds on a monotonic clock, for budgets. */
double detour_now_ms(void);

/* Milliseconds of this thread's CPU time: a plan's cost without the
 * other processes that share the machine. */
double detour_cpu_ms(void);

#endif
