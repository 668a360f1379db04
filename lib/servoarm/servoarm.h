/*
 * servoarm.h - the joints of an arm built of bus servos: name, servo id,
 * ticks per turn, direction, offset and limits, as armctl --bus and armsim
 * --bus need them.  The SO-101's six joints are the default; the fields
 * mirror the arm description's servo block (spine-arm(5)).
 */
#ifndef SPINE_SERVOARM_H
#define SPINE_SERVOARM_H

#include <stddef.h>

#define SERVOARM_MAX 16
#define SERVOARM_NAME 32

/* ticks = offset + direction * q * ticks_per_turn / 360 */
struct servoarm_joint {
	char name[SERVOARM_NAME];
	int id;			/* bus id */
	long ticks;		/* ticks per turn */
	int direction;		/* +1 or -1 */
	double offset;		/* ticks at q = 0 */
	double lo, hi;		/* limits of q, degrees */
	int gripper;		/* shown and commanded in % */
	int series;		/* enum servo_series; -1: the bus's own */
};

struct servoarm {
	char name[SERVOARM_NAME];
	int n;
	struct servoarm_joint j[SERVOARM_MAX];
	double grip_closed;	/* gripper joint value at 0 % */
	double grip_open;	/* and at 100 % */
};

/* The SO-101 follower (spec/servo-buses.md C1, C2): ids 1..6, 4096 ticks
 * a turn, centred at 2048, URDF limits. */
void servoarm_so101(struct servoarm *a);

double servoarm_ticks(const struct servoarm_joint *j, double q);
double servoarm_value(const struct servoarm_joint *j, double ticks);

/* Gripper percent <-> joint value. */
double servoarm_grip_pct(const struct servoarm *a, double q);
double servoarm_grip_value(const struct servoarm *a, double pct);

struct arm_desc;

/*
 * The joints of an arm description (spine-arm(5)), each of which must
 * name its servo; 0, or -1 with the reason in why.
 */
int servoarm_from_desc(struct servoarm *a, const struct arm_desc *d,
    char *why, size_t whylen);

/* The joint with this name or (as digits) servo id; -1 if none. */
int servoarm_find(const struct servoarm *a, const char *name);

#endif
