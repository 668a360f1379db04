/*
 * detour.c - scripts/bench-detour's measurements for one described arm:
 * seeded scenarios with an obstacle on the straight move, planned with
 * the obstacle known (ikreach --plan's planner) and found in process (the
 * arm moves with it hidden, is blocked, estimates, plans, tries again,
 * 3 detours at most, on armsim's own arm physics); scenarios with no way
 * round; the success rates, planning times per attempt (wall and CPU:
 * the wall time counts whoever else shares the machine), path lengths
 * against the straight move's, the press in contact against the watch's
 * rule, and every failure in words; or (with
 * --scenarios) the scenarios themselves, a line each, for the script to
 * play through armsim and armctl.  Built by the script, not by make.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm3d.h"
#include "detour/attempts.h"
#include "detour/scenario.h"
#include "sim/trial.h"

struct stats {
	double *v;
	int n, cap;
};

static void
add(struct stats *s, double v)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 256;
		if ((s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v)) ==
		    NULL) {
			perror("bench-detour");
			exit(1);
		}
	}
	s->v[s->n++] = v;
}

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The q-quantile (nearest rank). */
static double
quantile(struct stats *s, double q)
{
	int k;

	if (s->n == 0)
		return NAN;
	qsort(s->v, (size_t)s->n, sizeof *s->v, by_value);
	k = (int)ceil(q * s->n) - 1;
	return s->v[k < 0 ? 0 : k];
}

static double
straight_length(const struct arm_desc *a, const struct detour_scenario *sc)
{
	struct arm_path p;
	double len;

	if (detour_straight(a, sc->from, sc->to, 0.02, &p) != 0)
		return NAN;
	len = arm_3d_path_length(a, &p);
	arm_path_free(&p);
	return len;
}

static void
print_stats(const char *what, struct stats *s, const char *unit)
{
	printf("  %-34s median %7.2f%s  p95 %7.2f%s  max %7.2f%s  (%d)\n",
	    what, quantile(s, 0.5), unit, quantile(s, 0.95), unit,
	    quantile(s, 1), unit, s->n);
}

/* Known obstacle: the planner alone. */
static void
offline(const struct arm_desc *a, int n)
{
	struct detour_scenario_opts so = { 10, 0, 0 };
	struct stats ms = { 0 }, ratio = { 0 }, cpu = { 0 };
	struct detour_scenario sc;
	struct detour_world w;
	struct detour_opts po;
	struct detour_report r;
	struct arm_path p;
	int seed, ok = 0, made = 0;

	memset(&po, 0, sizeof po);
	for (seed = 1; seed <= n; seed++) {
		if (detour_scenario_make(a, (uint64_t)seed, DETOUR_SC_WAY_ROUND,
		    &so, &sc) != 0)
			continue;
		made++;
		sc.obstacle.margin = 10;
		detour_world_init(&w, a, &sc.obstacle, 1, 0);
		/* another seed than the one that proved the way round */
		po.seed = (uint64_t)seed + 1000000;
		add(&ms, (detour_plan(&w, sc.from, sc.to, &po, &p, &r), r.ms));
		add(&cpu, r.cpu_ms);
		if (r.status == DETOUR_OK) {
			ok++;
			add(&ratio, r.length / straight_length(a, &sc));
		} else {
			printf("  seed %d: %s\n", seed, r.why);
		}
		arm_path_free(&p);
	}
	printf("  known obstacle: %d of %d planned (%.1f%%)\n", ok, made,
	    100.0 * ok / made);
	print_stats("planning time", &ms, " ms");
	print_stats("  of which on the CPU", &cpu, " ms");
	print_stats("path length / straight", &ratio, "  ");
	free(ms.v);
	free(cpu.v);
	free(ratio.v);
}

/*
 * What the watch's rule lets the arm press, in degrees of lag: the
 * threshold, since the robot's command leads its encoders by no more
 * under the rule (core/robot/motion.c; the trial leads the same way),
 * and a hundredth for rounding.
 */
static double
rule_bound(const struct detour_attempts_opts *o)
{
	return o->watch.threshold + 0.01;
}

