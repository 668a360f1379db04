/*
 * rows.c - one row in, one (or, with --elbow both, two) rows out: solve
 * with lib/kin and print the joint angles, or with --fk the pose; with
 * --trace, a row for every iteration instead.  Called by main.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/tidy.h"
#include "ikreach.h"

#define PI_HALF_TURN 3.14159265358979323846	/* radians */

static void
add_name(struct names *nm, const char *fmt, int i)
{
	snprintf(nm->buf[nm->nbuf], sizeof nm->buf[0], fmt, i);
	nm->list[nm->n++] = nm->buf[nm->nbuf++];
}

static void
add_joint_names(struct names *nm, int n)
{
	int i;

	for (i = 0; i <= n; i++) {
		add_name(nm, "x%d", i);
		add_name(nm, "y%d", i);
	}
}

int
names_build(struct names *nm, const struct options *o,
    const struct arm_source *src)
{
	int n = o->arm.n, i;
	size_t cap = src->npass + 3 * (size_t)n + 16;

	memset(nm, 0, sizeof *nm);
	nm->list = calloc(cap, sizeof *nm->list);
	nm->buf = calloc(3 * (size_t)n + 4, sizeof *nm->buf);
	if (!nm->list || !nm->buf)
		return -1;
	for (i = 0; i < (int)src->npass; i++)
		nm->list[nm->n++] = src->pass_names[i];
	if (o->fk) {
		nm->list[nm->n++] = "x";
		nm->list[nm->n++] = "y";
		nm->list[nm->n++] = "phi";
		if (o->joints)
			add_joint_names(nm, n);
		return 0;
	}
	if (o->trace)
		nm->list[nm->n++] = "target";
	if (o->both)
		nm->list[nm->n++] = "elbow";
	if (o->trace)
		nm->list[nm->n++] = "iter";
	for (i = 1; i <= n; i++)
		add_name(nm, "q%d", i);
	nm->list[nm->n++] = "err";
	if (o->trace) {
		add_joint_names(nm, n);
		return 0;
	}
	nm->list[nm->n++] = "iter";
	nm->list[nm->n++] = "status";
	nm->list[nm->n++] = "sat";
	return 0;
}

void
evlog_names_free(struct names *nm)
{
	free(nm->list);
	free(nm->buf);
	memset(nm, 0, sizeof *nm);
}

/*
 * Joint i's angle in the printed unit.  A joint on its limit prints as the
 * limit given, not as its round trip through radians (-30 degrees comes
 * back as -29.999999999999996), so limits hold in the numbers people see.
 * Without limits an angle past 180 degrees either way is brought into
 * (-180, 180]; on a path the turns taken off its first row are taken off
 * every row, so the printed path has no jumps (--raw-angles: none).
 */
static double
angle_out(const struct run *r, int i, double q)
{
	double v = q / r->unit;

	if (!r->o->arm.has_limits)
		return r->o->raw_angles ? v : tidy_zero(r->continued ?
		    v + r->shift[i] : tidy_angle(v, PI_HALF_TURN / r->unit));
	if (q <= r->o->arm.lo[i] || v < r->o->lo[i])
		return r->o->lo[i];
	if (q >= r->o->arm.hi[i] || v > r->o->hi[i])
		return r->o->hi[i];
	return v;
}

static void
put_joints(struct run *r, const double *q)
{
	const struct kin_arm *a = &r->o->arm;
	double xy[2 * KIN_MAX_LINKS + 2];
	int i;

	kin_fk_joints(a->n, a->len, q, xy);
	for (i = 0; i <= a->n; i++) {
		table_num(r->t, a->base_x + xy[2 * i]);
		table_num(r->t, a->base_y + xy[2 * i + 1]);
	}
}

/* "q2;q5": the joints sitting on a limit. */
static void
put_sat(struct run *r, uint64_t sat)
{
	char buf[KIN_MAX_LINKS * 5];
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < r->o->arm.n; i++)
		if (sat & ((uint64_t)1 << i))
			used += (size_t)snprintf(buf + used, sizeof buf - used,
			    "%sq%d", used ? ";" : "", i + 1);
	table_str(r->t, buf);
}

