/*
 * arm3d.h - kinematics of a described arm (spine-arm(5)) in 3-D: a base
 * yaw under a planar pitch chain, a wrist roll, a gripper.  The yaw comes
 * from atan2 and the planar solvers of kin.h solve the chain in the arm's
 * vertical plane.  Used by ikreach --arm, armsim --arm and armctl --arm.
 *
 * Joint values q[] are indexed like arm->joint[] and are in the file's
 * degrees (the gripper's too: see arm_grip_value for percent).  Positions
 * are millimetres in the table frame: z up, the yaw axis through the
 * origin.  pitch is the tool's angle above the horizontal, measured
 * outwards from the yaw axis; roll is the wrist roll's model angle.  An
 * arm with no base is planar: x,y in its plane, z = 0, pitch the tip's
 * orientation (as ikreach --links).
 */
#ifndef SPINE_KIN_ARM3D_H
#define SPINE_KIN_ARM3D_H

#include <stddef.h>

#include "arm/arm.h"
#include "kin/kin.h"

struct kin3d_target {
	double x, y, z;		/* mm */
	double pitch, roll;	/* degrees, when has_pitch / has_roll */
	int has_pitch, has_roll;
};

struct kin3d_pose {
	double x, y, z, pitch, roll;
};

/* Tip pose for joint values q. */
void arm_3d_fk(const struct arm_desc *a, const double *q,
    struct kin3d_pose *p);

/* mm the tip travels along path p, row to row (path.h). */
struct arm_path;
double arm_3d_path_length(const struct arm_desc *a,
    const struct arm_path *p);

/*
 * The arm as a polyline for drawing and collision checks: the foot on the
 * table, the shoulder's foot (yaw axis at shoulder height), the shoulder,
 * each chain joint's far end (the last one the tip, tool included).  pts
 * receives 3 doubles per point, at most KIN3D_MAX_POINTS; returns the
 * count.  A planar arm starts at its base in the plane.
 */
#define KIN3D_MAX_POINTS (ARM_MAX_CHAIN + 3)
int arm_3d_points(const struct arm_desc *a, const double *q, double *pts);

struct kin3d;

size_t arm_3d_size(const struct arm_desc *a);

/*
 * A solver for arm a (which must outlive it) in mem (arm_3d_size bytes,
 * aligned for double).  opts as for kin_solver_init (tol in mm; 0 means
 * 1e-6 of the reach).  NULL when the arm cannot be solved.
 */
struct kin3d *arm_3d_init(void *mem, size_t size, const struct arm_desc *a,
    const struct kin_opts *opts);

/*
 * Joint values that put the tip on t.  start (joint values) is the warm
 * start and gives the roll and gripper when t does not, or NULL.  q may
 * alias start.  Limits are kept: a target the arm could reach only
 * outside them is KIN_LIMIT with the closest pose found.  r->err is the
 * tip's distance from t by arm_3d_fk.
 */
void arm_3d_solve(struct kin3d *k, const struct kin3d_target *t,
    const double *start, double *q, struct kin_result *r);

/*
 * The one way every tool solves a target from where the arm is (armctl
 * goto, a path's x,y,z rows, ikreach --arm): arm_3d_solve started from
 * `here` (joint values), or when here is NULL from the arm's rest pose
 * (every joint at 0, within its limits), so the same point from the
 * same pose gets the same branch whichever tool asks.  q may alias here.
 */
void arm_solve_near(struct kin3d *k, const struct kin3d_target *t,
    const double *here, double *q, struct kin_result *r);

/* The tolerance the solver counts as reached, mm. */
double arm_3d_tol(const struct kin3d *k);

#endif
