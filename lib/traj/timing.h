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
struct traj_timing {
	double duration;	/* seconds */
	double fitts_a, fitts_b, fitts_w;	/* T = a + b log2(2D/W) */
	double vmax, amax, jmax;	/* peak speed, acceleration, jerk */
};

enum traj_timing_error {
	TRAJ_TIMING_OK = 0,
	TRAJ_TIMING_NOT_POSITIVE,	/* the rule gives a duration <= 0 */
	TRAJ_TIMING_OVERFLOW	/* the duration is not a finite number */
};

/* 1 when the rule gives real seconds, 0 for normalised time. */
int traj_timing_has_clock(const struct traj_timing *r);

/* 1 when the duration comes from the limits (so they hold by design). */
int traj_timing_from_limits(const struct traj_timing *r);

/* The duration of a rest-to-rest move of length dist (> 0) under r. */
enum traj_timing_error traj_duration(const struct traj_timing *r, double dist,
    double *T);

/* Shortest duration of a move of length dist within each limit alone. */
double traj_duration_for_vmax(double dist, double vmax);
double traj_duration_for_amax(double dist, double amax);
double traj_duration_for_jmax(double dist, double jmax);

/*
 * Where a segment is sampled.  Either n samples evenly spread in time, or
 * samples every 1/rate seconds from the start plus the end itself.
 */
struct traj_mj_sampling {
	uint64_t n;		/* samples, >= 2, both ends included */
	double rate;		/* Hz, or 0 for even spacing */
	double duration;	/* of the segment, seconds */
};

/* Refuse to plan more samples than this for one segment. */
#define TRAJ_SAMPLES_MAX 1000000000000ULL

/*
 * Even sampling, about one sample per `step` of distance (n = ceil(dist /
 * step) + 1, at least 2).  -1 when that is more than TRAJ_SAMPLES_MAX.
 */
int traj_sampling_by_step(struct traj_mj_sampling *s, double dist, double step,
    double duration);

/* Even sampling with n (>= 2) samples. */
void traj_sampling_by_count(struct traj_mj_sampling *s, uint64_t n, double duration);

/* Every 1/rate seconds plus the end; -1 when that is too many samples. */
int traj_sampling_by_rate(struct traj_mj_sampling *s, double rate, double duration);

/*
 * Sample i (0 <= i < n): its normalised time tau (exactly 0 and 1 at the
 * ends) and its time u in seconds from the segment's start (exactly 0 and
 * the duration at the ends; an exact multiple of 1/rate in between).
 */
void traj_sample_time(const struct traj_mj_sampling *s, uint64_t i, double *tau,
    double *u);

#endif