void
row_trace(void *ctx, long iter, const double *q, int n)
{
	struct run *r = ctx;
	const struct kin_arm *a = &r->o->arm;
	double x, y;
	int i;

	arm_source_put_passed(r->src, r->t);
	table_long(r->t, r->row);
	if (r->elbow)
		table_str(r->t, r->elbow);
	table_long(r->t, iter);
	for (i = 0; i < n; i++)
		table_num(r->t, angle_out(r, i, q[i]));
	kin_fk(n, a->len, q, &x, &y, NULL);
	table_num(r->t, hypot(r->target.x - a->base_x - x,
	    r->target.y - a->base_y - y));
	put_joints(r, q);
	table_end_row(r->t);
}

static void
put_answer(struct run *r, const double *q, const struct kin_result *res)
{
	int i;

	if (res->status != KIN_OK)
		r->failed = 1;
	if (r->o->trace)
		return;
	arm_source_put_passed(r->src, r->t);
	if (r->elbow)
		table_str(r->t, r->elbow);
	for (i = 0; i < r->o->arm.n; i++) {
		double v = angle_out(r, i, q[i]);

		if (!r->continued)
			r->shift[i] = v - q[i] / r->unit;
		table_num(r->t, v);
	}
	table_num(r->t, tidy_zero(res->err));
	table_long(r->t, res->iter);
	table_str(r->t, kin_status_name(res->status));
	put_sat(r, res->sat);
	table_end_row(r->t);
}

void
row_ik(struct run *r, const double *vals, int have)
{
	double q[KIN_MAX_LINKS];
	struct kin_result res;
	const double *start;

	r->target.x = vals[0];
	r->target.y = vals[1];
	r->target.has_phi = have > 2;
	r->target.phi = have > 2 ? vals[2] * r->unit : 0;
	if (r->o->both) {
		r->elbow = "up";
		kin_solve_elbow(r->s, &r->target, KIN_ELBOW_UP, q, &res);
		put_answer(r, q, &res);
		r->elbow = "down";
		kin_solve_elbow(r->s, &r->target, KIN_ELBOW_DOWN, q, &res);
		put_answer(r, q, &res);
		return;
	}
	start = r->have_prev && !r->o->independent ? r->prev : NULL;
	if (start)	/* a path: the one way every tool follows one */
		kin_solve_near(r->s, &r->target, start, q, &res);
	else
		kin_solve(r->s, &r->target, NULL, q, &res);
	r->continued = start != NULL;
	memcpy(r->prev, q, (size_t)r->o->arm.n * sizeof *q);
	r->have_prev = 1;
	put_answer(r, q, &res);
}

void
row_fk(struct run *r, const double *vals)
{
	const struct kin_arm *a = &r->o->arm;
	double q[KIN_MAX_LINKS], x, y, phi;
	int i;

	for (i = 0; i < a->n; i++)
		q[i] = vals[i] * r->unit;
	kin_fk(a->n, a->len, q, &x, &y, &phi);
	arm_source_put_passed(r->src, r->t);
	table_num(r->t, tidy_zero(a->base_x + x));
	table_num(r->t, tidy_zero(a->base_y + y));
	table_num(r->t, tidy_zero(r->o->raw_angles ? phi / r->unit :
	    tidy_angle(remainder(phi, 2 * PI_HALF_TURN) / r->unit,
	    PI_HALF_TURN / r->unit)));
	if (r->o->joints)
		put_joints(r, q);
	table_end_row(r->t);
}

int
rows_finish(struct table *t, int got, int st, int failed)
{
	if (table_flush(t) < 0) {
		warnx_tool("write error: %s", strerror(errno));
		return EXIT_IOERR;
	}
	if (got < 0)
		return st;
	return failed ? EXIT_JOB_FAILED : EXIT_OK;
}
