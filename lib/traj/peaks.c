/*
 * peaks.c - peak magnitudes of a segment's derivatives.
 * For a rest-to-rest move they are the profile's analytic maxima scaled by
 * the distance; a general quintic's squared magnitude is a polynomial of
 * degree up to 8, searched on a grid and refined where it peaks.
 */
#include <math.h>

#include "minjerk.h"
#include "peaks.h"

#define GRID 256
#define GOLDEN 0.6180339887498949

void
traj_move_peaks(double dist, double T, struct traj_peaks *p)
{
	p->value[TRAJ_VEL] = TRAJ_PEAK_VEL * dist / T;
	p->value[TRAJ_ACC] = TRAJ_PEAK_ACC * dist / (T * T);
	p->value[TRAJ_JERK] = TRAJ_PEAK_JERK * dist / (T * T * T);
	p->at[TRAJ_VEL] = TRAJ_TAU_PEAK_VEL * T;
	p->at[TRAJ_ACC] = TRAJ_TAU_PEAK_ACC * T;
	p->at[TRAJ_JERK] = TRAJ_TAU_PEAK_JERK * T;
}

/* Squared magnitude of derivative `which` (1..3) at tau, per tau^which. */
static double
magnitude2(const struct quintic *q, int which, double tau)
{
	double sum = 0;
	size_t i;

	for (i = 0; i < q->dim; i++) {
		const double *c = q->coef + 10 * i;
		double d;

		if (which == 1)
			d = c[1] + tau * (2 * c[2] + tau * (3 * c[3] +
			    tau * (4 * c[4] + tau * 5 * c[5])));
		else if (which == 2)
			d = 2 * c[2] + tau * (6 * c[3] + tau * (12 * c[4] +
			    tau * 20 * c[5]));
		else
			d = 6 * c[3] + tau * (24 * c[4] + tau * 60 * c[5]);
		sum += d * d;
	}
	return sum;
}

/* Golden-section search for the maximum of magnitude2 on [lo, hi]. */
static double
refine(const struct quintic *q, int which, double lo, double hi, double *best)
{
	double x1 = hi - GOLDEN * (hi - lo), x2 = lo + GOLDEN * (hi - lo);
	double f1 = magnitude2(q, which, x1), f2 = magnitude2(q, which, x2);
	int iter;

	for (iter = 0; iter < 80 && hi - lo > 1e-13; iter++) {
		if (f1 < f2) {
			lo = x1;
			x1 = x2;
			f1 = f2;
			x2 = lo + GOLDEN * (hi - lo);
			f2 = magnitude2(q, which, x2);
		} else {
			hi = x2;
			x2 = x1;
			f2 = f1;
			x1 = hi - GOLDEN * (hi - lo);
			f1 = magnitude2(q, which, x1);
		}
	}
	*best = f1 > f2 ? f1 : f2;
	return f1 > f2 ? x1 : x2;
}

static void
peak_of(const struct quintic *q, int which, double *value, double *tau_at)
{
	double f[GRID + 1], best, best_tau;
	int i;

	for (i = 0; i <= GRID; i++)
		f[i] = magnitude2(q, which, (double)i / GRID);
	best = f[0];
	best_tau = 0;
	for (i = 0; i <= GRID; i++) {
		double lo, hi, v, tau;

		if ((i > 0 && f[i] < f[i - 1]) || (i < GRID && f[i] < f[i + 1]))
			continue;	/* not a local maximum of the grid */
		if (f[i] > best) {
			best = f[i];
			best_tau = (double)i / GRID;
		}
		lo = (double)(i > 0 ? i - 1 : 0) / GRID;
		hi = (double)(i < GRID ? i + 1 : GRID) / GRID;
		tau = refine(q, which, lo, hi, &v);
		if (v > best) {
			best = v;
			best_tau = tau;
		}
	}
	*value = sqrt(best);
	*tau_at = best_tau;
}

void
traj_quintic_peaks(const struct quintic *q, struct traj_peaks *p)
{
	double T = q->duration, scale = 1;
	int which;

	for (which = 1; which <= 3; which++) {
		double v, tau;

		scale *= T;
		peak_of(q, which, &v, &tau);
		p->value[which - 1] = v / scale;
		p->at[which - 1] = tau * T;
	}
}

void
traj_peaks_merge(struct traj_peaks *a, const struct traj_peaks *b, double t0)
{
	int k;

	for (k = 0; k < TRAJ_NQUANTITIES; k++) {
		if (b->value[k] > a->value[k]) {
			a->value[k] = b->value[k];
			a->at[k] = t0 + b->at[k];
		}
	}
}
