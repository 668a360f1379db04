/*
 * obstacle.h - spheres, boxes and capsules in the table frame, and how far
 * a described arm's links are from them.  armsim --arm uses it to stop a
 * link on contact; lib/detour plans around them and adds the ones a
 * blocked arm finds.  The file format is obsmap.h's (spine-obstacles(5)).
 */
#ifndef SPINE_ARM_OBSTACLE_H
#define SPINE_ARM_OBSTACLE_H

#include "arm/arm.h"

enum arm_obstacle_kind { ARM_SPHERE, ARM_BOX, ARM_CAPSULE };

struct arm_obstacle {
	int kind;
	double c[3];		/* sphere: centre; box: lowest corner;
				 * capsule: one end of its axis */
	double r;		/* sphere, capsule: radius */
	double hi[3];		/* box: highest corner; capsule: the other
				 * end of its axis */
	/* added for planning; zero from arm_obstacle_parse */
	double margin;		/* mm a planner keeps the links away from
				 * the body; the body alone stops a link */
	int found;		/* 0: given; n: found by the n-th blocked
				 * attempt (lib/detour) */
	char name[ARM_NAME_MAX];	/* "" when it has none */
};

/*
 * "sphere:x,y,z,r", "box:x0,y0,z0,x1,y1,z1" (two opposite corners) or
 * "capsule:x0,y0,z0,x1,y1,z1,r" (its axis and radius), in millimetres.
 * 0, or -1 with *why set to a reason for a message.
 */
int arm_obstacle_parse(const char *s, struct arm_obstacle *o,
    const char **why);

/*
 * Signed distance from the segment a-b to the obstacle's surface: the
 * gap when they are apart, minus the depth the segment reaches inside
 * when they meet (a segment that only touches is a hair inside).  The
 * margin is not counted.
 */
double arm_obstacle_distance(const struct arm_obstacle *o, const double *a,
    const double *b);

/* Distance between the segments a0-a1 and b0-b1 (3 doubles a point). */
double arm_segments_distance(const double *a0, const double *a1,
    const double *b0, const double *b1);

/*
 * "sphere 'cup' at 200,40,60 r 35" - the obstacle in words for messages,
 * into buf (size bytes, always terminated).
 */
void arm_obstacle_describe(const struct arm_obstacle *o, char *buf,
    size_t size);

/*
 * Smallest distance from any link of arm a at joint values q to any of
 * the n obstacles; a large value when n is 0.  The links are the
 * polyline of arm_3d_points from the shoulder on: the column from the
 * table to the shoulder turns in place and is left out.
 */
double arm_clearance3(const struct arm_desc *a, const double *q,
    const struct arm_obstacle *o, int n);

#endif
