/*
 * block.c - the samples a run keeps, the obstruction watch's rule over
 * them, and the estimate of where the arm was blocked (block.h).  The
 * estimate knows only joints: which link touched is not in them (a
 * simulated arm stops all its joints together), so every link that
 * moved gives a capsule, and the planner keeps clear of them all.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm3d.h"
#include "detour/block.h"

void
detour_samples_init(struct detour_samples *s, int nj)
{
	memset(s, 0, sizeof *s);
	s->nj = nj;
}

int
detour_samples_add(struct detour_samples *s, double t, const double *cmd,
    const double *meas, double lag)
{
	size_t cap, nj = (size_t)s->nj, j;
	double *p;

	if (s->n == s->cap) {
		cap = s->cap ? 2 * s->cap : 256;
		if ((p = realloc(s->t, cap * sizeof *p)) == NULL)
			return -1;
		s->t = p;
		if ((p = realloc(s->lag, cap * sizeof *p)) == NULL)
			return -1;
		s->lag = p;
		if ((p = realloc(s->cmd, cap * nj * sizeof *p)) == NULL)
			return -1;
		s->cmd = p;
		if ((p = realloc(s->meas, cap * nj * sizeof *p)) == NULL)
			return -1;
		s->meas = p;
		s->cap = cap;
	}
	s->t[s->n] = t;
	s->lag[s->n] = lag;
	memcpy(s->cmd + s->n * nj, cmd, nj * sizeof *cmd);
	for (j = 0; j < nj; j++)
		s->meas[s->n * nj + j] = meas ? meas[j] : NAN;
	s->n++;
	return 0;
}

void
detour_samples_clear(struct detour_samples *s)
{
	s->n = 0;
	s->has_rest = 0;
}

void
detour_samples_free(struct detour_samples *s)
{
	free(s->t);
	free(s->lag);
	free(s->cmd);
	free(s->meas);
	detour_samples_init(s, s->nj);
}

double
detour_watch_free_lag(const struct detour_watch *w)
{
	return w->free_lag > 0 ? w->free_lag : w->threshold / 2;
}

double
detour_watch_short_lag(const struct detour_watch *w)
{
	return w->short_lag > 0 ? w->short_lag : w->threshold / 10;
}

long
detour_watch_fires(const struct detour_samples *s,
    const struct detour_watch *w)
{
	long over = 0;
	size_t i;

	for (i = 0; i < s->n; i++) {
		over = s->lag[i] > w->threshold ? over + 1 : 0;
		if (over >= w->persist)
			return (long)i;
	}
	return -1;
}

static void
point_at(const double *a, const double *b, double s, double *p)
{
	int k;

	for (k = 0; k < 3; k++)
		p[k] = a[k] + s * (b[k] - a[k]);
}

/* How far the point at s along a link moved: the ends' moves blended. */
static double
moved(const double *a0, const double *b0, const double *a1,
    const double *b1, double s)
{
	double d2 = 0, d;
	int k;

	for (k = 0; k < 3; k++) {
		d = (1 - s) * (a1[k] - a0[k]) + s * (b1[k] - b0[k]);
		d2 += d * d;
	}
	return sqrt(d2);
}

/* "found2-elbow_flex", kept to the characters a map's names take. */
static void
capsule_name(char *out, int attempt, const char *joint)
{
	size_t i;

	snprintf(out, ARM_NAME_MAX, "found%d-%s", attempt, joint);
	for (i = 0; out[i]; i++)
		if (!((out[i] >= 'a' && out[i] <= 'z') || (out[i] >= 'A' &&
		    out[i] <= 'Z') || (out[i] >= '0' && out[i] <= '9') ||
		    strchr("_-.", out[i]) != NULL))
			out[i] = '_';
}

/*
 * The capsule of one link, from its ends at the sweep's start (a0, b0)
 * and end (a1, b1); 0 when the link moved too little to keep.  The axis
 * runs over the part of the link that moved at least half its most,
 * found on a grid from the end that moved most.
 */
static int
link_capsule(const double *a0, const double *b0, const double *a1,
    const double *b1, const struct detour_estimate_opts *o, double least,
    struct arm_obstacle *c, double *sweep)
{
	double da = moved(a0, b0, a1, b1, 0), db = moved(a0, b0, a1, b1, 1);
	double most = fmax(da, db), s = db >= da ? 1 : 0, dir = db >= da ?
	    -1.0 / 32 : 1.0 / 32, inner = s;
	int k;

	if ((*sweep = most) < least)
		return 0;
	for (k = 0; k < 32; k++) {
		s += dir;
		if (moved(a0, b0, a1, b1, s) < most / 2)
			break;
		inner = s;
	}
	memset(c, 0, sizeof *c);
	c->kind = ARM_CAPSULE;
	point_at(a1, b1, inner, c->c);
	point_at(a1, b1, db >= da ? 1 : 0, c->hi);
	c->r = fmax(arm_segments_distance(c->c, c->hi, a0, b0), 1.0);
	c->margin = o->margin;
	c->found = o->attempt;
	return 1;
}

