/*
 * path.c - making and checking timed joint paths for a described arm
 * (path.h; reading them is pathread.c).  Called by armctl.  Speeds and
 * accelerations are finite differences of the waypoints: what the robot,
 * which holds each one for its period, is actually asked to do.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm/path.h"
#include "traj/minjerk.h"

static int
path_grow(struct arm_path *p, int nj)
{
	uint32_t cap = p->cap ? p->cap * 2 : 256;
	double *q, *t;
	long *line;

	p->nj = nj;
	if (p->n < p->cap)
		return 0;
	if (p->cap >= ARM_PATH_MAX)
		return -1;
	if ((q = realloc(p->q, sizeof *q * nj * cap)) == NULL)
		return -1;
	p->q = q;
	if ((t = realloc(p->t, sizeof *t * cap)) == NULL)
		return -1;
	p->t = t;
	if ((line = realloc(p->line, sizeof *line * cap)) == NULL)
		return -1;
	p->line = line;
	p->cap = cap;
	return 0;
}

int
arm_path_append(struct arm_path *p, int nj, const double *q, double t,
    long line)
{
	if (path_grow(p, nj) < 0)
		return -1;
	memcpy(p->q + (size_t)p->n * nj, q, sizeof *q * nj);
	p->t[p->n] = t;
	p->line[p->n++] = line;
	return 0;
}

void
arm_path_free(struct arm_path *p)
{
	free(p->q);
	free(p->t);
	free(p->line);
	memset(p, 0, sizeof *p);
}

/* Shortest duration of a minimum-jerk move of every joint from a to b
 * within the joints' top speeds and accelerations (minjerk.h's peaks). */
static double
move_time(const struct arm_desc *a, const double *from, const double *to)
{
	double T = 0, dist, tv, ta;
	int j;

	for (j = 0; j < a->njoints; j++) {
		dist = fabs(to[j] - from[j]);
		tv = TRAJ_PEAK_VEL * dist / a->joint[j].speed;
		ta = sqrt(TRAJ_PEAK_ACC * dist / a->joint[j].accel);
		T = fmax(T, fmax(tv, ta));
	}
	return T;
}

int
arm_path_move(struct arm_path *p, const struct arm_desc *a,
    const double *from, const double *to, double period)
{
	double f[ARM_MAX_JOINTS], g[ARM_MAX_JOINTS], t0, T;
	struct traj_move m;
	uint32_t k, steps;
	int j;

	for (j = 0; j < a->njoints; j++) {
		f[j] = arm_clamp(&a->joint[j], from[j]);
		g[j] = arm_clamp(&a->joint[j], to[j]);
	}
	T = move_time(a, f, g);
	/* whole periods; a little slower than the limits allow, never
	 * faster, and the sampled peaks then stay inside them */
	steps = (uint32_t)ceil(T / period * 1.02);
	if (steps < 1)
		steps = 1;
	if (steps > ARM_PATH_MAX)
		return -1;
	m.dim = (size_t)a->njoints;
	m.from = f;
	m.to = g;
	m.duration = steps * period;
	t0 = p->n ? p->t[p->n - 1] : 0;
	for (k = 1; k <= steps; k++) {
		if (path_grow(p, a->njoints) < 0)
			return -1;
		traj_move_at(&m, (double)k / steps, p->q + (size_t)p->n *
		    a->njoints, NULL, NULL, NULL);
		p->t[p->n] = t0 + k * period;
		p->line[p->n++] = 0;
	}
	return 0;
}

int
arm_path_approach(struct arm_path *p, const struct arm_desc *a,
    const double *here, double period)
{
	struct arm_path m;
	double t0;
	uint32_t i;

	memset(&m, 0, sizeof m);
	if (p->n == 0 || arm_path_move(&m, a, here, p->q, period) != 0)
		goto oom;
	for (i = 1, t0 = m.t[m.n - 1] - p->t[0]; i < p->n; i++)
		if (arm_path_append(&m, p->nj, p->q + (size_t)i * p->nj,
		    t0 + p->t[i], p->line[i]) != 0)
			goto oom;
	m.timed = p->timed;
	m.cartesian = p->cartesian;
	arm_path_free(p);
	*p = m;
	return 0;
oom:
	arm_path_free(&m);
	return -1;
}

void
arm_path_peaks(const struct arm_path *p, struct arm_peak *pk)
{
	double v, prev[ARM_MAX_JOINTS], acc;
	uint32_t i;
	int j;

	memset(pk, 0, sizeof *pk * (size_t)p->nj);
	for (i = 1; i < p->n; i++) {
		double dt = p->t[i] - p->t[i - 1];

		for (j = 0; j < p->nj; j++) {
			v = (p->q[(size_t)i * p->nj + j] -
			    p->q[(size_t)(i - 1) * p->nj + j]) / dt;
			if (fabs(v) > pk[j].speed) {
				pk[j].speed = fabs(v);
				pk[j].speed_at = p->t[i];
			}
			if (i >= 2) {
				/* over the time between the two speeds */
				acc = (v - prev[j]) / ((p->t[i] -
				    p->t[i - 2]) / 2);
				if (fabs(acc) > pk[j].accel) {
					pk[j].accel = fabs(acc);
					pk[j].accel_at = p->t[i - 1];
				}
			}
			prev[j] = v;
		}
	}
}

int
arm_path_too_fast(const struct arm_desc *a, const struct arm_peak *pk,
    double slack, const char **what)
{
	int j;

	for (j = 0; j < a->njoints; j++) {
		if (pk[j].speed > a->joint[j].speed * (1 + slack)) {
			*what = "speed";
			return j;
		}
		if (pk[j].accel > a->joint[j].accel * (1 + slack)) {
			*what = "acceleration";
			return j;
		}
	}
	return -1;
}
