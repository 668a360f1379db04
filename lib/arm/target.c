/*
 * target.c - the targets of a described arm's move commands (target.h):
 * words to joint values, clamped into the limits (home, jog, a Cartesian
 * goto) or refused beyond them (goto --joints).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm3d.h"
#include "arm/pose.h"
#include "arm/target.h"
#include "host/diag.h"
#include "host/num.h"

/* A line more for the caller to say. */
static void
say_line(char *say, size_t cap, const char *line)
{
	size_t n = strlen(say);

	if (n < cap)
		snprintf(say + n, cap - n, "%s%s", n ? "\n" : "", line);
}

/* goto X,Y,Z[,PITCH[,ROLL]]: the pose by inverse kinematics. */
static enum arm_status
target_pose(const struct arm_desc *a, const char *arg, const double *here,
    double *to, char *say, size_t cap)
{
	struct kin3d_target t;
	struct kin_result res;
	struct kin_opts o;
	enum num_error e;
	char line[300];
	double v[5];
	struct kin3d *k;
	void *mem;
	int n, bad, p = a->has_base ? 3 : 2;

	if ((n = num_double_list(arg, v, 5, &e, &bad)) < 0) {
		snprintf(line, sizeof line, "goto '%s': item %d: %s", arg,
		    bad + 1, num_strerror(e));
		say_line(say, cap, line);
	}
	if (n < p || n > p + 2) {
		snprintf(line, sizeof line, "goto: want %s[,PITCH[,ROLL]]",
		    p == 3 ? "X,Y,Z" : "X,Y");
		say_line(say, cap, line);
		return ARM_USAGE;
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
	if ((mem = malloc(arm_3d_size(a))) == NULL ||
	    (k = arm_3d_init(mem, arm_3d_size(a), a, &o)) == NULL) {
		free(mem);
		say_line(say, cap, "goto: cannot solve this arm");
		return ARM_NO_MEMORY;
	}
	arm_solve_near(k, &t, here, to, &res);
	free(mem);
	if (res.status == KIN_OK)
		return ARM_OK;
	snprintf(line, sizeof line, "goto %s: %s (%.3g mm away)", arg,
	    kin_status_name(res.status), res.err);
	say_line(say, cap, line);
	return ARM_FAILED;
}

/* goto --joints Q1,...|FILE|-: a pose (spine-path(5)), then within the
 * limits: a goal beyond them is refused, never clamped. */
static enum arm_status
target_joints(const struct arm_desc *a, const char *arg, const double *here,
    double *to, char *say, size_t cap)
{
	struct diag d = diag_for("goto --joints");
	char line[300];
	enum arm_status r;
	int j;

	if ((r = arm_pose_arg(arg, a, here, to, &d)) != ARM_OK)
		return r;
	for (j = 0; j < a->njoints; j++)
		if (to[j] != arm_clamp(&a->joint[j], to[j])) {
			snprintf(line, sizeof line, "goto: %s = %g is beyond "
			    "its limits %g..%g", a->joint[j].name,
			    a->joint[j].role == ARM_GRIPPER ?
			    arm_grip_pct(a, to[j]) : to[j], a->joint[j].lo,
			    a->joint[j].hi);
			say_line(say, cap, line);
			return ARM_FAILED;
		}
	return ARM_OK;
}

/* jog JOINT DELTA: that joint by DELTA degrees, stopping at its limit. */
static enum arm_status
target_jog(const struct arm_desc *a, int argc, char **argv,
    const double *here, double *to, char *say, size_t cap)
{
	char line[300];
	double delta;
	int j;

	if (argc != 3 || num_double(argv[2], &delta) != NUM_OK) {
		say_line(say, cap, "jog: give JOINT DELTA (degrees)");
		return ARM_USAGE;
	}
	if ((j = arm_find(a, argv[1], strlen(argv[1]))) < 0) {
		snprintf(line, sizeof line, "jog: %s has no joint '%s'",
		    a->name, argv[1]);
		say_line(say, cap, line);
		return ARM_USAGE;
	}
	memcpy(to, here, sizeof *to * a->njoints);
	to[j] = arm_clamp(&a->joint[j], here[j] + delta);
	if (to[j] != here[j] + delta) {
		snprintf(line, sizeof line, "jog: %s stops at its limit, %g",
		    argv[1], to[j]);
		say_line(say, cap, line);
	}
	return ARM_OK;
}

/* gripper PCT: the gripper opened to PCT %, the rest where it is. */
static enum arm_status
target_gripper(const struct arm_desc *a, int argc, char **argv,
    const double *here, double *to, char *say, size_t cap)
{
	char line[300];
	double pct;

	if (argc != 2 || num_double(argv[1], &pct) != NUM_OK || pct < 0 ||
	    pct > 100) {
		say_line(say, cap, "gripper: give the opening, 0 (closed) to "
		    "100 %");
		return ARM_USAGE;
	}
	if (!a->has_gripper) {
		snprintf(line, sizeof line, "gripper: %s has none", a->name);
		say_line(say, cap, line);
		return ARM_USAGE;
	}
	memcpy(to, here, sizeof *to * a->njoints);
	to[a->gripper_index] = arm_grip_value(a, pct);
	return ARM_OK;
}

enum arm_status
arm_move_target(const struct arm_desc *a, int joints, int argc,
    char **argv, const double *here, double *to, char *say, size_t cap)
{
	int j;

	say[0] = '\0';
	if (strcmp(argv[0], "jog") == 0)
		return target_jog(a, argc, argv, here, to, say, cap);
	if (strcmp(argv[0], "gripper") == 0)
		return target_gripper(a, argc, argv, here, to, say, cap);
	if (strcmp(argv[0], "home") == 0) {
		if (argc != 1) {
			say_line(say, cap, "home: takes no arguments");
			return ARM_USAGE;
		}
		/* every joint to 0 within its limits, the gripper as it is */
		for (j = 0; j < a->njoints; j++)
			to[j] = a->joint[j].role == ARM_GRIPPER ? here[j] :
			    arm_clamp(&a->joint[j], 0);
		return ARM_OK;
	}
	if (argc != 2) {
		say_line(say, cap, "goto: give X,Y,Z[,PITCH[,ROLL]] or "
		    "--joints Q1,...");
		return ARM_USAGE;
	}
	return joints ? target_joints(a, argv[1], here, to, say, cap) :
	    target_pose(a, argv[1], here, to, say, cap);
}

enum arm_status
arm_path_load(struct arm_path *p, const char *path, const struct arm_desc *a,
    double period, const double *start, char *say, size_t cap)
{
	int in = strcmp(path, "-") == 0, r;
	FILE *fp = in ? stdin : fopen(path, "r");
	struct diag d = diag_for(in ? "<stdin>" : path);

	say[0] = '\0';
	if (fp == NULL) {
		snprintf(say, cap, "%s: %s", path, strerror(errno));
		return ARM_NO_INPUT;
	}
	r = arm_path_read(p, fp, a, period, start, &d);
	if (!in)
		fclose(fp);
	return r == -2 ? ARM_FAILED : r < 0 ? ARM_DATA :
	    ARM_OK;
}

enum arm_status
arm_path_ready(struct arm_path *p, const struct arm_desc *a,
    const double *here, double threshold, int approach, int check,
    double period, struct arm_peak *pk, char *say, size_t cap)
{
	const char *what;
	int j, sp;

	say[0] = '\0';
	arm_path_peaks(p, pk);
	if ((j = arm_path_too_fast(a, pk, ARM_PATH_SLACK, &what)) >= 0) {
		sp = strcmp(what, "speed") == 0;
		snprintf(say, cap, "run: too fast for %s: peak %s %.4g deg/s%s "
		    "at t = %.3f s, its limit %.4g", a->joint[j].name, what,
		    sp ? pk[j].speed : pk[j].accel, sp ? "" : "^2",
		    sp ? pk[j].speed_at : pk[j].accel_at,
		    sp ? a->joint[j].speed : a->joint[j].accel);
		return ARM_FAILED;
	}
	for (j = 0; j < p->nj && !approach; j++)
		if (fabs(p->q[j] - here[j]) > threshold) {
			snprintf(say, cap, "run: the path starts at %s = %g "
			    "but the arm is at %g; run --approach moves it "
			    "there first", a->joint[j].name, p->q[j], here[j]);
			return ARM_FAILED;
		}
	if (check || !approach)
		return ARM_OK;
	if (arm_path_approach(p, a, here, period) == 0)
		return ARM_OK;
	snprintf(say, cap, "out of memory");
	return ARM_NO_MEMORY;
}
