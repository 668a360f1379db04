/*
 * obstacle.c - distances between an arm's links and spheres or boxes
 * (obstacle.h).  Links are line segments: the distance from a segment to
 * a convex body is a convex function along the segment, so a ternary
 * search finds its minimum; for a sphere it is exact in closed form.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "arm/obstacle.h"
#include "host/num.h"
#include "arm/arm3d.h"

int
arm_obstacle_parse(const char *s, struct arm_obstacle *o, const char **why)
{
	double v[6];
	enum num_error e;
	int n, bad, k;

	memset(o, 0, sizeof *o);
	if (strncmp(s, "sphere:", 7) == 0) {
		n = num_double_list(s + 7, v, 4, &e, &bad);
		if (n != 4 || !(v[3] > 0)) {
			*why = "want sphere:X,Y,Z,R with R > 0 (millimetres)";
			return -1;
		}
		o->kind = ARM_SPHERE;
		memcpy(o->c, v, 3 * sizeof *v);
		o->r = v[3];
		return 0;
	}
	if (strncmp(s, "box:", 4) == 0) {
		n = num_double_list(s + 4, v, 6, &e, &bad);
		if (n != 6) {
			*why = "want box:X0,Y0,Z0,X1,Y1,Z1 (two corners, mm)";
			return -1;
		}
		o->kind = ARM_BOX;
		for (k = 0; k < 3; k++) {
			o->c[k] = fmin(v[k], v[k + 3]);
			o->hi[k] = fmax(v[k], v[k + 3]);
		}
		return 0;
	}
	*why = "want sphere:X,Y,Z,R or box:X0,Y0,Z0,X1,Y1,Z1";
	return -1;
}

/* Distance from point p to the box (0 inside). */
static double
box_point(const struct arm_obstacle *o, const double *p)
{
	double d2 = 0, d;
	int k;

	for (k = 0; k < 3; k++) {
		d = p[k] < o->c[k] ? o->c[k] - p[k] : p[k] > o->hi[k] ?
		    p[k] - o->hi[k] : 0;
		d2 += d * d;
	}
	return sqrt(d2);
}

static void
along(const double *a, const double *b, double t, double *p)
{
	int k;

	for (k = 0; k < 3; k++)
		p[k] = a[k] + t * (b[k] - a[k]);
}

static double
sphere_segment(const struct arm_obstacle *o, const double *a,
    const double *b)
{
	double ab[3], ap[3], len2 = 0, t = 0, p[3], d2 = 0;
	int k;

	for (k = 0; k < 3; k++) {
		ab[k] = b[k] - a[k];
		ap[k] = o->c[k] - a[k];
		len2 += ab[k] * ab[k];
		t += ap[k] * ab[k];
	}
	t = len2 > 0 ? t / len2 : 0;
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	along(a, b, t, p);
	for (k = 0; k < 3; k++)
		d2 += (p[k] - o->c[k]) * (p[k] - o->c[k]);
	return sqrt(d2) - o->r;
}

double
arm_obstacle_distance(const struct arm_obstacle *o, const double *a,
    const double *b)
{
	double lo = 0, hi = 1, m1, m2, p[3];
	int i;

	if (o->kind == ARM_SPHERE)
		return sphere_segment(o, a, b);
	for (i = 0; i < 60; i++) {
		m1 = lo + (hi - lo) / 3;
		m2 = hi - (hi - lo) / 3;
		along(a, b, m1, p);
		double d1 = box_point(o, p);
		along(a, b, m2, p);
		if (d1 <= box_point(o, p))
			hi = m2;
		else
			lo = m1;
	}
	along(a, b, (lo + hi) / 2, p);
	m1 = box_point(o, p);
	/* touching counts as contact: a hair inside reads as negative */
	return m1 > 1e-9 ? m1 : -1e-9;
}

double
arm_clearance3(const struct arm_desc *a, const double *q,
    const struct arm_obstacle *o, int n)
{
	double pts[3 * KIN3D_MAX_POINTS], best = DBL_MAX, d;
	int np, i, k, first;

	if (n == 0)
		return best;
	np = kin3d_points(a, q, pts);
	first = a->has_base ? 2 : 0;	/* from the shoulder */
	for (k = 0; k < n; k++)
		for (i = first; i + 1 < np; i++) {
			d = arm_obstacle_distance(&o[k], pts + 3 * i,
			    pts + 3 * (i + 1));
			if (d < best)
				best = d;
		}
	return best;
}
