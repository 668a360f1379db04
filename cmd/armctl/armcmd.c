/*
 * armcmd.c - armctl's commands for a described arm (--arm FILE, see
 * spine-arm(5)): run with named columns and a t column, goto, home, jog,
 * gripper and pos.  The paths come from lib/arm/path.c and go out
 * through lib/client's streaming, obstacle watch and way back (run.c).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arm/path.h"
#include "arm/pose.h"
#include "arm/target.h"
#include "client/arm.h"
#include "host/diag.h"
#include "host/exits.h"
#include "run.h"

#define MOVE_PERIOD 0.02	/* goto, home, jog, gripper: s per step */

/* Where the arm is, in joint values; 0 or an exit status. */
static int
arm_here(struct ctl *c, double *q, int32_t *mdeg)
{
	return ctl_exit(client_arm_here(c->cl, c->arm, q, mdeg));
}

/* What lib/arm said, a line at a time; st's exit status. */
static int
said(enum arm_status st, char *say)
{
	char *line, *next;

	for (line = say; *line; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		warnx_tool("%s", line);
	}
	return arm_status_exit(st);
}

int
arm_read_path(struct ctl *c, const char *path, const double *start,
    struct arm_path *p)
{
	char say[4200];

	return said(arm_path_load(p, path, c->arm, c->period_ms / 1000.0,
	    start, say, sizeof say), say);
}

int
arm_path_check(struct ctl *c, struct arm_path *p, const double *here)
{
	struct arm_peak pk[ARM_MAX_JOINTS];
	const struct arm_joint *jt;
	enum arm_status st;
	char say[300];
	int j;

	st = arm_path_ready(p, c->arm, here, c->threshold_deg, c->approach,
	    c->check, MOVE_PERIOD, pk, say, sizeof say);
	if (c->check)	/* each joint's peaks against its limits */
		printf("joint,speed,speed_max,accel,accel_max,verdict\n");
	for (j = 0; j < c->arm->njoints && c->check; j++) {
		jt = &c->arm->joint[j];
		printf("%s,%.6g,%.6g,%.6g,%.6g,%s\n", jt->name, pk[j].speed,
		    jt->speed, pk[j].accel, jt->accel, pk[j].speed > jt->speed *
		    (1 + ARM_PATH_SLACK) || pk[j].accel > jt->accel *
		    (1 + ARM_PATH_SLACK) ? "too-fast" : "ok");
	}
	return said(st, say);
}

int
arm_run(struct ctl *c, const char *path)
{
	double here[ARM_MAX_JOINTS];
	int32_t mdeg[WIRE_MAX_JOINTS];
	struct arm_path p;
	int r;

	memset(&p, 0, sizeof p);
	if (c->resume) {
		warnx_tool("run --resume: not for --arm yet; goto the start "
		    "and run again");
		return EXIT_USAGE;
	}
	if ((r = ctl_connect(c)) != 0 || (r = arm_here(c, here, mdeg)) != 0 ||
	    (r = arm_read_path(c, path, here, &p)) != 0)
		return r;
	if ((r = arm_path_check(c, &p, here)) == 0 && !c->check)
		r = c->detour_on ? detour_spine(c, &p, p.q, p.q + (size_t)(p.n -
		    1) * p.nj) : run_path(c, &p, mdeg);
	arm_path_free(&p);
	return r;
}

/* A minimum-jerk move from here to `to` (clamped into the limits). */
static int
move_to(struct ctl *c, const double *here, const int32_t *mdeg,
    const double *to)
{
	struct arm_path p;
	int r;

	memset(&p, 0, sizeof p);
	if (arm_path_move(&p, c->arm, here, to, MOVE_PERIOD) != 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	if (c->check) {
		printf("%s: %lu steps, %.3f s\n", c->arm->name,
		    (unsigned long)p.n, p.t[p.n - 1]);
		r = 0;
	} else {
		long saved = c->period_ms;

		c->period_ms = lround(MOVE_PERIOD * 1000);
		r = c->detour_on ? detour_spine(c, NULL, here, to) :
		    run_path(c, &p, mdeg);
		c->period_ms = saved;
	}
	arm_path_free(&p);
	return r;
}

int
arm_target(struct ctl *c, int argc, char **argv, const double *here,
    double *to)
{
	char say[1024];

	return said(arm_move_target(c->arm, c->goto_joints, argc, argv, here,
	    to, say, sizeof say), say);
}

int
cmd_move(struct ctl *c, int argc, char **argv)
{
	double here[ARM_MAX_JOINTS], to[ARM_MAX_JOINTS];
	int32_t mdeg[WIRE_MAX_JOINTS];
	int r;

	if ((r = arm_here(c, here, mdeg)) != 0)
		return r;
	if ((r = arm_target(c, argc, argv, here, to)) != 0)
		return r;
	return move_to(c, here, mdeg, to);
}

int
arm_pos(struct ctl *c)
{
	double q[ARM_MAX_JOINTS];
	int32_t mdeg[WIRE_MAX_JOINTS];
	int r;

	if ((r = arm_here(c, q, mdeg)) != 0)
		return r;
	return arm_pose_write_arm(stdout, c->arm, q) == 0 ? 0 : EXIT_IOERR;
}
