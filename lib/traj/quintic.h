/*
 * quintic.h - one segment of a path: the quintic that joins two states.
 * Given position, velocity and acceleration at both ends it is unique; the
 * via-point solver (through.h) picks those states, mjtraj samples them.
 */
#ifndef SPINE_QUINTIC_H
#define SPINE_QUINTIC_H

#include <stddef.h>

/* Doubles of coefficient storage one segment needs. */
#define QUINTIC_COEFS(dim) (10 * (dim))

/*
 * A segment of `duration` seconds.  coef holds, for each dimension i,
 * coef[10i + k] = c_k (k = 0..5) of x_i(tau) = sum c_k tau^k in normalised
 * time tau = t / duration, then the end states v0, a0, v1, a1 as given.
 * from, to and those are what the ends evaluate to, exactly.
 */
struct quintic {
	size_t dim;
	double duration;
	const double *from;	/* dim positions at tau = 0 */
	const double *to;	/* dim positions at tau = 1 */
	double *coef;		/* QUINTIC_COEFS(dim) doubles, caller's */
};

/*
 * Fill q->coef so that the segment leaves q->from with velocity v0 and
 * acceleration a0 and reaches q->to with v1 and a1 (per second, per
 * second squared; NULL means all zero).  q->dim, q->duration (> 0), q->from,
 * q->to and q->coef must be set.
 */
void traj_quintic_fit(struct quintic *q, const double *v0, const double *a0,
    const double *v1, const double *a1);

/*
 * Position and time derivatives at tau (clamped to [0, 1]), each into dim
 * doubles or skipped when NULL; pos is exactly from / to at the ends.
 */
void traj_quintic_at(const struct quintic *q, double tau, double *pos, double *vel,
    double *acc, double *jerk);

/* The fourth derivative (snap) at tau, for continuity checks. */
void traj_quintic_snap_at(const struct quintic *q, double tau, double *snap);

#endif
