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
#define ARM_PATH_JOINTS 16	/* joints of a retraced path */

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
 * Waypoints for arm a from a path table (spine-path(5)) on fp (d names
 * it).  Joint values by the arm's joint names (all of the base and
 * chain), or q1..qN in the arm's order, else x,y,z (x,y for a planar
 * arm) with pitch and roll optional, each solved near the waypoint before
 * (arm_solve_near); the roll joint and the gripper (percent) by name,
 * optional.  What a row does not give keeps its value from the row
 * before (the first row's from start).  Times from a t column
 * (increasing), else period seconds apart.  0; -1 after reporting bad
 * data to d; -2 after reporting a row that misses its target (a status
 * column not "ok", or x,y,z out of reach).
 */
int arm_path_read(struct arm_path *p, FILE *fp, const struct arm_desc *a,
    double period, const double *start, struct diag *d);

void arm_path_free(struct arm_path *p);

/* One waypoint q (nj joint values) at t seconds, read at line (0: made);
 * 0, or -1 when out of memory or past ARM_PATH_MAX. */
int arm_path_append(struct arm_path *p, int nj, const double *q, double t,
    long line);

/*
 * Append a rest-to-rest minimum-jerk move from `from` to `to` (joint
 * values, clamped into the limits), as slow as the slowest joint needs
 * to keep within its speed and acceleration, sampled every period
 * seconds (the first sample after from, the last exactly to).  0, or -1
 * when out of memory.
 */
int arm_path_move(struct arm_path *p, const struct arm_desc *a,
    const double *from, const double *to, double period);

/*
 * run --approach: p with a minimum-jerk move from `here` to its first
 * waypoint in front (as arm_path_move), its own waypoints after it at
 * their times.  0, or -1 when out of memory (p unchanged).
 */
int arm_path_approach(struct arm_path *p, const struct arm_desc *a,
    const double *here, double period);

/*
 * PYT's way back, along the path the arm came (retrace.c): from `here` to
 * the executed sample nearest it, then through the executed samples
 * done[0..n) (nj joint values each, oldest first) in reverse to the first,
 * as one minimum-jerk move in time along that path, as slow as the
 * joints' speeds speed[] and accelerations accel[] (deg/s, deg/s^2)
 * need; appended to p every period seconds, the last sample exactly
 * done[0].  Nothing is appended when the arm is already there.  0, or -1
 * when out of memory.
 */
int arm_path_retrace(struct arm_path *p, const double *done, uint32_t n,
    int nj, const double *here, const double *speed, const double *accel,
    double period);

/*
 * Before the way back, ease off what holds the arm: `deg` degrees (the
 * length of the joint move) from `here` against the way it was pushing,
 * towards `pushed` (the command it was held back from), into out (nj
 * values, within no limits but the caller's); appended to p as two rows
 * period seconds apart, so the arm has time to get there.  A blocked
 * arm rests on the obstacle's surface, where a path back through the
 * poses it slid along is as likely to cut into it as not.  0, or -1
 * when out of memory.
 */
int arm_path_ease_off(struct arm_path *p, int nj, const double *here,
    const double *pushed, double deg, double period, double *out);

/* The length of the joint move from a to b (degrees). */
double arm_path_distance(const double *a, const double *b, int nj);

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