/* Hidden obstacle: found by the arm, in process. */
static void
found(const struct arm_desc *a, int n, int kind)
{
	static struct sim_detour tr;
	struct detour_scenario_opts so = { 10, 0, 0 };
	struct stats ms = { 0 }, ratio = { 0 }, lag = { 0 }, runs = { 0 };
	struct stats depth = { 0 }, cpu = { 0 };
	struct detour_attempts_opts o;
	struct detour_scenario sc;
	int seed, ok = 0, made = 0, k, named = 0, over = 0;
	double bound;

	detour_attempts_defaults(&o);
	bound = rule_bound(&o);
	for (seed = 1; seed <= n; seed++) {
		if (detour_scenario_make(a, (uint64_t)seed, kind, &so, &sc) != 0)
			continue;
		made++;
		o.plan.seed = (uint64_t)seed;
		if (sim_detour_run(a, &sc, &o, &tr) == 0) {
			ok++;
			add(&ratio, tr.out.length / straight_length(a, &sc));
		} else if (kind == DETOUR_SC_WAY_ROUND) {
			printf("  seed %d: %.300s\n", seed, tr.out.why);
		}
		named += strstr(tr.out.why, "obstacles found: capsule") != NULL;
		for (k = 0; k < tr.out.nplans; k++)
			add(&ms, tr.out.plan_ms[k]);
		for (k = 0; k < tr.out.nplans; k++)
			add(&cpu, tr.out.plan_cpu_ms[k]);
		add(&lag, tr.arm.contacts.lag);
		add(&depth, tr.arm.contacts.depth);
		over += tr.arm.contacts.lag > bound;
		add(&runs, tr.out.runs);
	}
	if (kind == DETOUR_SC_NO_WAY) {
		printf("  no way round: %d of %d ended asking for help, %d "
		    "naming the obstacles found, %d reached\n", made - ok,
		    made, named, ok);
		goto out;
	}
	printf("  hidden obstacle, 3 detours: %d of %d reached (%.1f%%)\n",
	    ok, made, 100.0 * ok / made);
	print_stats("planning time per attempt", &ms, " ms");
	print_stats("  of which on the CPU", &cpu, " ms");
	print_stats("path length / straight (reached)", &ratio, "  ");
	print_stats("runs per scenario", &runs, "  ");
	print_stats("largest lag in contact", &lag, " d");
	printf("  beyond the rule's bound %.1f d: %d of %d\n", bound, over,
	    made);
	print_stats("deepest press (commanded, mm)", &depth, "mm");
out:
	free(ms.v);
	free(ratio.v);
	free(lag.v);
	free(depth.v);
	free(cpu.v);
	free(runs.v);
}

/* The positioning joints of pose q, comma-separated. */
static void
pose(const struct arm_desc *a, const double *q)
{
	int j, k = 0;

	for (j = 0; j < a->njoints; j++)
		if (arm_is_positioning(a, j))
			printf("%s%.17g", k++ ? "," : "", q[j]);
}

/* "seed from to obstacle straight_mm": the scenarios with a way round,
 * the obstacle as armsim's --obstacle takes it. */
static void
scenarios(const struct arm_desc *a, int n)
{
	struct detour_scenario_opts so = { 10, 0, 0 };
	struct detour_scenario sc;
	const struct arm_obstacle *o = &sc.obstacle;
	int seed;

	for (seed = 1; seed <= n; seed++) {
		if (detour_scenario_make(a, (uint64_t)seed, DETOUR_SC_WAY_ROUND,
		    &so, &sc) != 0)
			continue;
		printf("%d ", seed);
		pose(a, sc.from);
		putchar(' ');
		pose(a, sc.to);
		if (o->kind == ARM_SPHERE)
			printf(" sphere:%.17g,%.17g,%.17g,%.17g", o->c[0],
			    o->c[1], o->c[2], o->r);
		else
			printf(" box:%.17g,%.17g,%.17g,%.17g,%.17g,%.17g",
			    o->c[0], o->c[1], o->c[2], o->hi[0], o->hi[1],
			    o->hi[2]);
		printf(" %.6f\n", straight_length(a, &sc));
	}
}

int
main(int argc, char **argv)
{
	struct arm_desc a;
	struct diag say = diag_for(NULL);
	int n = argc > 2 ? atoi(argv[2]) : 200;

	if (argc < 2 || arm_load(&a, argv[1], &say) != ARM_OK || n < 1) {
		fprintf(stderr, "usage: detour ARM.yaml [SCENARIOS "
		    "[--scenarios]]\n");
		return 2;
	}
	if (argc > 3 && strcmp(argv[3], "--scenarios") == 0) {
		scenarios(&a, n);
		return 0;
	}
	printf("%s (%s), %d seeded scenarios, obstacle on the straight "
	    "move:\n", a.name, argv[1], n);
	offline(&a, n);
	found(&a, n, DETOUR_SC_WAY_ROUND);
	found(&a, n / 4 > 0 ? n / 4 : 1, DETOUR_SC_NO_WAY);
	return 0;
}
