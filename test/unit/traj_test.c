/*
 * traj_test.c - unit tests for lib/traj: the minimum-jerk profile, moves,
 * quintic segments, durations and sampling, peaks and the via-point solver.
 * Expected values are worked by hand or by a second method (finite
 * differences, PYT's form of the polynomial on -1..1, brute-force scans).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "traj/minjerk.h"
#include "traj/path.h"
#include "traj/peaks.h"
#include "traj/quintic.h"
#include "traj/sample.h"
#include "traj/through.h"
#include "traj/viatimes.h"
#include "traj/timing.h"

/* A small deterministic generator, so failures repeat. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static double
uniform(double lo, double hi)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return lo + (hi - lo) * (double)(rng_state >> 11) / 9007199254740992.0;
}

static int
rel_near(double a, double b, double tol)
{
	double scale = fabs(b) > 1 ? fabs(b) : 1;

	return fabs(a - b) <= tol * scale;
}

/* PYT's form: a fifth-order polynomial in x = 2 tau - 1 on -1..1. */
static double
pyt_s(double tau)
{
	double x = 2 * tau - 1;

	return 0.5 + (15 * x - 10 * x * x * x + 3 * x * x * x * x * x) / 16;
}

static void
test_profile_ends(void)
{
	double d[4];

	CHECK(traj_s(0) == 0);
	CHECK(traj_s(1) == 1);
	CHECK(traj_s(-3) == 0);
	CHECK(traj_s(7) == 1);
	CHECK(traj_s(NAN) == 0);
	CHECK(traj_s(0.5) == 0.5);
	traj_profile(0, d);
	CHECK(d[0] == 0 && d[1] == 0 && d[2] == 0 && d[3] == 60);
	traj_profile(1, d);
	CHECK(d[0] == 1 && d[1] == 0 && d[2] == 0 && d[3] == 60);
	traj_profile(0.5, d);
	CHECK(d[1] == 1.875 && d[2] == 0 && d[3] == -30);
}

static void
test_profile_matches_pyt(void)
{
	int i;

	for (i = 0; i <= 1000; i++) {
		double tau = i / 1000.0;

		CHECK_NEAR(traj_s(tau), pyt_s(tau), 1e-15);
	}
}

static void
test_profile_derivatives(void)
{
	const double h = 1e-5;
	int i;

	for (i = 1; i < 100; i++) {
		double tau = i / 100.0, d[4], lo[4], hi[4];

		traj_profile(tau, d);
		traj_profile(tau - h, lo);
		traj_profile(tau + h, hi);
		CHECK_NEAR(d[1], (hi[0] - lo[0]) / (2 * h), 1e-8);
		CHECK_NEAR(d[2], (hi[1] - lo[1]) / (2 * h), 1e-7);
		CHECK_NEAR(d[3], (hi[2] - lo[2]) / (2 * h), 1e-6);
	}
}

/* The constants against the analytic maxima and a dense scan. */
static void
test_profile_peaks(void)
{
	double best[3] = { 0, 0, 0 }, d[4];
	int i;

	CHECK_NEAR(TRAJ_PEAK_ACC, 10 / sqrt(3), 1e-15);
	CHECK_NEAR(TRAJ_TAU_PEAK_ACC, (3 - sqrt(3)) / 6, 1e-16);
	traj_profile(TRAJ_TAU_PEAK_ACC, d);
	CHECK_NEAR(d[2], 10 / sqrt(3), 1e-13);
	CHECK_NEAR(d[3], 0, 1e-12);	/* s''' = 0 where s'' peaks */
	for (i = 0; i <= 1000000; i++) {
		traj_profile(i / 1e6, d);
		if (fabs(d[1]) > best[0])
			best[0] = fabs(d[1]);
		if (fabs(d[2]) > best[1])
			best[1] = fabs(d[2]);
		if (fabs(d[3]) > best[2])
			best[2] = fabs(d[3]);
	}
	CHECK_NEAR(best[0], 1.875, 1e-12);
	CHECK_NEAR(best[1], 5.7735026918962573, 1e-9);
	CHECK_NEAR(best[2], 60, 1e-12);
}

static void
test_lerp(void)
{
	int i;

	CHECK(traj_lerp(0.1, 0.3, 0) == 0.1);
	CHECK(traj_lerp(0.1, 0.3, 1) == 0.3);
	CHECK(traj_lerp(-7.25, 3, 0.5) == -2.125);
	for (i = 0; i < 100000; i++) {
		double a = uniform(-1000, 1000), b = uniform(-1000, 1000);
		double s = nextafter(1, 0), x = traj_lerp(a, b, s);
		double s1 = uniform(0, 1), s2 = uniform(0, 1), x1, x2;

		CHECK(a < b ? (x >= a && x <= b) : (x <= a && x >= b));
		CHECK(traj_lerp(a, b, 1) == b && traj_lerp(a, b, 0) == a);
		if (s1 > s2) {
			double t = s1;

			s1 = s2;
			s2 = t;
		}
		x1 = traj_lerp(a, b, s1);
		x2 = traj_lerp(a, b, s2);
		CHECK(a < b ? x1 <= x2 : x1 >= x2);
	}
}

