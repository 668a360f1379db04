/*
 * tidy.c - angles into one turn and near-zeros to zero, for printing.
 * Called by ikreach (cmd/ikreach/rows.c); exact for angles already in
 * range, so a tidied 90 is still 90 bit for bit.
 */
#include <math.h>

#include "tidy.h"

double
tidy_angle(double a, double half_turn)
{
	if (!isfinite(a) || (a >= -half_turn && a <= half_turn))
		return a;
	a = fmod(a, 2 * half_turn);	/* exact: (-2h, 2h) */
	if (a > half_turn)
		a -= 2 * half_turn;
	else if (a <= -half_turn)
		a += 2 * half_turn;
	return a;
}

double
tidy_zero(double v)
{
	return fabs(v) < 1e-12 ? 0 : v;
}
