/*
 * viatimes.c - jerk cost of a path of quintics and the via times that
 * minimise it.  With the segment states scaled by powers of h (V = v h,
 * A = a h^2) a segment's cost is z' C z / h^5 for a fixed matrix C, and
 * its derivative in h at fixed states is as simple.
 */
#include <math.h>
#include <string.h>

#include "through.h"
#include "viatimes.h"

/* Q(h)_ij = C_ij / h^(5 - r_i - r_j), r = 0, 1, 2 for p, v, a. */
static const double cost_matrix[6][6] = {
	{ 720, 360, 60, -720, 360, -60 },
	{ 360, 192, 36, -360, 168, -24 },
	{ 60, 36, 9, -60, 24, -3 },
	{ -720, -360, -60, 720, -360, 60 },
	{ 360, 168, 24, -360, 192, -36 },
	{ -60, -24, -3, 60, -36, 9 },
};
static const int state_order[6] = { 0, 1, 2, 0, 1, 2 };

/*
 * Cost of one dimension of one segment, z = (p0, v0, a0, p1, v1, a1), and
 * its derivative in h with the end states held: each term of z' Q(h) z is
 * a constant times h^-(5 - r_i - r_j).
 */
static double
segment_cost(double h, const double z[6], double *d_dh)
{
	double zs[6], sum = 0, dsum = 0, h5 = h * h * h * h * h;
	int i, j;

	for (i = 0; i < 6; i++)
		zs[i] = z[i] * (state_order[i] == 0 ? 1 :
		    state_order[i] == 1 ? h : h * h);
	for (i = 0; i < 6; i++) {
		for (j = 0; j < 6; j++) {
			double term = cost_matrix[i][j] * zs[i] * zs[j];

			sum += term;
			dsum -= (5 - state_order[i] - state_order[j]) * term;
		}
	}
	if (d_dh)
		*d_dh = dsum / (h5 * h);
	return sum / h5;
}

/* Cost of segment k over all dimensions; *d_dh its derivative in dur[k]. */
static double
path_segment_cost(size_t k, size_t dim, const double *pts, const double *dur,
    const double *vel, const double *acc, double *d_dh)
{
	double cost = 0, deriv = 0;
	size_t i;

	for (i = 0; i < dim; i++) {
		size_t a = k * dim + i, b = (k + 1) * dim + i;
		double z[6] = {
			pts[a], vel[a], acc[a], pts[b], vel[b], acc[b]
		};
		double d;

		cost += segment_cost(dur[k], z, &d);
		deriv += d;
	}
	if (d_dh)
		*d_dh = deriv;
	return cost;
}

double
traj_path_jerk_cost(size_t npts, size_t dim, const double *pts,
    const double *dur, const double *vel, const double *acc)
{
	double cost = 0;
	size_t k;

	for (k = 0; k + 1 < npts; k++)
		cost += path_segment_cost(k, dim, pts, dur, vel, acc, NULL);
	return cost;
}

/* Durations from log-weights u with the given total: total softmax(u). */
static void
durations_from(const double *u, size_t nseg, double total, double *dur)
{
	double top = u[0], sum = 0;
	size_t k;

	for (k = 1; k < nseg; k++)
		if (u[k] > top)
			top = u[k];
	for (k = 0; k < nseg; k++)
		sum += (dur[k] = exp(u[k] - top));
	for (k = 0; k < nseg; k++)
		dur[k] *= total / sum;
}

/*
 * log J and its gradient in u.  The states are optimal for the durations,
 * so dJ/dh_k is the partial derivative at fixed states (envelope theorem);
 * through h = T softmax(u), dJ/du_j = h_j (g_j - sum_k h_k g_k / T).
 */
static int
evaluate(size_t npts, size_t dim, const double *pts, const double *dur,
    double total, double *vel, double *acc, double *through_work,
    double *grad, double *logcost)
{
	size_t k, nseg = npts - 1;
	double cost = 0, mean = 0;

	if (traj_through(npts, dim, pts, dur, vel, acc, through_work) < 0)
		return -1;
	for (k = 0; k < nseg; k++) {
		cost += path_segment_cost(k, dim, pts, dur, vel, acc, &grad[k]);
		mean += dur[k] * grad[k];
	}
	if (!(cost > 0) || !isfinite(cost))
		return -1;
	mean /= total;
	for (k = 0; k < nseg; k++)
		grad[k] = dur[k] * (grad[k] - mean) / cost;
	*logcost = log(cost);
	return 0;
}

static double
dot(const double *a, const double *b, size_t n)
{
	double s = 0;
	size_t k;

	for (k = 0; k < n; k++)
		s += a[k] * b[k];
	return s;
}

int
traj_via_times(size_t npts, size_t dim, const double *pts, double *dur,
    double *vel, double *acc, double *work)
{
	size_t nseg = npts - 1, k;
	double *tw = work, *u = tw + TRAJ_THROUGH_WORK(npts), *g = u + npts;
	double *u_new = g + npts, *g_new = u_new + npts, *h_new = g_new + npts;
	double total = 0, total_kept, f, f_new, step;
	int iter;

	if (npts < 2)
		return -1;
	for (k = 0; k < nseg; k++) {
		if (!(dur[k] > 0) || !isfinite(dur[k]))
			return -1;
		total += dur[k];
		u[k] = log(dur[k]);
	}
	if (evaluate(npts, dim, pts, dur, total, vel, acc, tw, g, &f) < 0)
		return -1;
	if (npts == 2)
		return 0;
	step = 0.1 / (sqrt(dot(g, g, nseg)) + 1e-300);
	for (iter = 0; iter < TRAJ_VIA_TIMES_ITERATIONS; iter++) {
		double gg = dot(g, g, nseg), sy, ss;

		if (sqrt(gg) < 1e-10)
			break;		/* flat: the split is optimal */
		/* backtrack until log J falls enough (Armijo) */
		for (;;) {
			for (k = 0; k < nseg; k++)
				u_new[k] = u[k] - step * g[k];
			durations_from(u_new, nseg, total, h_new);
			if (evaluate(npts, dim, pts, h_new, total, vel, acc, tw,
			    g_new, &f_new) == 0 &&
			    f_new <= f - 1e-4 * step * gg)
				break;
			if ((step /= 4) < 1e-12)
				goto done;
		}
		/* Barzilai-Borwein: the next step from the last two points */
		for (k = 0; k < nseg; k++) {
			u_new[k] -= u[k];	/* s */
			g[k] = g_new[k] - g[k];	/* y */
		}
		sy = dot(u_new, g, nseg);
		ss = dot(u_new, u_new, nseg);
		for (k = 0; k < nseg; k++) {
			u[k] += u_new[k];
			g[k] = g_new[k];
		}
		memcpy(dur, h_new, nseg * sizeof *dur);
		step = sy > 0 ? ss / sy : step * 2;
		if (f - f_new < 1e-15 * (fabs(f) + 1) && ss < 1e-24)
			break;
		f = f_new;
	}
done:
	/* durations that add up, in order, to the total they started from */
	for (total_kept = 0, k = 0; k + 1 < nseg; k++)
		total_kept += dur[k];
	if (total - total_kept > 0)
		dur[nseg - 1] = total - total_kept;
	/* the states for the durations kept (the last trial may differ) */
	return traj_through(npts, dim, pts, dur, vel, acc, tw);
}
