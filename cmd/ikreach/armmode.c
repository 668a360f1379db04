/*
 * armmode.c - ikreach --arm FILE: targets x,y,z[,pitch[,roll]] solved for
 * a described arm (spine-arm(5)) through lib/kin/arm3d, out as the
 * arm's named joint columns; with --fk the reverse.  Called by main.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "arm/arm3d.h"
#include "arm/pose.h"
#include "ikreach.h"

#define MAX_COLS (ARM_MAX_JOINTS + 8)

struct armrun {
	const struct options *o;
	struct arm_desc a;
	struct kin3d *k;
	struct arm_source src;
	struct table *t;
	const char *names[MAX_COLS + ARM_SOURCE_MAX_WANT + 3 * KIN3D_MAX_POINTS];
	char pnames[3 * KIN3D_MAX_POINTS][24];	/* --fk --joints: x0,y0,z0.. */
	int npoints;
	const char *want[MAX_COLS];
	int nwant, need;
	int out[ARM_MAX_JOINTS];	/* joints printed, arm indices */
	int nout;
	int grip_col;			/* want[] index of the gripper, or -1 */
	double prev[ARM_MAX_JOINTS];
	int have_prev, failed;
};

static const char *const ik_cols[] = { "x", "y", "z", "pitch", "roll" };

/* Which joints go out: the positioning ones, the roll, the gripper when
 * the input gives it. */
static void
choose_out(struct armrun *r)
{
	const struct arm_desc *a = &r->a;
	int i;

	r->nout = 0;
	for (i = 0; i < a->njoints; i++)
		if (arm_is_positioning(a, i) || a->joint[i].role == ARM_ROLL ||
		    (a->joint[i].role == ARM_GRIPPER && r->grip_col >= 0))
			r->out[r->nout++] = i;
}

/* The columns read: x,y,z,pitch,roll (+ gripper), or the joint names. */
static void
choose_in(struct armrun *r)
{
	const struct arm_desc *a = &r->a;
	int i;

	r->nwant = 0;
	r->grip_col = -1;
	if (r->o->fk) {
		for (i = 0; i < a->njoints; i++)
			if (arm_is_positioning(a, i))
				r->want[r->nwant++] = a->joint[i].name;
		r->need = r->nwant;
		if (a->has_roll)
			r->want[r->nwant++] = a->joint[a->roll_index].name;
		return;
	}
	/* a planar arm's targets are x,y[,pitch[,roll]] */
	for (i = 0; i < 5; i++)
		if (a->has_base || i != 2)
			r->want[r->nwant++] = ik_cols[i];
	r->need = a->has_base ? 3 : 2;
	if (a->has_gripper) {
		r->grip_col = r->nwant;
		r->want[r->nwant++] = a->joint[a->gripper_index].name;
	}
}

static int
open_input(struct armrun *r, char **args, int nargs, int files)
{
	const char *drop[MAX_COLS];
	struct diag say = diag_for(NULL);
	enum arm_status st;
	int i, nd = 0;

	if (nargs > 0 && files == 0) {
		arm_source_args(&r->src, args, nargs, r->nwant - (r->grip_col >=
		    0), &say);
		r->grip_col = -1;
		return 0;
	}
	if (r->o->fk) {
		for (i = 0; i < 5; i++)
			drop[nd++] = ik_cols[i];
	} else {
		for (i = 0; i < r->a.njoints; i++)
			drop[nd++] = r->a.joint[i].name;
		drop[nd++] = "err";
		drop[nd++] = "iter";
		drop[nd++] = "status";
		drop[nd++] = "sat";
	}
	if ((st = arm_source_csv(&r->src, nargs ? args[0] : "-", r->want,
	    r->nwant, r->need, drop, nd, &say)) == ARM_OK && r->grip_col >= 0 &&
	    r->src.col[r->grip_col] < 0)
		r->grip_col = -1;
	return arm_status_exit(st);
}

static void
header(struct armrun *r)
{
	size_t n = 0, i;

	for (i = 0; i < r->src.npass; i++)
		r->names[n++] = r->src.pass_names[i];
	if (r->o->fk) {
		double q[ARM_MAX_JOINTS] = { 0 }, pts[3 * KIN3D_MAX_POINTS];

		for (i = 0; i < 5; i++)
			r->names[n++] = ik_cols[i];
		r->npoints = r->o->joints ? arm_3d_points(&r->a, q, pts) : 0;
		for (i = 0; i < (size_t)r->npoints * 3; i++) {
			snprintf(r->pnames[i], sizeof r->pnames[i], "%c%zu",
			    "xyz"[i % 3], i / 3);
			r->names[n++] = r->pnames[i];
		}
	} else {
		for (i = 0; i < (size_t)r->nout; i++)
			r->names[n++] = r->a.joint[r->out[i]].name;
		r->names[n++] = "err";
		r->names[n++] = "iter";
		r->names[n++] = "status";
		r->names[n++] = "sat";
	}
	table_init(r->t, stdout, r->o->format, r->o->precision, r->names, n);
	if (r->o->header)
		table_header(r->t);
}

