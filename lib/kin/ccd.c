/*
 * ccd.c - cyclic coordinate descent (Wang and Chen, 1991), called by
 * kin_solve.  One iteration is a sweep from the last joint to the first;
 * each joint turns so that the line from it to the tip passes through the
 * target, which is the best that joint alone can do, so the distance never
 * grows.  Joint limits clamp each turn.
 *
 * Joints nearer the base are visited with the tip already moved, so only
 * the tip needs updating during a sweep: unclamped, it lands on the ray to
 * the target at its old distance from the joint, with no trigonometry.
 */
#include <math.h>

#include "solver.h"

long
kin_run_ccd(struct kin_run *r, double *q)
{
	const struct kin_chain *c = r->c;
	int n = c->n, i;
	double *px = r->work, *py = px + n + 1, tipx, tipy;
	long iter = 0;

	kin_emit(r, 0, q);
	for (;;) {
		kin_positions(c, q, px, py);
		if (iter >= r->max_iter ||
		    kin_dist(r->tx - px[n], r->ty - py[n]) <= r->tol)
			break;
		tipx = px[n];
		tipy = py[n];
		for (i = n - 1; i >= 0; i--) {
			double ax = tipx - px[i], ay = tipy - py[i];
			double bx = r->tx - px[i], by = r->ty - py[i];
			double cr = ax * by - ay * bx, dt = ax * bx + ay * by;
			double turn, want, la, lb;

			if (cr == 0 && dt >= 0)
				continue;	/* already in line */
			turn = atan2(cr, dt);
			want = q[i] + turn;
			q[i] = kin_clamp_joint(c, i, want);
			if (q[i] == want && (lb = kin_dist(bx, by)) > 0) {
				la = kin_dist(ax, ay);
				tipx = px[i] + bx * (la / lb);
				tipy = py[i] + by * (la / lb);
			} else {
				double cs, sn;

				turn = q[i] - (want - turn);
				cs = cos(turn);
				sn = sin(turn);
				tipx = px[i] + cs * ax - sn * ay;
				tipy = py[i] + sn * ax + cs * ay;
			}
		}
		iter++;
		kin_emit(r, iter, q);
	}
	return iter;
}
