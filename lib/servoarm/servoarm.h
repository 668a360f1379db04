/*
 * servoarm.h - the joints of an arm built of bus servos: name, role, servo
 * id and series, ticks per turn, direction, offset and limits, taken from
 * an arm description (spine-arm(5)); with no file, from the SO-101 built
 * in from examples/arms/so101.yaml (arm_builtin_so101).  armctl --bus,
 * armsim --bus and the bus driver (bus.h) use it.
 */
#ifndef SPINE_SERVOARM_H
#define SPINE_SERVOARM_H

#include <stddef.h>

#define SERVOARM_MAX 16
#define SERVOARM_NAME 32

/* ticks = offset + direction * q * ticks_per_turn / 360 */
struct servoarm_joint {
	char name[SERVOARM_NAME];
	int role;		/* enum arm_role */
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

/* The joints names[0..n) (names or servo ids) marked in on[] (every
 * joint when n is 0): -1, or the index in names of one a lacks. */
int servoarm_pick(const struct servoarm *a, int n, char *const *names,
    int *on);

#endif
