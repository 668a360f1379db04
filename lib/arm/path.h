/*
 * path.h - timed joint paths for a described arm: waypoints read from CSV
 * (joint columns by name, or x,y,z[,pitch,roll] through kin3d; a gripper
 * column in percent; a t column honoured), minimum-jerk moves within the
 * arm's speed and acceleration limits, and the peaks a path asks of each
 * joint.  Host code, used by armctl (run, goto, home, jog, gripper).
 */
#ifndef SPINE_ARM_PATH_H
#define SPINE_ARM_PATH_H

#include <stdint.h>
#include <stdio.h>

#include "arm/arm.h"
#include "host/diag.h"

#define ARM_PATH_MAX 5000000u	/* waypoints in one path */

struct arm_path {
	uint32_t n, cap;
	int nj;			/* the arm's joint count */
	double *q;		/* n x nj joint values (the gripper's too) */
	double *t;		/* n times, seconds, the first 0 */
	long *line;		/* where each waypoint was read (0: made) */
	int timed;		/* the times came from a t column */
	int cartesian;		/* the waypoints were x,y,z targets */
};

/*
 * Waypoints for arm a from CSV fp (d names it).  Joint values by the
 * arm's joint names (all of the base and chain), else x,y,z (x,y for a
 * planar arm) with pitch and roll optional, solved near the waypoint
 * before; the roll joint and the gripper (percent) by name, optional.
 * What a row does not give keeps its value from the row before (the
 * first row's from start).  Times from a t column (increasing), else
 * period seconds apart.  0, or -1 after reporting to d.
 */
int arm_path_read(struct arm_path *p, FILE *fp, const struct arm_desc *a,
    double period, const double *start, struct diag *d);

void arm_path_free(struct arm_path *p);

/*
 * Append a rest-to-rest minimum-jerk move from `from` to `to` (joint
 * values, clamped into the limits), as slow as the slowest joint needs
 * to keep within its speed and acceleration, sampled every period
 * seconds (the first sample after from, the last exactly to).  0, or -1
 * when out of memory.
 */
int arm_path_move(struct arm_path *p, const struct arm_desc *a,
    const double *from, const double *to, double period);

/* The largest speed and acceleration each joint is asked for. */
struct arm_peak {
	double speed, accel;		/* deg/s, deg/s^2 */
	double speed_at, accel_at;	/* seconds into the path */
};

/* Peaks by finite differences over the waypoints and their times. */
void arm_path_peaks(const struct arm_path *p, struct arm_peak *pk);

/*
 * The first joint whose peak speed or acceleration exceeds the arm's
 * limit by more than the fraction `slack`, or -1.  *what is "speed" or
 * "acceleration".
 */
int arm_path_too_fast(const struct arm_desc *a, const struct arm_peak *pk,
    double slack, const char **what);

#endif
