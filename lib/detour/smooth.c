/*
 * smooth.c - shortcuts and timing of a detour (smooth.h).  Times come
 * from the arm file: each segment starts at the rest-to-rest time its
 * slowest joint needs, the via-point timing re-splits their total for
 * the least jerk (traj/viatimes.h), and one factor over every duration
 * then brings the fastest joint's peak speed or acceleration to its limit
 * (scaling time by c scales speeds by 1/c and accelerations by 1/c^2
 * and keeps the split the best), rounded up to whole periods.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "detour/smooth.h"
#include "host/splitmix.h"
#include "traj/minjerk.h"
#include "traj/peaks.h"
#include "traj/quintic.h"
#include "traj/through.h"
#include "traj/viatimes.h"

#define HEADROOM 1.02		/* a little slower than the limits allow */
#define MIN_SEGMENT 1e-3	/* s: no segment is planned shorter */

static double *
row(const struct detour_world *w, double *pts, int i)
{
	return pts + (size_t)i * (size_t)w->arm->njoints;
}

static void
drop_between(const struct detour_world *w, double *pts, int *npts, int i,
    int j)
{
	size_t nj = (size_t)w->arm->njoints;

	memmove(pts + (i + 1) * nj, pts + j * nj, (size_t)(*npts - j) * nj *
	    sizeof *pts);
	*npts -= j - i - 1;
}

/* A point at fraction f of the way along segment k. */
static void
on_segment(const struct detour_world *w, double *pts, int k, double f,
    double *q)
{
	const double *a = row(w, pts, k), *b = row(w, pts, k + 1);
	int i;

	for (i = 0; i < w->arm->njoints; i++)
		q[i] = a[i] + f * (b[i] - a[i]);
}

/* One random shortcut between two points inside the polyline. */
static void
random_cut(const struct detour_world *w, double *pts, int *npts, double res,
    uint64_t *rng)
{
	double qa[ARM_MAX_JOINTS], qb[ARM_MAX_JOINTS];
	size_t nj = (size_t)w->arm->njoints;
	int ka, kb, k;

	ka = (int)(splitmix_uniform(rng) * (*npts - 1));
	kb = (int)(splitmix_uniform(rng) * (*npts - 1));
	if (ka > kb) {
		k = ka; ka = kb; kb = k;
	}
	if (kb - ka < 2)
		return;
	on_segment(w, pts, ka, splitmix_uniform(rng), qa);
	on_segment(w, pts, kb, splitmix_uniform(rng), qb);
	if (!detour_move_clear(w, qa, qb, res, NULL, NULL))
		return;
	/* ka, qa, qb, kb + 1: the points between go */
	memcpy(row(w, pts, ka + 1), qa, nj * sizeof *qa);
	memcpy(row(w, pts, ka + 2), qb, nj * sizeof *qb);
	drop_between(w, pts, npts, ka + 2, kb + 1);
}

void
detour_shortcut(const struct detour_world *w, double *pts, int *npts,
    double res, int tries, uint64_t seed)
{
	uint64_t rng = seed ^ 0x5bd1e995u;
	int i, j;

	for (i = 0; i + 2 < *npts; i++)
		for (j = *npts - 1; j > i + 1; j--)
			if (detour_move_clear(w, row(w, pts, i),
			    row(w, pts, j), res, NULL, NULL)) {
				drop_between(w, pts, npts, i, j);
				break;
			}
	while (tries-- > 0 && *npts > 3)
		random_cut(w, pts, npts, res, &rng);
}

/* A path through via points: the moved joints' values, the segments'
 * durations, the via states and each segment's quintic. */
struct via {
	int n, dim;
	double *pts, *dur, *vel, *acc, *coef, *work;
};

static void
via_free(struct via *v)
{
	free(v->pts);
	free(v->dur);
	free(v->vel);
	free(v->acc);
	free(v->coef);
	free(v->work);
	memset(v, 0, sizeof *v);
}

static int
via_alloc(struct via *v, int n, int dim)
{
	size_t pd = (size_t)n * (size_t)dim;

	memset(v, 0, sizeof *v);
	v->n = n;
	v->dim = dim;
	v->pts = malloc(pd * sizeof *v->pts);
	v->dur = malloc((size_t)n * sizeof *v->dur);
	v->vel = calloc(pd, sizeof *v->vel);
	v->acc = calloc(pd, sizeof *v->acc);
	v->coef = malloc((size_t)n * QUINTIC_COEFS(dim) * sizeof *v->coef);
	v->work = malloc(TRAJ_VIA_TIMES_WORK((size_t)n) * sizeof *v->work);
	if (!v->pts || !v->dur || !v->vel || !v->acc || !v->coef || !v->work) {
		via_free(v);
		return -1;
	}
	return 0;
}

