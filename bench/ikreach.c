/*
 * ikreach.c - the benchmark behind scripts/bench-ikreach: every method on
 * seeded random reachable targets for arms of 2 to 30 links; prints solves
 * per second, success rate (checked by its own forward kinematics) and
 * mean iterations.  Built by the script into build/bench/, not by make.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host/splitmix.h"
#include "kin/kin.h"

#define PI 3.14159265358979323846
#define REPEAT 5		/* runs per row; the best one counts */
#define ENOUGH 3.0		/* ... unless they take longer than this */
#define MEMORY 20000		/* poses in the bank for +memory rows */

static const int sizes[] = { 2, 3, 6, 10, 30 };
#define NSIZES ((int)(sizeof sizes / sizeof sizes[0]))
/*
 * Orocos KDL LMA's microseconds per solve on the same arms and targets,
 * measured in this run by bench/kdl.cpp (BENCH_KDL_US, one figure per
 * size); 0 when KDL is not installed: then no ratio is printed.
 */
static double kdl_us[NSIZES];

enum targets_kind { UNIFORM, WITH_PHI, PATH };

struct bench_case {
	const char *label;
	enum kin_method method;
	enum targets_kind kind;
	int memory;		/* cold starts from an explored bank */
	int warm;		/* each solve starts from the last answer */
};

static const struct bench_case cases[] = {
	{ "analytic", KIN_ANALYTIC, UNIFORM, 0, 0 },
	{ "analytic+phi", KIN_ANALYTIC, WITH_PHI, 0, 0 },
	{ "auto", KIN_AUTO, UNIFORM, 0, 0 },
	{ "jacobian", KIN_JACOBIAN, UNIFORM, 0, 0 },
	{ "jacobian+phi", KIN_JACOBIAN, WITH_PHI, 0, 0 },
	{ "jacobian+memory", KIN_JACOBIAN, UNIFORM, 1, 0 },
	{ "jacobian stream", KIN_JACOBIAN, PATH, 0, 1 },
	{ "ccd", KIN_CCD, UNIFORM, 0, 0 },
	{ "fabrik", KIN_FABRIK, UNIFORM, 0, 0 },
	{ "rr", KIN_RR, UNIFORM, 0, 0 },
};

struct row {
	double rate, success, iters;
};

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
 * pose of random joint angles; a path is a smooth closed curve (a rose)
 * sampled densely, as a trajectory would be.
 */
static void
targets(int n, const double *len, enum targets_kind kind, long count,
    uint64_t *rng, struct kin_target *t)
{
	double reach = kin_reach(n, len), inner = kin_inner(n, len);
	double q[KIN_MAX_LINKS];
	long k;
	int i;

	for (k = 0; k < count; k++) {
		memset(&t[k], 0, sizeof t[k]);
		if (kind == WITH_PHI) {
			for (i = 0; i < n; i++)
				q[i] = (2 * splitmix_uniform(rng) - 1) * PI;
			tip(n, len, q, &t[k].x, &t[k].y, &t[k].phi);
			t[k].phi = remainder(t[k].phi, 2 * PI);
			t[k].has_phi = 1;
		} else if (kind == PATH) {
			double s = 2 * PI * k / count, mid = 0.5 * (reach +
			    inner), amp = 0.45 * (reach - inner);
			double r = mid + amp * sin(5 * s);

			t[k].x = r * cos(s);
			t[k].y = r * sin(s);
		} else {
			double r = sqrt(inner * inner + splitmix_uniform(rng) *
			    (reach * reach - inner * inner));
			double a = 2 * PI * splitmix_uniform(rng);

			t[k].x = r * cos(a);
			t[k].y = r * sin(a);
		}
	}
}

struct memory_box {
	struct kin_memory mem;
	double *q, *xy;
	uint32_t *order;
};

