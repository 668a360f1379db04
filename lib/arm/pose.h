/*
 * pose.h - the pose table: where an arm is, as one header of its joint
 * names (q1..qN for an arm without names) and one row of joint values in
 * degrees, the gripper in percent, each to a thousandth.  armctl pos
 * writes it on every arm, goto --joints and armsim --start read it, and
 * it is a one-row path table (spine-path(5)), so ikreach's answers and
 * run read the same columns.
 */
#ifndef SPINE_ARM_POSE_H
#define SPINE_ARM_POSE_H

#include <stdio.h>

#include "arm/status.h"

#include "arm/arm.h"
#include "host/diag.h"

/* n values under names: 0, or -1 when fp reports an error. */
int arm_pose_write(FILE *fp, const char *const *names, const double *v,
    int n);

/* Arm a at joint values q (the gripper's shown in %). */
int arm_pose_write_arm(FILE *fp, const struct arm_desc *a, const double *q);

/*
 * A pose of arm a from fp (d names it): one row of a path table, joints
 * by name or q1..qN; joints it does not give keep their value in here.
 * Into q (joint values).  0; -1 bad data, -2 a row ikreach marked as
 * missing its target (both reported to d).
 */
int arm_pose_read(FILE *fp, const struct arm_desc *a, const double *here,
    double *q, struct diag *d);

/*
 * A pose as given on a command line (goto --joints, armsim --start,
 * ikreach --near): joint values in the arm's order from the base, at
 * least the base and chain ("20,-30,40,10", the gripper in %), or the
 * name of a pose table ("-": stdin).  Joints not given keep their value
 * in here.  Into q.  0; or after reporting through d (d->file is used
 * for the file's own name): ARM_USAGE (the wrong count of numbers, or
 * not numbers), ARM_NO_INPUT (the file cannot be opened), ARM_DATA (bad
 * data), ARM_FAILED (ikreach marked the row).
 */
enum arm_status arm_pose_arg(const char *arg, const struct arm_desc *a,
    const double *here, double *q, struct diag *d);

/*
 * --start of a simulated arm (armsim, its servo bus): every joint at 0
 * held within its limits, then the pose arg (NULL: none) as
 * arm_pose_arg reads it, reported through d; a row ikreach marked
 * missed is bad data here (ARM_DATA), not a failed job.
 */
enum arm_status arm_pose_start(const char *arg, const struct arm_desc *a,
    double *q, struct diag *d);

#endif
