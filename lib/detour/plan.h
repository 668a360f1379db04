/*
 * plan.h - a detour: a collision-free, timed joint path for a described
 * arm from one pose to another around the obstacles of a world
 * (world.h), or the reason there is none.  RRT-Connect on the joints,
 * shortcuts, then the minimum-jerk path through the via points within
 * the joints' speeds and accelerations.  ikreach --plan and the detour
 * attempts (attempts.h) call it; so will armctl --detour.
 */
#ifndef SPINE_DETOUR_PLAN_H
#define SPINE_DETOUR_PLAN_H

#include <stdint.h>

#include "arm/path.h"
#include "detour/world.h"

enum detour_status {
	DETOUR_OK,
	DETOUR_START_LIMITS,	/* the start is beyond a joint's limits */
	DETOUR_TARGET_LIMITS,	/* so is the target (or out of reach) */
	DETOUR_START_BLOCKED,	/* the start pose is inside an obstacle */
	DETOUR_TARGET_BLOCKED,	/* so is the target pose */
	DETOUR_NO_WAY,		/* no way round within the limits found in
				 * the iteration budget */
	DETOUR_TIMEOUT,		/* the time budget ran out first */
	DETOUR_NO_MEMORY
};

struct detour_opts {
	uint64_t seed;		/* the search's random poses */
	long max_iter;		/* search rounds; 0: DETOUR_MAX_ITER */
	double max_ms;		/* wall-time budget, 0 for none */
	double period;		/* s between the path's rows; 0: 0.02 */
	double step;		/* mm a point moves per search step; 0: 300 */
	double res;		/* mm between collision checks; 0: half the
				 * least margin, within 1..5 */
	int shortcuts;		/* random shortcuts; 0: 40, -1: none */
};

#define DETOUR_MAX_ITER 1000L

struct detour_report {
	enum detour_status status;
	int obstacle;		/* the obstacle (index) a blocked start or
				 * target touches, DETOUR_TABLE, or -1 */
	int joint;		/* the joint beyond its limits, or -1 */
	long iterations;	/* search rounds used */
	double ms;		/* planning time */
	double cpu_ms;		/* ... of which on the CPU */
	int vias;		/* via points of the path, ends included */
	int stops;		/* 1 when it stops at each via point */
	double length;		/* mm the tip travels */
	double clearance;	/* mm: the least clearance of its rows */
	char why[512];		/* the status in words, naming obstacles */
};

/*
 * Plan from pose `from` to pose `to` (all of w->arm's joint values; the
 * roll and gripper held at from's).  On DETOUR_OK, out holds the path
 * (rows of njoints every period seconds, t from 0, from first and to
 * last; free it with arm_path_free) and the return is 0.  Otherwise out
 * is empty, r says why and the return is -1.  A start or target inside
 * an obstacle's margin but clear of its body is not refused: that
 * obstacle's margin shrinks for this plan to what they leave.
 */
int detour_plan(const struct detour_world *w, const double *from,
    const double *to, const struct detour_opts *o, struct arm_path *out,
    struct detour_report *r);

/* "ok", "start-limits", ... "timeout": a word for tables and messages. */
const char *detour_status_name(enum detour_status s);

/* The exit status a tool gives for s: 0, 1 (no way), 75 (timeout), 74. */
int detour_status_exit(enum detour_status s);

#endif
