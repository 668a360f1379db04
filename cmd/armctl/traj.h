/*
 * traj.h - armctl run's input: waypoints from a CSV, joint angles (q1..qn)
 * or Cartesian points (x,y) chosen by the header, turned into the joint
 * setpoints (millidegrees) the robot is sent; a t column, when there is
 * one, times them.  Used by run.c.
 */
#ifndef ARMCTL_TRAJ_H
#define ARMCTL_TRAJ_H

#include <stddef.h>
#include <stdint.h>

#include "ctl.h"

struct trajectory {
	const char *path;
	int cartesian;		/* read x,y (converted by IK) */
	int joints;		/* q columns read (joint input) */
	uint32_t n;		/* waypoints */
	double *in;		/* n x (joints or 2), as read */
	long *line;		/* source line of each waypoint */
	double *times;		/* n seconds from a t column, or NULL */
	uint16_t *periods;	/* each step's hold, ms, from times */
	int32_t *mdeg;		/* n x robot joints, after traj_to_joints */
	int robot_joints;
};

/* Read path ("-": stdin); 0 or an exit status after a diagnostic. */
int traj_read(const char *path, struct trajectory *t);

/*
 * Setpoints for the robot the handshake described: joint input is checked
 * against its joint count; Cartesian input goes through inverse kinematics
 * with its link lengths.  Waypoint seed_row is solved nearest the arm's
 * pose seed_mdeg (where the arm is: the first waypoint of a new run, the
 * last executed one of a resumed run), every other one nearest its
 * neighbour towards it, so the arm keeps to one elbow branch.  0 or an
 * exit status.
 */
int traj_to_joints(struct trajectory *t, const struct ctl *c,
    const int32_t *seed_mdeg, uint32_t seed_row);

/* The Cartesian half of traj_to_joints (traj_ik.c). */
int traj_cartesian(struct trajectory *t, const struct ctl *c,
    const int32_t *seed_mdeg, uint32_t seed_row);

/*
 * Names the run from the waypoints as read, so run --resume can tell it is
 * the same trajectory before converting anything.
 */
uint32_t traj_run_id(const struct trajectory *t);

/* CRC-32 continued over v, little endian (run ids are built of these). */
uint32_t traj_crc_i32(uint32_t crc, int32_t v);

void traj_free(struct trajectory *t);

#endif