static void
test_distance(void)
{
	double a[3] = { 1, 2, 3 }, b[3] = { 4, 6, 3 };
	double big_a[2] = { 0, 0 }, big_b[2] = { 3e300, 4e300 };
	double tiny_b[2] = { 3e-300, 4e-300 };

	CHECK(traj_distance(3, a, b) == 5);
	CHECK(traj_distance(3, a, a) == 0);
	CHECK(rel_near(traj_distance(2, big_a, big_b) / 1e300, 5, 1e-15));
	CHECK(rel_near(traj_distance(2, big_a, tiny_b) / 1e-300, 5, 1e-15));
}

static void
test_move_ends_exact(void)
{
	double from[3] = { 0.1, -0.7, 120.3 }, to[3] = { 0.3, 1e-9, -5.5 };
	struct traj_move m = { 3, from, to, 2.5 };
	double p[3], v[3], a[3], j[3];
	double D[3] = { 0.3 - 0.1, 1e-9 + 0.7, -5.5 - 120.3 };
	int i;

	traj_move_at(&m, 0, p, v, a, j);
	CHECK(memcmp(p, from, sizeof p) == 0);
	for (i = 0; i < 3; i++) {
		CHECK(v[i] == 0 && a[i] == 0);
		CHECK_NEAR(j[i], 60 * D[i] / (2.5 * 2.5 * 2.5), 1e-12);
	}
	traj_move_at(&m, 1, p, v, a, j);
	CHECK(memcmp(p, to, sizeof p) == 0);
	for (i = 0; i < 3; i++) {
		CHECK(v[i] == 0 && a[i] == 0);
		CHECK_NEAR(j[i], 60 * D[i] / (2.5 * 2.5 * 2.5), 1e-12);
	}
	traj_move_at_time(&m, 2.5, p, NULL, NULL, NULL);
	CHECK(memcmp(p, to, sizeof p) == 0);
	traj_move_at_time(&m, 99, p, NULL, NULL, NULL);
	CHECK(memcmp(p, to, sizeof p) == 0);
	/* the middle: halfway, at peak speed 1.875 D / T */
	traj_move_at_time(&m, 1.25, p, v, NULL, NULL);
	for (i = 0; i < 3; i++) {
		CHECK_NEAR(p[i], (from[i] + to[i]) / 2, 1e-12);
		CHECK_NEAR(v[i], 1.875 * D[i] / 2.5, 1e-12);
	}
}

static void
test_move_derivatives(void)
{
	double from[2] = { -3, 10 }, to[2] = { 40, -2 };
	struct traj_move m = { 2, from, to, 0.8 };
	const double h = 1e-6;
	int k, i;

	for (k = 1; k < 50; k++) {
		double t = 0.8 * k / 50;
		double p[2], v[2], a[2], j[2];
		double pl[2], vl[2], al[2], ph[2], vh[2], ah[2];

		traj_move_at_time(&m, t, p, v, a, j);
		traj_move_at_time(&m, t - h, pl, vl, al, NULL);
		traj_move_at_time(&m, t + h, ph, vh, ah, NULL);
		for (i = 0; i < 2; i++) {
			CHECK(rel_near(v[i], (ph[i] - pl[i]) / (2 * h), 1e-6));
			CHECK(rel_near(a[i], (vh[i] - vl[i]) / (2 * h), 1e-6));
			CHECK(rel_near(j[i], (ah[i] - al[i]) / (2 * h), 1e-6));
		}
	}
}

static void
test_move_monotone(void)
{
	double from[1] = { 0.1 }, to[1] = { 0.1 + 1e-12 };
	struct traj_move m = { 1, from, to, 1 };
	double prev = from[0];
	int i;

	/* a move of a few thousand ulps, sampled far finer than that */
	for (i = 1; i <= 100000; i++) {
		double p;

		traj_move_at(&m, i / 100000.0, &p, NULL, NULL, NULL);
		CHECK(p >= prev);
		prev = p;
	}
	CHECK(prev == to[0]);
}

