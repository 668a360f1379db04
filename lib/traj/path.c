/*
 * path.c - from points to a timed path: drops repeated points, reverses on
 * request, gives each segment its duration and, for a path through its via
 * points, solves their states; then its peaks against the limits.  Called
 * by mjtraj before it writes anything.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "traj/minjerk.h"
#include "traj/path.h"
#include "traj/quintic.h"
#include "traj/through.h"
#include "traj/viatimes.h"

void
traj_path_free(struct traj_path *path)
{
	free(path->pts);
	free(path->line);
	free(path->dur);
	free(path->vel);
	free(path->acc);
	free(path->coef);
	memset(path, 0, sizeof *path);
}

/* Copy the points in travel order, leaving out a point equal to the last. */
static int
copy_points(struct traj_path *path, const struct traj_points *p, int reverse)
{
	size_t i, dim = p->dim;

	path->dim = dim;
	path->pts = malloc(p->n * dim * sizeof *path->pts);
	path->line = malloc(p->n * sizeof *path->line);
	path->dur = malloc((p->n ? p->n : 1) * sizeof *path->dur);
	if (!path->pts || !path->line || !path->dur)
		return -1;
	for (i = 0; i < p->n; i++) {
		size_t from = reverse ? p->n - 1 - i : i;
		const double *x = p->xyz + from * dim;

		if (path->npts > 0 && traj_distance(dim, x, path->pts +
		    (path->npts - 1) * dim) == 0)
			continue;
		memcpy(path->pts + path->npts * dim, x, dim * sizeof *x);
		path->line[path->npts++] = p->line[from];
	}
	return 0;
}

/* A message about segment k, at the line of its end point if it has one. */
static void
segment_error(const struct traj_path *path, const struct traj_say *say,
    size_t k, const char *msg)
{
	say->fn(say->ctx, path->line[k + 1] ? path->line[k + 1] :
	    path->line[k], msg);
}

static enum traj_status
time_segments(struct traj_path *path, const struct traj_timing *timing,
    const struct traj_say *say)
{
	size_t k, dim = path->dim;

	for (k = 0; k + 1 < path->npts; k++) {
		double D = traj_distance(dim, path->pts + k * dim,
		    path->pts + (k + 1) * dim);
		enum traj_status bad = path->line[k] || path->line[k + 1] ?
		    TRAJ_BAD : TRAJ_USAGE;
		char msg[160];

		if (!isfinite(D)) {
			segment_error(path, say, k, "the move is too long to "
			    "measure");
			return bad;
		}
		switch (traj_duration(timing, D, &path->dur[k])) {
		case TRAJ_TIMING_OK:
			continue;
		case TRAJ_TIMING_NOT_POSITIVE:
			snprintf(msg, sizeof msg, "--fitts gives a duration of "
			    "%g s for a move of length %g: it must be positive",
			    timing->fitts_a + timing->fitts_b *
			    log2(2 * D / timing->fitts_w), D);
			break;
		default:
			snprintf(msg, sizeof msg, "the duration of a move of "
			    "length %g is too large to compute", D);
			break;
		}
		segment_error(path, say, k, msg);
		return bad;
	}
	return TRAJ_OK;
}

/* Via states for the current durations (and, first, the best split of
 * their total when `split`), then each segment's quintic. */
static int
solve_through(struct traj_path *path, int split)
{
	size_t n = path->npts, dim = path->dim, k;
	double *work = malloc(TRAJ_VIA_TIMES_WORK(n) * sizeof *work);
	int rc;

	if (work == NULL)
		return -1;
	if (split)
		rc = traj_via_times(n, dim, path->pts, path->dur, path->vel,
		    path->acc, work);
	else
		rc = traj_through(n, dim, path->pts, path->dur, path->vel,
		    path->acc, work);
	free(work);
	for (k = 0; rc == 0 && k + 1 < n; k++) {
		struct quintic q = { dim, path->dur[k], path->pts + k * dim,
		    path->pts + (k + 1) * dim,
		    path->coef + k * QUINTIC_COEFS(dim) };

		traj_quintic_fit(&q, path->vel + k * dim, path->acc + k * dim,
		    path->vel + (k + 1) * dim, path->acc + (k + 1) * dim);
	}
	return rc;
}

/*
 * The through path passes its via points moving, so its peaks differ from
 * the stop-and-go segments the limits timed.  Scaling every duration by c
 * keeps the path (and the best split: the cost scales as c^-5 whatever the
 * split) and scales speed by 1/c, acceleration by 1/c^2 and jerk by 1/c^3:
 * one c makes the tightest limit hold exactly.
 */
