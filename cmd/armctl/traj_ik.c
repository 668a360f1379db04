/*
 * traj_ik.c - Cartesian waypoints into joint angles for armctl run, on the
 * host with lib/kin and the link lengths the robot reported.  Each
 * waypoint is solved near the one before it (closed form: the nearer
 * elbow branch; iterative: warm-started from it), so the arm follows one
 * branch and never flips or winds a joint by a full turn.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "kin/kin.h"
#include "traj.h"

#define RAD (3.14159265358979323846 / 180)

struct ik {
	struct kin_solver *s;
	void *mem;
	int n;
	int closed_form;
};

static int
ik_init(struct ik *k, const struct ctl *c)
{
	struct kin_arm arm;
	struct kin_opts o;
	size_t size;
	int j;

	memset(&arm, 0, sizeof arm);
	memset(&o, 0, sizeof o);
	k->n = arm.n = c->hello.joints;
	for (j = 0; j < arm.n; j++)
		arm.len[j] = ctl_link_mm(c, j);
	o.method = KIN_AUTO;
	o.seed = 1;
	size = kin_solver_size(arm.n);
	if ((k->mem = malloc(size)) == NULL)
		return -1;
	k->s = kin_solver_init(k->mem, size, &arm, &o);
	k->closed_form = kin_analytic_applies(arm.n, 0);
	return k->s ? 0 : -1;
}

/* The same angles, each moved by whole turns to lie nearest the seed. */
static void
unwrap(double *q, const double *seed, int n)
{
	int j;

	for (j = 0; j < n; j++)
		q[j] = seed[j] + remainder(q[j] - seed[j], 2 * 3.14159265358979323846);
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

/* Solve (x, y) near seed into q (radians); 0, or -1 when out of reach. */
static int
ik_near(struct ik *k, double x, double y, const double *seed, double *q)
{
	struct kin_target t = { x, y, 0, 0 };
	struct kin_result r, r2;
	double q2[KIN_MAX_LINKS];

	if (!k->closed_form) {
		kin_solve(k->s, &t, seed, q, &r);
		if (r.status != KIN_OK)
			return -1;
		unwrap(q, seed, k->n);
		return 0;
	}
	if (kin_solve_elbow(k->s, &t, KIN_ELBOW_UP, q, &r) != 0 ||
	    kin_solve_elbow(k->s, &t, KIN_ELBOW_DOWN, q2, &r2) != 0)
		return -1;
	unwrap(q, seed, k->n);
	unwrap(q2, seed, k->n);
	if (r2.status == KIN_OK && (r.status != KIN_OK ||
	    apart(q2, seed, k->n) < apart(q, seed, k->n)))
		memcpy(q, q2, sizeof(double) * k->n);
	else if (r.status != KIN_OK)
		return -1;
	return 0;
}

static int
solve_row(struct ik *k, struct trajectory *t, uint32_t i, const double *seed,
    double *q)
{
	const double *p = t->in + (size_t)i * 2;
	struct diag d = diag_for(t->path);
	int j;

	if (ik_near(k, p[0], p[1], seed, q) != 0) {
		diag_error(&d, t->line[i], 0, "x,y = %g,%g is out of the "
		    "arm's reach", p[0], p[1]);
		return EXIT_JOB_FAILED;
	}
	for (j = 0; j < k->n; j++)
		t->mdeg[(size_t)i * k->n + j] = (int32_t)lround(q[j] / RAD *
		    1000);
	return 0;
}

int
traj_cartesian(struct trajectory *t, const struct ctl *c,
    const int32_t *seed_mdeg, uint32_t seed_row)
{
	double seed[KIN_MAX_LINKS], q[KIN_MAX_LINKS], first[KIN_MAX_LINKS];
	struct ik k;
	uint32_t i;
	int j, r;

	memset(&k, 0, sizeof k);
	if (ik_init(&k, c) != 0) {
		free(k.mem);
		warnx_tool("run: cannot set up inverse kinematics for this arm");
		return EXIT_IOERR;
	}
	for (j = 0; j < k.n; j++)
		seed[j] = seed_mdeg[j] / 1000.0 * RAD;
	if ((r = solve_row(&k, t, seed_row, seed, first)) != 0)
		goto done;
	/* Onwards from the seed row, each near the one before; then back. */
	memcpy(q, first, sizeof(double) * k.n);
	for (i = seed_row + 1; i < t->n && r == 0; i++) {
		memcpy(seed, q, sizeof(double) * k.n);
		r = solve_row(&k, t, i, seed, q);
	}
	memcpy(q, first, sizeof(double) * k.n);
	for (i = seed_row; i-- > 0 && r == 0;) {
		memcpy(seed, q, sizeof(double) * k.n);
		r = solve_row(&k, t, i, seed, q);
	}
done:
	free(k.mem);
	return r;
}
