/*
 * fabrik.c - forward and backward reaching IK (Aristidou and Lasenby,
 * 2011), called by kin_solve.  FABRIK works on joint positions: put the tip
 * on the target and pull each joint back along its link towards the base,
 * then pin the base and push each joint out again; one iteration is both
 * passes.  Without limits no angle is needed until the end.
 *
 * Angles: FABRIK knows directions, not turns, and a direction is the same
 * for q and q + 2 pi.  Each joint keeps the representative nearest its
 * last value, so answers move continuously and limits wider than a full
 * turn mean what they say.  Limits bound the angle between consecutive
 * links in both passes (in the forward pass as seen from the link beyond).
 */
#include <math.h>
#include <string.h>

#include "solver.h"

/* Relative angle between link directions, nearest the previous value. */
static double
near(double raw, double prev)
{
	return prev + kin_wrap(raw - prev);
}

/* Unit direction of (dx, dy), or of angle `fallback` when it is zero. */
static void
unit(double dx, double dy, double fallback, double *ux, double *uy)
{
	double d = kin_dist(dx, dy);

	if (d > 0) {
		*ux = dx / d;
		*uy = dy / d;
	} else {
		*ux = cos(fallback);
		*uy = sin(fallback);
	}
}

static void
to_angles(const struct kin_chain *c, const double *px, const double *py,
    double *ang)
{
	double prev = 0;
	int i;

	for (i = 0; i < c->n; i++) {
		double a = atan2(py[i + 1] - py[i], px[i + 1] - px[i]);

		ang[i] = near(a - prev, ang[i]);
		prev = a;
	}
}

/* Tip to target, each joint pulled back along its link. */
static void
forward_pass(const struct kin_chain *c, double *px, double *py,
    double *ang, double tx, double ty)
{
	int i, n = c->n;
	double next = 0, ux, uy;	/* absolute angle of link i + 1 */

	px[n] = tx;
	py[n] = ty;
	for (i = n - 1; i >= 0; i--) {
		unit(px[i] - px[i + 1], py[i] - py[i + 1], 0, &ux, &uy);
		if (c->lo) {
			/* link i points opposite to (ux, uy) */
			double a = atan2(-uy, -ux);

			if (i + 1 < n) {
				double rel = near(next - a, ang[i + 1]);
				double lim = kin_clamp_joint(c, i + 1, rel);

				if (lim != rel) {
					a = next - lim;
					ux = -cos(a);
					uy = -sin(a);
				}
			}
			next = a;
		}
		px[i] = px[i + 1] + c->len[i] * ux;
		py[i] = py[i + 1] + c->len[i] * uy;
	}
}

/* Base back in place, each joint pushed out along its link. */
static void
backward_pass(const struct kin_chain *c, double *px, double *py,
    double *ang)
{
	int i;
	double prev = 0, ux, uy;	/* absolute angle of link i - 1 */

	px[0] = 0;
	py[0] = 0;
	for (i = 0; i < c->n; i++) {
		unit(px[i + 1] - px[i], py[i + 1] - py[i], prev + ang[i],
		    &ux, &uy);
		if (c->lo) {
			double rel = near(atan2(uy, ux) - prev, ang[i]);

			ang[i] = kin_clamp_joint(c, i, rel);
			prev += ang[i];
			if (ang[i] != rel) {
				ux = cos(prev);
				uy = sin(prev);
			}
		}
		px[i + 1] = px[i] + c->len[i] * ux;
		py[i + 1] = py[i] + c->len[i] * uy;
	}
}

long
kin_run_fabrik(struct kin_run *r, double *q)
{
	const struct kin_chain *c = r->c;
	int n = c->n;
	double *px = r->work, *py = px + n + 1, *ang = py + n + 1;
	long iter = 0;

	kin_positions(c, q, px, py);
	memcpy(ang, q, (size_t)n * sizeof *q);
	kin_emit(r, 0, q);
	while (iter < r->max_iter &&
	    kin_dist(r->tx - px[n], r->ty - py[n]) > r->tol) {
		forward_pass(c, px, py, ang, r->tx, r->ty);
		backward_pass(c, px, py, ang);
		iter++;
		if (r->s->opts.trace) {
			to_angles(c, px, py, ang);
			kin_emit(r, iter, ang);
		}
	}
	to_angles(c, px, py, ang);
	kin_clamp_pose(c, ang);
	memcpy(q, ang, (size_t)n * sizeof *q);
	return iter;
}
