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
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/table.h"
#include "arm/arm3d.h"
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
		r = c->detour_on ? detour_spine(c, &p, p.q, p.q + (size_t)(p.n -
		    1) * p.nj) : stream_path(c, &p, mdeg);
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
		    stream_path(c, &p, mdeg);
		c->period_ms = saved;
	}
	arm_path_free(&p);
	return r;
}

/* "a,b,c" into at most max numbers; the count, or -1 after a message. */
static int
numbers(const char *cmd, const char *arg, double *v, int max)
{
	enum num_error e;
	int bad, n = num_double_list(arg, v, max, &e, &bad);

	if (n < 0)
		warnx_tool("%s '%s': item %d: %s", cmd, arg, bad + 1,
		    num_strerror(e));
	return n;
}

/* goto X,Y,Z[,PITCH[,ROLL]]: the pose by inverse kinematics. */
static int
target_pose(struct ctl *c, const char *arg, const double *here, double *to)
{
	struct kin3d_target t;
	struct kin_result res;
	struct kin_opts o;
	double v[5];
	struct kin3d *k;
	void *mem;
	int n, p = c->arm->has_base ? 3 : 2;

	if ((n = numbers("goto", arg, v, 5)) < 0 || n < p || n > p + 2) {
		warnx_tool("goto: want %s[,PITCH[,ROLL]]", p == 3 ? "X,Y,Z" :
		    "X,Y");
		return EXIT_USAGE;
	}
	memset(&t, 0, sizeof t);
	memset(&o, 0, sizeof o);
	t.x = v[0];
	t.y = v[1];
	t.z = p == 3 ? v[2] : 0;
	t.has_pitch = n > p;
	t.pitch = n > p ? v[p] : 0;
	t.has_roll = n > p + 1;
	t.roll = n > p + 1 ? v[p + 1] : 0;
	if ((mem = malloc(kin3d_size(c->arm))) == NULL ||
	    (k = kin3d_init(mem, kin3d_size(c->arm), c->arm, &o)) == NULL) {
		free(mem);
		warnx_tool("goto: cannot solve this arm");
		return EXIT_IOERR;
	}
	arm_solve_near(k, &t, here, to, &res);
	free(mem);
	if (res.status != KIN_OK) {
		warnx_tool("goto %s: %s (%.3g mm away)", arg,
		    kin_status_name(res.status), res.err);
		return EXIT_JOB_FAILED;
	}
	return 0;
}

/* goto --joints Q1,...|FILE|-: a pose (spine-path(5)), then within the
 * limits: a goal beyond them is refused, never clamped. */
static int
target_joints(struct ctl *c, const char *arg, const double *here,
    double *to)
{
	static const int exits[] = { 0, EXIT_USAGE, EXIT_NOINPUT,
	    EXIT_DATAERR, EXIT_JOB_FAILED };
	const struct arm_desc *a = c->arm;
	struct diag d = diag_for("goto --joints");
	int j, r;

	if ((r = arm_pose_arg(arg, a, here, to, &d)) != 0)
		return exits[r];
	for (j = 0; j < a->njoints; j++)
		if (to[j] != arm_clamp(&a->joint[j], to[j])) {
			warnx_tool("goto: %s = %g is beyond its limits %g..%g",
			    a->joint[j].name, a->joint[j].role == ARM_GRIPPER ?
			    arm_grip_pct(a, to[j]) : to[j], a->joint[j].lo,
			    a->joint[j].hi);
			return EXIT_JOB_FAILED;
		}
	return 0;
}

/* goto's target from here. */
static int
goto_target(struct ctl *c, int argc, char **argv, const double *here,
    double *to)
{
	if (argc != 2) {
		warnx_tool("goto: give X,Y,Z[,PITCH[,ROLL]] or --joints Q1,...");
		return EXIT_USAGE;
	}
	return c->goto_joints ? target_joints(c, argv[1], here, to) :
	    target_pose(c, argv[1], here, to);
}

/* home: every joint to 0 within its limits, the gripper as it is. */
static int
home_target(struct ctl *c, int argc, const double *here, double *to)
{
	int j;

	if (argc != 1) {
		warnx_tool("home: takes no arguments");
		return EXIT_USAGE;
	}
	for (j = 0; j < c->arm->njoints; j++)
		to[j] = c->arm->joint[j].role == ARM_GRIPPER ? here[j] :
		    arm_clamp(&c->arm->joint[j], 0);
	return 0;
}

/* jog JOINT DELTA: that joint by DELTA degrees, stopping at its limit. */
static int
jog_target(struct ctl *c, int argc, char **argv, const double *here,
    double *to)
{
	double delta;
	int j;

	if (argc != 3 || num_double(argv[2], &delta) != NUM_OK) {
		warnx_tool("jog: give JOINT DELTA (degrees)");
		return EXIT_USAGE;
	}
	if ((j = arm_find(c->arm, argv[1], strlen(argv[1]))) < 0) {
		warnx_tool("jog: %s has no joint '%s'", c->arm->name, argv[1]);
		return EXIT_USAGE;
	}
	memcpy(to, here, sizeof *to * c->arm->njoints);
	to[j] = arm_clamp(&c->arm->joint[j], here[j] + delta);
	if (to[j] != here[j] + delta)
		warnx_tool("jog: %s stops at its limit, %g", argv[1], to[j]);
	return 0;
}

/* gripper PCT: the gripper opened to PCT %, the rest where it is. */
static int
gripper_target(struct ctl *c, int argc, char **argv, const double *here,
    double *to)
{
	double pct;

	if (argc != 2 || num_double(argv[1], &pct) != NUM_OK || pct < 0 ||
	    pct > 100) {
		warnx_tool("gripper: give the opening, 0 (closed) to 100 %%");
		return EXIT_USAGE;
	}
	if (!c->arm->has_gripper) {
		warnx_tool("gripper: %s has none", c->arm->name);
		return EXIT_USAGE;
	}
	memcpy(to, here, sizeof *to * c->arm->njoints);
	to[c->arm->gripper_index] = arm_grip_value(c->arm, pct);
	return 0;
}

int
arm_target(struct ctl *c, int argc, char **argv, const double *here,
    double *to)
{
	if (strcmp(argv[0], "goto") == 0)
		return goto_target(c, argc, argv, here, to);
	if (strcmp(argv[0], "home") == 0)
		return home_target(c, argc, here, to);
	if (strcmp(argv[0], "gripper") == 0)
		return gripper_target(c, argc, argv, here, to);
	return jog_target(c, argc, argv, here, to);
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