/* The moved joints of whole poses pts into v->pts; rest-to-rest times. */
static void
via_load(const struct detour_world *w, const double *pts, struct via *v)
{
	size_t nj = (size_t)w->arm->njoints;
	double d, T, tv, ta;
	int k, i;

	for (k = 0; k < v->n; k++)
		for (i = 0; i < v->dim; i++)
			v->pts[k * v->dim + i] = pts[k * nj + w->move[i]];
	for (k = 0; k + 1 < v->n; k++) {
		T = MIN_SEGMENT;
		for (i = 0; i < v->dim; i++) {
			const struct arm_joint *j = &w->arm->joint[w->move[i]];

			d = fabs(v->pts[(k + 1) * v->dim + i] -
			    v->pts[k * v->dim + i]);
			tv = TRAJ_PEAK_VEL * d / j->speed;
			ta = sqrt(TRAJ_PEAK_ACC * d / j->accel);
			T = fmax(T, fmax(tv, ta));
		}
		v->dur[k] = T;
	}
}

static void
fit_all(struct via *v, int stops)
{
	int k;

	for (k = 0; k + 1 < v->n; k++) {
		struct quintic q = { (size_t)v->dim, v->dur[k],
		    v->pts + k * v->dim, v->pts + (k + 1) * v->dim,
		    v->coef + (size_t)k * QUINTIC_COEFS(v->dim) };

		if (stops)
			traj_quintic_fit(&q, NULL, NULL, NULL, NULL);
		else
			traj_quintic_fit(&q, v->vel + k * v->dim,
			    v->acc + k * v->dim, v->vel + (k + 1) * v->dim,
			    v->acc + (k + 1) * v->dim);
	}
}

/* The factor on every duration that brings the tightest joint limit of
 * segment range [k0, k1) to exactly its value. */
static double
limit_factor(const struct detour_world *w, const struct via *v, int k0,
    int k1)
{
	struct traj_peaks pk;
	double c = 0;
	int k, i;

	for (k = k0; k < k1; k++)
		for (i = 0; i < v->dim; i++) {
			const struct arm_joint *j = &w->arm->joint[w->move[i]];
			struct quintic q = { 1, v->dur[k], NULL, NULL,
			    v->coef + (size_t)k * QUINTIC_COEFS(v->dim) +
			    10 * (size_t)i };

			traj_quintic_peaks(&q, &pk);
			c = fmax(c, pk.value[TRAJ_VEL] / j->speed);
			c = fmax(c, sqrt(pk.value[TRAJ_ACC] / j->accel));
		}
	return c * HEADROOM;
}

/* Passing the via points moving: via-point timing, then the limits,
 * then whole periods.  -1 when the numbers overflow. */
static int
time_through(const struct detour_world *w, struct via *v, double period)
{
	double c, T = 0;
	int k;

	if (v->n > 2 && traj_via_times((size_t)v->n, (size_t)v->dim, v->pts,
	    v->dur, v->vel, v->acc, v->work) < 0)
		return -1;
	fit_all(v, 0);
	if (!((c = limit_factor(w, v, 0, v->n - 1)) > 0))
		c = 1;	/* nothing moves: the shortest segments stand */
	for (k = 0; k + 1 < v->n; k++)
		T += (v->dur[k] *= c);
	c = ceil(T / period - 1e-9) * period / T;
	for (k = 0; k + 1 < v->n; k++)
		v->dur[k] *= c;
	if (v->n > 2 && traj_through((size_t)v->n, (size_t)v->dim, v->pts,
	    v->dur, v->vel, v->acc, v->work) < 0)
		return -1;
	fit_all(v, 0);
	return 0;
}

/* Stopping at each via point: every segment a rest-to-rest move in
 * whole periods within the limits. */
static void
time_stops(const struct detour_world *w, struct via *v, double period)
{
	double c;
	int k;

	fit_all(v, 1);
	for (k = 0; k + 1 < v->n; k++) {
		c = limit_factor(w, v, k, k + 1);
		v->dur[k] *= c > 0 ? c : 1;
		v->dur[k] = ceil(v->dur[k] / period - 1e-9) * period;
		if (v->dur[k] < period)
			v->dur[k] = period;
	}
	fit_all(v, 1);
}

static double
total_time(const struct via *v)
{
	double T = 0;
	int k;

	for (k = 0; k + 1 < v->n; k++)
		T += v->dur[k];
	return T;
}

