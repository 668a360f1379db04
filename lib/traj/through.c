/*
 * through.c - via-point velocities and accelerations for the minimum-jerk path.
 * Setting the gradient of the total squared jerk to zero in the unknown
 * (v, a) of each via point gives a symmetric positive definite block
 * tridiagonal system with 2x2 blocks; block Thomas elimination solves it.
 */
#include <math.h>
#include <string.h>

#include "through.h"

/* 2x2 matrices as { m00, m01, m10, m11 }. */
static int
inverse2(const double m[4], double inv[4])
{
	double det = m[0] * m[3] - m[1] * m[2];

	if (!(det > 0) || !isfinite(det))	/* SPD blocks: det > 0 */
		return -1;
	inv[0] = m[3] / det;
	inv[1] = -m[1] / det;
	inv[2] = -m[2] / det;
	inv[3] = m[0] / det;
	return 0;
}

static void
mul2(const double a[4], const double b[4], double out[4])
{
	double r[4];

	r[0] = a[0] * b[0] + a[1] * b[2];
	r[1] = a[0] * b[1] + a[1] * b[3];
	r[2] = a[2] * b[0] + a[3] * b[2];
	r[3] = a[2] * b[1] + a[3] * b[3];
	memcpy(out, r, sizeof r);
}

/*
 * The jerk energy of a segment of duration h is z' Q(h) z over its end
 * states z = (p0, v0, a0, p1, v1, a1).  These are the parts of Q a via
 * point's equations use: its own block where it ends a segment (h1) and
 * starts one (h2), and the couplings to its neighbours.
 */
static void
diag_block(double h1, double h2, double m[4])
{
	m[0] = 192 / (h1 * h1 * h1) + 192 / (h2 * h2 * h2);
	m[1] = m[2] = -36 / (h1 * h1) + 36 / (h2 * h2);
	m[3] = 9 / h1 + 9 / h2;
}

/* Coupling of a point to the previous one, across a segment of duration h. */
static void
lower_block(double h, double m[4])
{
	m[0] = 168 / (h * h * h);
	m[1] = 24 / (h * h);
	m[2] = -24 / (h * h);
	m[3] = -3 / h;
}

/* Coupling to the next point: the transpose of that point's lower block. */
static void
upper_block(double h, double m[4])
{
	m[0] = 168 / (h * h * h);
	m[1] = -24 / (h * h);
	m[2] = 24 / (h * h);
	m[3] = -3 / h;
}

/* Right-hand side at via point k, dimension i. */
static void
rhs(const double *pts, size_t dim, const double *dur, size_t k, size_t i,
    double r[2])
{
	double h1 = dur[k - 1], h2 = dur[k];
	double d1 = pts[(k - 1) * dim + i] - pts[k * dim + i];
	double d2 = pts[k * dim + i] - pts[(k + 1) * dim + i];
	double h1sq = h1 * h1, h2sq = h2 * h2;

	r[0] = -(360 * d1 / (h1sq * h1sq) + 360 * d2 / (h2sq * h2sq));
	r[1] = -(-60 * d1 / (h1sq * h1) + 60 * d2 / (h2sq * h2));
}

/*
 * Forward elimination of the matrix alone (it depends only on the
 * durations): work holds, per via point k, inv(P_k) and W_k = L_k inv(P_k-1).
 */
static int
factor(size_t npts, const double *dur, double *work)
{
	size_t k;

	for (k = 1; k + 1 < npts; k++) {
		double *inv = work + 8 * k, *w = inv + 4;
		double p[4], l[4], u[4], wu[4];

		diag_block(dur[k - 1], dur[k], p);
		if (k > 1) {
			lower_block(dur[k - 1], l);
			mul2(l, work + 8 * (k - 1), w);
			upper_block(dur[k - 1], u);
			mul2(w, u, wu);
			p[0] -= wu[0];
			p[1] -= wu[1];
			p[2] -= wu[2];
			p[3] -= wu[3];
		}
		if (inverse2(p, inv) < 0)
			return -1;
	}
	return 0;
}

static void
solve_dim(size_t npts, size_t dim, size_t i, const double *pts,
    const double *dur, const double *work, double *vel, double *acc)
{
	size_t k, m = npts - 2;

	/* forward: r'_k = r_k - W_k r'_k-1, kept in vel/acc */
	for (k = 1; k <= m; k++) {
		const double *w = work + 8 * k + 4;
		double r[2];

		rhs(pts, dim, dur, k, i, r);
		if (k > 1) {
			double pv = vel[(k - 1) * dim + i];
			double pa = acc[(k - 1) * dim + i];

			r[0] -= w[0] * pv + w[1] * pa;
			r[1] -= w[2] * pv + w[3] * pa;
		}
		vel[k * dim + i] = r[0];
		acc[k * dim + i] = r[1];
	}
	/* back: y_k = inv(P_k) (r'_k - U_k y_k+1) */
	for (k = m; k >= 1; k--) {
		const double *inv = work + 8 * k;
		double r0 = vel[k * dim + i], r1 = acc[k * dim + i];

		if (k < m) {
			double u[4];
			double nv = vel[(k + 1) * dim + i];
			double na = acc[(k + 1) * dim + i];

			upper_block(dur[k], u);
			r0 -= u[0] * nv + u[1] * na;
			r1 -= u[2] * nv + u[3] * na;
		}
		vel[k * dim + i] = inv[0] * r0 + inv[1] * r1;
		acc[k * dim + i] = inv[2] * r0 + inv[3] * r1;
	}
}

int
traj_through(size_t npts, size_t dim, const double *pts, const double *dur,
    double *vel, double *acc, double *work)
{
	size_t i, k;

	if (npts < 2)
		return -1;
	for (k = 0; k + 1 < npts; k++)
		if (!(dur[k] > 0) || !isfinite(dur[k]))
			return -1;
	if (factor(npts, dur, work) < 0)
		return -1;
	for (i = 0; i < dim; i++) {
		vel[i] = acc[i] = 0;
		vel[(npts - 1) * dim + i] = acc[(npts - 1) * dim + i] = 0;
		solve_dim(npts, dim, i, pts, dur, work, vel, acc);
	}
	for (k = 0; k < npts * dim; k++)
		if (!isfinite(vel[k]) || !isfinite(acc[k]))
			return -1;
	return 0;
}
