/*
 * calib.h - calibrating a bus arm: with the arm limp, the ranges a hand
 * moves each joint through; the middle of each range becomes the joint's
 * zero (a homing offset in the servo, or the arm file's servo offset),
 * the range its limits.  A joint is treated by its role in the arm file:
 * the wrist roll turns all the way round, the gripper's ends become its
 * 0 % and 100 %.  And LeRobot's calibration file both ways (spec
 * lerobot-calibration.md): the same servos then read the same degrees and
 * the same gripper percent in both.  armctl --bus calibrate calls it.
 */
#ifndef SPINE_SERVOARM_CALIB_H
#define SPINE_SERVOARM_CALIB_H

#include <stdio.h>

#include "arm/arm.h"
#include "host/diag.h"
#include "servoarm/bus.h"

struct servoarm_range {
	long min, max;		/* actual ticks seen (homing undone) */
	long offset;		/* the homing offset that centres them */
	long lo, hi;		/* the limits, in ticks after that offset */
};

/* Every joint limp, its present homing offset into homing[]. */
enum servoarm_status servoarm_calib_begin(struct servoarm_bus *k,
    long *homing);

/* One look at every joint, widening rg (first: the ranges start here). */
enum servoarm_status servoarm_calib_sample(struct servoarm_bus *k,
    const long *homing, struct servoarm_range *rg, int first);

/*
 * servoarm_calib_sample every period_ms (of the arm's clock: the caller
 * divides by a time scale) from the first, show(ctx, rg) after each look
 * (may be NULL), until done_fd has input (left unread): SERVOARM_OK, or
 * SERVOARM_INTERRUPTED, or the bus's failure.
 */
enum servoarm_status servoarm_calib_record(struct servoarm_bus *k,
    const long *homing, struct servoarm_range *rg, int done_fd,
    int period_ms, void (*show)(void *ctx, const struct servoarm_range *rg),
    void *ctx);

/*
 * The homing offset that puts joint i's middle at its servo's centre, and
 * its limits (the roll: all the way round).  SERVOARM_OK, or
 * SERVOARM_CALIBRATION with k->err_joint and *why: 1 the middle is beyond
 * what an offset can move (k->err_value the ticks), 2 it did not move.
 */
enum servoarm_status servoarm_calib_centre(struct servoarm_bus *k, int i,
    struct servoarm_range *r, int *why);

/* Offset and limits into joint i's EEPROM (torque off, lock open). */
enum servoarm_status servoarm_calib_burn(struct servoarm_bus *k, int i,
    const struct servoarm_range *r);

/*
 * Arm a calibrated: each joint's servo offset the middle of its range in
 * the ticks the servo will read (with the new homing offsets when
 * `written`, else the present ones), its limits the range; the gripper's
 * 0 % and 100 % the ends of its range, each on the side it was.
 */
void servoarm_calib_arm(const struct servoarm_bus *k,
    const struct servoarm_range *rg, const long *homing, int written,
    struct arm_desc *a);

/*
 * The ranges recorded: each joint centred (servoarm_calib_centre; its
 * SERVOARM_CALIBRATION with k->err the why), with `write` the offsets and
 * limits into the servos (unless dry_run), and a calibrated as the
 * servos are then (servoarm_calib_arm).
 */
enum servoarm_status servoarm_calib_finish(struct servoarm_bus *k,
    struct servoarm_range *rg, const long *homing, int write, int dry_run,
    struct arm_desc *a);

/* The calibration as a CSV (no arm file): joint, id, homing_offset,
 * range_min, range_max, lo, hi (degrees from the servos' centres). */
void servoarm_calib_csv(FILE *fp, const struct servoarm_bus *k,
    const struct servoarm_range *rg);

/* LeRobot's calibration: one motor per joint, by name. */
struct servoarm_lerobot_motor {
	char name[ARM_NAME_MAX];
	int id;
	int drive_mode;		/* 0, or 1: inverted */
	long homing_offset;	/* in the servo's register */
	long range_min, range_max;	/* present ticks */
};

struct servoarm_lerobot {
	int n;
	struct servoarm_lerobot_motor m[ARM_MAX_JOINTS];
};

/*
 * Read a LeRobot calibration file (JSON) from buf[0..len): 0, or -1 after
 * reporting file:line:col through d.
 */
int servoarm_lerobot_parse(struct servoarm_lerobot *c,
    const unsigned char *buf, size_t len, struct diag *d);

/* The same from the file at path: 0; or after reporting, 1 when it
 * cannot be opened or read, -1 when it is not a calibration. */
int servoarm_lerobot_load(struct servoarm_lerobot *c, const char *path);

/*
 * Arm a calibrated from c, joint by joint (matched by name, else by servo
 * id): offset the middle of the range, limits the range, direction from
 * drive_mode; the gripper's closed and open ends at range_min and
 * range_max.  0, or -1 with why naming a joint c lacks.
 */
int servoarm_lerobot_apply(const struct servoarm_lerobot *c,
    struct arm_desc *a, char *why, size_t whylen);

/* c from a calibrated arm a and the servos' homing offsets. */
void servoarm_lerobot_from_arm(const struct arm_desc *a, const long *homing,
    struct servoarm_lerobot *c);

/* The file at path applied to arm a (load, then apply): 0; or after
 * saying why (path: error: ...), 1 when it cannot be opened or read, -1
 * when it is not a calibration or lacks a joint of a. */
int servoarm_lerobot_import(struct servoarm_lerobot *c, const char *path,
    struct arm_desc *a);

/* c from calibrated arm a and the servos' present homing offsets. */
enum servoarm_status servoarm_lerobot_export(struct servoarm_bus *k,
    const struct arm_desc *a, struct servoarm_lerobot *c);

/* c as LeRobot writes it; 0, or -1 when fp reports an error. */
int servoarm_lerobot_write(FILE *fp, const struct servoarm_lerobot *c);

/* What calibrate writes: LeRobot's JSON lr; else the CSV of rg (an arm
 * with no file); else arm file a, its first line the comment. */
struct servoarm_calib_out {
	const struct arm_desc *a;
	const char *comment;		/* "# ..." */
	const struct servoarm_range *rg;
	const struct servoarm_lerobot *lr;
};

/* w into path ("-": standard output), whole or not at all: 0, or -1 with
 * errno. */
int servoarm_calib_save(const char *path, const struct servoarm_bus *k,
    const struct servoarm_calib_out *w);

/* The present homing offsets of every joint into homing[]. */
enum servoarm_status servoarm_read_homing(struct servoarm_bus *k,
    long *homing);

/* c's homing offsets and ranges into the servos' EEPROM, as LeRobot's
 * write_calibration does (every joint limp first). */
enum servoarm_status servoarm_lerobot_burn(struct servoarm_bus *k,
    const struct servoarm_lerobot *c);

#endif
