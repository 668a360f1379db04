/*
 * ikreach.c - the benchmark behind scripts/bench-ikreach: every method on
 * seeded random reachable targets for arms of 2 to 30 links; prints solves
 * per second, success rate (checked by its own forward kinematics) and
 * mean iterations.  Built by the script into build/, not by the Makefile.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kin/kin.h"

#define REPEAT 5

static const int sizes[] = { 2, 3, 6, 10, 30 };
/* Orocos KDL ChainIkSolverPos_LMA, microseconds per solve (issue 3). */
static const double kdl_us[] = { 5.6, 7.4, 10.0, 10.8, 20.4 };

struct bench_case {
	const char *label;
	enum kin_method method;
	int phi;		/* targets carry an orientation */
	int memory;		/* warm starts from an explored memory bank */
};

static const struct bench_case cases[] = {
	{ "analytic", KIN_ANALYTIC, 0, 0 },
	{ "analytic+phi", KIN_ANALYTIC, 1, 0 },
	{ "jacobian", KIN_JACOBIAN, 0, 0 },
	{ "jacobian+memory", KIN_JACOBIAN, 0, 1 },
	{ "jacobian+phi", KIN_JACOBIAN, 1, 0 },
	{ "ccd", KIN_CCD, 0, 0 },
	{ "fabrik", KIN_FABRIK, 0, 0 },
	{ "rr", KIN_RR, 0, 0 },
};

static uint64_t
next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static double
uniform(uint64_t *s)
{
	return (double)(next(s) >> 11) / 9007199254740992.0;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* An FK of our own, so the success rate does not trust the library's. */
static void
tip(int n, const double *len, const double *q, double *x, double *y,
    double *phi)
{
	long double th = 0, px = 0, py = 0;
	int i;

	for (i = 0; i < n; i++) {
		th += q[i];
		px += len[i] * cosl(th);
		py += len[i] * sinl(th);
	}
	*x = (double)px;
	*y = (double)py;
	*phi = (double)th;
}

/*
 * Targets: uniform over the area of the reachable annulus; with phi, the
 * pose of random joint angles (the wrist annulus is not the whole story).
 */
static void
targets(int n, const double *len, int phi, long count, uint64_t *rng,
    struct kin_target *t)
{
	double reach = kin_reach(n, len), inner = kin_inner(n, len);
	double q[KIN_MAX_LINKS];
	long k;
	int i;

	for (k = 0; k < count; k++) {
		memset(&t[k], 0, sizeof t[k]);
		if (phi) {
			for (i = 0; i < n; i++)
				q[i] = (2 * uniform(rng) - 1) * M_PI;
			tip(n, len, q, &t[k].x, &t[k].y, &t[k].phi);
			t[k].phi = remainder(t[k].phi, 2 * M_PI);
			t[k].has_phi = 1;
		} else {
			double r = sqrt(inner * inner + uniform(rng) *
			    (reach * reach - inner * inner));
			double a = 2 * M_PI * uniform(rng);

			t[k].x = r * cos(a);
			t[k].y = r * sin(a);
		}
	}
}

static void
run(const struct bench_case *bc, int si, long count, uint64_t seed)
{
	int n = sizes[si], i;
	struct kin_arm arm;
	struct kin_opts o;
	struct kin_solver *s;
	struct kin_memory mem;
	struct kin_target *t = calloc((size_t)count, sizeof *t);
	double *q = calloc((size_t)count * n, sizeof *q), t0, dt, tol;
	double *mq = NULL, *mxy = NULL;
	uint32_t *mo = NULL;
	void *buf;
	long k, ok = 0, verified = 0, iters = 0;
	int rep;
	uint64_t rng = seed;
	size_t memn = 20000;

	if (bc->method == KIN_ANALYTIC &&
	    !kin_analytic_applies(n, bc->phi)) {
		free(t);
		free(q);
		return;
	}
	memset(&arm, 0, sizeof arm);
	arm.n = n;
	for (i = 0; i < n; i++)
		arm.len[i] = 0.5 + uniform(&rng);
	memset(&o, 0, sizeof o);
	o.method = bc->method;
	o.seed = seed;
	buf = malloc(kin_solver_size(n));
	s = kin_solver_init(buf, kin_solver_size(n), &arm, &o);
	if (bc->memory) {
		mq = malloc(memn * n * sizeof *mq);
		mxy = malloc(memn * 2 * sizeof *mxy);
		mo = malloc(memn * sizeof *mo);
		kin_memory_init(&mem, n, memn, mq, mxy, mo);
		kin_explore(s, &mem);
		o.memory = &mem;
		s = kin_solver_init(buf, kin_solver_size(n), &arm, &o);
	}
	tol = kin_solver_tol(s);
	targets(n, arm.len, bc->phi, count, &rng, t);
	/* the machine is shared: the best of a few runs is the figure */
	for (rep = 0; rep < REPEAT; rep++) {
		double took;

		s = kin_solver_init(buf, kin_solver_size(n), &arm, &o);
		ok = iters = 0;
		t0 = now();
		for (k = 0; k < count; k++) {
			struct kin_result r;

			kin_solve(s, &t[k], NULL, q + k * n, &r);
			ok += r.status == KIN_OK;
			iters += r.iter;
		}
		took = now() - t0;
		if (rep == 0 || took < dt)
			dt = took;
	}
	for (k = 0; k < count; k++) {
		double x, y, phi;

		tip(n, arm.len, q + k * n, &x, &y, &phi);
		if (hypot(x - t[k].x, y - t[k].y) <= tol && (!t[k].has_phi ||
		    fabs(remainder(phi - t[k].phi, 2 * M_PI)) *
		    kin_reach(n, arm.len) <= tol))
			verified++;
	}
	printf("%-16s %3d %12.0f %9.3f %8.2f%% %9.1f %8.1f %8.1fx%s\n",
	    bc->label, n, count / dt, 1e6 * dt / count,
	    100.0 * verified / count, (double)iters / count, kdl_us[si],
	    kdl_us[si] / (1e6 * dt / count),
	    verified == ok ? "" : "  (status and FK disagree)");
	fflush(stdout);
	free(buf);
	free(t);
	free(q);
	free(mq);
	free(mxy);
	free(mo);
}

int
main(int argc, char **argv)
{
	long count = argc > 1 ? strtol(argv[1], NULL, 10) : 10000;
	const char *only = argc > 2 ? argv[2] : NULL;
	size_t c;
	int si;

	if (count < 1)
		count = 10000;
	printf("ikreach benchmark: %ld seeded random reachable targets per "
	    "row, cold starts, one core, best of %d runs;\nlinks random in [0.5, 1.5] (seeded), "
	    "tolerance 1e-6 x reach; KDL = Orocos LMA at 1e-4 x reach\n\n",
	    count, REPEAT);
	printf("%-16s %3s %12s %9s %9s %9s %8s %9s\n", "method", "n",
	    "solves/s", "us/solve", "success", "mean-iter", "KDL-us",
	    "vs-KDL");
	for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		if (only && strcmp(only, cases[c].label) != 0)
			continue;
		for (si = 0; si < (int)(sizeof sizes / sizeof sizes[0]); si++)
			run(&cases[c], si, count, 0x5eed0000ULL + (uint64_t)si);
	}
	return 0;
}
