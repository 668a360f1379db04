/*
 * timing.c - durations and sample times.
 * The limit rules invert the profile's analytic peaks: speed 1.875 D/T,
 * acceleration 5.7735 D/T^2, jerk 60 D/T^3.
 */
#include <math.h>

#include "minjerk.h"
#include "timing.h"

int
traj_timing_has_clock(const struct traj_timing *r)
{
	return r->duration > 0 || r->fitts_w > 0 || r->vmax > 0 ||
	    r->amax > 0 || r->jmax > 0;
}

int
traj_timing_from_limits(const struct traj_timing *r)
{
	return !(r->duration > 0) && !(r->fitts_w > 0) &&
	    (r->vmax > 0 || r->amax > 0 || r->jmax > 0);
}

double
traj_duration_for_vmax(double dist, double vmax)
{
	return TRAJ_PEAK_VEL * dist / vmax;
}

double
traj_duration_for_amax(double dist, double amax)
{
	return sqrt(TRAJ_PEAK_ACC * dist / amax);
}

double
traj_duration_for_jmax(double dist, double jmax)
{
	return cbrt(TRAJ_PEAK_JERK * dist / jmax);
}

static double
from_limits(const struct traj_timing *r, double dist)
{
	double T = 0, t;

	if (r->vmax > 0 && (t = traj_duration_for_vmax(dist, r->vmax)) > T)
		T = t;
	if (r->amax > 0 && (t = traj_duration_for_amax(dist, r->amax)) > T)
		T = t;
	if (r->jmax > 0 && (t = traj_duration_for_jmax(dist, r->jmax)) > T)
		T = t;
	return T;
}

enum traj_timing_error
traj_duration(const struct traj_timing *r, double dist, double *T)
{
	double t;

	if (r->duration > 0)
		t = r->duration;
	else if (r->fitts_w > 0)
		t = r->fitts_a + r->fitts_b * log2(2 * dist / r->fitts_w);
	else if (r->vmax > 0 || r->amax > 0 || r->jmax > 0)
		t = from_limits(r, dist);
	else
		t = 1;
	if (isnan(t) || isinf(t))
		return TRAJ_TIMING_OVERFLOW;
	if (!(t > 0))
		return TRAJ_TIMING_NOT_POSITIVE;
	*T = t;
	return TRAJ_TIMING_OK;
}

void
traj_sampling_by_count(struct traj_mj_sampling *s, uint64_t n, double duration)
{
	s->n = n < 2 ? 2 : n;
	s->rate = 0;
	s->duration = duration;
}

int
traj_sampling_by_step(struct traj_mj_sampling *s, double dist, double step,
    double duration)
{
	double intervals = ceil(dist / step);

	if (!(intervals < (double)TRAJ_SAMPLES_MAX))
		return -1;
	traj_sampling_by_count(s, (uint64_t)intervals + 1, duration);
	return 0;
}

/*
 * Grid points strictly inside the segment are i/rate for 0 < i < k; the
 * end is added on its own.  A duration that is a whole number of periods
 * up to rounding (T rate = 100.0000000001) does not get a sliver sample
 * just before the end.
 */
int
traj_sampling_by_rate(struct traj_mj_sampling *s, double rate, double duration)
{
	double periods = duration * rate;
	double k = ceil(periods - 1e-9 * (periods > 1 ? periods : 1));

	if (!(k < (double)TRAJ_SAMPLES_MAX))
		return -1;
	if (k < 1)
		k = 1;
	s->n = (uint64_t)k + 1;
	s->rate = rate;
	s->duration = duration;
	return 0;
}

void
traj_sample_time(const struct traj_mj_sampling *s, uint64_t i, double *tau,
    double *u)
{
	if (i == 0) {
		*tau = 0;
		*u = 0;
	} else if (i >= s->n - 1) {
		*tau = 1;
		*u = s->duration;
	} else if (s->rate > 0) {
		*u = (double)i / s->rate;
		*tau = *u / s->duration;
	} else {
		*tau = (double)i / (double)(s->n - 1);
		*u = *tau * s->duration;
	}
}
