/*
 * traj_ik.c - Cartesian waypoints into joint angles for armctl run, with
 * the link lengths the robot reported: each solved near the one before
 * it (kin_solve_near), so the arm keeps one branch.
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
	return k->s ? 0 : -1;
}

static int
solve_row(struct ik *k, struct trajectory *t, uint32_t i, const double *seed,
    double *q)
{
	const double *p = t->in + (size_t)i * 2;
	struct kin_target target = { p[0], p[1], 0, 0 };
	struct diag d = diag_for(t->path);
	struct kin_result r;
	int j;

	kin_solve_near(k->s, &target, seed, q, &r);
	if (r.status != KIN_OK) {
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
