/*
 * quintic.c - fitting and evaluating one quintic segment.
 * The fit works in normalised time: with V = v T and A = a T^2 the six
 * boundary conditions give c0..c2 directly and c3..c5 from a fixed 3x3
 * solve, written out below.
 */
#include "quintic.h"

/* tau within [0, 1] (NaN to 0): the segment is never extrapolated. */
static double
clamp_tau(double tau)
{
	if (!(tau > 0))
		return 0;
	return tau < 1 ? tau : 1;
}

static double
at_or_zero(const double *v, size_t i)
{
	return v ? v[i] : 0;
}

void
traj_quintic_fit(struct quintic *q, const double *v0, const double *a0,
    const double *v1, const double *a1)
{
	double T = q->duration, T2 = T * T;
	size_t i;

	for (i = 0; i < q->dim; i++) {
		double *c = q->coef + 10 * i;
		double p0 = q->from[i], p1 = q->to[i];
		double V0 = at_or_zero(v0, i) * T, V1 = at_or_zero(v1, i) * T;
		double A0 = at_or_zero(a0, i) * T2, A1 = at_or_zero(a1, i) * T2;
		double dp = p1 - p0;

		c[0] = p0;
		c[1] = V0;
		c[2] = A0 / 2;
		c[3] = (20 * dp - 12 * V0 - 8 * V1 - 3 * A0 + A1) / 2;
		c[4] = (-30 * dp + 16 * V0 + 14 * V1 + 3 * A0 - 2 * A1) / 2;
		c[5] = (12 * dp - 6 * V0 - 6 * V1 - A0 + A1) / 2;
		c[6] = at_or_zero(v0, i);
		c[7] = at_or_zero(a0, i);
		c[8] = at_or_zero(v1, i);
		c[9] = at_or_zero(a1, i);
	}
}

void
traj_quintic_at(const struct quintic *q, double tau, double *pos, double *vel,
    double *acc, double *jerk)
{
	double T = q->duration;
	double k1 = 1 / T, k2 = k1 / T, k3 = k2 / T;
	size_t i;

	tau = clamp_tau(tau);
	for (i = 0; i < q->dim; i++) {
		const double *c = q->coef + 10 * i;
		const double *end = tau == 0 ? c + 6 : tau == 1 ? c + 8 : NULL;

		if (pos) {
			if (tau == 0)
				pos[i] = q->from[i];
			else if (tau == 1)
				pos[i] = q->to[i];
			else
				pos[i] = c[0] + tau * (c[1] + tau * (c[2] +
				    tau * (c[3] + tau * (c[4] + tau * c[5]))));
		}
		if (vel && end)
			vel[i] = end[0];
		else if (vel)
			vel[i] = k1 * (c[1] + tau * (2 * c[2] + tau *
			    (3 * c[3] + tau * (4 * c[4] + tau * 5 * c[5]))));
		if (acc && end)
			acc[i] = end[1];
		else if (acc)
			acc[i] = k2 * (2 * c[2] + tau * (6 * c[3] +
			    tau * (12 * c[4] + tau * 20 * c[5])));
		if (jerk)
			jerk[i] = k3 * (6 * c[3] + tau * (24 * c[4] +
			    tau * 60 * c[5]));
	}
}

void
traj_quintic_snap_at(const struct quintic *q, double tau, double *snap)
{
	double T2 = q->duration * q->duration;
	size_t i;

	tau = clamp_tau(tau);
	for (i = 0; i < q->dim; i++) {
		const double *c = q->coef + 10 * i;

		snap[i] = (24 * c[4] + tau * 120 * c[5]) / (T2 * T2);
	}
}
