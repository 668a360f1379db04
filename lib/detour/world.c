/*
 * world.c - clearance of an arm's poses and moves (world.h).  A link is
 * a segment of arm_3d_points grown by the link radius; an obstacle is its
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

/* A sphere about the obstacle's body: its centre into c, its radius. */
static double
bounds(const struct arm_obstacle *o, double *c)
{
	double h2 = 0, d;
	int k;

	if (o->kind == ARM_SPHERE) {
		memcpy(c, o->c, 3 * sizeof *c);
		return o->r;
	}
	for (k = 0; k < 3; k++) {
		c[k] = (o->c[k] + o->hi[k]) / 2;
		d = (o->hi[k] - o->c[k]) / 2;
		h2 += d * d;
	}
	return sqrt(h2) + (o->kind == ARM_CAPSULE ? o->r : 0);
}

/* Distance from point p to the segment a-b. */
static double
point_segment(const double *p, const double *a, const double *b)
{
	double ab[3], ap[3], len2 = 0, t = 0, d2 = 0, e;
	int k;

	for (k = 0; k < 3; k++) {
		ab[k] = b[k] - a[k];
		ap[k] = p[k] - a[k];
		len2 += ab[k] * ab[k];
		t += ap[k] * ab[k];
	}
	t = len2 > 0 ? t / len2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	for (k = 0; k < 3; k++) {
		e = a[k] + t * ab[k] - p[k];
		d2 += e * e;
	}
	return sqrt(d2);
}

/*
 * The obstacles' clearance from the links pts[first..np).  An obstacle's
 * bounding sphere gives a cheap lower bound: when that is no nearer than
 * the best so far, the exact distance cannot be either.
 */
static double
obstacles(const struct detour_world *w, const double *pts, int first, int np,
    double best, int *what)
{
	double c[3], r, d, slack;
	int i, k;

	for (k = 0; k < w->nobs; k++) {
		r = bounds(&w->obs[k], c);
		slack = w->link_radius + w->obs[k].margin;
		for (i = first; i + 1 < np; i++) {
			if (point_segment(c, pts + 3 * i, pts + 3 * (i + 1)) -
			    r - slack >= best)
				continue;
			d = arm_obstacle_distance(&w->obs[k], pts + 3 * i,
			    pts + 3 * (i + 1)) - slack;
			if (d < best) {
				best = d;
				*what = k;
			}
		}
	}
	return best;
}

/*
 * The clearance of pose q, or `ceiling` when it is larger: an obstacle
 * whose bounding sphere keeps at least that far from a link is never
 * measured exactly.  A yes-or-no check (ceiling 0) thus skips nearly
 * every exact distance, and still says the deepest of what it hits.
 */
static double
clearance_below(const struct detour_world *w, const double *q,
    double ceiling, int *which)
{
	double pts[3 * KIN3D_MAX_POINTS], best = ceiling, d;
	int np, i, first, what = DETOUR_NONE;

	np = arm_3d_points(w->arm, q, pts);
	first = w->arm->has_base ? 2 : 0;	/* from the shoulder */
	if (w->table)
		for (i = first; i < np; i++)
			if ((d = pts[3 * i + 2] - w->link_radius) < best) {
				best = d;
				what = DETOUR_TABLE;
			}
	best = obstacles(w, pts, first, np, best, &what);
	if (which)
		*which = what;
	return best;
}

double
detour_clearance(const struct detour_world *w, const double *q, int *which)
{
	return clearance_below(w, q, DBL_MAX, which);
}

int
detour_pose_clear(const struct detour_world *w, const double *q, int *which)
{
	return clearance_below(w, q, 0, which) >= 0;
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

/* Pose k of `steps` along the move from a to b into q. */
static int
clear_at(const struct detour_world *w, const double *a, const double *b,
    long k, long steps, double *q, int *which, double *at)
{
	double f = (double)k / steps;
	int i, j;

	for (i = 0; i < w->nmove; i++) {
		j = w->move[i];
		q[j] = k == steps ? b[j] : a[j] + f * (b[j] - a[j]);
	}
	if (detour_pose_clear(w, q, which))
		return 1;
	if (at)
		*at = f;
	return 0;
}

/*
 * The end first, then the poses between by halving (every pose once:
 * pose k in the pass whose stride is the largest power of two dividing
 * it): a blocked move is mostly found in a few looks.
 */
int
detour_move_clear(const struct detour_world *w, const double *a,
    const double *b, double res, int *which, double *at)
{
	double q[ARM_MAX_JOINTS];
	long steps, stride, k;

	steps = (long)ceil(detour_motion(w, a, b) / res);
	if (steps < 1)
		steps = 1;
	if (steps > 1000000L)
		steps = 1000000L;
	memcpy(q, b, (size_t)w->arm->njoints * sizeof *q);
	if (!clear_at(w, a, b, steps, steps, q, which, at))
		return 0;
	for (stride = 1; stride * 2 < steps; stride *= 2)
		;
	for (; stride >= 1; stride /= 2)
		for (k = stride; k < steps; k += 2 * stride)
			if (!clear_at(w, a, b, k, steps, q, which, at))
				return 0;
	return 1;
}
