/*
 * obstacle.c - distances between an arm's links and spheres, boxes or
 * capsules (obstacle.h).  Links are line segments.  A sphere and a
 * capsule are a point and a segment grown by a radius, so their distances
 * are closed forms.  A segment clear of a box is nearest it at one of its
 * ends or across one of the box's twelve edges (a closest pair on the
 * segment's middle and a face's middle lies parallel to the face and slides
 * to an end or an edge at the same distance); inside, the box's signed
 * distance is convex along the segment and a ternary search finds its
 * deepest point.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arm/obstacle.h"
#include "host/num.h"
#include "arm/arm3d.h"

static int
parse_sphere(const char *s, struct arm_obstacle *o, const char **why)
{
	double v[4];
	enum num_error e;
	int bad;

	if (num_double_list(s, v, 4, &e, &bad) != 4 || !(v[3] > 0)) {
		*why = "want sphere:X,Y,Z,R with R > 0 (millimetres)";
		return -1;
	}
	o->kind = ARM_SPHERE;
	memcpy(o->c, v, 3 * sizeof *v);
	o->r = v[3];
	return 0;
}

static int
parse_box(const char *s, struct arm_obstacle *o, const char **why)
{
	double v[6];
	enum num_error e;
	int bad, k;

	if (num_double_list(s, v, 6, &e, &bad) != 6) {
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

static int
parse_capsule(const char *s, struct arm_obstacle *o, const char **why)
{
	double v[7];
	enum num_error e;
	int bad;

	if (num_double_list(s, v, 7, &e, &bad) != 7 || !(v[6] > 0)) {
		*why = "want capsule:X0,Y0,Z0,X1,Y1,Z1,R (its axis, R > 0, mm)";
		return -1;
	}
	o->kind = ARM_CAPSULE;
	memcpy(o->c, v, 3 * sizeof *v);
	memcpy(o->hi, v + 3, 3 * sizeof *v);
	o->r = v[6];
	return 0;
}

int
arm_obstacle_parse(const char *s, struct arm_obstacle *o, const char **why)
{
	memset(o, 0, sizeof *o);
	if (strncmp(s, "sphere:", 7) == 0)
		return parse_sphere(s + 7, o, why);
	if (strncmp(s, "box:", 4) == 0)
		return parse_box(s + 4, o, why);
	if (strncmp(s, "capsule:", 8) == 0)
		return parse_capsule(s + 8, o, why);
	*why = "want sphere:X,Y,Z,R, box:X0,Y0,Z0,X1,Y1,Z1 or "
	    "capsule:X0,Y0,Z0,X1,Y1,Z1,R";
	return -1;
}

static double
dot(const double *a, const double *b)
{
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void
along(const double *a, const double *b, double t, double *p)
{
	int k;

	for (k = 0; k < 3; k++)
		p[k] = a[k] + t * (b[k] - a[k]);
}

static double
clamp01(double x)
{
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* Distance from point p to the segment a-b. */
static double
point_segment(const double *p, const double *a, const double *b)
{
	double ab[3], ap[3], len2, t, q[3];
	int k;

	for (k = 0; k < 3; k++) {
		ab[k] = b[k] - a[k];
		ap[k] = p[k] - a[k];
	}
	len2 = dot(ab, ab);
	t = len2 > 0 ? clamp01(dot(ap, ab) / len2) : 0;
	along(a, b, t, q);
	for (k = 0; k < 3; k++)
		q[k] -= p[k];
	return sqrt(dot(q, q));
}

/*
 * The squared distance |w + s u - t v|^2 is convex in (s, t): take the
 * best s for a free t, clamp it, the best t for that s, and when t had
 * to be clamped, the best s again on that edge of the square.
 */
double
arm_segments_distance(const double *a0, const double *a1, const double *b0,
    const double *b1)
{
	double u[3], v[3], w[3], p[3], q[3], A, B, C, D, E, den, s, t;
	int k;

	for (k = 0; k < 3; k++) {
		u[k] = a1[k] - a0[k];
		v[k] = b1[k] - b0[k];
		w[k] = a0[k] - b0[k];
	}
	A = dot(u, u);
	B = dot(u, v);
	C = dot(v, v);
	D = dot(u, w);
	E = dot(v, w);
	if (A <= DBL_MIN)
		return point_segment(a0, b0, b1);
	if (C <= DBL_MIN)
		return point_segment(b0, a0, a1);
	den = A * C - B * B;
	s = den > 1e-12 * A * C ? clamp01((B * E - C * D) / den) : 0;
	t = (B * s + E) / C;
	if (t < 0) {
		t = 0;
		s = clamp01(-D / A);
	} else if (t > 1) {
		t = 1;
		s = clamp01((B - D) / A);
	}
	along(a0, a1, s, p);
	along(b0, b1, t, q);
	for (k = 0; k < 3; k++)
		p[k] -= q[k];
	return sqrt(dot(p, p));
}

