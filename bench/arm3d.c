/*
 * arm3d.c - the 3-D half of scripts/bench-ikreach: solves per second and
 * success rate of arm_3d_solve for a described arm (so101.yaml by default)
 * on seeded random tip poses of in-limit joint values, the success checked
 * by a forward kinematics of our own.  Built by the script, not by make.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "arm/arm.h"
#include "host/splitmix.h"
#include "arm/arm3d.h"

#define D2R (3.14159265358979323846 / 180)

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Tip from the description's rules (spine-arm(5)), written afresh. */
static void
tip(const struct arm_desc *a, const double *q, double *p)
{
	long double u = a->reach0, v = a->height, th = 0, yaw = 0;
	int i;

	for (i = 0; i < a->nchain; i++) {
		const struct arm_joint *j = &a->joint[a->chain_index + i];
		long double m = (j->zero + j->direction *
		    q[a->chain_index + i]) * D2R;
		long double len = j->length + (i == a->nchain - 1 ? a->tool :
		    0);

		th = j->absolute ? m : th + m;
		u += len * cosl(th);
		v += len * sinl(th);
	}
	if (a->has_base) {
		const struct arm_joint *b = &a->joint[a->base_index];

		yaw = (b->zero + b->direction * q[a->base_index]) * D2R;
	}
	p[0] = (double)(u * cosl(yaw));
	p[1] = (double)(u * sinl(yaw));
	p[2] = (double)v;
	/* pitch looks outwards from the yaw axis, so a tip reached back
	 * over the shoulder has the planar angle mirrored */
	p[3] = (double)(a->has_base && u < 0 ? 3.14159265358979323846L - th :
	    th);
}

static int
in_limits(const struct arm_desc *a, const double *q)
{
	int j;

	for (j = 0; j < a->njoints; j++)
		if (q[j] < a->joint[j].lo || q[j] > a->joint[j].hi)
			return 0;
	return 1;
}

/* Solves timed alone (best of 3); answers checked afterwards. */
static void
run(const struct arm_desc *a, struct kin3d *k, int pitch, long n,
    const struct kin3d_target *t, const double *want, double *qs)
{
	double p[4], t0, best = 1e30, dt, tol = 1e-3;	/* a micrometre */
	struct kin_result r;
	long i, ok = 0;
	int rep;

	for (rep = 0; rep < 3; rep++) {
		t0 = now();
		for (i = 0; i < n; i++) {
			struct kin3d_target tt = t[i];

			tt.has_pitch = pitch;
			arm_3d_solve(k, &tt, NULL, qs + i * ARM_MAX_JOINTS, &r);
		}
		dt = now() - t0;
		if (dt < best)
			best = dt;
	}
	for (i = 0; i < n; i++) {
		const double *q = qs + i * ARM_MAX_JOINTS;

		tip(a, q, p);
		ok += in_limits(a, q) && hypot(hypot(p[0] - want[4 * i],
		    p[1] - want[4 * i + 1]), p[2] - want[4 * i + 2]) < tol &&
		    (!pitch || fabs(remainder(p[3] - want[4 * i + 3],
		    2 * 3.14159265358979323846)) < 1e-6);
	}
	printf("%-8s %-12s %10.0f %8.2f %%\n", a->name, pitch ?
	    "x,y,z,pitch" : "x,y,z", n / best, 100.0 * ok / n);
}

int
main(int argc, char **argv)
{
	const char *file = argc > 2 ? argv[2] : "examples/arms/so101.yaml";
	long n = argc > 1 ? atol(argv[1]) : 100000, i;
	struct arm_desc a;
	struct kin3d_target *t;
	struct kin_opts o;
	double q[ARM_MAX_JOINTS], *want, *qs;
	uint64_t st = 1;
	struct kin3d *k;
	void *mem;
	struct diag say = diag_for(NULL);
	int j;

	if (n < 1 || arm_load(&a, file, &say) != ARM_OK)
		return 1;
	memset(&o, 0, sizeof o);
	mem = malloc(arm_3d_size(&a));
	t = calloc((size_t)n, sizeof *t);
	want = calloc((size_t)n * 4, sizeof *want);
	qs = calloc((size_t)n * ARM_MAX_JOINTS, sizeof *qs);
	if (!mem || !t || !want || !qs ||
	    (k = arm_3d_init(mem, arm_3d_size(&a), &a, &o)) == NULL)
		return 1;
	for (i = 0; i < n; i++) {
		for (j = 0; j < a.njoints; j++)
			q[j] = a.joint[j].lo + splitmix_uniform(&st) *
			    (a.joint[j].hi - a.joint[j].lo);
		tip(&a, q, want + 4 * i);
		t[i].x = want[4 * i];
		t[i].y = want[4 * i + 1];
		t[i].z = want[4 * i + 2];
		t[i].pitch = want[4 * i + 3] / D2R;
	}
	printf("%-8s %-12s %10s %10s\n", "arm", "targets", "solves/s",
	    "success");
	run(&a, k, 1, n, t, want, qs);
	run(&a, k, 0, n < 20000 ? n : 20000, t, want, qs);
	free(mem);
	free(t);
	free(want);
	free(qs);
	return 0;
}
