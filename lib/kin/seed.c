/*
 * seed.c - the radial seed table behind the jacobian method's cold start.
 * Built once per arm by kin_solver_init; kin_seed_pose turns a target into
 * a pose whose tip is already at about the right distance and bearing.
 *
 * The path has two legs.  First a uniform curl (every joint but the first
 * bent by the same angle) from the straight arm to the curl's first local
 * minimum of tip distance; for most arms that already reaches the inner
 * radius and gives natural poses.  When it does not, a straight line in
 * joint space from there to a pose that does: the longest link with the
 * others folded back when the inner radius is not zero, else a triangle
 * of three runs of links, each no longer than half the reach (always
 * possible when no link is longer than the others together).
 */
#include <math.h>
#include <string.h>

#include "solver.h"

#define SCAN 1024		/* samples in search of the curl's minimum */

size_t
kin_seed_doubles(int n)
{
	return (size_t)KIN_SEED_MAX * ((size_t)n + 3);
}

/* Tip distance and bearing of shape q (q[0] = 0). */
static void
shape_tip(const struct kin_chain *c, const double *q, double *d,
    double *alpha)
{
	double x, y;

	kin_fk(c->n, c->len, q, &x, &y, NULL);
	*d = kin_dist(x, y);
	*alpha = atan2(y, x);
}

static void
curl(const struct kin_chain *c, double bend, double *q)
{
	int i;

	q[0] = 0;
	for (i = 1; i < c->n; i++)
		q[i] = bend;
	kin_clamp_pose(c, q);
	q[0] = 0;
}

/* A pose with the tip at the inner radius (see the comment on top). */
static void
innermost(const struct kin_chain *c, double sign, double *q)
{
	double half = 0.5 * c->reach, sum = 0, a, b, e, cab, cbc;
	int k;

	memset(q, 0, (size_t)c->n * sizeof *q);
	if (c->inner > 0) {
		k = c->longest;
		if (k > 0)
			q[k] = sign * KIN_PI;
		if (k + 1 < c->n)
			q[k + 1] = sign * KIN_PI;
		return;
	}
	for (k = 0; k < c->n && sum + c->len[k] <= half; k++)
		sum += c->len[k];
	/* runs: links [0, k) of length a, link k of length b, the rest e */
	a = sum;
	b = c->len[k];
	e = c->reach - a - b;
	if (e <= 0 || k + 1 >= c->n) {
		q[k] = sign * KIN_PI;	/* two equal halves: fold once */
		return;
	}
	cab = (a * a + b * b - e * e) / (2 * a * b);
	cbc = (b * b + e * e - a * a) / (2 * b * e);
	cab = cab > 1 ? 1 : cab < -1 ? -1 : cab;
	cbc = cbc > 1 ? 1 : cbc < -1 ? -1 : cbc;
	q[k] = sign * (KIN_PI - acos(cab));
	q[k + 1] = sign * (KIN_PI - acos(cbc));
}

static void
add_entry(struct kin_seed *sd, const struct kin_chain *c, const double *q)
{
	int j = sd->count++;
	double *dst = sd->q + (size_t)j * c->n;

	memcpy(dst, q, (size_t)c->n * sizeof *q);
	shape_tip(c, dst, &sd->d[j], &sd->alpha[j]);
	if (j > 0) {
		/* keep the bearing continuous along the path */
		sd->alpha[j] = sd->alpha[j - 1] +
		    kin_wrap(sd->alpha[j] - sd->alpha[j - 1]);
		sd->dmin[j] = fmin(sd->dmin[j - 1], sd->d[j]);
	} else {
		sd->dmin[j] = sd->d[j];
	}
}

/* First local minimum of the curl's tip distance, as a bend angle. */
static double
curl_turn(const struct kin_chain *c, double sign, double *q)
{
	double prev = c->reach, d, alpha;
	int i;

	for (i = 1; i <= SCAN; i++) {
		curl(c, sign * KIN_PI * i / SCAN, q);
		shape_tip(c, q, &d, &alpha);
		if (d > prev)
			return sign * KIN_PI * (i - 1) / SCAN;
		prev = d;
	}
	return sign * KIN_PI;
}

void
kin_seed_build(struct kin_seed *sd, const struct kin_chain *c,
    enum kin_elbow elbow, double *mem)
{
	int n = c->n, j;
	double sign = elbow == KIN_ELBOW_UP ? -1 : 1;
	double a[KIN_MAX_LINKS], b[KIN_MAX_LINKS], turn;

	sd->n = n;
	sd->count = 0;
	sd->d = mem;
	sd->alpha = sd->d + KIN_SEED_MAX;
	sd->dmin = sd->alpha + KIN_SEED_MAX;
	sd->q = sd->dmin + KIN_SEED_MAX;
	if (n < 2)
		return;
	turn = curl_turn(c, sign, a);
	for (j = 0; j <= KIN_SEED_STEPS; j++) {
		curl(c, turn * j / KIN_SEED_STEPS, a);
		add_entry(sd, c, a);
	}
	if (sd->d[sd->count - 1] <= c->inner + 1e-12 * c->reach)
		return;
	/* second leg: straight on to a pose at the inner radius */
	innermost(c, sign, b);
	kin_clamp_pose(c, b);
	b[0] = 0;
	for (j = 1; j <= KIN_SEED_STEPS; j++) {
		double s = (double)j / KIN_SEED_STEPS, pose[KIN_MAX_LINKS];
		int i;

		for (i = 0; i < n; i++)
			pose[i] = (1 - s) * a[i] + s * b[i];
		add_entry(sd, c, pose);
	}
}

/*
 * Interpolate the path where the tip distance crosses the target's: the
 * running minimum is sorted, so a binary search finds the first entry at
 * or below it, and the one before is above it.  Then turn the first joint
 * so the bearing matches.
 */
void
kin_seed_pose(const struct kin_seed *sd, const struct kin_chain *c,
    double tx, double ty, double *q)
{
	double dist = kin_dist(tx, ty), f = 0, alpha;
	const double *qa, *qb;
	int lo = 0, hi = sd->count - 1, i, j;

	if (sd->count == 0) {
		for (i = 0; i < c->n; i++)
			q[i] = 0;
		q[0] = atan2(ty, tx);
		return;
	}
	if (dist >= sd->dmin[0])
		j = 0;
	else if (dist < sd->dmin[hi])
		j = hi;
	else {
		while (hi - lo > 1) {	/* dmin[lo] > dist >= dmin[hi] */
			int mid = (lo + hi) / 2;

			if (sd->dmin[mid] > dist)
				lo = mid;
			else
				hi = mid;
		}
		j = hi;
		f = (sd->d[lo] - dist) / (sd->d[lo] - sd->d[hi]);
	}
	qa = sd->q + (size_t)(j > 0 ? j - 1 : 0) * c->n;
	qb = sd->q + (size_t)j * c->n;
	if (j == 0 || f == 0)
		f = 1;
	for (i = 1; i < c->n; i++)
		q[i] = qa[i] + f * (qb[i] - qa[i]);
	alpha = j > 0 ? sd->alpha[j - 1] + f * (sd->alpha[j] - sd->alpha[j - 1])
	    : sd->alpha[0];
	q[0] = kin_wrap(atan2(ty, tx) - alpha);
	q[0] = kin_clamp_joint(c, 0, q[0]);
}