/* The most any joint point of the arm moves between poses p0 and p1
 * (arm_3d_points of each). */
static double
farthest(const double *p0, const double *p1, int np)
{
	double most = 0;
	int i;

	for (i = 0; i < np; i++)
		most = fmax(most, hypot(hypot(p1[3 * i] - p0[3 * i],
		    p1[3 * i + 1] - p0[3 * i + 1]), p1[3 * i + 2] -
		    p0[3 * i + 2]));
	return most;
}

/* The sweep: from the rest pose (or the last free command) towards the
 * blocked command, as far as `probe` mm goes. */
/*
 * Cut from capsule c's axis the part within reach of the shoulder (the
 * first point of the link chain at pose `to`): the shoulder only circles
 * the yaw axis, so a capsule there would fence the base in whatever the
 * other joints do.  0 when nothing is left.
 */
static int
clear_shoulder(struct arm_obstacle *c, const double *shoulder)
{
	double keep = c->r + c->margin + 2, p[3], s = 0, step = 1.0 / 32;
	double near, far;
	int k, from_c;

	near = hypot(hypot(c->c[0] - shoulder[0], c->c[1] - shoulder[1]),
	    c->c[2] - shoulder[2]);
	far = hypot(hypot(c->hi[0] - shoulder[0], c->hi[1] - shoulder[1]),
	    c->hi[2] - shoulder[2]);
	from_c = near <= far;	/* walk in from the end nearer it */
	for (k = 0; k <= 32; k++, s += step) {
		point_at(from_c ? c->c : c->hi, from_c ? c->hi : c->c, s, p);
		if (hypot(hypot(p[0] - shoulder[0], p[1] - shoulder[1]),
		    p[2] - shoulder[2]) >= keep)
			break;
	}
	if (k > 32)
		return 0;
	memcpy(from_c ? c->c : c->hi, p, sizeof p);
	return 1;
}

static void
sweep_ends(const struct arm_desc *a, const struct detour_samples *s,
    long last_free, long step, double probe, struct detour_block *b)
{
	double p0[3 * KIN3D_MAX_POINTS], p1[3 * KIN3D_MAX_POINTS], most, f;
	size_t nj = (size_t)s->nj, j;
	int np;

	if (s->has_rest)
		memcpy(b->from, s->rest, nj * sizeof *b->from);
	else if (!isnan(s->meas[(size_t)step * nj]))
		memcpy(b->from, s->meas + (size_t)step * nj, nj *
		    sizeof *b->from);
	else
		memcpy(b->from, s->cmd + (size_t)(last_free >= 0 ? last_free :
		    0) * nj, nj * sizeof *b->from);
	memcpy(b->to, s->cmd + (size_t)step * nj, nj * sizeof *b->to);
	memcpy(b->began_q, s->cmd + (size_t)b->began * nj,
	    nj * sizeof *b->began_q);
	np = arm_3d_points(a, b->from, p0);
	arm_3d_points(a, b->to, p1);
	most = farthest(p0, p1, np);
	f = most > probe ? probe / most : 1;
	for (j = 0; j < nj; j++)
		b->to[j] = b->from[j] + f * (b->to[j] - b->from[j]);
}

int
detour_estimate(const struct arm_desc *a, const struct detour_samples *s,
    const struct detour_watch *w, const struct detour_estimate_opts *o,
    struct detour_block *b)
{
	double p0[3 * KIN3D_MAX_POINTS], p1[3 * KIN3D_MAX_POINTS];
	double free_lag = detour_watch_free_lag(w);
	long step = detour_watch_fires(s, w), i;
	int first = a->has_base ? 2 : 0, k, np;
	double least;

	memset(b, 0, sizeof *b);
	if (step < 0)
		return 0;
	for (i = step; i >= 0 && s->lag[i] > free_lag; i--)
		;
	b->step = step;
	b->last_free = i;
	b->began = i + 1;
	b->lag = s->lag[step];
	sweep_ends(a, s, i, step, o->probe > 0 ? o->probe : 10, b);
	arm_3d_points(a, b->from, p0);
	np = arm_3d_points(a, b->to, p1);
	least = fmax(o->min_sweep > 0 ? o->min_sweep : 1, o->share *
	    farthest(p0 + 3 * first, p1 + 3 * first, np - first));
	for (k = 0; k < a->nchain; k++) {
		const double *a0 = p0 + 3 * (first + k), *a1 = p1 + 3 *
		    (first + k);
		struct arm_obstacle *c = &b->found[b->nfound];

		if (!link_capsule(a0, a0 + 3, a1, a1 + 3, o, least, c,
		    &b->sweep[b->nfound]) ||
		    !clear_shoulder(c, p1 + 3 * first))
			continue;
		b->link[b->nfound] = a->chain_index + k;
		capsule_name(c->name, o->attempt,
		    a->joint[a->chain_index + k].name);
		b->nfound++;
	}
	return 1;
}
