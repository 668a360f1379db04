/*
 * analytic.c - closed-form inverse kinematics for one and two links (and so
 * for three with a given orientation, after kin_solve moves the target back
 * along the last link).  Called by kin_solve for the analytic method.
 *
 * Two links: the law of cosines gives the elbow angle, cos q2 =
 * (D^2 - L1^2 - L2^2) / (2 L1 L2).  acos loses half its digits near a
 * straight or folded elbow, so the sine is computed too, from
 * (2 L1 L2 sin q2)^2 = ((L1 + L2)^2 - D^2) (D^2 - (L1 - L2)^2), whose
 * factors are differences of nearly equal lengths taken without
 * cancellation; then q2 = atan2(sin, cos).  q1 is the target's bearing
 * less the bearing of the tip in the first link's frame, as one atan2.
 */
#include <math.h>

#include "solver.h"

int
kin_analytic(const struct kin_chain *c, double tx, double ty,
    enum kin_elbow elbow, double *q)
{
	double l1, l2, d2, d, outer, inner, cs, sn, ax, ay;

	if (c->n == 1) {
		q[0] = (tx == 0 && ty == 0) ? 0 : atan2(ty, tx);
		return 0;
	}
	if (c->n != 2)
		return -1;
	l1 = c->len[0];
	l2 = c->len[1];
	d2 = tx * tx + ty * ty;
	d = sqrt(d2);
	outer = (l1 + l2 - d) * (l1 + l2 + d);
	inner = (d - fabs(l1 - l2)) * (d + fabs(l1 - l2));
	if (outer < 0 || inner < 0) {
		kin_closest_pose(c, tx, ty, elbow, q);
		return -1;
	}
	cs = (d2 - l1 * l1 - l2 * l2) / (2 * l1 * l2);
	sn = sqrt(outer * inner) / (2 * l1 * l2);
	if (elbow == KIN_ELBOW_UP)
		sn = -sn;
	q[1] = atan2(sn, cs);
	/* the tip in the first link's frame is (ax, ay) */
	ax = l1 + l2 * cs;
	ay = l2 * sn;
	q[0] = atan2(ty * ax - tx * ay, tx * ax + ty * ay);
	if (d == 0)
		q[0] = 0;
	return 0;
}
