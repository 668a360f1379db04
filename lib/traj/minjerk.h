/*
 * minjerk.h - the minimum-jerk profile and the rest-to-rest move.
 * s(tau) = 10 tau^3 - 15 tau^4 + 6 tau^5 takes 0 to 1 with zero velocity and
 * acceleration at both ends.  Used by mjtraj and by armctl (reverse path).
 */
#ifndef SPINE_MINJERK_H
#define SPINE_MINJERK_H

#include <stddef.h>

/*
 * Peaks of the profile's derivatives over 0..1, from its analytic maxima:
 * s' at tau = 1/2, |s''| at tau = (3 -+ sqrt 3)/6, |s'''| at tau = 0 and 1.
 * A move of length D in T seconds peaks at TRAJ_PEAK_VEL * D / T and so on.
 */
#define TRAJ_PEAK_VEL	1.875			/* 15/8 */
#define TRAJ_PEAK_ACC	5.773502691896258	/* 10/sqrt(3) */
#define TRAJ_PEAK_JERK	60.0
#define TRAJ_TAU_PEAK_VEL	0.5
#define TRAJ_TAU_PEAK_ACC	0.21132486540518713	/* (3 - sqrt(3))/6 */
#define TRAJ_TAU_PEAK_JERK 0.0

/* s(tau), with tau clamped to [0, 1]; exactly 0 and 1 at the ends. */
double traj_s(double tau);

/* s, ds/dtau, d2s/dtau2, d3s/dtau3 at tau (clamped to [0, 1]). */
void traj_profile(double tau, double d[4]);

/*
 * a + s (b - a), exactly a at s = 0 and exactly b at s = 1, never beyond b,
 * and monotone in s: the samples of a move never step backwards.
 */
double traj_lerp(double a, double b, double s);

/* A rest-to-rest straight move in any number of dimensions. */
struct traj_move {
	size_t dim;
	const double *from;	/* dim coordinates */
	const double *to;	/* dim coordinates */
	double duration;	/* seconds (> 0); 1 for normalised time */
};

/* Straight-line (Euclidean) distance between two points. */
double traj_distance(size_t dim, const double *a, const double *b);

/*
 * State of the move at normalised time tau (0..1, clamped): position and
 * its time derivatives, each into an array of m->dim doubles, or skipped
 * when NULL.  pos is exactly m->from at tau = 0 and m->to at tau = 1.
 */
void traj_move_at(const struct traj_move *m, double tau, double *pos, double *vel,
    double *acc, double *jerk);

/* The same at time t seconds from the start (clamped to the move). */
void traj_move_at_time(const struct traj_move *m, double t, double *pos,
    double *vel, double *acc, double *jerk);

#endif