static void
test_durations(void)
{
	struct traj_timing r;
	double T = 0;

	memset(&r, 0, sizeof r);
	CHECK(!traj_timing_has_clock(&r));
	CHECK(traj_duration(&r, 100, &T) == TRAJ_TIMING_OK && T == 1);
	r.vmax = 50;		/* 1.875 * 100 / 50 */
	CHECK(traj_timing_has_clock(&r) && traj_timing_from_limits(&r));
	CHECK(traj_duration(&r, 100, &T) == TRAJ_TIMING_OK);
	CHECK_NEAR(T, 3.75, 1e-15);
	r.vmax = 0;
	r.amax = 5.773502691896258;	/* sqrt(5.7735 * 100 / amax) = 10 */
	CHECK(traj_duration(&r, 100, &T) == TRAJ_TIMING_OK);
	CHECK_NEAR(T, 10, 1e-14);
	r.amax = 0;
	r.jmax = 750;		/* cbrt(60 * 100 / 750) = 2 */
	CHECK(traj_duration(&r, 100, &T) == TRAJ_TIMING_OK);
	CHECK_NEAR(T, 2, 1e-15);
	r.vmax = 50;		/* the slowest limit wins */
	r.amax = 5.773502691896258;
	CHECK(traj_duration(&r, 100, &T) == TRAJ_TIMING_OK);
	CHECK_NEAR(T, 10, 1e-14);
	r.fitts_a = 0.1;	/* 0.1 + 0.2 log2(2 * 80 / 10) = 0.9 */
	r.fitts_b = 0.2;
	r.fitts_w = 10;
	CHECK(!traj_timing_from_limits(&r));
	CHECK(traj_duration(&r, 80, &T) == TRAJ_TIMING_OK);
	CHECK_NEAR(T, 0.9, 1e-15);
	r.fitts_a = -1;		/* -1 + 0.1 log2(0.02) < 0 */
	r.fitts_b = 0.1;
	r.fitts_w = 100;
	CHECK(traj_duration(&r, 1, &T) == TRAJ_TIMING_NOT_POSITIVE);
	r.duration = 4;		/* a fixed duration wins over everything */
	CHECK(traj_duration(&r, 1, &T) == TRAJ_TIMING_OK && T == 4);
	memset(&r, 0, sizeof r);
	r.vmax = 1e-300;
	CHECK(traj_duration(&r, 1e300, &T) == TRAJ_TIMING_OVERFLOW);
}

static void
test_sampling(void)
{
	struct traj_mj_sampling s;
	double tau, u;

	CHECK(traj_sampling_by_step(&s, 100, 1, 1) == 0 && s.n == 101);
	CHECK(traj_sampling_by_step(&s, 0.3, 1, 1) == 0 && s.n == 2);
	CHECK(traj_sampling_by_step(&s, 2.5, 1, 1) == 0 && s.n == 4);
	CHECK(traj_sampling_by_step(&s, 10, 0.25, 1) == 0 && s.n == 41);
	CHECK(traj_sampling_by_step(&s, 1e300, 1, 1) == -1);
	traj_sampling_by_count(&s, 5, 2);
	traj_sample_time(&s, 0, &tau, &u);
	CHECK(tau == 0 && u == 0);
	traj_sample_time(&s, 1, &tau, &u);
	CHECK(tau == 0.25 && u == 0.5);
	traj_sample_time(&s, 4, &tau, &u);
	CHECK(tau == 1 && u == 2);

	CHECK(traj_sampling_by_rate(&s, 100, 1) == 0 && s.n == 101);
	traj_sample_time(&s, 37, &tau, &u);
	CHECK(u == 0.37 && tau == 0.37);
	CHECK(traj_sampling_by_rate(&s, 100, 1.005) == 0 && s.n == 102);
	traj_sample_time(&s, 100, &tau, &u);
	CHECK(u == 1);
	traj_sample_time(&s, 101, &tau, &u);
	CHECK(u == 1.005 && tau == 1);
	/* 0.1 * 3 is 0.30000000000000004: three periods, not four */
	CHECK(traj_sampling_by_rate(&s, 10, 0.1 * 3) == 0 && s.n == 4);
	CHECK(traj_sampling_by_rate(&s, 10, 0.01) == 0 && s.n == 2);
	CHECK(traj_sampling_by_rate(&s, 1e300, 1) == -1);
}

static void
random_state(double *v, size_t dim, double scale)
{
	size_t i;

	for (i = 0; i < dim; i++)
		v[i] = uniform(-scale, scale);
}

static void
test_quintic_boundaries(void)
{
	double p0[3], p1[3], v0[3], v1[3], a0[3], a1[3], coef[QUINTIC_COEFS(3)];
	double p[3], v[3], a[3];
	struct quintic q = { 3, 1.7, p0, p1, coef };
	int trial, i;

	for (trial = 0; trial < 100; trial++) {
		random_state(p0, 3, 100);
		random_state(p1, 3, 100);
		random_state(v0, 3, 50);
		random_state(v1, 3, 50);
		random_state(a0, 3, 20);
		random_state(a1, 3, 20);
		traj_quintic_fit(&q, v0, a0, v1, a1);
		traj_quintic_at(&q, 0, p, v, a, NULL);
		CHECK(memcmp(p, p0, sizeof p) == 0);
		for (i = 0; i < 3; i++) {
			CHECK(rel_near(v[i], v0[i], 1e-12));
			CHECK(rel_near(a[i], a0[i], 1e-12));
		}
		traj_quintic_at(&q, 1, p, v, a, NULL);
		CHECK(memcmp(p, p1, sizeof p) == 0);
		for (i = 0; i < 3; i++) {
			CHECK(rel_near(v[i], v1[i], 1e-11));
			CHECK(rel_near(a[i], a1[i], 1e-11));
		}
		/* just inside the ends the polynomial itself gets there too */
		traj_quintic_at(&q, nextafter(1, 0), p, v, a, NULL);
		for (i = 0; i < 3; i++) {
			CHECK(rel_near(p[i], p1[i], 1e-12));
			CHECK(rel_near(v[i], v1[i], 1e-11));
			CHECK(rel_near(a[i], a1[i], 1e-11));
		}
		traj_quintic_at(&q, 1e-300, p, v, a, NULL);
		for (i = 0; i < 3; i++) {
			CHECK(rel_near(p[i], p0[i], 1e-12));
			CHECK(rel_near(v[i], v0[i], 1e-12));
			CHECK(rel_near(a[i], a0[i], 1e-12));
		}
	}
}

