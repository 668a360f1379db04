/*
 * target.h - where a described arm's move commands take it from a pose:
 * goto X,Y,Z[,PITCH[,ROLL]] (inverse kinematics near the pose), goto
 * --joints Q1,...|POSE.csv|-, home, jog JOINT DELTA, gripper PCT; the
 * command's words in, joint values out, every refusal in words.  Used by
 * armctl's arm commands on a spine robot and on a servo bus.
 */
#ifndef SPINE_ARM_TARGET_H
#define SPINE_ARM_TARGET_H

#include <stddef.h>

#include "arm/arm.h"
#include "arm/path.h"
#include "arm/status.h"

#define ARM_PATH_SLACK 0.01	/* sampled peaks may pass a limit by 1 % */

/*
 * argv[0] is goto, home, jog or gripper (goto by joint values when
 * `joints`, --joints); argc words.  From the pose `here`, the joint
 * values of a into `to`.  What is to be said, a line each ('\n'
 * between), into say[cap] ("" for nothing; jog says so when a limit
 * stopped it, and that is ARM_OK); a pose file's problems are
 * reported through lib/host/diag as they are found.
 */
enum arm_status arm_move_target(const struct arm_desc *a,
    int joints, int argc, char **argv, const double *here, double *to,
    char *say, size_t cap);

/*
 * run's path for arm a from FILE ("-": stdin), arm_path_read's way:
 * rows solved from `start`, period seconds apart without a t column.
 * ARM_OK; _NO_INPUT (said), _DATA or _FAILED (a row that misses
 * its target), both reported through lib/host/diag.
 */
enum arm_status arm_path_load(struct arm_path *p, const char *path,
    const struct arm_desc *a, double period, const double *start,
    char *say, size_t cap);

/*
 * Is p fit to run from `here`: each joint's peaks (into pk[]) within its
 * limits (ARM_PATH_SLACK over them allowed), and its start within
 * threshold degrees of here; with approach, a move there (period seconds
 * a step) put in front instead, unless `check` (nothing will move).
 * ARM_OK, or _FAILED or _NO_MEMORY with why in say[cap].
 */
enum arm_status arm_path_ready(struct arm_path *p,
    const struct arm_desc *a, const double *here, double threshold,
    int approach, int check, double period, struct arm_peak *pk,
    char *say, size_t cap);

#endif
