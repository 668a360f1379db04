/*
 * retrace.c - PYT's way back along the path the arm came (path.h): the
 * executed samples in reverse, timed as one minimum-jerk move over their
 * length.  Length is measured in "seconds at full speed": each step
 * counts as its slowest joint's share (max |dq| / speed), so no joint is
 * asked for more than its speed at the profile's peak.  Called by the
 * servo-bus runs (lib/servoarm/run.c) and the spine-protocol runs
 * (lib/client/run.c), after easing off the obstacle.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm/path.h"
#include "traj/minjerk.h"

#define SAME 1e-9	/* degrees: two samples at one place */

/* The executed sample nearest `here`, the later of equals. */
static uint32_t
nearest(const double *done, uint32_t n, int nj, const double *here)
{
	double best = INFINITY, d, e;
	uint32_t i, at = 0;
	int j;

	for (i = 0; i < n; i++) {
		for (j = 0, d = 0; j < nj; j++) {
			e = done[(size_t)i * nj + j] - here[j];
			d += e * e;
		}
		if (d <= best) {
			best = d;
			at = i;
		}
	}
	return at;
}

/* The step a -> b in seconds at each joint's full speed. */
static double
step_len(const double *a, const double *b, int nj, const double *speed)
{
	double s = 0, v;
	int j;

	for (j = 0; j < nj; j++)
		if ((v = fabs(b[j] - a[j]) / speed[j]) > s)
			s = v;
	return s;
}

/* The corner points of the way back: here, then done[at..0]; their
 * cumulative lengths in len[].  The count. */
static uint32_t
corners(const double *done, uint32_t at, int nj, const double *here,
    const double *speed, double *pts, double *len, double *travel)
{
	uint32_t m = 0, i;
	const double *q;
	double s;
	int j;

	memcpy(pts, here, sizeof *pts * nj);
	len[0] = 0;
	for (j = 0; j < nj; j++)
		travel[j] = 0;
	for (i = at + 1; i-- > 0;) {
		q = done + (size_t)i * nj;
		s = step_len(pts + (size_t)m * nj, q, nj, speed);
		if (s * 1e6 <= SAME)
			continue;
		for (j = 0; j < nj; j++)
			travel[j] += fabs(q[j] - pts[(size_t)m * nj + j]);
		m++;
		memcpy(pts + (size_t)m * nj, q, sizeof *pts * nj);
		len[m] = len[m - 1] + s;
	}
	return m + 1;
}

/* The duration: the speed profile's peak at full speed, and each joint's
 * acceleration as for a straight move of its whole travel. */
static double
duration(double total, const double *travel, const double *accel, int nj)
{
	double T = TRAJ_PEAK_VEL * total, ta;
	int j;

	for (j = 0; j < nj; j++)
		if ((ta = sqrt(TRAJ_PEAK_ACC * travel[j] / accel[j])) > T)
			T = ta;
	return T;
}

/* The point at length s along the corners (the segment from *seg on). */
static void
point_at(const double *pts, const double *len, uint32_t m, int nj, double s,
    uint32_t *seg, double *q)
{
	double f;
	int j;

	while (*seg + 2 < m && len[*seg + 1] < s)
		(*seg)++;
	f = len[*seg + 1] > len[*seg] ? (s - len[*seg]) /
	    (len[*seg + 1] - len[*seg]) : 1;
	f = f < 0 ? 0 : f > 1 ? 1 : f;
	for (j = 0; j < nj; j++)
		q[j] = pts[(size_t)*seg * nj + j] + f *
		    (pts[(size_t)(*seg + 1) * nj + j] -
		    pts[(size_t)*seg * nj + j]);
}

static int
sample(struct arm_path *p, const double *pts, const double *len, uint32_t m,
    int nj, double T, double period)
{
	double q[ARM_PATH_JOINTS], t0 = p->n ? p->t[p->n - 1] : 0, u, s;
	uint32_t k, steps = (uint32_t)ceil(T / period * 1.02), seg = 0;

	if (steps < 2)
		steps = 2;
	if (steps > ARM_PATH_MAX)
		return -1;
	for (k = 1; k <= steps; k++) {
		u = (double)k / steps;
		s = len[m - 1] * u * u * u * (10 - 15 * u + 6 * u * u);
		if (k == steps)
			memcpy(q, pts + (size_t)(m - 1) * nj, sizeof *q * nj);
		else
			point_at(pts, len, m, nj, s, &seg, q);
		if (arm_path_append(p, nj, q, t0 + k * period, 0) != 0)
			return -1;
	}
	return 0;
}

int
arm_path_retrace(struct arm_path *p, const double *done, uint32_t n,
    int nj, const double *here, const double *speed, const double *accel,
    double period)
{
	double *pts, *len, travel[ARM_PATH_JOINTS];
	uint32_t m;
	int r;

	if (n == 0 || nj > ARM_PATH_JOINTS)
		return n == 0 ? 0 : -1;
	pts = malloc(sizeof *pts * ((size_t)n + 1) * nj);
	len = malloc(sizeof *len * ((size_t)n + 1));
	if (pts == NULL || len == NULL) {
		free(pts);
		free(len);
		return -1;
	}
	m = corners(done, nearest(done, n, nj, here), nj, here, speed, pts,
	    len, travel);
	r = m < 2 ? 0 : sample(p, pts, len, m, nj, duration(len[m - 1],
	    travel, accel, nj), period);
	free(pts);
	free(len);
	return r;
}

double
arm_path_distance(const double *a, const double *b, int nj)
{
	double s = 0;
	int j;

	for (j = 0; j < nj; j++)
		s += (b[j] - a[j]) * (b[j] - a[j]);
	return sqrt(s);
}

int
arm_path_ease_off(struct arm_path *p, int nj, const double *here,
    const double *pushed, double deg, double period, double *out)
{
	double len = arm_path_distance(here, pushed, nj);
	double t0 = p->n ? p->t[p->n - 1] : 0;
	int j;

	if (nj > ARM_PATH_JOINTS)
		return -1;
	for (j = 0; j < nj; j++)
		out[j] = here[j] - (len > SAME ? deg * (pushed[j] - here[j]) /
		    len : 0);
	if (arm_path_append(p, nj, out, t0 + period, 0) != 0 ||
	    arm_path_append(p, nj, out, t0 + 2 * period, 0) != 0)
		return -1;
	return 0;
}
