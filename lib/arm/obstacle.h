/*
 * obstacle.h - spheres and boxes in the table frame, and how far a
 * described arm's links are from them.  armsim --arm uses it to stop a
 * link on contact; anything that plans around obstacles can share it.
 */
#ifndef SPINE_ARM_OBSTACLE_H
#define SPINE_ARM_OBSTACLE_H

#include "arm/arm.h"

enum arm_obstacle_kind { ARM_SPHERE, ARM_BOX };

struct arm_obstacle {
	int kind;
	double c[3];		/* sphere: centre; box: lowest corner */
	double r;		/* sphere: radius */
	double hi[3];		/* box: highest corner */
};

/*
 * "sphere:x,y,z,r" or "box:x0,y0,z0,x1,y1,z1" (two opposite corners), in
 * millimetres.  0, or -1 with *why set to a reason for a message.
 */
int arm_obstacle_parse(const char *s, struct arm_obstacle *o,
    const char **why);

/* Distance from the segment a-b to the obstacle's surface (negative
 * inside: only as a sign for a box). */
double arm_obstacle_distance(const struct arm_obstacle *o, const double *a,
    const double *b);

/*
 * Smallest distance from any link of arm a at joint values q to any of
 * the n obstacles; a large value when n is 0.  The links are the
 * polyline of kin3d_points from the shoulder on: the column from the
 * table to the shoulder turns in place and is left out.
 */
double arm_clearance3(const struct arm_desc *a, const double *q,
    const struct arm_obstacle *o, int n);

#endif