static void
test_quintic_derivatives(void)
{
	double p0[2] = { 1, 2 }, p1[2] = { -4, 9 };
	double v0[2] = { 3, -1 }, v1[2] = { 0.5, 2 };
	double a0[2] = { -2, 7 }, a1[2] = { 1, 1 };
	double coef[QUINTIC_COEFS(2)];
	struct quintic q = { 2, 2.5, p0, p1, coef };
	const double h = 1e-6;
	int k, i;

	traj_quintic_fit(&q, v0, a0, v1, a1);
	for (k = 1; k < 40; k++) {
		double tau = k / 40.0, dt = h / q.duration;
		double v[2], a[2], j[2], s[2], pl[2], ph[2], vl[2], vh[2];
		double al[2], ah[2], jl[2], jh[2];

		traj_quintic_at(&q, tau, NULL, v, a, j);
		traj_quintic_snap_at(&q, tau, s);
		traj_quintic_at(&q, tau - dt, pl, vl, al, jl);
		traj_quintic_at(&q, tau + dt, ph, vh, ah, jh);
		for (i = 0; i < 2; i++) {
			CHECK(rel_near(v[i], (ph[i] - pl[i]) / (2 * h), 1e-6));
			CHECK(rel_near(a[i], (vh[i] - vl[i]) / (2 * h), 1e-6));
			CHECK(rel_near(j[i], (ah[i] - al[i]) / (2 * h), 1e-6));
			CHECK(rel_near(s[i], (jh[i] - jl[i]) / (2 * h), 1e-6));
		}
	}
}

/* With rest at both ends the quintic is the minimum-jerk move itself. */
static void
test_quintic_rest_is_move(void)
{
	double p0[3] = { 5, -1, 0 }, p1[3] = { 12, 30, -8 };
	double coef[QUINTIC_COEFS(3)];
	struct quintic q = { 3, 3, p0, p1, coef };
	struct traj_move m = { 3, p0, p1, 3 };
	int k, i;

	traj_quintic_fit(&q, NULL, NULL, NULL, NULL);
	for (k = 0; k <= 64; k++) {
		double qp[3], qv[3], qa[3], qj[3], mp[3], mv[3], ma[3], mj[3];

		traj_quintic_at(&q, k / 64.0, qp, qv, qa, qj);
		traj_move_at(&m, k / 64.0, mp, mv, ma, mj);
		for (i = 0; i < 3; i++) {
			CHECK(rel_near(qp[i], mp[i], 1e-13));
			CHECK(rel_near(qv[i], mv[i], 1e-13));
			CHECK(rel_near(qa[i], ma[i], 1e-13));
			CHECK(rel_near(qj[i], mj[i], 1e-13));
		}
	}
}

static void
test_move_peaks(void)
{
	struct traj_peaks pk;

	traj_move_peaks(100, 2, &pk);	/* D = 100, T = 2 */
	CHECK(pk.value[TRAJ_VEL] == 93.75);
	CHECK_NEAR(pk.value[TRAJ_ACC], 144.33756729740643, 1e-12);
	CHECK(pk.value[TRAJ_JERK] == 750);
	CHECK(pk.at[TRAJ_VEL] == 1);
	CHECK_NEAR(pk.at[TRAJ_ACC], (3 - sqrt(3)) / 3, 1e-15);
	CHECK(pk.at[TRAJ_JERK] == 0);
}

/* The numeric search agrees with the analytic peaks on a straight move. */
static void
test_quintic_peaks_straight(void)
{
	double p0[3] = { 0, 0, 0 }, p1[3] = { 30, 40, 120 };	/* D = 130 */
	double coef[QUINTIC_COEFS(3)];
	struct quintic q = { 3, 4, p0, p1, coef };
	struct traj_peaks pk;

	traj_quintic_fit(&q, NULL, NULL, NULL, NULL);
	traj_quintic_peaks(&q, &pk);
	CHECK(rel_near(pk.value[TRAJ_VEL], 1.875 * 130 / 4, 1e-12));
	CHECK(rel_near(pk.value[TRAJ_ACC], 10 / sqrt(3) * 130 / 16, 1e-12));
	CHECK(rel_near(pk.value[TRAJ_JERK], 60 * 130 / 64.0, 1e-12));
	CHECK_NEAR(pk.at[TRAJ_VEL], 2, 1e-6);
	CHECK(fabs(pk.at[TRAJ_ACC] - 4 * (3 - sqrt(3)) / 6) < 1e-6 ||
	    fabs(pk.at[TRAJ_ACC] - 4 * (3 + sqrt(3)) / 6) < 1e-6);
}

