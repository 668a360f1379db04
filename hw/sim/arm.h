/*
 * arm.h - armsim's planar arm: joints that turn towards their command at a
 * limited speed, and circular obstacles that stop a link on contact (so the
 * encoders fall behind the command).  Angles as ikreach: q1 from the x-axis,
 * each further qi relative to the previous link, in degrees; with --arm,
 * the described arm's joint values (spine-arm(5)) and 3-D obstacles.
 */
#ifndef ARMSIM_ARM_H
#define ARMSIM_ARM_H

#include <stdio.h>

#include "arm/arm.h"
#include "arm/obstacle.h"
#include "wire/msg.h"

#define ARM_MAX_OBSTACLES 16

struct obstacle {
	double x, y, r;		/* millimetres */
};

/*
 * Contacts: steps in which a link met an obstacle and stopped.  How far
 * it went in is how far the commanded pose's links reach into the
 * obstacle meanwhile (the dent a yielding obstacle would take; a rigid
 * one stops the link at its surface), and the lag how far the joints
 * were held behind their commands.
 */
struct arm_contacts {
	long steps;		/* physics steps in contact */
	double seconds;		/* their length */
	double depth;		/* the deepest, mm */
	double lag;		/* the largest lag in contact, degrees */
};

struct arm {
	int joints;
	double link[WIRE_MAX_JOINTS];	/* millimetres */
	double speed[WIRE_MAX_JOINTS];	/* degrees per second */
	double q[WIRE_MAX_JOINTS];	/* where the joints are */
	double cmd[WIRE_MAX_JOINTS];	/* where they were told to go */
	struct obstacle obs[ARM_MAX_OBSTACLES];
	int nobs;
	int blocked;			/* the last step hit an obstacle */
	/* --arm: the described arm in 3-D (q in its joint values) */
	const struct arm_desc *desc;
	struct arm_obstacle obs3[ARM_MAX_OBSTACLES];
	int nobs3;
	/* --obstacle ...@T: each comes T seconds after the arm first meets
	 * an obstacle (a hand in the way back), joining obs3; in order */
	struct arm_obstacle later[ARM_MAX_OBSTACLES];
	double later_at[ARM_MAX_OBSTACLES];
	int nlater, nshown;
	double clock;			/* seconds of physics so far */
	double touched_at;		/* when it first met one, if touched */
	int touched;
	struct arm_contacts contacts;	/* counted by sim_arm_step */
};

/* An obstacle that comes `at` seconds after the first contact; 0, or -1
 * when the arm has ARM_MAX_OBSTACLES in all already. */
int sim_arm_add_later(struct arm *a, const struct arm_obstacle *o, double at);

/*
 * Smallest distance from any link to any obstacle's edge at pose q, in
 * millimetres; negative when a link is inside an obstacle, a large value
 * when there are no obstacles.
 */
double sim_arm_clearance(const struct arm *a, const double *q);

/* Move for dt seconds: each joint towards its command, no faster than its
 * speed, all stopping together where a link would enter an obstacle. */
void sim_arm_step(struct arm *a, double dt);

#endif
