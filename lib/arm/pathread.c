/*
 * pathread.c - a described arm's waypoints from the path table
 * (spine-path(5), lib/traj/waypoints.h): joints by the arm's names or
 * q1..qN, else tool points solved near the waypoint before; a gripper in
 * percent; a t column; rows ikreach marked refused.  Called by armctl
 * (run, goto --joints) through arm_path_read and arm_pose_read.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm3d.h"
#include "arm/path.h"
#include "traj/waypoints.h"

#define WAY_JOINTS 0	/* by name */
#define WAY_NUMBERED 1	/* q1..qN */
#define WAY_POINT 2	/* x,y[,z][,pitch][,roll], roll and gripper */

struct reader {
	const struct arm_desc *a;
	struct traj_table tt;
	struct kin3d *k;
	struct diag *d;
	const char *point[8];	/* WAY_POINT's names */
	int npoint, joint_at[2];	/* where the roll, gripper are */
	double t0;
};

static int
open_table(struct reader *rd, FILE *fp)
{
	const char *names[ARM_MAX_JOINTS];
	const struct arm_desc *a = rd->a;
	struct traj_way ways[3];
	int j, npos = a->nchain + a->has_base;

	for (j = 0; j < a->njoints; j++)
		names[j] = a->joint[j].name;
	rd->npoint = 0;
	rd->point[rd->npoint++] = "x";
	rd->point[rd->npoint++] = "y";
	if (a->has_base)
		rd->point[rd->npoint++] = "z";
	rd->point[rd->npoint++] = "pitch";
	rd->point[rd->npoint++] = "roll";
	rd->joint_at[0] = rd->joint_at[1] = -1;
	if (a->has_roll) {
		rd->joint_at[0] = rd->npoint;
		rd->point[rd->npoint++] = a->joint[a->roll_index].name;
	}
	if (a->has_gripper) {
		rd->joint_at[1] = rd->npoint;
		rd->point[rd->npoint++] = a->joint[a->gripper_index].name;
	}
	/* the base and chain come first in the arm's order */
	ways[WAY_JOINTS] = (struct traj_way){ names, a->njoints, npos };
	ways[WAY_NUMBERED] = (struct traj_way){ NULL, a->njoints, npos };
	ways[WAY_POINT] = (struct traj_way){ rd->point, rd->npoint,
	    a->has_base ? 3 : 2 };
	return traj_table_open(&rd->tt, fp, rd->d, ways, 3, NULL, 0);
}

/* Joint j's value v as read (a gripper's in %) into q; 0 or -1. */
static int
joint_value(struct reader *rd, int j, int col, double v, double *q)
{
	const struct arm_joint *jt = &rd->a->joint[j];

	if (isnan(v))
		return 0;	/* kept from the row before */
	if (jt->role == ARM_GRIPPER)
		v = arm_grip_value(rd->a, v < 0 ? 0 : v > 100 ? 100 : v);
	if (v < jt->lo - 1e-9 || v > jt->hi + 1e-9) {
		diag_error(rd->d, rd->tt.line, csv_col(&rd->tt.csv,
		    (size_t)col), "%s = %g is beyond its limits %g..%g",
		    jt->name, v, jt->lo, jt->hi);
		return -1;
	}
	q[j] = arm_clamp(jt, v);
	return 0;
}

/* x,y,z[,pitch,roll] through the kinematics, near q; 0 or -2. */
static int
row_point(struct reader *rd, double *q)
{
	const double *v = rd->tt.v;
	int p = rd->a->has_base ? 3 : 2;
	struct kin3d_target t;
	struct kin_result res;

	memset(&t, 0, sizeof t);
	t.x = v[0];
	t.y = v[1];
	t.z = p == 3 ? v[2] : 0;
	t.has_pitch = !isnan(v[p]);
	t.pitch = t.has_pitch ? v[p] : 0;
	t.has_roll = !isnan(v[p + 1]);
	t.roll = t.has_roll ? v[p + 1] : 0;
	arm_solve_near(rd->k, &t, q, q, &res);
	if (res.status != KIN_OK) {
		diag_error(rd->d, rd->tt.line, 0, "x,y,z = %g,%g,%g: %s (%g mm "
		    "away)", t.x, t.y, t.z, kin_status_name(res.status),
		    res.err);
		return -2;
	}
	return 0;
}