/* A curved segment: the search against a brute-force scan. */
static void
test_quintic_peaks_curved(void)
{
	double p0[2] = { 0, 0 }, p1[2] = { 10, 3 };
	double v0[2] = { 0, 12 }, v1[2] = { -6, 4 }, a0[2] = { 5, -30 };
	double coef[QUINTIC_COEFS(2)], best[3] = { 0, 0, 0 };
	struct quintic q = { 2, 1.3, p0, p1, coef };
	struct traj_peaks pk;
	int k;

	traj_quintic_fit(&q, v0, a0, v1, NULL);
	traj_quintic_peaks(&q, &pk);
	for (k = 0; k <= 2000000; k++) {
		double v[2], a[2], j[2], n;

		traj_quintic_at(&q, k / 2e6, NULL, v, a, j);
		if ((n = hypot(v[0], v[1])) > best[0])
			best[0] = n;
		if ((n = hypot(a[0], a[1])) > best[1])
			best[1] = n;
		if ((n = hypot(j[0], j[1])) > best[2])
			best[2] = n;
	}
	CHECK(rel_near(pk.value[TRAJ_VEL], best[0], 1e-9));
	CHECK(rel_near(pk.value[TRAJ_ACC], best[1], 1e-9));
	CHECK(rel_near(pk.value[TRAJ_JERK], best[2], 1e-9));
	CHECK(pk.value[TRAJ_VEL] >= best[0] * (1 - 1e-15));
}

static void
test_peaks_merge(void)
{
	struct traj_peaks all, seg;

	memset(&all, 0, sizeof all);
	traj_move_peaks(10, 1, &seg);
	traj_peaks_merge(&all, &seg, 0);
	traj_move_peaks(30, 1, &seg);
	traj_peaks_merge(&all, &seg, 5);
	traj_move_peaks(20, 1, &seg);
	traj_peaks_merge(&all, &seg, 9);
	CHECK(all.value[TRAJ_VEL] == 1.875 * 30);
	CHECK(all.at[TRAJ_VEL] == 5.5);
	CHECK(all.at[TRAJ_JERK] == 5);
}

/* 0 -> 1 -> 0 in two 1 s segments: v = 0 and a = -120/18 (by hand). */
static void
test_through_hand(void)
{
	double pts[3] = { 0, 1, 0 }, dur[2] = { 1, 1 };
	double vel[3], acc[3], work[TRAJ_THROUGH_WORK(3)];
	double line[3] = { 0, 1, 2 };

	CHECK(traj_through(3, 1, pts, dur, vel, acc, work) == 0);
	CHECK(vel[0] == 0 && acc[0] == 0 && vel[2] == 0 && acc[2] == 0);
	CHECK_NEAR(vel[1], 0, 1e-12);
	CHECK_NEAR(acc[1], -20.0 / 3, 1e-12);
	/* 0 -> 1 -> 2: the single move 0 -> 2 in 2 s, 1.875 * 2 / 2 midway */
	CHECK(traj_through(3, 1, line, dur, vel, acc, work) == 0);
	CHECK_NEAR(vel[1], 1.875, 1e-12);
	CHECK_NEAR(acc[1], 0, 1e-12);
}

/*
 * Via points taken from one minimum-jerk move at uneven times: the unique
 * solution is that move, so every via state must match it.
 */
static void
test_through_reproduces_move(void)
{
	enum { N = 7, DIM = 3 };
	double from[DIM] = { -20, 5, 100 }, to[DIM] = { 80, -45, 130 };
	double times[N] = { 0, 0.3, 0.45, 1.7, 2.0, 3.1, 4.0 };
	double pts[N * DIM], dur[N - 1], vel[N * DIM], acc[N * DIM];
	double work[TRAJ_THROUGH_WORK(N)];
	struct traj_move m = { DIM, from, to, 4.0 };
	int k, i;

	for (k = 0; k < N; k++)
		traj_move_at_time(&m, times[k], pts + k * DIM, NULL, NULL, NULL);
	for (k = 0; k + 1 < N; k++)
		dur[k] = times[k + 1] - times[k];
	CHECK(traj_through(N, DIM, pts, dur, vel, acc, work) == 0);
	for (k = 0; k < N; k++) {
		double v[DIM], a[DIM];

		traj_move_at_time(&m, times[k], NULL, v, a, NULL);
		for (i = 0; i < DIM; i++) {
			CHECK(rel_near(vel[k * DIM + i], v[i], 1e-9));
			CHECK(rel_near(acc[k * DIM + i], a[i], 1e-9));
		}
	}
}

/* Fit every segment of a solved path (coef: (npts - 1) segments). */
static void
fit_path(size_t npts, size_t dim, const double *pts, const double *dur,
    const double *vel, const double *acc, double *coef, struct quintic *q)
{
	size_t k;

	for (k = 0; k + 1 < npts; k++) {
		q[k].dim = dim;
		q[k].duration = dur[k];
		q[k].from = pts + k * dim;
		q[k].to = pts + (k + 1) * dim;
		q[k].coef = coef + k * QUINTIC_COEFS(dim);
		traj_quintic_fit(&q[k], vel + k * dim, acc + k * dim,
		    vel + (k + 1) * dim, acc + (k + 1) * dim);
	}
}

