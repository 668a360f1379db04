/*
 * near.c - a planar target solved near a pose (kin.h): the closed form's
 * nearer elbow branch, or the iterative solvers started there; either
 * way each angle moved by whole turns to lie nearest the seed, so a path
 * solved row after row keeps one branch and never winds a joint.  armctl
 * run's x,y rows and ikreach's warm-started rows use it.
 */
#include <math.h>
#include <string.h>

#include "kin/kin.h"

#define TURN (2 * 3.14159265358979323846)

/* The same angles, each moved by whole turns to lie nearest the seed
 * (and left exactly as solved when no turn is taken off). */
static void
unwrap(double *q, const double *seed, int n)
{
	double turns;
	int j;

	for (j = 0; j < n; j++)
		if ((turns = round((q[j] - seed[j]) / TURN)) != 0)
			q[j] -= turns * TURN;
}

static double
apart(const double *a, const double *b, int n)
{
	double d = 0;
	int j;

	for (j = 0; j < n; j++)
		d += (a[j] - b[j]) * (a[j] - b[j]);
	return d;
}

/* Within the arm's limits, when it has them. */
static int
inside(const struct kin_arm *a, const double *q)
{
	int j;

	for (j = 0; a->has_limits && j < a->n; j++)
		if (q[j] < a->lo[j] || q[j] > a->hi[j])
			return 0;
	return 1;
}

void
kin_solve_near(struct kin_solver *s, const struct kin_target *t,
    const double *seed, double *q, struct kin_result *r)
{
	const struct kin_arm *a = kin_solver_arm(s);
	double q2[KIN_MAX_LINKS], w[KIN_MAX_LINKS];
	struct kin_result r2;

	if (!kin_analytic_applies(a->n, t->has_phi) ||
	    kin_solve_elbow(s, t, KIN_ELBOW_UP, q, r) != 0 ||
	    kin_solve_elbow(s, t, KIN_ELBOW_DOWN, q2, &r2) != 0) {
		kin_solve(s, t, seed, q, r);
		memcpy(w, q, sizeof *q * (size_t)a->n);
		unwrap(w, seed, a->n);
		if (inside(a, w))
			memcpy(q, w, sizeof *q * (size_t)a->n);
		return;
	}
	memcpy(w, q, sizeof *q * (size_t)a->n);
	unwrap(w, seed, a->n);
	if (inside(a, w))
		memcpy(q, w, sizeof *q * (size_t)a->n);
	memcpy(w, q2, sizeof *q2 * (size_t)a->n);
	unwrap(w, seed, a->n);
	if (inside(a, w))
		memcpy(q2, w, sizeof *q2 * (size_t)a->n);
	if (r2.status == KIN_OK && (r->status != KIN_OK ||
	    apart(q2, seed, a->n) < apart(q, seed, a->n))) {
		memcpy(q, q2, sizeof *q2 * (size_t)a->n);
		*r = r2;
	}
}
