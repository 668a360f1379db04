/*
 * arm.c - the physics of armsim's arm (see arm.h).  A step that would put a
 * link inside an obstacle is cut short by bisection at the last pose that
 * stays clear, so a blocked arm rests just outside the obstacle and can
 * always back away from it.
 */
#include <float.h>
#include <math.h>

#include "arm.h"
#include "kin/kin.h"

/* Distance from point (px,py) to the segment (ax,ay)-(bx,by). */
static double
segment_distance(double ax, double ay, double bx, double by, double px,
    double py)
{
	double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy, t;

	t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
	if (t < 0)
		t = 0;
	else if (t > 1)
		t = 1;
	return hypot(ax + t * dx - px, ay + t * dy - py);
}

double
sim_arm_clearance(const struct arm *a, const double *q)
{
	double xy[2 * (WIRE_MAX_JOINTS + 1)], rad[WIRE_MAX_JOINTS];
	double best = DBL_MAX, d;
	int i, k;

	if (a->desc)
		return arm_clearance3(a->desc, q, a->obs3, a->nobs3);
	if (a->nobs == 0)
		return best;
	for (i = 0; i < a->joints; i++)
		rad[i] = q[i] * (3.14159265358979323846 / 180);
	kin_fk_joints(a->joints, a->link, rad, xy);
	for (k = 0; k < a->nobs; k++)
		for (i = 0; i < a->joints; i++) {
			d = segment_distance(xy[2 * i], xy[2 * i + 1],
			    xy[2 * i + 2], xy[2 * i + 3], a->obs[k].x,
			    a->obs[k].y) - a->obs[k].r;
			if (d < best)
				best = d;
		}
	return best;
}

static void
blend(const struct arm *a, const double *from, const double *to, double f,
    double *out)
{
	int j;

	for (j = 0; j < a->joints; j++)
		out[j] = from[j] + f * (to[j] - from[j]);
}

int
sim_arm_add_later(struct arm *a, const struct arm_obstacle *o, double at)
{
	int i;

	if (a->nobs3 + a->nlater >= ARM_MAX_OBSTACLES)
		return -1;
	for (i = a->nlater; i > 0 && a->later_at[i - 1] > at; i--) {
		a->later[i] = a->later[i - 1];
		a->later_at[i] = a->later_at[i - 1];
	}
	a->later[i] = *o;
	a->later_at[i] = at;
	a->nlater++;
	return 0;
}

/* The later obstacles whose time has come join the others. */
static void
reveal(struct arm *a)
{
	while (a->touched && a->nshown < a->nlater && a->clock >=
	    a->touched_at + a->later_at[a->nshown] &&
	    a->nobs3 < ARM_MAX_OBSTACLES)
		a->obs3[a->nobs3++] = a->later[a->nshown++];
}

/* A step that ended in contact: count it, and how hard it pressed. */
static void
count_contact(struct arm *a, double dt)
{
	double in = -sim_arm_clearance(a, a->cmd);
	int j;

	if (!a->touched) {
		a->touched = 1;
		a->touched_at = a->clock;
	}
	a->contacts.steps++;
	a->contacts.seconds += dt;
	if (in > a->contacts.depth)
		a->contacts.depth = in;
	for (j = 0; j < a->joints; j++)
		if (fabs(a->cmd[j] - a->q[j]) > a->contacts.lag)
			a->contacts.lag = fabs(a->cmd[j] - a->q[j]);
}

void
sim_arm_step(struct arm *a, double dt)
{
	double next[WIRE_MAX_JOINTS] = { 0 }, mid[WIRE_MAX_JOINTS];
	double lo = 0, hi = 1, step, f;
	int j, i;

	a->clock += dt;
	reveal(a);
	for (j = 0; j < a->joints; j++) {
		step = a->cmd[j] - a->q[j];
		if (step > a->speed[j] * dt)
			step = a->speed[j] * dt;
		else if (step < -a->speed[j] * dt)
			step = -a->speed[j] * dt;
		next[j] = a->q[j] + step;
	}
	a->blocked = 0;
	if (sim_arm_clearance(a, next) > 0) {
		for (j = 0; j < a->joints; j++)
			a->q[j] = next[j];
		return;
	}
	/* The largest fraction of the step that keeps every link clear. */
	a->blocked = 1;
	for (i = 0; i < 30; i++) {
		f = (lo + hi) / 2;
		blend(a, a->q, next, f, mid);
		if (sim_arm_clearance(a, mid) > 0)
			lo = f;
		else
			hi = f;
	}
	blend(a, a->q, next, lo, mid);
	for (j = 0; j < a->joints; j++)
		a->q[j] = mid[j];
	count_contact(a, dt);
}