static int
row_joints(struct reader *rd, double *q)
{
	int j, i;

	if (rd->tt.way != WAY_POINT) {
		for (j = 0; j < rd->tt.n; j++)
			if (joint_value(rd, j, rd->tt.col[j], rd->tt.v[j], q))
				return -1;
		return 0;
	}
	for (i = 0; i < 2; i++)
		if ((j = rd->joint_at[i]) >= 0 && joint_value(rd, i ?
		    rd->a->gripper_index : rd->a->roll_index, rd->tt.col[j],
		    rd->tt.v[j], q) != 0)
			return -1;
	return 0;
}

/* The row's time into *t: its t column from the first row's, else
 * period seconds after the row before; 0, or -1 reported. */
static int
row_time(struct reader *rd, const struct arm_path *p, double period,
    double *t)
{
	double v = rd->tt.t;

	if (rd->tt.t_col < 0) {
		*t = p->n * period;
		return 0;
	}
	if (p->n == 0)
		rd->t0 = v;
	v -= rd->t0;
	if (p->n > 0 && !(v > p->t[p->n - 1])) {
		diag_error(rd->d, rd->tt.line, csv_col(&rd->tt.csv,
		    (size_t)rd->tt.t_col), "t = %g does not come after the row "
		    "before", v + rd->t0);
		return -1;
	}
	*t = v;
	return 0;
}

static int
read_rows(struct reader *rd, struct arm_path *p, double period,
    const double *start)
{
	const struct arm_desc *a = rd->a;
	double q[ARM_MAX_JOINTS], t;
	int got, r;

	memcpy(q, start, sizeof *q * a->njoints);
	while ((got = traj_table_next(&rd->tt)) == 1) {
		if (traj_table_missed(&rd->tt))
			return -2;
		if ((rd->tt.way == WAY_POINT && (r = row_point(rd, q)) < 0) ||
		    (r = row_joints(rd, q)) < 0 ||
		    (r = row_time(rd, p, period, &t)) < 0)
			return r;
		if (arm_path_append(p, a->njoints, q, t, rd->tt.line) < 0) {
			diag_error(rd->d, rd->tt.line, 0, "too many waypoints");
			return -1;
		}
	}
	if (got < 0)
		return -1;
	if (p->n == 0) {
		diag_error(rd->d, 0, 0, "no waypoints");
		return -1;
	}
	return 0;
}

/* The kinematics, for a table of tool points. */
static int
solver(struct reader *rd)
{
	struct kin_opts o;
	void *mem;

	memset(&o, 0, sizeof o);
	if ((mem = malloc(arm_3d_size(rd->a))) == NULL ||
	    (rd->k = arm_3d_init(mem, arm_3d_size(rd->a), rd->a, &o)) == NULL) {
		free(mem);
		diag_error(rd->d, 0, 0, "cannot solve this arm");
		return -1;
	}
	return 0;
}

int
arm_path_read(struct arm_path *p, FILE *fp, const struct arm_desc *a,
    double period, const double *start, struct diag *d)
{
	struct reader rd;
	int rc;

	memset(p, 0, sizeof *p);
	memset(&rd, 0, sizeof rd);
	rd.a = a;
	rd.d = d;
	rc = open_table(&rd, fp);
	if (rc == 0) {
		p->timed = rd.tt.t_col >= 0;
		p->cartesian = rd.tt.way == WAY_POINT;
		p->nj = a->njoints;
		if (p->cartesian)
			rc = solver(&rd);
	}
	if (rc == 0)
		rc = read_rows(&rd, p, period, start);
	free(rd.k);
	traj_table_close(&rd.tt);
	if (rc < 0)
		arm_path_free(p);
	return rc;
}
