/*
 * timing.h - how long a move takes and where it is sampled.
 * Turns a fixed duration, speed/acceleration/jerk limits or Fitts' law into
 * a duration, and a step, a count or a rate into sample times.  mjtraj, armctl.
 */
#ifndef SPINE_TIMING_H
#define SPINE_TIMING_H

#include <stddef.h>
#include <stdint.h>

/*
 * The rule for a move's duration.  Zero fields are "not given".  The first
 * rule that applies wins: a fixed duration, then Fitts' law, then the
 * shortest duration that keeps every given limit, else normalised time (1).
 */
struct mj_timing {
	double duration;	/* seconds */
	double fitts_a, fitts_b, fitts_w;	/* T = a + b log2(2D/W) */
	double vmax, amax, jmax;	/* peak speed, acceleration, jerk */
};

enum mj_timing_error {
	MJ_TIMING_OK = 0,
	MJ_TIMING_NOT_POSITIVE,	/* the rule gives a duration <= 0 */
	MJ_TIMING_OVERFLOW	/* the duration is not a finite number */
};

/* 1 when the rule gives real seconds, 0 for normalised time. */
int mj_timing_has_clock(const struct mj_timing *r);

/* 1 when the duration comes from the limits (so they hold by design). */
int mj_timing_from_limits(const struct mj_timing *r);

/* The duration of a rest-to-rest move of length dist (> 0) under r. */
enum mj_timing_error mj_duration(const struct mj_timing *r, double dist,
    double *T);

/* Shortest duration of a move of length dist within each limit alone. */
double mj_duration_for_vmax(double dist, double vmax);
double mj_duration_for_amax(double dist, double amax);
double mj_duration_for_jmax(double dist, double jmax);

/*
 * Where a segment is sampled.  Either n samples evenly spread in time, or
 * samples every 1/rate seconds from the start plus the end itself.
 */
struct mj_sampling {
	uint64_t n;		/* samples, >= 2, both ends included */
	double rate;		/* Hz, or 0 for even spacing */
	double duration;	/* of the segment, seconds */
};

/* Refuse to plan more samples than this for one segment. */
#define MJ_SAMPLES_MAX 1000000000000ULL

/*
 * Even sampling, about one sample per `step` of distance (n = ceil(dist /
 * step) + 1, at least 2).  -1 when that is more than MJ_SAMPLES_MAX.
 */
int mj_sampling_by_step(struct mj_sampling *s, double dist, double step,
    double duration);

/* Even sampling with n (>= 2) samples. */
void mj_sampling_by_count(struct mj_sampling *s, uint64_t n, double duration);

/* Every 1/rate seconds plus the end; -1 when that is too many samples. */
int mj_sampling_by_rate(struct mj_sampling *s, double rate, double duration);

/*
 * Sample i (0 <= i < n): its normalised time tau (exactly 0 and 1 at the
 * ends) and its time u in seconds from the segment's start (exactly 0 and
 * the duration at the ends; an exact multiple of 1/rate in between).
 */
void mj_sample_time(const struct mj_sampling *s, uint64_t i, double *tau,
    double *u);

#endif
