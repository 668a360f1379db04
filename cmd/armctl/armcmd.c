/*
 * armcmd.c - armctl's commands for a described arm (--arm FILE, see
 * spine-arm(5)): run with named columns and a t column, goto, home, jog,
 * gripper and pos.  The paths come from lib/arm/path.c and go out
 * through lib/client's streaming, obstacle watch and way back (run.c).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/path.h"
#include "arm/pose.h"
#include "arm/target.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/table.h"
#include "run.h"
#include "traj.h"

#define MOVE_PERIOD 0.02	/* goto, home, jog, gripper: s per step */
#define SLACK 0.01		/* sampled peaks may pass a limit by 1 % */

/* The robot must have the description's joints; 0 or an exit status. */
static int
same_arm(const struct ctl *c)
{
	if (c->hello.joints == c->arm->njoints)
		return 0;
	warnx_tool("the robot has %u joints; %s describes %d", c->hello.joints,
	    c->arm->name, c->arm->njoints);
	return EXIT_JOB_FAILED;
}

/* Where the arm is, in joint values; 0 or an exit status. */
static int
arm_here(struct ctl *c, double *q, int32_t *mdeg)
{
	int j, r;

	if ((r = same_arm(c)) != 0 || (r = ctl_exit(client_encoders(c->cl,
	    mdeg, "run"))) != 0)
		return r;
	for (j = 0; j < c->arm->njoints; j++)
		q[j] = mdeg[j] / 1000.0;
	return 0;
}

/* The path must start where the arm is (within --threshold). */
static int
starts_here(const struct ctl *c, const struct arm_path *p, const double *q)
{
	int j;

	for (j = 0; j < p->nj && !c->approach; j++)
		if (fabs(p->q[j] - q[j]) > c->threshold_deg) {
			warnx_tool("run: the path starts at %s = %g but the arm "
			    "is at %g; run --approach moves it there first",
			    c->arm->joint[j].name, p->q[j], q[j]);
			return EXIT_JOB_FAILED;
		}
	return 0;
}

/* Stream path p from the arm's pose here; 0 or an exit status. */
static int
stream_path(struct ctl *c, const struct arm_path *p, const int32_t *here)
{
	return run_path(c, p, here);
}

/* Each joint's peaks against its limits; the first too fast, or -1. */
static int
check_peaks(struct ctl *c, const struct arm_path *p, int print)
{
	struct arm_peak pk[ARM_MAX_JOINTS];
	const struct arm_desc *a = c->arm;
	const char *what;
	int j, bad;

	arm_path_peaks(p, pk);
	bad = arm_path_too_fast(a, pk, SLACK, &what);
	if (print) {
		printf("joint,speed,speed_max,accel,accel_max,verdict\n");
		for (j = 0; j < a->njoints; j++)
			printf("%s,%.6g,%.6g,%.6g,%.6g,%s\n", a->joint[j].name,
			    pk[j].speed, a->joint[j].speed, pk[j].accel,
			    a->joint[j].accel, pk[j].speed > a->joint[j].speed *
			    (1 + SLACK) || pk[j].accel > a->joint[j].accel *
			    (1 + SLACK) ? "too-fast" : "ok");
	}
	if (bad >= 0) {
		int sp = strcmp(what, "speed") == 0;

		warnx_tool("run: too fast for %s: peak %s %.4g deg/s%s at t = "
		    "%.3f s, its limit %.4g", a->joint[bad].name, what,
		    sp ? pk[bad].speed : pk[bad].accel, sp ? "" : "^2",
		    sp ? pk[bad].speed_at : pk[bad].accel_at,
		    sp ? a->joint[bad].speed : a->joint[bad].accel);
	}
	return bad;
}

int
arm_read_path(struct ctl *c, const char *path, const double *start,
    struct arm_path *p)
{
	int in = strcmp(path, "-") == 0;
	FILE *fp = in ? stdin : fopen(path, "r");
	struct diag d = diag_for(in ? "<stdin>" : path);
	int r;

	if (fp == NULL) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_NOINPUT;
	}
	r = arm_path_read(p, fp, c->arm, c->period_ms / 1000.0, start, &d);
	if (!in)
		fclose(fp);
	return r == -2 ? EXIT_JOB_FAILED : r < 0 ? EXIT_DATAERR : 0;
}

int
arm_path_check(struct ctl *c, struct arm_path *p, const double *here)
{
	int r;

	if (check_peaks(c, p, c->check) >= 0)
		return EXIT_JOB_FAILED;
	if ((r = starts_here(c, p, here)) != 0 || c->check || !c->approach)
		return r;
	if (arm_path_approach(p, c->arm, here, MOVE_PERIOD) != 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	return 0;
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
		r = stream_path(c, &p, mdeg);
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
		r = stream_path(c, &p, mdeg);
		c->period_ms = saved;
	}
	arm_path_free(&p);
	return r;
}

int
arm_target(struct ctl *c, int argc, char **argv, const double *here,
    double *to)
{
	static const int exits[] = { 0, EXIT_USAGE, EXIT_NOINPUT,
	    EXIT_DATAERR, EXIT_JOB_FAILED, EXIT_IOERR };
	char say[1024], *line, *next;
	enum arm_target_status st;

	st = arm_move_target(c->arm, c->goto_joints, argc, argv, here, to,
	    say, sizeof say);
	for (line = say; *line; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		else
			next = line + strlen(line);
		warnx_tool("%s", line);
	}
	return exits[st];
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