static void
explore(struct memory_box *mb, const struct kin_arm *arm, uint64_t seed)
{
	size_t size = kin_solver_size(arm->n);
	void *buf = malloc(size);
	struct kin_opts o;
	struct kin_solver *s;

	memset(&o, 0, sizeof o);
	o.method = KIN_JACOBIAN;
	o.seed = seed;
	s = kin_solver_init(buf, size, arm, &o);
	mb->q = malloc((size_t)MEMORY * arm->n * sizeof *mb->q);
	mb->xy = malloc((size_t)MEMORY * 2 * sizeof *mb->xy);
	mb->order = malloc((size_t)MEMORY * sizeof *mb->order);
	kin_memory_init(&mb->mem, arm->n, MEMORY, mb->q, mb->xy, mb->order);
	kin_explore(s, &mb->mem);
	free(buf);
}

static int
run(const struct bench_case *bc, int si, long count, uint64_t seed,
    struct row *out)
{
	int n = sizes[si], i, rep;
	struct kin_arm arm;
	struct kin_opts o;
	struct kin_solver *s = NULL;
	struct memory_box mb;
	struct kin_target *t;
	double *q, t0, dt = 0, spent = 0, tol;
	void *buf;
	long k, ok = 0, verified = 0, iters = 0;
	uint64_t rng = seed;

	if (bc->method == KIN_ANALYTIC &&
	    !kin_analytic_applies(n, bc->kind == WITH_PHI))
		return 0;
	memset(&arm, 0, sizeof arm);
	arm.n = n;
	for (i = 0; i < n; i++)
		arm.len[i] = 0.5 + splitmix_uniform(&rng);
	memset(&o, 0, sizeof o);
	memset(&mb, 0, sizeof mb);
	o.method = bc->method;
	o.seed = seed;
	if (bc->memory) {
		explore(&mb, &arm, seed);
		o.memory = &mb.mem;
	}
	t = calloc((size_t)count, sizeof *t);
	q = calloc((size_t)count * n, sizeof *q);
	buf = malloc(kin_solver_size(n));
	targets(n, arm.len, bc->kind, count, &rng, t);
	/* the machine is shared: the best of a few runs is the figure */
	for (rep = 0; rep < REPEAT && (rep == 0 || spent < ENOUGH); rep++) {
		double took;

		s = kin_solver_init(buf, kin_solver_size(n), &arm, &o);
		ok = iters = 0;
		t0 = now();
		for (k = 0; k < count; k++) {
			struct kin_result r;
			const double *start = bc->warm && k > 0 ?
			    q + (k - 1) * n : NULL;

			kin_solve(s, &t[k], start, q + k * n, &r);
			ok += r.status == KIN_OK;
			iters += r.iter;
		}
		took = now() - t0;
		spent += took;
		if (rep == 0 || took < dt)
			dt = took;
	}
	tol = kin_solver_tol(s);
	for (k = 0; k < count; k++) {
		double x, y, phi;

		tip(n, arm.len, q + k * n, &x, &y, &phi);
		if (hypot(x - t[k].x, y - t[k].y) <= tol && (!t[k].has_phi ||
		    fabs(remainder(phi - t[k].phi, 2 * PI)) *
		    kin_reach(n, arm.len) <= tol))
			verified++;
	}
	out->rate = count / dt;
	out->success = 100.0 * verified / count;
	out->iters = (double)iters / count;
	printf("%-16s %3d %12.0f %9.3f %8.2f%% %9.1f", bc->label, n,
	    out->rate, 1e6 * dt / count, out->success, out->iters);
	if (kdl_us[si] > 0)
		printf(" %8.2f %8.1fx", kdl_us[si], kdl_us[si] /
		    (1e6 * dt / count));
	else
		printf(" %8s %9s", "-", "-");
	printf("%s\n", verified == ok ? "" : "  (status and FK disagree!)");
	fflush(stdout);
	free(buf);
	free(t);
	free(q);
	free(mb.q);
	free(mb.xy);
	free(mb.order);
	return 1;
}

