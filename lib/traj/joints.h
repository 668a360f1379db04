/*
 * joints.h - a path table (spine-path(5)) for a robot known only by its
 * joint count and link lengths (a spine robot without an arm file):
 * q1..qN joint angles or x,y points, a t column, turned into the joint
 * setpoints (millidegrees) it is sent, x,y by inverse kinematics with
 * each point solved near its neighbour.  armctl run (and the client
 * library's streaming) use it.
 */
#ifndef SPINE_TRAJ_JOINTS_H
#define SPINE_TRAJ_JOINTS_H

#include <stddef.h>
#include <stdint.h>

#include "host/diag.h"

enum traj_status {
	TRAJ_OK = 0,
	TRAJ_NOINPUT,		/* the file cannot be opened */
	TRAJ_BAD,		/* bad data (reported) */
	TRAJ_IO,		/* reading failed, or no memory (reported) */
	TRAJ_MISSED,		/* a row missed its target, or is out of
				 * reach (reported) */
	TRAJ_USAGE		/* points given as arguments do not fit
				 * (reported) */
};

/* The exit status (host/exits.h) a tool gives for s. */
int traj_status_exit(enum traj_status s);

struct trajectory {
	const char *path;
	int cartesian;		/* read x,y (converted by IK) */
	int joints;		/* q columns read (joint input) */
	uint32_t n;		/* waypoints */
	double *in;		/* n x (joints or 2), as read */
	long *line;		/* source line of each waypoint */
	double *times;		/* n seconds from a t column, or NULL */
	uint16_t *periods;	/* each step's hold, ms, from times */
	int32_t *mdeg;		/* n x robot joints, after the conversion */
	int robot_joints;
};

/* Read path ("-": stdin), reporting as path:line:col. */
enum traj_status traj_load(const char *path, struct trajectory *t);

/*
 * The setpoints t->mdeg for a robot of `joints` joints with these link
 * lengths (mm): joint input must have its joint count (TRAJ_BAD); x,y
 * input is solved with kin_solve_near, row seed_row nearest the arm's
 * pose seed_mdeg, every other row nearest its neighbour towards it, so
 * the arm keeps to one branch (TRAJ_MISSED: a point out of reach).
 */
enum traj_status traj_to_mdeg(struct trajectory *t, int joints,
    const double *link_mm, const int32_t *seed_mdeg, uint32_t seed_row);

/*
 * Does a robot of n links of these lengths (mm) differ from the ones a
 * path was made for, given as "L1,L2,..." (armctl run --links)?  0 the
 * same (to half a micrometre), 1 different, -1 not a list of numbers
 * (why says so).
 */
int traj_links_differ(const char *expect, const double *links, int n,
    char *why, size_t cap);

/* Names the run from the waypoints as read, so a resumed run can tell it
 * is the same trajectory before converting anything. */
uint32_t traj_run_id(const struct trajectory *t);

/* CRC-32 continued over v, little endian (run ids are built of these). */
uint32_t traj_crc_i32(uint32_t crc, int32_t v);

void traj_free(struct trajectory *t);

#endif