/* Optimality shows as continuous jerk and snap at every via point. */
static void
test_through_continuity(void)
{
	enum { N = 9, DIM = 2 };
	double pts[N * DIM], dur[N - 1], vel[N * DIM], acc[N * DIM];
	double work[TRAJ_THROUGH_WORK(N)], coef[(N - 1) * QUINTIC_COEFS(DIM)];
	struct quintic q[N - 1];
	int k, i;

	random_state(pts, N * DIM, 100);
	for (k = 0; k + 1 < N; k++)
		dur[k] = uniform(0.05, 3);
	CHECK(traj_through(N, DIM, pts, dur, vel, acc, work) == 0);
	fit_path(N, DIM, pts, dur, vel, acc, coef, q);
	for (k = 1; k + 1 < N; k++) {
		double pe[DIM], ve[DIM], ae[DIM], je[DIM], se[DIM];
		double ps[DIM], vs[DIM], as[DIM], js[DIM], ss[DIM];

		traj_quintic_at(&q[k - 1], 1, pe, ve, ae, je);
		traj_quintic_snap_at(&q[k - 1], 1, se);
		traj_quintic_at(&q[k], 0, ps, vs, as, js);
		traj_quintic_snap_at(&q[k], 0, ss);
		for (i = 0; i < DIM; i++) {
			double scale = fabs(js[i]) + fabs(ss[i]) + 1;

			CHECK(pe[i] == pts[k * DIM + i] && ps[i] == pe[i]);
			CHECK(rel_near(ve[i], vs[i], 1e-9));
			CHECK(rel_near(ae[i], as[i], 1e-9));
			CHECK(fabs(je[i] - js[i]) <= 1e-7 * scale);
			CHECK(fabs(se[i] - ss[i]) <= 1e-7 * scale);
		}
	}
}

/* Integral of squared jerk over a path, by Simpson's rule. */
static double
jerk_energy(const struct quintic *q, size_t nseg)
{
	const int n = 400;
	double total = 0;
	size_t k, i;
	int s;

	for (k = 0; k < nseg; k++) {
		double sum = 0;

		for (s = 0; s <= n; s++) {
			double j[4], e = 0;

			traj_quintic_at(&q[k], (double)s / n, NULL, NULL, NULL, j);
			for (i = 0; i < q[k].dim; i++)
				e += j[i] * j[i];
			sum += e * (s == 0 || s == n ? 1 : s % 2 ? 4 : 2);
		}
		total += sum * q[k].duration / (3.0 * n);
	}
	return total;
}

/* Nudging any via velocity or acceleration costs jerk. */
static void
test_through_is_minimum(void)
{
	enum { N = 5, DIM = 2 };
	double pts[N * DIM] = { 0, 0, 10, 5, 12, 20, 0, 25, -5, 10 };
	double dur[N - 1] = { 1, 0.7, 1.5, 1.1 };
	double vel[N * DIM], acc[N * DIM], work[TRAJ_THROUGH_WORK(N)];
	double coef[(N - 1) * QUINTIC_COEFS(DIM)], base;
	struct quintic q[N - 1];
	int k, sign;

	CHECK(traj_through(N, DIM, pts, dur, vel, acc, work) == 0);
	fit_path(N, DIM, pts, dur, vel, acc, coef, q);
	base = jerk_energy(q, N - 1);
	for (k = DIM; k < (N - 1) * DIM; k++) {
		for (sign = -1; sign <= 1; sign += 2) {
			double keep_v = vel[k], keep_a = acc[k];

			vel[k] += sign * 0.01 * (fabs(vel[k]) + 1);
			fit_path(N, DIM, pts, dur, vel, acc, coef, q);
			CHECK(jerk_energy(q, N - 1) > base);
			vel[k] = keep_v;
			acc[k] += sign * 0.01 * (fabs(acc[k]) + 1);
			fit_path(N, DIM, pts, dur, vel, acc, coef, q);
			CHECK(jerk_energy(q, N - 1) > base);
			acc[k] = keep_a;
		}
	}
}

static void
test_through_bad_input(void)
{
	double pts[6] = { 0, 0, 1, 1, 2, 0 }, vel[6], acc[6];
	double work[TRAJ_THROUGH_WORK(3)];
	double zero[2] = { 1, 0 }, neg[2] = { 1, -2 }, nan_dur[2] = { 1, NAN };
	double ok[2] = { 1, 1 }, two[1] = { 3 };

	CHECK(traj_through(3, 2, pts, zero, vel, acc, work) == -1);
	CHECK(traj_through(3, 2, pts, neg, vel, acc, work) == -1);
	CHECK(traj_through(3, 2, pts, nan_dur, vel, acc, work) == -1);
	CHECK(traj_through(1, 2, pts, ok, vel, acc, work) == -1);
	pts[2] = NAN;
	CHECK(traj_through(3, 2, pts, ok, vel, acc, work) == -1);
	/* two points: nothing to solve, rest at both ends */
	CHECK(traj_through(2, 2, pts, two, vel, acc, work) == 0);
	CHECK(vel[0] == 0 && vel[3] == 0 && acc[1] == 0 && acc[2] == 0);
}