/* ikreach targets COUNT: the arms and targets of the auto rows, for KDL. */
static void
dump_targets(long count)
{
	struct kin_target *t = calloc((size_t)count, sizeof *t);
	double len[KIN_MAX_LINKS];
	int si, i;
	long k;

	for (si = 0; t && si < NSIZES; si++) {
		uint64_t rng = 0x5eed0000ULL + (uint64_t)si;

		for (i = 0; i < sizes[si]; i++)
			len[i] = 0.5 + splitmix_uniform(&rng);
		targets(sizes[si], len, UNIFORM, count, &rng, t);
		printf("%d %ld\n", sizes[si], count);
		for (i = 0; i < sizes[si]; i++)
			printf("%.17g\n", len[i]);
		for (k = 0; k < count; k++)
			printf("%.17g %.17g\n", t[k].x, t[k].y);
	}
	free(t);
}

/* BENCH_KDL_US="5.6,7.4,...": one figure per size, or none at all. */
static int
read_kdl(void)
{
	const char *s = getenv("BENCH_KDL_US");
	char *end;
	int si;

	for (si = 0; s && *s && si < NSIZES; si++) {
		kdl_us[si] = strtod(s, &end);
		if (end == s || kdl_us[si] <= 0)
			break;
		s = *end == ',' ? end + 1 : end;
	}
	if (si == NSIZES)
		return 1;
	memset(kdl_us, 0, sizeof kdl_us);
	return 0;
}

static void
verdict(const char *what, int met)
{
	printf("  %-62s %s\n", what, met ? "met" : "MISSED");
}

int
main(int argc, char **argv)
{
	long count;
	const char *only;
	struct row rows[sizeof cases / sizeof cases[0]][NSIZES];
	int c, si, n10 = 1, all = 1, have_kdl;

	if (argc > 2 && strcmp(argv[1], "targets") == 0) {
		dump_targets(strtol(argv[2], NULL, 10) > 0 ?
		    strtol(argv[2], NULL, 10) : 10000);
		return 0;
	}
	count = argc > 1 ? strtol(argv[1], NULL, 10) : 10000;
	only = argc > 2 ? argv[2] : NULL;
	have_kdl = read_kdl();
	memset(rows, 0, sizeof rows);
	if (count < 1)
		count = 10000;
	printf("ikreach benchmark: %ld seeded random reachable targets per "
	    "row (uniform over the\nworkspace), cold starts unless noted, "
	    "one core, best of up to %d runs; links\nrandom in [0.5, 1.5] "
	    "(seeded); tolerance 1e-6 x reach.\n", count, REPEAT);
	if (have_kdl)
		printf("KDL-us: Orocos KDL's LMA solver measured in this run on "
		    "the same arms and\ntargets at the same tolerance "
		    "(bench/kdl.cpp); vs-KDL = KDL-us / us/solve.\n\n");
	else
		printf("KDL-us: not measured (Orocos KDL or g++ not installed; "
		    "scripts/install-deps\ninstalls liborocos-kdl-dev): no "
		    "comparison is printed.\n\n");
	printf("%-16s %3s %12s %9s %9s %9s %8s %9s\n", "method", "n",
	    "solves/s", "us/solve", "success", "mean-iter", "KDL-us",
	    "vs-KDL");
	for (c = 0; c < (int)(sizeof cases / sizeof cases[0]); c++) {
		if (only && strcmp(only, cases[c].label) != 0)
			continue;
		for (si = 0; si < NSIZES; si++)
			run(&cases[c], si, count, 0x5eed0000ULL + (uint64_t)si,
			    &rows[c][si]);
	}
	if (only)
		return 0;
	printf("\nTargets (issue 3):\n");
	verdict("analytic >= 5 M solves/s (n = 2)", rows[0][0].rate >= 5e6);
	for (si = 0; si < NSIZES; si++) {
		all &= rows[2][si].success == 100;
		if (sizes[si] <= 10)
			n10 &= rows[2][si].rate * kdl_us[si] * 1e-6 >= 10;
	}
	verdict("default method (auto) 100% success for every n <= 30", all);
	if (have_kdl)
		verdict("default method >= 10x KDL LMA's rate for n <= 10",
		    n10);
	else
		printf("  %-62s %s\n", "default method >= 10x KDL LMA's rate "
		    "for n <= 10", "not measured");
	verdict("default method >= 1 M solves/s at n = 6",
	    rows[2][2].rate >= 1e6);
	return 0;
}
