/*
 * world.h - what a detour is planned in: a described arm, its links as
 * capsules, the obstacles around it with their margins and the table
 * under it; whether a pose or a straight joint move between two poses
 * keeps clear.  Used by the planner (plan.h), the block estimate
 * (block.h) and the scenarios (scenario.h).
 */
#ifndef SPINE_DETOUR_WORLD_H
#define SPINE_DETOUR_WORLD_H

#include "arm/arm.h"
#include "arm/obstacle.h"

/* which: what a clearance is measured to, besides an obstacle index */
#define DETOUR_NONE (-1)	/* nothing near: no obstacles, no table */
#define DETOUR_TABLE (-2)	/* the table the base stands on */

struct detour_world {
	const struct arm_desc *arm;
	const struct arm_obstacle *obs;	/* nobs obstacles, the caller's */
	int nobs;
	double link_radius;	/* mm: each link a capsule this thick */
	int table;		/* keep every link above z = 0 (arms with a
				 * base; set by detour_world_init) */
	/* filled by detour_world_init */
	int nmove;			/* the joints a detour moves: */
	int move[ARM_MAX_JOINTS];	/* base and chain, arm indices */
	double lever[ARM_MAX_JOINTS];	/* mm a point of the arm can move
					 * per degree of each joint */
};

/*
 * Set w up for arm a (which, like the obstacles, must outlive it):
 * links of radius link_radius (>= 0), the table for an arm with a base.
 */
void detour_world_init(struct detour_world *w, const struct arm_desc *a,
    const struct arm_obstacle *obs, int nobs, double link_radius);

/*
 * How far pose q (all of the arm's joint values) keeps from trouble:
 * the least, over links and obstacles, of their distance less the link's
 * radius and the obstacle's margin, and of each link's height above the
 * table less its radius.  Negative when something is too near.  *which
 * (when not NULL) says what: an obstacle index, DETOUR_TABLE or
 * DETOUR_NONE.  A large value when there is nothing to keep from.
 */
double detour_clearance(const struct detour_world *w, const double *q,
    int *which);

/*
 * detour_clearance(w, q, which) >= 0, the planner's question, answered
 * without measuring what is plainly far (the same *which when not).
 */
int detour_pose_clear(const struct detour_world *w, const double *q,
    int *which);

/* Is every joint of q within its limits? */
int detour_in_limits(const struct detour_world *w, const double *q);

/*
 * The most any point of the arm moves between poses a and b along the
 * straight joint move, bounded by each joint's lever (mm).
 */
double detour_motion(const struct detour_world *w, const double *a,
    const double *b);

/*
 * Does the straight joint move from a to b keep clear?  Poses are
 * checked so that no point of the arm moves more than res mm between
 * two checks (b included, a not).  1 clear, 0 not (*which as above, and
 * *at the fraction of the move where a pose too near was found: not
 * necessarily the first).
 */
int detour_move_clear(const struct detour_world *w, const double *a,
    const double *b, double res, int *which, double *at);

#endif
