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
    double lag)
{
	size_t cap;
	double *p;

	if (s->n == s->cap) {
		cap = s->cap ? 2 * s->cap : 256;
		if ((p = realloc(s->t, cap * sizeof *p)) == NULL)
			return -1;
		s->t = p;
		if ((p = realloc(s->lag, cap * sizeof *p)) == NULL)
			return -1;
		s->lag = p;
		if ((p = realloc(s->cmd, cap * (size_t)s->nj *
		    sizeof *p)) == NULL)
			return -1;
		s->cmd = p;
		s->cap = cap;
	}
	s->t[s->n] = t;
	s->lag[s->n] = lag;
	memcpy(s->cmd + s->n * (size_t)s->nj, cmd, (size_t)s->nj * sizeof *cmd);
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
	detour_samples_init(s, s->nj);
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
    const double *b1, const struct detour_estimate_opts *o,
    struct arm_obstacle *c)
{
	double da = moved(a0, b0, a1, b1, 0), db = moved(a0, b0, a1, b1, 1);
	double most = fmax(da, db), s = db >= da ? 1 : 0, dir = db >= da ?
	    -1.0 / 32 : 1.0 / 32, inner = s;
	double min_sweep = o->min_sweep > 0 ? o->min_sweep : 1;
	int k;

	if (most < min_sweep)
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

static void
sweep_ends(const struct detour_samples *s, long last_free, long step,
    struct detour_block *b)
{
	size_t nj = (size_t)s->nj;

	if (s->has_rest)
		memcpy(b->from, s->rest, nj * sizeof *b->from);
	else
		memcpy(b->from, s->cmd + (size_t)(last_free >= 0 ? last_free :
		    0) * nj, nj * sizeof *b->from);
	memcpy(b->to, s->cmd + (size_t)step * nj, nj * sizeof *b->to);
	memcpy(b->began_q, s->cmd + (size_t)b->began * nj,
	    nj * sizeof *b->began_q);
}

int
detour_estimate(const struct arm_desc *a, const struct detour_samples *s,
    const struct detour_watch *w, const struct detour_estimate_opts *o,
    struct detour_block *b)
{
	double p0[3 * KIN3D_MAX_POINTS], p1[3 * KIN3D_MAX_POINTS];
	double free_lag = w->free_lag > 0 ? w->free_lag : w->threshold / 2;
	long step = detour_watch_fires(s, w), i;
	int first = a->has_base ? 2 : 0, k;

	memset(b, 0, sizeof *b);
	if (step < 0)
		return 0;
	for (i = step; i >= 0 && s->lag[i] > free_lag; i--)
		;
	b->step = step;
	b->last_free = i;
	b->began = i + 1;
	b->lag = s->lag[step];
	sweep_ends(s, i, step, b);
	kin3d_points(a, b->from, p0);
	kin3d_points(a, b->to, p1);
	for (k = 0; k < a->nchain; k++) {
		const double *a0 = p0 + 3 * (first + k), *a1 = p1 + 3 *
		    (first + k);
		struct arm_obstacle *c = &b->found[b->nfound];

		if (!link_capsule(a0, a0 + 3, a1, a1 + 3, o, c))
			continue;
		b->link[b->nfound] = a->chain_index + k;
		capsule_name(c->name, o->attempt,
		    a->joint[a->chain_index + k].name);
		b->nfound++;
	}
	return 1;
}
