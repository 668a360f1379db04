/*
 * arm.h - the arm description (spine-arm(5)): one YAML file per real arm,
 * read into a struct arm_desc that ikreach, armsim, armctl and the servo
 * bus drivers share.  Host code; no global state; the caller owns memory.
 *
 * Units are those of the file: millimetres and degrees (speeds deg/s,
 * accelerations deg/s^2).  A joint has two angles:
 *   the joint value q  - what CSV columns, limits and servos speak of;
 *   the model angle    - theta = zero + direction * q, what the geometry
 *                        uses (see arm_kin.h).
 * This API is stable: new fields are only ever added at the end of a
 * struct, and a field's meaning never changes.
 */
#ifndef SPINE_ARM_H
#define SPINE_ARM_H

#include <stddef.h>
#include <stdio.h>

#include "arm/status.h"
#include "host/diag.h"

#define ARM_MAX_CHAIN 8		/* planar pitch joints */
#define ARM_MAX_JOINTS (ARM_MAX_CHAIN + 3)	/* + base, roll, gripper */
#define ARM_NAME_MAX 32		/* bytes of a name, NUL included */

/*
 * A servo behind a joint (all optional; has == 0 when the file gives
 * none).  The servo's position in ticks for joint value q (degrees) is
 *	ticks = offset + direction * q * ticks_per_turn / 360
 * e.g. an STS3215 centred at 2048 with 4096 ticks per turn.
 */
struct arm_servo {
	int has;
	int id;			/* bus id 0..253 */
	long ticks;		/* ticks per turn (default 4096) */
	int direction;		/* +1 or -1 (default +1) */
	double offset;		/* ticks at q = 0 (default 0) */
	int series;		/* enum servo_series of the model; -1 when
				 * the file names none (the bus's own) */
	char model[16];		/* the model as the file names it, or "" */
};

enum arm_role {
	ARM_BASE,		/* yaw about the vertical axis */
	ARM_PITCH,		/* one joint of the planar chain */
	ARM_ROLL,		/* wrist roll about the last link */
	ARM_GRIPPER		/* opening 0..100 % */
};

struct arm_joint {
	char name[ARM_NAME_MAX];	/* CSV column name */
	int role;		/* enum arm_role */
	double lo, hi;		/* limits of q, degrees; lo <= hi */
	double zero;		/* model angle at q = 0, degrees */
	int direction;		/* +1 or -1 */
	double speed;		/* max |dq/dt|, deg/s (> 0) */
	double accel;		/* max |d2q/dt2|, deg/s^2 (> 0) */
	double length;		/* pitch: mm to the next joint (> 0) */
	int absolute;		/* pitch: q sets the link's angle from the
				 * horizontal, not from the previous link
				 * (parallel linkages: MeArm's elbow) */
	struct arm_servo servo;
	long line, col;		/* where the file describes it */
};

/*
 * joint[] holds, in this order: the base (when has_base), the chain
 * (nchain pitch joints, shoulder first), the roll (when has_roll) and the
 * gripper (when has_gripper).  The *_index fields say where; -1 for none.
 */
struct arm_desc {
	char name[ARM_NAME_MAX];
	int njoints;
	struct arm_joint joint[ARM_MAX_JOINTS];
	int has_base, has_roll, has_gripper;
	int base_index, chain_index, roll_index, gripper_index;
	int nchain;
	double height;		/* base: shoulder axis above the table, mm */
	double reach0;		/* base: yaw axis to shoulder axis, mm */
	double tool;		/* mm past the last chain joint's link */
	double grip_closed;	/* gripper joint value at 0 % */
	double grip_open;	/* gripper joint value at 100 % */
};

/*
 * Read an arm description from buf[0..len).  Reports through d as
 * file:line:col (d->file names the file).  0 ok, -1 reported.
 */
int arm_parse(struct arm_desc *a, const unsigned char *buf, size_t len,
    struct diag *d);

/*
 * Read the file at path ("-" is stdin), arm_read_file's way: ARM_OK;
 * ARM_NO_INPUT or ARM_IO when it cannot be opened or read (said through
 * say); ARM_DATA when it is not a valid description (reported as
 * file:line:col).
 */
enum arm_status arm_load(struct arm_desc *a, const char *path,
    struct diag *say);

/*
 * The SO-101 of examples/arms/so101.yaml, compiled in (builtin.c): what a
 * servo bus is when no --arm file is given.  0, or -1 if that file did
 * not parse (a build error, reported).
 */
int arm_builtin_so101(struct arm_desc *a);

/*
 * Write a as a description arm_parse reads back the same (every field
 * spelt out, comments lost).  0, or -1 when fp reports an error.
 */
int arm_write(FILE *fp, const struct arm_desc *a);

/*
 * a's joints as a CSV table, in order: joint (name), role (base, chain,
 * roll, gripper), lo and hi (limits, degrees; a gripper's joint values),
 * servo (its bus id, or empty).  0, or -1 when fp reports an error.
 */
int arm_joints_write(FILE *fp, const struct arm_desc *a);

/* Index of the joint named name (length len), or -1. */
int arm_find(const struct arm_desc *a, const char *name, size_t len);

/* The joints that move the tip: base and chain (no roll, no gripper). */
static inline int
arm_is_positioning(const struct arm_desc *a, int j)
{
	return a->joint[j].role == ARM_BASE || a->joint[j].role == ARM_PITCH;
}

/* Gripper percent <-> gripper joint value. */
double arm_grip_value(const struct arm_desc *a, double pct);
double arm_grip_pct(const struct arm_desc *a, double value);

/* Servo ticks for joint value q, and back (see struct arm_servo). */
double arm_servo_ticks(const struct arm_joint *j, double q);
double arm_servo_value(const struct arm_joint *j, double ticks);

/* Clamp q into joint j's limits. */
double arm_clamp(const struct arm_joint *j, double q);

#endif