/* "elbow_flex;wrist_flex": the joints sitting on a limit. */
static void
put_sat(struct armrun *r, uint64_t sat)
{
	char buf[ARM_MAX_JOINTS * ARM_NAME_MAX];
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < r->a.njoints; i++)
		if (sat & ((uint64_t)1 << i))
			used += (size_t)snprintf(buf + used, sizeof buf - used,
			    "%s%s", used ? ";" : "", r->a.joint[i].name);
	table_str(r->t, buf);
}

static void
row_ik3(struct armrun *r, const double *v)
{
	const struct arm_desc *a = &r->a;
	struct kin3d_target t;
	struct kin_result res;
	double q[ARM_MAX_JOINTS];
	int p = a->has_base ? 3 : 2, i, j;

	memset(&t, 0, sizeof t);
	t.x = v[0];
	t.y = v[1];
	t.z = a->has_base ? v[2] : 0;
	t.has_pitch = !isnan(v[p]);
	t.pitch = t.has_pitch ? v[p] : 0;
	t.has_roll = !isnan(v[p + 1]);
	t.roll = t.has_roll ? v[p + 1] : 0;
	arm_solve_near(r->k, &t, r->have_prev && !r->o->independent ?
	    r->prev : NULL, q, &res);
	if (r->grip_col >= 0)
		q[a->gripper_index] = v[r->grip_col];	/* percent */
	memcpy(r->prev, q, sizeof q);
	r->have_prev = 1;
	if (res.status != KIN_OK)
		r->failed = 1;
	arm_source_put_passed(&r->src, r->t);
	for (i = 0; i < r->nout; i++) {
		j = r->out[i];
		table_num(r->t, q[j]);
	}
	table_num(r->t, res.err);
	table_long(r->t, res.iter);
	table_str(r->t, kin_status_name(res.status));
	put_sat(r, res.sat);
	table_end_row(r->t);
}

static void
row_fk3(struct armrun *r, const double *v)
{
	const struct arm_desc *a = &r->a;
	double q[ARM_MAX_JOINTS] = { 0 };
	struct kin3d_pose p;
	int i, w = 0;

	for (i = 0; i < a->njoints; i++)
		if (arm_is_positioning(a, i))
			q[i] = v[w++];
	if (a->has_roll)
		q[a->roll_index] = isnan(v[w]) ? 0 : v[w];
	arm_3d_fk(a, q, &p);
	arm_source_put_passed(&r->src, r->t);
	table_num(r->t, p.x);
	table_num(r->t, p.y);
	table_num(r->t, p.z);
	table_num(r->t, p.pitch);
	table_num(r->t, p.roll);
	if (r->npoints > 0) {
		double pts[3 * KIN3D_MAX_POINTS];

		arm_3d_points(a, q, pts);
		for (i = 0; i < 3 * r->npoints; i++)
			table_num(r->t, pts[i]);
	}
	table_end_row(r->t);
}

/* --near: the pose the first target is solved from (goto's rule). */
static int
near_pose(struct armrun *r)
{
	double rest[ARM_MAX_JOINTS];
	struct diag d = diag_for("--near");
	int j;

	for (j = 0; j < r->a.njoints; j++)
		rest[j] = arm_clamp(&r->a.joint[j], 0);
	r->have_prev = 1;
	return arm_status_exit(arm_pose_arg(r->o->near, &r->a, rest, r->prev,
	    &d));
}

static int
rows(struct armrun *r)
{
	double v[MAX_COLS];
	enum arm_status st = ARM_OK;
	int have, got, i;

	for (;;) {
		for (i = 0; i < MAX_COLS; i++)
			v[i] = NAN;
		if ((got = arm_source_next(&r->src, v, r->need, &have, &st)) != 1)
			break;
		if (r->o->fk)
			row_fk3(r, v);
		else
			row_ik3(r, v);
		if (r->t->failed)
			break;
	}
	return rows_finish(r->t, got, arm_status_exit(st), r->failed);
}

int
arm_mode(const struct options *o, const char *file, char **args, int nargs,
    int files)
{
	struct armrun *r = calloc(1, sizeof *r);
	struct diag say = diag_for(NULL);
	void *mem = NULL;
	int st;

	if (r == NULL || (r->t = malloc(sizeof *r->t)) == NULL) {
		free(r);
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	r->o = o;
	if ((st = arm_status_exit(arm_load(&r->a, file, &say))) != 0)
		goto out;
	choose_in(r);
	if ((st = open_input(r, args, nargs, files)) != 0)
		goto out;
	choose_out(r);
	mem = malloc(arm_3d_size(&r->a));
	if (mem == NULL || (r->k = arm_3d_init(mem, arm_3d_size(&r->a), &r->a,
	    &o->kin)) == NULL) {
		warnx_tool("%s: cannot solve this arm", file);
		st = EXIT_DATAERR;
		goto out;
	}
	if (o->near && (st = near_pose(r)) != 0)
		goto out;
	header(r);
	st = rows(r);
out:
	arm_source_close(&r->src);
	free(mem);
	free(r->t);
	free(r);
	return st;
}
