/*
 * dls.c - the jacobian method: damped least squares on the 2 x n position
 * Jacobian, called by kin_solve.  A step solves (J J' + l^2 I) w = e and
 * moves dq = J' w: with two rows, J J' is 2 x 2 and solved in closed form,
 * so an iteration costs O(n).
 *
 * The damping l^2 has two parts.  Near a singularity (the smallest singular
 * value of J below eps) it grows as (1 - s^2/eps^2), the classic singular-
 * region rule, but never beyond the squared error, because close to the
 * answer the linear model is accurate and damping only slows the last
 * steps.  On top, Levenberg-Marquardt's: a step that does not reduce the
 * error is refused and the damping raised, one that does lowers it.
 * Joint limits: a joint at a limit that the step pushes outward is frozen
 * for that step (its column dropped), the rest clamp.  When progress stops
 * short of the target, the search restarts from a seeded random pose.
 */
#include <math.h>
#include <string.h>

#include "solver.h"

#define SING_EPS2 1e-4		/* (eps / reach)^2: where damping starts */
#define SING_LAMBDA2 1e-4	/* (l_max / reach)^2 */
#define MU_MAX 1e6		/* LM damping (x reach^2) meaning "stuck" */
#define MAX_STEP 0.5		/* radians per joint per step */
#define WINDOW 16		/* iterations in which the error must halve */
#define CLAMP_ERR 0.1		/* longest task-space step, x reach */

/* Joint positions of pose q; returns the squared distance of the tip. */
static double
joints(const struct kin_chain *c, const double *q, double *px, double *py,
    double tx, double ty)
{
	double th = 0, x = 0, y = 0;
	int i;

	px[0] = 0;
	py[0] = 0;
	for (i = 0; i < c->n; i++) {
		th += q[i];
		x += c->len[i] * cos(th);
		y += c->len[i] * sin(th);
		px[i + 1] = x;
		py[i + 1] = y;
	}
	return (tx - x) * (tx - x) + (ty - y) * (ty - y);
}

/* A damped least-squares step for the active joints; 0 if none is active. */
static int
dls_step(const struct kin_chain *c, const double *px, const double *py,
    double ex, double ey, double mu, const unsigned char *frozen,
    double *dq)
{
	int i, n = c->n, any = 0;
	double tipx = px[n], tipy = py[n], a = 0, b = 0, d = 0;
	double s2 = c->reach * c->reach, lmin, l2, det, wx, wy, big = 0;

	for (i = 0; i < n; i++) {
		double jx = -(tipy - py[i]), jy = tipx - px[i];

		if (frozen[i])
			continue;
		any = 1;
		a += jx * jx;
		b += jx * jy;
		d += jy * jy;
	}
	if (!any)
		return 0;
	lmin = 0.5 * (a + d) - sqrt(0.25 * (a - d) * (a - d) + b * b);
	l2 = 0;
	if (lmin < SING_EPS2 * s2) {
		l2 = SING_LAMBDA2 * s2 * (1 - lmin / (SING_EPS2 * s2));
		if (l2 > ex * ex + ey * ey)
			l2 = ex * ex + ey * ey;
	}
	l2 += mu * s2;
	det = (a + l2) * (d + l2) - b * b;
	if (!(det > 0))
		return 0;
	wx = ((d + l2) * ex - b * ey) / det;
	wy = ((a + l2) * ey - b * ex) / det;
	for (i = 0; i < n; i++) {
		dq[i] = frozen[i] ? 0 :
		    -(tipy - py[i]) * wx + (tipx - px[i]) * wy;
		if (fabs(dq[i]) > big)
			big = fabs(dq[i]);
	}
	if (big > MAX_STEP)
		for (i = 0; i < n; i++)
			dq[i] *= MAX_STEP / big;
	return 1;
}

/* Freeze joints that sit on a limit and would be pushed past it. */
static int
freeze_limited(const struct kin_chain *c, const double *q, const double *dq,
    unsigned char *frozen)
{
	int i, changed = 0;

	if (c->lo == NULL)
		return 0;
	for (i = 0; i < c->n; i++) {
		if (frozen[i])
			continue;
		if ((q[i] <= c->lo[i] && dq[i] < 0) ||
		    (q[i] >= c->hi[i] && dq[i] > 0)) {
			frozen[i] = 1;
			changed = 1;
		}
	}
	return changed;
}

/*
 * Where to try next after an attempt stalls: the seed table's pose first
 * (unless that is where this solve began), then seeded random poses.
 */
static void
restart(struct kin_run *r, int attempt, double *q)
{
	if (attempt == 1 && !r->seeded)
		kin_seed_pose(&r->s->seed[r->wrist], r->c, r->tx, r->ty, q);
	else
		kin_random_pose(r->c, &r->s->rng, q);
	kin_clamp_pose(r->c, q);
}

long
kin_run_dls(struct kin_run *r, double *q)
{
	const struct kin_chain *c = r->c;
	int n = c->n, i, attempt = 0;
	double *px = r->work, *py = px + n + 1;
	double *px2 = py + n + 1, *py2 = px2 + n + 1;
	double *trial = py2 + n + 1, *dq = trial + n, *best = dq + n;
	double tol2 = r->tol * r->tol, err2, best2, mu = 0, *t, mark;
	long iter = 0, since = 0;
	unsigned char frozen[KIN_MAX_LINKS];

	err2 = joints(c, q, px, py, r->tx, r->ty);
	best2 = mark = err2;
	memcpy(best, q, (size_t)n * sizeof *q);
	kin_emit(r, 0, q);
	while (iter < r->max_iter && err2 > tol2) {
		double ex = r->tx - px[n], ey = r->ty - py[n], err2n;
		double far = sqrt(err2) / (CLAMP_ERR * c->reach);
		int pass, ok = 0;

		if (far > 1) {	/* aim at a nearer point: the model holds */
			ex /= far;
			ey /= far;
		}
		memset(frozen, 0, (size_t)n);
		for (pass = 0; pass < 4; pass++) {
			ok = dls_step(c, px, py, ex, ey, mu, frozen, dq);
			if (!ok || !freeze_limited(c, q, dq, frozen))
				break;
		}
		iter++;
		since++;
		err2n = err2;
		if (ok) {
			for (i = 0; i < n; i++)
				trial[i] = kin_clamp_joint(c, i, q[i] + dq[i]);
			err2n = joints(c, trial, px2, py2, r->tx, r->ty);
		}
		if (err2n < err2) {
			memcpy(q, trial, (size_t)n * sizeof *q);
			t = px, px = px2, px2 = t;
			t = py, py = py2, py2 = t;
			err2 = err2n;
			mu = mu < 1e-9 ? 0 : 0.1 * mu;
			kin_emit(r, iter, q);
			if (err2 < best2) {
				best2 = err2;
				memcpy(best, q, (size_t)n * sizeof *q);
			}
		} else {
			mu = mu == 0 ? 1e-4 : 10 * mu;
		}
		/* every WINDOW iterations the error must have halved */
		if (mu <= MU_MAX && (since % WINDOW || err2 < 0.25 * mark)) {
			if (since % WINDOW == 0)
				mark = err2;
			continue;
		}
		/* stuck or crawling: start again elsewhere (never when the
		 * target is out of reach: the closest pose is the answer) */
		if (r->closest || err2 <= tol2)
			break;
		restart(r, ++attempt, q);
		err2 = mark = joints(c, q, px, py, r->tx, r->ty);
		mu = 0;
		since = 0;
	}
	if (best2 < err2)
		memcpy(q, best, (size_t)n * sizeof *q);
	return iter;
}