/* The box's signed distance at p: negative inside. */
static double
box_sdf(const struct arm_obstacle *o, const double *p)
{
	double d, out2 = 0, in = -DBL_MAX;
	int k;

	for (k = 0; k < 3; k++) {
		d = fmax(o->c[k] - p[k], p[k] - o->hi[k]);
		if (d > 0)
			out2 += d * d;
		in = fmax(in, d);
	}
	return out2 > 0 ? sqrt(out2) : in;
}

/* The part [*t0, *t1] of the segment a-b inside the box; 0 when none. */
static int
box_clip(const struct arm_obstacle *o, const double *a, const double *b,
    double *t0, double *t1)
{
	double lo = 0, hi = 1, d, e, f;
	int k;

	for (k = 0; k < 3; k++) {
		d = b[k] - a[k];
		if (d == 0) {
			if (a[k] < o->c[k] || a[k] > o->hi[k])
				return 0;
			continue;
		}
		e = (o->c[k] - a[k]) / d;
		f = (o->hi[k] - a[k]) / d;
		lo = fmax(lo, fmin(e, f));
		hi = fmin(hi, fmax(e, f));
		if (lo > hi)
			return 0;
	}
	*t0 = lo;
	*t1 = hi;
	return 1;
}

/* Deepest point of the segment's part inside the box (convex SDF). */
static double
box_depth(const struct arm_obstacle *o, const double *a, const double *b,
    double lo, double hi)
{
	double m1, m2, p[3], d1, d2;
	int i;

	for (i = 0; i < 60 && hi - lo > 1e-12; i++) {
		m1 = lo + (hi - lo) / 3;
		m2 = hi - (hi - lo) / 3;
		along(a, b, m1, p);
		d1 = box_sdf(o, p);
		along(a, b, m2, p);
		d2 = box_sdf(o, p);
		if (d1 <= d2)
			hi = m2;
		else
			lo = m1;
	}
	along(a, b, (lo + hi) / 2, p);
	d1 = box_sdf(o, p);
	/* touching counts as contact: a hair inside reads as negative */
	return d1 < -1e-9 ? d1 : -1e-9;
}

/* A corner of the box: bit k of i picks hi in axis k. */
static void
corner(const struct arm_obstacle *o, int i, double *p)
{
	int k;

	for (k = 0; k < 3; k++)
		p[k] = (i >> k & 1) ? o->hi[k] : o->c[k];
}

static double
box_segment(const struct arm_obstacle *o, const double *a, const double *b)
{
	double t0, t1, best, p[3], q[3];
	int i, k;

	if (box_clip(o, a, b, &t0, &t1))
		return box_depth(o, a, b, t0, t1);
	best = fmin(box_sdf(o, a), box_sdf(o, b));
	/* the twelve edges: from each corner with a 0 bit, along that axis */
	for (i = 0; i < 8; i++)
		for (k = 0; k < 3; k++) {
			if (i >> k & 1)
				continue;
			corner(o, i, p);
			corner(o, i | 1 << k, q);
			best = fmin(best, arm_segments_distance(a, b, p, q));
		}
	return best;
}

double
arm_obstacle_distance(const struct arm_obstacle *o, const double *a,
    const double *b)
{
	switch (o->kind) {
	case ARM_SPHERE:
		return point_segment(o->c, a, b) - o->r;
	case ARM_CAPSULE:
		return arm_segments_distance(a, b, o->c, o->hi) - o->r;
	default:
		return box_segment(o, a, b);
	}
}

void
arm_obstacle_describe(const struct arm_obstacle *o, char *buf, size_t size)
{
	static const char *const kinds[] = { "sphere", "box", "capsule" };
	char name[ARM_NAME_MAX + 4];
	int k = o->kind >= 0 && o->kind <= ARM_CAPSULE ? o->kind : ARM_BOX;

	name[0] = '\0';
	if (o->name[0])
		snprintf(name, sizeof name, " '%s'", o->name);
	if (k == ARM_SPHERE)
		snprintf(buf, size, "sphere%s at %.1f,%.1f,%.1f r %.1f", name,
		    o->c[0], o->c[1], o->c[2], o->r);
	else if (k == ARM_BOX)
		snprintf(buf, size, "box%s from %.1f,%.1f,%.1f to %.1f,%.1f,"
		    "%.1f", name, o->c[0], o->c[1], o->c[2], o->hi[0],
		    o->hi[1], o->hi[2]);
	else
		snprintf(buf, size, "%s%s from %.1f,%.1f,%.1f to %.1f,%.1f,"
		    "%.1f r %.1f", kinds[k], name, o->c[0], o->c[1], o->c[2],
		    o->hi[0], o->hi[1], o->hi[2], o->r);
}

double
arm_clearance3(const struct arm_desc *a, const double *q,
    const struct arm_obstacle *o, int n)
{
	double pts[3 * KIN3D_MAX_POINTS], best = DBL_MAX, d;
	int np, i, k, first;

	if (n == 0)
		return best;
	np = arm_3d_points(a, q, pts);
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
