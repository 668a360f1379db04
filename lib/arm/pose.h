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

#endif
