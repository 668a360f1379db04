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

#define SING_EPS2 1e-4		/* (eps / reach)^2: damping starts */
#define SING_LAMBDA2 1e-4	/* (l_max / reach)^2 */
#define MU_MAX 1e6		/* LM damping (x reach^2) meaning "stuck" */
#define MAX_STEP 0.5		/* radians per joint per step */
#define WINDOW 16		/* iterations in which the error must halve */
#define CLAMP_ERR 0.1		/* longest task-space step, x reach */
#define SERIES_MAX 0.05		/* turns small enough for the series */

/* A pose and what the steps need of it. */
struct pose {
	double *q;
	double *cs, *sn;	/* cos and sin of the cumulative angles */
	double *px, *py;	/* joint positions, base first */
};

/* Joint positions of pose p; returns the squared distance of the tip. */
static double
joints(const struct kin_chain *c, struct pose *p, double tx, double ty)
{
	double th = 0, x = 0, y = 0;
	int i;

	p->px[0] = 0;
	p->py[0] = 0;
	for (i = 0; i < c->n; i++) {
		th += p->q[i];
		p->cs[i] = cos(th);
		p->sn[i] = sin(th);
		x += c->len[i] * p->cs[i];
		y += c->len[i] * p->sn[i];
		p->px[i + 1] = x;
		p->py[i + 1] = y;
	}
	return (tx - x) * (tx - x) + (ty - y) * (ty - y);
}

/*
 * The same for pose `to`, a step away from `from`: each cumulative angle
 * moves by the sum of the joint steps up to it, and while that is small a
 * rotation by a short series (error below 1e-19) replaces cos and sin,
 * which cost most of a step otherwise.
 */
static double
joints_after(const struct kin_chain *c, const struct pose *from,
    struct pose *to, double tx, double ty)
{
	double th = 0, d = 0, x = 0, y = 0;
	int i;

	to->px[0] = 0;
	to->py[0] = 0;
	for (i = 0; i < c->n; i++) {
		th += to->q[i];
		d += to->q[i] - from->q[i];
		if (fabs(d) <= SERIES_MAX) {
			double d2 = d * d, cd, sd;

			cd = 1 - d2 * (1.0 / 2 - d2 * (1.0 / 24 - d2 *
			    (1.0 / 720 - d2 * (1.0 / 40320))));
			sd = d * (1 - d2 * (1.0 / 6 - d2 * (1.0 / 120 - d2 *
			    (1.0 / 5040 - d2 * (1.0 / 362880)))));
			to->cs[i] = from->cs[i] * cd - from->sn[i] * sd;
			to->sn[i] = from->sn[i] * cd + from->cs[i] * sd;
		} else {
			to->cs[i] = cos(th);
			to->sn[i] = sin(th);
		}
		x += c->len[i] * to->cs[i];
		y += c->len[i] * to->sn[i];
		to->px[i + 1] = x;
		to->py[i + 1] = y;
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

static void
pose_at(struct pose *p, double *mem, int n)
{
	p->q = mem;
	p->cs = mem + n;
	p->sn = mem + 2 * n;
	p->px = mem + 3 * n;
	p->py = mem + 4 * n + 1;
}

long
kin_run_dls(struct kin_run *r, double *q)
{
	const struct kin_chain *c = r->c;
	int n = c->n, i, attempt = 0;
	struct pose cur, next, tmp;
	double *dq = r->work + 2 * (5 * n + 2), *best = dq + n;
	double stop2 = 0.25 * r->tol * r->tol, err2, best2, mu = 0, mark;
	long iter = 0, since = 0;
	unsigned char frozen[KIN_MAX_LINKS];

	/* stop at half the tolerance: kin_solve checks by exact FK */
	pose_at(&cur, r->work, n);
	pose_at(&next, r->work + 5 * n + 2, n);
	memcpy(cur.q, q, (size_t)n * sizeof *q);
	err2 = joints(c, &cur, r->tx, r->ty);
	best2 = mark = err2;
	memcpy(best, q, (size_t)n * sizeof *q);
	kin_emit(r, 0, q);
	while (iter < r->max_iter && err2 > stop2) {
		double ex = r->tx - cur.px[n], ey = r->ty - cur.py[n], err2n;
		double far = sqrt(err2) / (CLAMP_ERR * c->reach);
		int pass, ok = 0;

		if (far > 1) {	/* aim nearer: the model holds */
			ex /= far;
			ey /= far;
		}
		memset(frozen, 0, (size_t)n);
		for (pass = 0; pass < 4; pass++) {
			ok = dls_step(c, cur.px, cur.py, ex, ey, mu, frozen,
			    dq);
			if (!ok || !freeze_limited(c, cur.q, dq, frozen))
				break;
		}
		iter++;
		since++;
		err2n = err2;
		if (ok) {
			for (i = 0; i < n; i++)
				next.q[i] = kin_clamp_joint(c, i, cur.q[i] +
				    dq[i]);
			err2n = since % WINDOW ? joints_after(c, &cur, &next,
			    r->tx, r->ty) : joints(c, &next, r->tx, r->ty);
		}
		if (err2n < err2) {
			tmp = cur, cur = next, next = tmp;
			err2 = err2n;
			mu = mu < 1e-9 ? 0 : 0.1 * mu;
			kin_emit(r, iter, cur.q);
			if (err2 < best2) {
				best2 = err2;
				memcpy(best, cur.q, (size_t)n * sizeof *q);
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
		if (r->closest || err2 <= stop2)
			break;
		restart(r, ++attempt, cur.q);
		err2 = mark = joints(c, &cur, r->tx, r->ty);
		mu = 0;
		since = 0;
	}
	memcpy(q, best2 < err2 ? best : cur.q, (size_t)n * sizeof *q);
	return iter;
}
