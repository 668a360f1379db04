/*
 * minjerk.c - the minimum-jerk profile and the rest-to-rest move.
 * Everything is in normalised time tau = t / T so that the move's ends are
 * hit exactly (tau = 0 and tau = 1 are exact) and the derivatives scale by
 * 1/T, 1/T^2, 1/T^3.
 */
#include <math.h>

#include "minjerk.h"

static double
clamp01(double tau)
{
	if (!(tau > 0))		/* also NaN */
		return 0;
	return tau < 1 ? tau : 1;
}

/*
 * The polynomials are evaluated on the near half only and mirrored
 * (s(tau) = 1 - s(1 - tau)): Horner's rule near tau = 1 cancels 10 - 15 + 6
 * and loses a digit; the mirror keeps s within an ulp everywhere and its
 * derivatives exactly zero at the end.
 */
static double
half_s(double u)
{
	return u * u * u * (10 + u * (-15 + 6 * u));
}

double
traj_s(double tau)
{
	tau = clamp01(tau);
	return tau <= 0.5 ? half_s(tau) : 1 - half_s(1 - tau);
}

void
traj_profile(double tau, double d[4])
{
	double u, u2;
	int mirrored;

	tau = clamp01(tau);
	mirrored = tau > 0.5;
	u = mirrored ? 1 - tau : tau;
	u2 = u * u;
	d[0] = mirrored ? 1 - half_s(u) : half_s(u);
	d[1] = u2 * (30 + u * (-60 + 30 * u));
	d[2] = u * (60 + u * (-180 + 120 * u));
	d[3] = 60 + u * (-360 + 360 * u);
	if (mirrored)
		d[2] = -d[2];	/* s', s''' are even about 1/2; s'' is odd */
}

double
traj_lerp(double a, double b, double s)
{
	double x;

	if (s <= 0)
		return a;
	if (s >= 1)
		return b;
	/*
	 * a + s*(b - a) is monotone in s, but rounding can carry it one ulp
	 * past b; the clamp keeps it on the near side.
	 */
	x = a + s * (b - a);
	if (b > a)
		return x < b ? x : b;
	return x > b ? x : b;
}

double
traj_distance(size_t dim, const double *a, const double *b)
{
	double sum = 0, scale = 0;
	size_t i;

	/* Scaled so that huge coordinates do not overflow the squares. */
	for (i = 0; i < dim; i++)
		if (fabs(b[i] - a[i]) > scale)
			scale = fabs(b[i] - a[i]);
	if (scale == 0 || !isfinite(scale))
		return scale;
	for (i = 0; i < dim; i++) {
		double r = (b[i] - a[i]) / scale;

		sum += r * r;
	}
	return scale * sqrt(sum);
}

void
traj_move_at(const struct traj_move *m, double tau, double *pos, double *vel,
    double *acc, double *jerk)
{
	double d[4], k1, k2, k3;
	size_t i;

	traj_profile(tau, d);
	k1 = d[1] / m->duration;
	k2 = d[2] / (m->duration * m->duration);
	k3 = d[3] / (m->duration * m->duration * m->duration);
	for (i = 0; i < m->dim; i++) {
		double delta = m->to[i] - m->from[i];

		if (pos)
			pos[i] = traj_lerp(m->from[i], m->to[i], d[0]);
		if (vel)
			vel[i] = delta * k1;
		if (acc)
			acc[i] = delta * k2;
		if (jerk)
			jerk[i] = delta * k3;
	}
}

void
traj_move_at_time(const struct traj_move *m, double t, double *pos, double *vel,
    double *acc, double *jerk)
{
	traj_move_at(m, t / m->duration, pos, vel, acc, jerk);
}
