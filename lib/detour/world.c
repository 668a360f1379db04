/*
 * world.c - clearance of an arm's poses and moves (world.h).  A link is
 * a segment of kin3d_points grown by the link radius; an obstacle is its
 * body grown by its margin.  A move is checked at steps fine enough that
 * no point travels more than the resolution between two checks: each
 * joint's lever bounds how far it moves a point.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "arm/arm3d.h"
#include "detour/world.h"

#define DEG (3.14159265358979323846 / 180)

/* Levers: the base turns points as far out as the arm reaches; a chain
 * joint, the links after it (an absolute joint's links translate, which
 * moves them no more). */
static void
levers(struct detour_world *w)
{
	const struct arm_desc *a = w->arm;
	double after = a->tool;
	int i;

	memset(w->lever, 0, sizeof w->lever);
	for (i = a->nchain - 1; i >= 0; i--) {
		after += a->joint[a->chain_index + i].length;
		w->lever[a->chain_index + i] = after * DEG;
	}
	if (a->has_base)
		w->lever[a->base_index] = (fabs(a->reach0) + after) * DEG;
}

void
detour_world_init(struct detour_world *w, const struct arm_desc *a,
    const struct arm_obstacle *obs, int nobs, double link_radius)
{
	int i;

	memset(w, 0, sizeof *w);
	w->arm = a;
	w->obs = obs;
	w->nobs = nobs;
	w->link_radius = link_radius;
	w->table = a->has_base;
	for (i = 0; i < a->njoints; i++)
		if (arm_is_positioning(a, i))
			w->move[w->nmove++] = i;
	levers(w);
}

int
detour_in_limits(const struct detour_world *w, const double *q)
{
	int i;

	for (i = 0; i < w->nmove; i++) {
		const struct arm_joint *j = &w->arm->joint[w->move[i]];

		if (!(q[w->move[i]] >= j->lo && q[w->move[i]] <= j->hi))
			return 0;
	}
	return 1;
}

double
detour_clearance(const struct detour_world *w, const double *q, int *which)
{
	double pts[3 * KIN3D_MAX_POINTS], best = DBL_MAX, d;
	int np, i, k, first, what = DETOUR_NONE;

	np = kin3d_points(w->arm, q, pts);
	first = w->arm->has_base ? 2 : 0;	/* from the shoulder */
	if (w->table)
		for (i = first; i < np; i++)
			if ((d = pts[3 * i + 2] - w->link_radius) < best) {
				best = d;
				what = DETOUR_TABLE;
			}
	for (k = 0; k < w->nobs; k++)
		for (i = first; i + 1 < np; i++) {
			d = arm_obstacle_distance(&w->obs[k], pts + 3 * i,
			    pts + 3 * (i + 1)) - w->link_radius -
			    w->obs[k].margin;
			if (d < best) {
				best = d;
				what = k;
			}
		}
	if (which)
		*which = what;
	return best;
}

double
detour_motion(const struct detour_world *w, const double *a, const double *b)
{
	double m = 0;
	int i, j;

	for (i = 0; i < w->nmove; i++) {
		j = w->move[i];
		m += w->lever[j] * fabs(b[j] - a[j]);
	}
	return m;
}

int
detour_move_clear(const struct detour_world *w, const double *a,
    const double *b, double res, int *which, double *at)
{
	double q[ARM_MAX_JOINTS], f;
	long steps, k;
	int i, n = w->arm->njoints;

	steps = (long)ceil(detour_motion(w, a, b) / res);
	if (steps < 1)
		steps = 1;
	if (steps > 1000000L)
		steps = 1000000L;
	memcpy(q, b, (size_t)n * sizeof *q);
	for (k = 1; k <= steps; k++) {
		f = (double)k / steps;
		for (i = 0; i < w->nmove; i++) {
			int j = w->move[i];

			q[j] = k == steps ? b[j] : a[j] + f * (b[j] - a[j]);
		}
		if (detour_clearance(w, q, which) < 0) {
			if (at)
				*at = f;
			return 0;
		}
	}
	return 1;
}