/* The closed-form jerk cost against Simpson's rule on the samples. */
static void
test_jerk_cost_closed_form(void)
{
	enum { N = 4, DIM = 3 };
	double pts[N * DIM], dur[N - 1], vel[N * DIM], acc[N * DIM];
	double coef[(N - 1) * QUINTIC_COEFS(DIM)];
	struct quintic q[N - 1];
	int k;

	random_state(pts, N * DIM, 50);
	random_state(vel, N * DIM, 20);
	random_state(acc, N * DIM, 40);
	for (k = 0; k + 1 < N; k++)
		dur[k] = uniform(0.3, 2);
	fit_path(N, DIM, pts, dur, vel, acc, coef, q);
	CHECK(rel_near(traj_path_jerk_cost(N, DIM, pts, dur, vel, acc),
	    jerk_energy(q, N - 1), 1e-9));
}

/*
 * Via points on one minimum-jerk move: that move is the least-jerk path
 * for its total time, so the best split must find the times they were
 * taken at, whatever split the search starts from.
 */
static void
test_via_times_recover_move(void)
{
	enum { N = 6, DIM = 2 };
	double from[DIM] = { 0, 10 }, to[DIM] = { 90, -30 };
	double times[N] = { 0, 0.4, 0.9, 1.7, 2.2, 3.0 };
	double pts[N * DIM], dur[N - 1], vel[N * DIM], acc[N * DIM];
	double work[TRAJ_VIA_TIMES_WORK(N)], total = 0;
	struct traj_move m = { DIM, from, to, 3.0 };
	int k, i;

	for (k = 0; k < N; k++)
		traj_move_at_time(&m, times[k], pts + k * DIM, NULL, NULL, NULL);
	for (k = 0; k + 1 < N; k++)
		dur[k] = 0.6;	/* an even split to start from */
	CHECK(traj_via_times(N, DIM, pts, dur, vel, acc, work) == 0);
	for (k = 0; k + 1 < N; k++) {
		CHECK(rel_near(dur[k], times[k + 1] - times[k], 1e-6));
		total += dur[k];
	}
	CHECK_NEAR(total, 3.0, 1e-12);
	for (k = 0; k < N; k++) {
		double v[DIM], a[DIM];

		traj_move_at_time(&m, times[k], NULL, v, a, NULL);
		for (i = 0; i < DIM; i++) {
			CHECK(rel_near(vel[k * DIM + i], v[i], 1e-5));
			CHECK(rel_near(acc[k * DIM + i], a[i], 1e-5));
		}
	}
}

/* At the split found, moving time between neighbours only costs jerk. */
static void
test_via_times_is_minimum(void)
{
	enum { N = 6, DIM = 3 };
	double pts[N * DIM] = { 120, 0, 80, 180, 60, 80, 180, 60, 20,
	    180, 60, 90, 60, 150, 90, 60, 150, 40 };
	double dur[N - 1] = { 0.8, 0.66, 0.71, 1.41, 0.6 };
	double vel[N * DIM], acc[N * DIM], work[TRAJ_VIA_TIMES_WORK(N)];
	double before, best, total = 0;
	int k, sign;

	CHECK(traj_through(N, DIM, pts, dur, vel, acc, work) == 0);
	before = traj_path_jerk_cost(N, DIM, pts, dur, vel, acc);
	CHECK(traj_via_times(N, DIM, pts, dur, vel, acc, work) == 0);
	best = traj_path_jerk_cost(N, DIM, pts, dur, vel, acc);
	CHECK(best < before);
	for (k = 0; k + 1 < N; k++)
		total += dur[k];
	CHECK_NEAR(total, 0.8 + 0.66 + 0.71 + 1.41 + 0.6, 1e-12);
	for (k = 0; k + 2 < N; k++) {
		for (sign = -1; sign <= 1; sign += 2) {
			double shift = sign * 0.01 * dur[k];

			dur[k] += shift;
			dur[k + 1] -= shift;
			CHECK(traj_through(N, DIM, pts, dur, vel, acc,
			    work) == 0);
			CHECK(traj_path_jerk_cost(N, DIM, pts, dur, vel, acc) >
			    best);
			dur[k] -= shift;
			dur[k + 1] += shift;
		}
	}
}

static void
test_via_times_symmetric(void)
{
	double pts[3] = { 0, 1, 0 }, dur[2] = { 1.5, 0.5 };
	double vel[3], acc[3], work[TRAJ_VIA_TIMES_WORK(3)];
	double two[1] = { 4 };

	CHECK(traj_via_times(3, 1, pts, dur, vel, acc, work) == 0);
	CHECK_NEAR(dur[0], 1, 1e-7);
	CHECK_NEAR(dur[1], 1, 1e-7);
	/* a single segment: nothing to split */
	CHECK(traj_via_times(2, 1, pts, two, vel, acc, work) == 0 && two[0] == 4);
	two[0] = -1;
	CHECK(traj_via_times(2, 1, pts, two, vel, acc, work) == -1);
}

/* The complaints traj_path_plan makes, kept to be checked. */
struct said {
	long line;
	char msg[160];
	int n;
};

static void
keep_said(void *ctx, long line, const char *msg)
{
	struct said *s = ctx;

	s->line = line;
	snprintf(s->msg, sizeof s->msg, "%s", msg);
	s->n++;
}

struct rows {
	double t[8], x[8];
	int n;
};

