/*
 * chain.c - small helpers every solver shares: chains and their workspace,
 * angles and joint limits, the closest pose to an unreachable target, the
 * cold-start pose, seeded random numbers and tracing.
 */
#include <math.h>

#include "host/splitmix.h"
#include "solver.h"

void
kin_chain_init(struct kin_chain *c, int n, const double *len,
    const double *lo, const double *hi)
{
	int i;

	c->n = n;
	c->len = len;
	c->lo = lo;
	c->hi = hi;
	c->reach = kin_reach(n, len);
	c->inner = kin_inner(n, len);
	c->longest = 0;
	for (i = 1; i < n; i++)
		if (len[i] > len[c->longest])
			c->longest = i;
}

/* The same angle in (-pi, pi]. */
double
kin_wrap(double a)
{
	if (a > KIN_PI || a <= -KIN_PI) {
		a = fmod(a, KIN_TWO_PI);
		if (a > KIN_PI)
			a -= KIN_TWO_PI;
		else if (a <= -KIN_PI)
			a += KIN_TWO_PI;
	}
	return a;
}

double
kin_clamp_joint(const struct kin_chain *c, int i, double v)
{
	if (c->lo == NULL)
		return v;
	if (v < c->lo[i])
		return c->lo[i];
	if (v > c->hi[i])
		return c->hi[i];
	return v;
}

void
kin_clamp_pose(const struct kin_chain *c, double *q)
{
	int i;

	if (c->lo == NULL)
		return;
	for (i = 0; i < c->n; i++)
		q[i] = kin_clamp_joint(c, i, q[i]);
}

/*
 * Of the angles v + 2 pi k (all the same joint position), the one nearest
 * ref that lies within [lo, hi]; nearest ref alone when none does or when
 * there are no limits.
 */
double
kin_pick_turn(double v, double ref, const double *lo, const double *hi)
{
	double k, klo, khi;

	if (lo == NULL && fabs(v - ref) <= KIN_PI)
		return v;	/* the common case, without a division */
	k = floor((ref - v) / KIN_TWO_PI + 0.5);
	if (lo == NULL)
		return v + KIN_TWO_PI * k;
	klo = ceil((*lo - v) / KIN_TWO_PI);
	khi = floor((*hi - v) / KIN_TWO_PI);
	if (klo > khi)
		return v + KIN_TWO_PI * k;
	if (k < klo)
		k = klo;
	if (k > khi)
		k = khi;
	return v + KIN_TWO_PI * k;
}

/*
 * Closest pose to a target outside the annulus: stretched towards it when
 * beyond the reach; when inside the dead zone, the longest link points at
 * it and every other link folds back, which leaves the tip at the inner
 * radius on the target's bearing.
 */
void
kin_closest_pose(const struct kin_chain *c, double tx, double ty,
    enum kin_elbow elbow, double *q)
{
	double dir = (tx == 0 && ty == 0) ? 0 : atan2(ty, tx);
	double fold = elbow == KIN_ELBOW_UP ? -KIN_PI : KIN_PI;
	double dist = kin_dist(tx, ty);
	int i, k = c->longest;

	for (i = 0; i < c->n; i++)
		q[i] = 0;
	if (c->n == 0)
		return;
	if (dist >= 0.5 * (c->reach + c->inner) || c->inner == 0) {
		q[0] = dir;
		return;
	}
	q[0] = k == 0 ? dir : kin_wrap(dir + KIN_PI);
	if (k > 0)
		q[k] = fold;
	if (k + 1 < c->n)
		q[k + 1] = fold;
}

/* Where ccd, fabrik and rr start cold: a gentle curl along the x-axis. */
void
kin_home_pose(const struct kin_chain *c, enum kin_elbow elbow, double *q)
{
	double bend = (elbow == KIN_ELBOW_UP ? -0.5 : 0.5) * KIN_PI /
	    (c->n > 0 ? c->n : 1);
	int i;

	for (i = 0; i < c->n; i++)
		q[i] = i == 0 ? 0 : bend;
	kin_clamp_pose(c, q);
}

/* Joint positions of q: px, py get n + 1 points each, base first. */
void
kin_positions(const struct kin_chain *c, const double *q, double *px,
    double *py)
{
	double th = 0;
	int i;

	px[0] = 0;
	py[0] = 0;
	for (i = 0; i < c->n; i++) {
		th += q[i];
		px[i + 1] = px[i] + c->len[i] * cos(th);
		py[i + 1] = py[i] + c->len[i] * sin(th);
	}
}

double
kin_tip_error(const struct kin_chain *c, const double *q, double tx,
    double ty)
{
	double x, y;

	kin_fk(c->n, c->len, q, &x, &y, NULL);
	return kin_dist(tx - x, ty - y);
}

void
kin_random_pose(const struct kin_chain *c, uint64_t *rng, double *q)
{
	int i;

	for (i = 0; i < c->n; i++) {
		double u = splitmix_uniform(rng);

		if (c->lo)
			q[i] = c->lo[i] + u * (c->hi[i] - c->lo[i]);
		else
			q[i] = (2 * u - 1) * KIN_PI;
	}
}

/* Hands a pose to the caller's trace, completing a wrist run's last joint. */
void
kin_emit(const struct kin_run *r, long iter, const double *q)
{
	const struct kin_solver *s = r->s;
	int i, n = r->c->n;
	double sum = 0;

	if (s->opts.trace == NULL)
		return;
	if (!r->wrist) {
		s->opts.trace(s->opts.trace_ctx, r->iter_offset + iter, q, n);
		return;
	}
	for (i = 0; i < n; i++) {
		s->trace_q[i] = q[i];
		sum += q[i];
	}
	s->trace_q[n] = r->phi - sum;
	s->opts.trace(s->opts.trace_ctx, r->iter_offset + iter, s->trace_q,
	    n + 1);
}