static double
limit_scale(const struct traj_path *path, const struct traj_timing *r)
{
	struct traj_peaks pk;
	double c = 0, x;

	traj_path_peaks(path, &pk);
	if (r->vmax > 0 && (x = pk.value[TRAJ_VEL] / r->vmax) > c)
		c = x;
	if (r->amax > 0 && (x = sqrt(pk.value[TRAJ_ACC] / r->amax)) > c)
		c = x;
	if (r->jmax > 0 && (x = cbrt(pk.value[TRAJ_JERK] / r->jmax)) > c)
		c = x;
	return c;
}

static enum traj_status
plan_through(struct traj_path *path, const struct traj_timing *timing,
    const struct traj_say *say)
{
	size_t n = path->npts, dim = path->dim, k;
	double c;

	path->vel = malloc(n * dim * sizeof *path->vel);
	path->acc = malloc(n * dim * sizeof *path->acc);
	path->coef = malloc((n - 1) * QUINTIC_COEFS(dim) *
	    sizeof *path->coef);
	if (!path->vel || !path->acc || !path->coef) {
		say->fn(say->ctx, 0, "out of memory");
		return TRAJ_IO;
	}
	if (solve_through(path, 1) < 0)
		goto overflow;
	if (!traj_timing_from_limits(timing))
		return TRAJ_OK;
	c = limit_scale(path, timing);
	if (!(c > 0) || !isfinite(c))
		goto overflow;
	for (k = 0; k + 1 < n; k++)
		path->dur[k] *= c;
	if (solve_through(path, 0) < 0)	/* the split stays the best */
		goto overflow;
	return TRAJ_OK;
overflow:
	say->fn(say->ctx, 0, "--through: the via-point solution overflows "
	    "(segment durations too far apart?)");
	return TRAJ_BAD;
}

enum traj_status
traj_path_plan(struct traj_path *path, const struct traj_points *pts,
    const struct traj_path_opts *po, const struct traj_say *say)
{
	enum traj_status st;

	memset(path, 0, sizeof *path);
	path->through = po->through;
	path->dwell = po->dwell;
	path->normalised = !traj_timing_has_clock(po->timing);
	if (copy_points(path, pts, po->reverse) < 0) {
		say->fn(say->ctx, 0, "out of memory");
		return TRAJ_IO;
	}
	if ((st = time_segments(path, po->timing, say)) != TRAJ_OK)
		return st;
	if (path->through && path->npts > 2)
		return plan_through(path, po->timing, say);
	path->through = 0;	/* one segment: the plain move */
	return TRAJ_OK;
}

void
traj_path_peaks(const struct traj_path *path, struct traj_peaks *pk)
{
	size_t k, dim = path->dim;
	double t0 = 0;

	memset(pk, 0, sizeof *pk);
	for (k = 0; k + 1 < path->npts; k++) {
		struct traj_peaks seg;

		if (path->through) {
			struct quintic q = { dim, path->dur[k], NULL, NULL,
			    path->coef + k * QUINTIC_COEFS(dim) };

			traj_quintic_peaks(&q, &seg);
		} else {
			traj_move_peaks(traj_distance(dim, path->pts + k * dim,
			    path->pts + (k + 1) * dim), path->dur[k], &seg);
		}
		traj_peaks_merge(pk, &seg, t0);
		t0 += path->dur[k] + (path->through ? 0 : path->dwell);
	}
}

double
traj_path_duration(const struct traj_path *path)
{
	double t = 0;
	size_t k;

	for (k = 0; k + 1 < path->npts; k++)
		t += path->dur[k] + (k > 0 && !path->through ? path->dwell : 0);
	return t;
}

/* Peaks within this fraction of a limit meet it: the limits are exact. */
#define LIMIT_SLACK 1e-9

void
traj_path_margins(const struct traj_path *path, const struct traj_timing *r,
    struct traj_margin m[TRAJ_NQUANTITIES])
{
	const double limit[TRAJ_NQUANTITIES] = { r->vmax, r->amax, r->jmax };
	struct traj_peaks pk;
	int k;

	traj_path_peaks(path, &pk);
	for (k = 0; k < TRAJ_NQUANTITIES; k++) {
		m[k].peak = pk.value[k];
		m[k].at = pk.at[k];
		m[k].limit = limit[k];
		m[k].margin = limit[k] - pk.value[k];
		if (fabs(m[k].margin) <= LIMIT_SLACK * limit[k])
			m[k].margin = 0;
	}
}