static int
keep_row(void *ctx, double t, const struct traj_state *st)
{
	struct rows *r = ctx;

	if (r->n < 8) {
		r->t[r->n] = t;
		r->x[r->n] = st->pos[0];
	}
	r->n++;
	return 0;
}

/* Points 0, 0, 1, 3 (1-D) at 2 s a segment, resting 0.5 s between:
   the repeat dropped, 4.5 s in all, the peak speed 1.875 D/T of the
   second segment at its middle (3.5 s); a count of 3 samples a segment
   without the rest gives t 0..4 at 0, 0.5, 1, 2, 3. */
static void
test_path_plan(void)
{
	const double xyz[4] = { 0, 0, 1, 3 };
	const long line[4] = { 2, 3, 4, 5 }, args[4] = { 0, 0, 0, 0 };
	struct traj_points pts = { 4, 1, xyz, line };
	struct traj_timing tm;
	struct traj_path_opts po = { &tm, 0.5, 0, 0 };
	struct said said;
	struct traj_say say = { keep_said, &said };
	struct traj_path path;
	struct traj_margin m[TRAJ_NQUANTITIES];
	struct traj_sampling sm;
	struct traj_run run = { 0, 0 };
	struct rows rows;
	static const double at[5] = { 0, 0.5, 1, 2, 3 };
	int k;

	memset(&tm, 0, sizeof tm);
	memset(&said, 0, sizeof said);
	tm.duration = 2;
	tm.vmax = 2;
	CHECK(traj_path_plan(&path, &pts, &po, &say) == TRAJ_OK);
	CHECK(said.n == 0);
	CHECK(path.npts == 3 && path.line[1] == 4);
	CHECK_NEAR(traj_path_duration(&path), 4.5, 1e-12);
	traj_path_margins(&path, &tm, m);
	CHECK_NEAR(m[TRAJ_VEL].peak, 1.875, 1e-9);
	CHECK_NEAR(m[TRAJ_VEL].at, 3.5, 1e-6);
	CHECK_NEAR(m[TRAJ_VEL].margin, 0.125, 1e-9);
	CHECK(m[TRAJ_ACC].limit == 0);
	tm.vmax = 1.875 * (1 + 1e-12);	/* met to rounding: no margin */
	traj_path_margins(&path, &tm, m);
	CHECK(m[TRAJ_VEL].margin == 0);
	traj_path_free(&path);

	po.dwell = 0;
	po.reverse = 1;
	CHECK(traj_path_plan(&path, &pts, &po, &say) == TRAJ_OK);
	CHECK(path.pts[0] == 3 && path.pts[2] == 0);
	memset(&sm, 0, sizeof sm);
	sm.rule = TRAJ_SAMPLE_COUNT;
	sm.samples = 3;
	memset(&rows, 0, sizeof rows);
	po.reverse = 0;
	traj_path_free(&path);
	CHECK(traj_path_plan(&path, &pts, &po, &say) == TRAJ_OK);
	CHECK(traj_path_oversampled(&path, &sm) == 0);
	CHECK(traj_path_sample(&path, &sm, &run, keep_row, &rows) ==
	    TRAJ_OK);
	CHECK(rows.n == 5 && run.moved && run.t0 == 4);
	for (k = 0; k < 5 && rows.n == 5; k++) {
		CHECK_NEAR(rows.t[k], k, 1e-12);
		CHECK_NEAR(rows.x[k], at[k], 1e-12);
	}
	traj_path_free(&path);

	tm.duration = 0;	/* Fitts' law gives -9 s: refused, at line 4 */
	tm.fitts_a = -10;
	tm.fitts_b = 1;
	tm.fitts_w = 1;
	CHECK(traj_path_plan(&path, &pts, &po, &say) == TRAJ_BAD);
	CHECK(said.n == 1 && said.line == 4);
	CHECK(strstr(said.msg, "must be positive") != NULL);
	traj_path_free(&path);
	pts.line = args;	/* the same points as arguments: a usage error */
	CHECK(traj_path_plan(&path, &pts, &po, &say) == TRAJ_USAGE);
	CHECK(said.n == 2 && said.line == 0);
	traj_path_free(&path);
}

int
main(void)
{
	RUN(test_profile_ends);
	RUN(test_path_plan);
	RUN(test_profile_matches_pyt);
	RUN(test_profile_derivatives);
	RUN(test_profile_peaks);
	RUN(test_lerp);
	RUN(test_distance);
	RUN(test_move_ends_exact);
	RUN(test_move_derivatives);
	RUN(test_move_monotone);
	RUN(test_durations);
	RUN(test_sampling);
	RUN(test_quintic_boundaries);
	RUN(test_quintic_derivatives);
	RUN(test_quintic_rest_is_move);
	RUN(test_move_peaks);
	RUN(test_quintic_peaks_straight);
	RUN(test_quintic_peaks_curved);
	RUN(test_peaks_merge);
	RUN(test_through_hand);
	RUN(test_through_reproduces_move);
	RUN(test_through_continuity);
	RUN(test_through_is_minimum);
	RUN(test_through_bad_input);
	RUN(test_jerk_cost_closed_form);
	RUN(test_via_times_recover_move);
	RUN(test_via_times_is_minimum);
	RUN(test_via_times_symmetric);
	return check_report("traj");
}
