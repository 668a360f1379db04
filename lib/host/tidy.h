/*
 * tidy.h - numbers as people read them: angles within one turn, and the
 * rounding dust of a zero (7.9e-15) as 0.  Called by ikreach for the
 * columns its man page says are tidied; data columns stay round-trip.
 */
#ifndef SPINE_HOST_TIDY_H
#define SPINE_HOST_TIDY_H

/*
 * a as it is when within [-half_turn, half_turn] (a joint at -180 degrees
 * is not moved to 180), else plus or minus whole turns into
 * (-half_turn, half_turn].
 */
double tidy_angle(double a, double half_turn);

/* 0 when |v| < 1e-12, else v. */
double tidy_zero(double v);

#endif
