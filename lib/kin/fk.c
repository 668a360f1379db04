/*
 * fk.c - forward kinematics and the position Jacobian of a planar chain.
 * Called by every solver (to check answers), by ikreach --fk, and by
 * anything that simulates an arm; depends on <math.h> only.
 */
#include <math.h>

#include "kin.h"

void
kin_fk(int n, const double *len, const double *q, double *x, double *y,
    double *phi)
{
	double th = 0, px = 0, py = 0;
	int i;

	for (i = 0; i < n; i++) {
		th += q[i];
		px += len[i] * cos(th);
		py += len[i] * sin(th);
	}
	*x = px;
	*y = py;
	if (phi)
		*phi = th;
}

void
kin_fk_joints(int n, const double *len, const double *q, double *xy)
{
	double th = 0;
	int i;

	xy[0] = 0;
	xy[1] = 0;
	for (i = 0; i < n; i++) {
		th += q[i];
		xy[2 * i + 2] = xy[2 * i] + len[i] * cos(th);
		xy[2 * i + 3] = xy[2 * i + 1] + len[i] * sin(th);
	}
}

/*
 * Turning joint i swings everything beyond it about joint i's position, so
 * d(tip)/dq_i is the vector from joint i to the tip turned by 90 degrees.
 * Joint positions are summed from the tip back so each column costs O(1).
 */
void
kin_jacobian(int n, const double *len, const double *q, double *jac)
{
	double th = 0, rx = 0, ry = 0;
	int i;

	for (i = 0; i < n; i++) {
		th += q[i];
		jac[2 * i] = len[i] * cos(th);	/* link vectors for now */
		jac[2 * i + 1] = len[i] * sin(th);
	}
	for (i = n - 1; i >= 0; i--) {
		rx += jac[2 * i];	/* joint i -> tip */
		ry += jac[2 * i + 1];
		jac[2 * i] = -ry;
		jac[2 * i + 1] = rx;
	}
}

double
kin_reach(int n, const double *len)
{
	double r = 0;
	int i;

	for (i = 0; i < n; i++)
		r += len[i];
	return r;
}

double
kin_inner(int n, const double *len)
{
	double longest = 0, total = kin_reach(n, len);
	int i;

	for (i = 0; i < n; i++)
		if (len[i] > longest)
			longest = len[i];
	return 2 * longest > total ? 2 * longest - total : 0;
}