/* The whole pose at time t (held joints from base). */
static void
pose_at(const struct detour_world *w, const struct via *v, const double *base,
    double t, double *q)
{
	double m[ARM_MAX_JOINTS];
	int k = 0, i;

	while (k + 2 < v->n && t > v->dur[k]) {
		t -= v->dur[k];
		k++;
	}
	{
		struct quintic qq = { (size_t)v->dim, v->dur[k],
		    v->pts + k * v->dim, v->pts + (k + 1) * v->dim,
		    v->coef + (size_t)k * QUINTIC_COEFS(v->dim) };

		traj_quintic_at(&qq, t / v->dur[k], m, NULL, NULL, NULL);
	}
	memcpy(q, base, (size_t)w->arm->njoints * sizeof *q);
	for (i = 0; i < v->dim; i++)
		q[w->move[i]] = m[i];
}

/*
 * Clear and within the limits all along?  Looked at often enough that no
 * point moves more than res between two looks at full speed, and no
 * more often than the clearance needs: a pose c mm clear stays clear
 * for as long as the fastest point takes to move c (the path keeps to
 * the joints' speeds), so the next look is that much later.
 */
static int
path_clear(const struct detour_world *w, const struct via *v,
    const double *base, double res)
{
	double q[ARM_MAX_JOINTS], fastest = 0, dt, t, T = total_time(v), c;
	int i;

	for (i = 0; i < v->dim; i++)
		fastest += w->lever[w->move[i]] *
		    w->arm->joint[w->move[i]].speed;
	dt = fastest > 0 ? res / fastest : T;
	for (t = dt; t < T + dt; t += fmax(dt, c / fastest)) {
		pose_at(w, v, base, t < T ? t : T, q);
		if (!detour_in_limits(w, q) ||
		    (c = detour_clearance(w, q, NULL)) < 0)
			return 0;
	}
	return 1;
}

static int
sample(const struct detour_world *w, const struct via *v, const double *base,
    double period, struct arm_path *out)
{
	size_t nj = (size_t)w->arm->njoints;
	uint32_t n = (uint32_t)lround(total_time(v) / period) + 1, k;
	double rate = 1 / period;
	int whole = fabs(rate - round(rate)) < 1e-9;	/* 50 Hz: k / 50 */

	memset(out, 0, sizeof *out);
	out->q = malloc((size_t)n * nj * sizeof *out->q);
	out->t = malloc((size_t)n * sizeof *out->t);
	out->line = calloc(n, sizeof *out->line);
	if (!out->q || !out->t || !out->line) {
		arm_path_free(out);
		return -1;
	}
	out->n = out->cap = n;
	out->nj = (int)nj;
	out->timed = 1;
	for (k = 0; k < n; k++) {
		out->t[k] = whole ? k / round(rate) : k * period;
		pose_at(w, v, base, k + 1 == n ? total_time(v) : out->t[k],
		    out->q + k * nj);
	}
	return 0;
}

/* The via points with a midpoint put between every two. */
static double *
denser(const struct detour_world *w, const double *pts, int *npts)
{
	size_t nj = (size_t)w->arm->njoints;
	int n = *npts, k, i;
	double *d = malloc((size_t)(2 * n - 1) * nj * sizeof *d);

	if (d == NULL)
		return NULL;
	for (k = 0; k < n; k++) {
		memcpy(d + 2 * k * nj, pts + k * nj, nj * sizeof *d);
		if (k + 1 < n)
			for (i = 0; i < (int)nj; i++)
				d[(2 * k + 1) * nj + i] = (pts[k * nj + i] +
				    pts[(k + 1) * nj + i]) / 2;
	}
	*npts = 2 * n - 1;
	return d;
}

/* Two rounds of denser via points while passing them moving touches. */
#define DENSER_ROUNDS 2

int
detour_smooth(const struct detour_world *w, const double *pts, int npts,
    double res, double period, struct arm_path *out, int *stops)
{
	double *cur = malloc((size_t)npts * (size_t)w->arm->njoints *
	    sizeof *cur), *next;
	struct via v;
	int round, rc = -1, n = npts;

	if (cur == NULL)
		return -1;
	memcpy(cur, pts, (size_t)npts * (size_t)w->arm->njoints * sizeof *cur);
	for (round = 0; round <= DENSER_ROUNDS + 1; round++) {
		*stops = round > DENSER_ROUNDS;
		if (via_alloc(&v, n, w->nmove) < 0)
			break;
		via_load(w, cur, &v);
		if (*stops)
			time_stops(w, &v, period);
		if ((*stops || time_through(w, &v, period) == 0) &&
		    (*stops || path_clear(w, &v, pts, res))) {
			rc = sample(w, &v, pts, period, out);
			via_free(&v);
			break;
		}
		via_free(&v);
		if (round < DENSER_ROUNDS) {
			if ((next = denser(w, cur, &n)) == NULL)
				break;
			free(cur);
			cur = next;
		}
	}
	free(cur);
	return rc;
}
