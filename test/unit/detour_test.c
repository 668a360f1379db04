/*
 * detour_test.c - obstacles, the obstacle map, the block estimate, the
 * planner and the detour attempts (lib/arm/obstacle, lib/arm/obsmap,
 * lib/detour, hw/sim/trial).  Expected values are worked by hand in the
 * comments, or found by a second method (sampling); the arms are the
 * tree's own files, read from the top of the checkout (make unit).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm3d.h"
#include "arm/obsmap.h"
#include "check.h"
#include "detour/attempts.h"
#include "detour/block.h"
#include "detour/plan.h"
#include "detour/scenario.h"
#include "host/splitmix.h"
#include "sim/trial.h"

#define DEG (3.14159265358979323846 / 180)

static struct arm_desc so101, planar;

static void
load_arms(void)
{
	struct diag say = diag_for(NULL);

	if (arm_load(&so101, "examples/arms/so101.yaml", &say) != ARM_OK ||
	    arm_load(&planar, "examples/arms/planar.yaml", &say) != ARM_OK) {
		fprintf(stderr, "detour_test: run from the top of the tree\n");
		exit(1);
	}
}

static struct arm_obstacle
parse(const char *s)
{
	struct arm_obstacle o;
	const char *why;

	if (arm_obstacle_parse(s, &o, &why) != 0)
		fprintf(stderr, "detour_test: %s: %s\n", s, why);
	return o;
}

static void
test_segments(void)
{
	double a0[3] = { 0, 0, 0 }, a1[3] = { 10, 0, 0 };
	double b0[3] = { 5, -5, 3 }, b1[3] = { 5, 5, 3 };
	double c0[3] = { 12, 4, 0 }, c1[3] = { 20, 4, 0 };
	double p[3] = { -3, 4, 0 };

	/* skew, crossing above the middle: 3 apart */
	CHECK_NEAR(arm_segments_distance(a0, a1, b0, b1), 3, 1e-12);
	/* parallel and past the end: from (10,0) to (12,4) */
	CHECK_NEAR(arm_segments_distance(a0, a1, c0, c1), sqrt(4 + 16),
	    1e-12);
	/* a point: 5 from (0,0) */
	CHECK_NEAR(arm_segments_distance(p, p, a0, a1), 5, 1e-12);
	CHECK_NEAR(arm_segments_distance(a0, a1, p, p), 5, 1e-12);
	/* overlapping on one line */
	CHECK_NEAR(arm_segments_distance(a0, a1, a0, c0), 0, 1e-12);
}

/* The box's distance from a point, by its definition. */
static double
box_point(const struct arm_obstacle *o, const double *p)
{
	double d2 = 0, d;
	int k;

	for (k = 0; k < 3; k++) {
		d = p[k] < o->c[k] ? o->c[k] - p[k] : p[k] > o->hi[k] ?
		    p[k] - o->hi[k] : 0;
		d2 += d * d;
	}
	return sqrt(d2);
}

static void
test_shapes(void)
{
	struct arm_obstacle s = parse("sphere:5,3,4,1");
	struct arm_obstacle c = parse("capsule:0,10,0,0,10,10,2");
	struct arm_obstacle b = parse("box:10,10,10,0,0,0");
	double a[3] = { 0, 0, 0 }, e[3] = { 10, 0, 0 };
	double v0[3] = { 12, 12, -5 }, v1[3] = { 12, 12, 15 };
	double t0[3] = { -5, 5, 5 }, t1[3] = { 15, 5, 5 };
	double f0[3] = { 0, 10, 0 }, f1[3] = { 10, 10, 0 };
	const char *why;

	CHECK_NEAR(arm_obstacle_distance(&s, a, e), 4, 1e-12);
	/* the capsule's axis runs up from (0,10): 10 from the x axis */
	CHECK_NEAR(arm_obstacle_distance(&c, a, e), 8, 1e-12);
	/* a vertical segment beside the box's vertical edge (10,10) */
	CHECK_NEAR(arm_obstacle_distance(&b, v0, v1), 2 * sqrt(2), 1e-9);
	/* straight through the middle: 5 deep */
	CHECK_NEAR(arm_obstacle_distance(&b, t0, t1), -5, 1e-6);
	/* lying on a face: touching is contact */
	CHECK(arm_obstacle_distance(&b, f0, f1) < 0);
	CHECK(arm_obstacle_parse("capsule:1,2,3,4,5,6", &c, &why) == -1);
	CHECK(arm_obstacle_parse("capsule:1,2,3,4,5,6,0", &c, &why) == -1);
	CHECK(arm_obstacle_parse("cone:1,2,3,4", &c, &why) == -1);
}

/* Random segments against a random box: the exact distance against the
 * least of 20001 points sampled along the segment. */
static void
test_box_sampled(void)
{
	struct arm_obstacle b;
	double p0[3], p1[3], p[3], best, d, got;
	uint64_t rng = 7;
	int n, i, k, bad = 0;

	for (n = 0; n < 200; n++) {
		memset(&b, 0, sizeof b);
		b.kind = ARM_BOX;
		for (k = 0; k < 3; k++) {
			b.c[k] = splitmix_uniform(&rng) * 50;
			b.hi[k] = b.c[k] + 1 + splitmix_uniform(&rng) * 50;
			p0[k] = splitmix_uniform(&rng) * 200 - 50;
			p1[k] = splitmix_uniform(&rng) * 200 - 50;
		}
		best = 1e300;
		for (i = 0; i <= 20000; i++) {
			for (k = 0; k < 3; k++)
				p[k] = p0[k] + i / 20000.0 * (p1[k] - p0[k]);
			d = box_point(&b, p);
			best = d < best ? d : best;
		}
		got = arm_obstacle_distance(&b, p0, p1);
		if (best > 0.01 ? fabs(got - best) > 0.01 : got > 0.01)
			bad++;
	}
	CHECK(bad == 0);
}

static const char map_text[] =
    "# two things on the bench\n"
    "margin: 7\n"
    "obstacles:\n"
    "  - name: cup\n"
    "    sphere: [200, 40.5, 60]\n"
    "    radius: 35\n"
    "  - box: [[180, -20, 0], [120, -80, 90]]\n"
    "    margin: 0\n"
    "  - name: found2-elbow_flex\n"
    "    capsule: [[1, 2], [3, 4, 5]]\n"
    "    radius: 0.1\n"
    "    found: 2\n";

static int
map_parse(struct arm_obstacle_map *m, const char *text, char *err,
    size_t size)
{
	struct diag d = diag_for("map.yaml");
	FILE *fp = fmemopen(err, size, "w");
	int rc;

	memset(err, 0, size);
	d.out = fp;
	rc = arm_obstacles_parse(m, (const unsigned char *)text, strlen(text),
	    &d);
	fclose(fp);
	return rc;
}

static void
test_map(void)
{
	static struct arm_obstacle_map m, back;
	char err[512], *buf = NULL;
	size_t len = 0;
	FILE *fp;

	CHECK(map_parse(&m, map_text, err, sizeof err) == 0);
	CHECK(m.n == 3);
	CHECK(m.o[0].kind == ARM_SPHERE && m.o[0].r == 35 &&
	    m.o[0].c[1] == 40.5 && m.o[0].margin == 7);
	CHECK_STR(m.o[0].name, "cup");
	/* corners in either order; the default margin overridden */
	CHECK(m.o[1].kind == ARM_BOX && m.o[1].c[0] == 120 &&
	    m.o[1].hi[0] == 180 && m.o[1].c[1] == -80 && m.o[1].margin == 0);
	CHECK_STR(m.o[1].name, "");
	/* a planar point: z = 0 */
	CHECK(m.o[2].kind == ARM_CAPSULE && m.o[2].c[2] == 0 &&
	    m.o[2].hi[2] == 5 && m.o[2].found == 2 && m.o[2].r == 0.1);
	/* written and read back: the same obstacles, field by field */
	fp = open_memstream(&buf, &len);
	CHECK(arm_obstacles_write(fp, &m) == 0);
	fclose(fp);
	CHECK(map_parse(&back, buf, err, sizeof err) == 0);
	CHECK(back.n == 3 && memcmp(back.o, m.o, sizeof m.o[0] * 3) == 0);
	free(buf);
}

static void
test_map_errors(void)
{
	static struct arm_obstacle_map m;
	char err[512];

	CHECK(map_parse(&m, "obstacles:\n  - sphere: [1, 2, 3]\n", err,
	    sizeof err) == -1);
	CHECK(strstr(err, "map.yaml:2:5: error: sphere: needs a radius") !=
	    NULL);
	CHECK(map_parse(&m, "obstacles:\n  - { box: [[0,0,0],[1,1,1]], "
	    "sphere: [1,2,3] }\n", err, sizeof err) == -1);
	CHECK(strstr(err, "exactly one of sphere, box or capsule") != NULL);
	CHECK(map_parse(&m, "obstacles:\n  - { box: [[0,0,0],[1,1,1]], "
	    "radius: 3 }\n", err, sizeof err) == -1);
	CHECK(map_parse(&m, "obstacles:\n  - { sphere: [1,nan,3], "
	    "radius: 3 }\n", err, sizeof err) == -1);
	CHECK(map_parse(&m, "obstacles:\n  - { sphere: [1,2,3,4], "
	    "radius: 3 }\n", err, sizeof err) == -1);
	CHECK(map_parse(&m, "obstacles:\n  - { name: 'a b', sphere: [1,2], "
	    "radius: 3 }\n", err, sizeof err) == -1);
	CHECK(strstr(err, "map.yaml:2:13: error: name 'a b'") != NULL);
	CHECK(map_parse(&m, "margin: -1\nobstacles: []\n", err,
	    sizeof err) == -1);
	CHECK(map_parse(&m, "obstacles: {}\n", err, sizeof err) == -1);
	CHECK(map_parse(&m, "obstacles: []\n", err, sizeof err) == 0 &&
	    m.n == 0);
}

/* 257 obstacles are refused; random bytes never crash the reader. */
static void
test_map_hostile(void)
{
	static struct arm_obstacle_map m;
	char err[512], *text = malloc(300 * 40 + 32);
	unsigned char junk[256];
	uint64_t rng = 3;
	size_t used;
	int i, k, bad = 0;

	used = (size_t)sprintf(text, "obstacles:\n");
	for (i = 0; i < 257; i++)
		used += (size_t)sprintf(text + used, "  - { sphere: [%d, 0, 0],"
		    " radius: 1 }\n", i);
	CHECK(map_parse(&m, text, err, sizeof err) == -1);
	CHECK(strstr(err, "at most 256") != NULL);
	free(text);
	/* random bytes: a refusal that was reported, or a map in bounds */
	for (i = 0; i < 300; i++) {
		struct diag d = diag_for("junk");
		size_t n = (size_t)(splitmix_next(&rng) % sizeof junk);
		int rc;

		for (k = 0; k < (int)n; k++)
			junk[k] = (unsigned char)splitmix_next(&rng);
		d.out = fopen("/dev/null", "w");
		rc = arm_obstacles_parse(&m, junk, n, &d);
		fclose(d.out);
		bad += rc == -1 ? d.errors == 0 : rc != 0 || d.errors != 0 ||
		    m.n < 0 || m.n > ARM_OBSTACLES_MAX;
	}
	CHECK(bad == 0);
}

/*
 * The planar arm (links 100, 80, 40) straight out, q1 turning from 0 to
 * 90 degrees at 1 degree a step, and a sphere of radius 10 at 200 mm on
 * the 45-degree line: the arm's line first touches it when it is 10 from
 * the centre, at 45 - asin(10/200) = 42.134 degrees.  The lag rises by a
 * degree a step from there (steps 43..49 lag 0.87, 1.87 ... 6.87); with
 * a 5-degree threshold and 2 steps the watch fires at step 49, the second
 * over it.
 */
static void
synthetic_block(struct detour_samples *s, double *contact)
{
	double q[3] = { 0, 0, 0 }, m[3] = { 0, 0, 0 };
	int k;

	*contact = 45 - asin(10.0 / 200) / DEG;
	detour_samples_init(s, 3);
	for (k = 0; k <= 90; k++) {
		q[0] = k;
		m[0] = fmin(k, *contact);
		detour_samples_add(s, k * 0.02, q, m, q[0] - m[0]);
	}
	s->has_rest = 1;
	memcpy(s->rest, m, sizeof m);
	s->rest[0] = *contact;
}

static void
test_estimate(void)
{
	struct detour_watch w = { 5, 2, 0, 0 };
	struct detour_estimate_opts eo = { 10, 20, 0, 0.7, 1 };
	struct arm_obstacle ball = parse("sphere:141.42135623730951,"
	    "141.42135623730951,0,10");
	struct detour_samples s;
	struct detour_block b;
	double contact, delta, f, at, r3, free_pose[3] = { 0, 0, 0 };
	int k, q3 = -1;

	synthetic_block(&s, &contact);
	CHECK(detour_watch_fires(&s, &w) == 49);
	CHECK(detour_estimate(&planar, &s, &w, &eo, &b) == 1);
	CHECK(b.step == 49);
	/* free while the lag is at most 2.5: steps up to 44 (lag 1.87) */
	CHECK(b.last_free == 44 && b.began == 45);
	CHECK(b.began_q[0] == 45);
	CHECK_NEAR(b.lag, 49 - contact, 1e-12);
	/* the sweep from the contact towards q1 = 49, cut where the tip has
	 * moved 20 mm: it would move the chord 440 sin(delta / 2) */
	delta = (49 - contact) * DEG;
	f = 20 / (440 * sin(delta / 2));
	at = contact + f * (49 - contact);
	CHECK_NEAR(b.to[0], at, 1e-9);
	/* links 2 and 3 moved 0.7 of the tip's at least (180/220 and 1),
	 * link 1 not (100/220) */
	CHECK(b.nfound == 2);
	for (k = 0; k < b.nfound; k++)
		if (strcmp(b.found[k].name, "found1-q3") == 0)
			q3 = k;
	CHECK(q3 >= 0);
	if (q3 < 0)
		return;
	CHECK_STR(b.found[1 - q3].name, "found1-q2");
	CHECK(b.found[q3].kind == ARM_CAPSULE && b.found[q3].found == 1 &&
	    b.found[q3].margin == 10);
	/* link 3 at `to` from radius 180 to 220; its nearest point to the
	 * link at the contact is its inner end: 360 sin(dq / 2) away */
	r3 = 360 * sin((at - contact) * DEG / 2);
	CHECK_NEAR(b.found[q3].r, r3, 1e-6);
	CHECK_NEAR(hypot(b.found[q3].c[0], b.found[q3].c[1]), 180, 1e-6);
	CHECK_NEAR(hypot(b.found[q3].hi[0], b.found[q3].hi[1]), 220, 1e-6);
	/* it holds part of the ball, and none of the arm where it began */
	CHECK(arm_segments_distance(b.found[q3].c, b.found[q3].hi, ball.c,
	    ball.c) < b.found[q3].r + ball.r);
	CHECK(arm_clearance3(&planar, free_pose, b.found, b.nfound) > 0);
	/* a run that never lagged: nothing */
	for (k = 0; k < (int)s.n; k++)
		s.lag[k] = 1;
	CHECK(detour_estimate(&planar, &s, &w, &eo, &b) == 0);
	detour_samples_free(&s);
}

/* The SO-101 sweeping its base from -60 to 60 with a ball in the way. */
static const double sweep_from[6] = { -60, 20, 30, 20, 0, 0 };
static const double sweep_to[6] = { 60, 20, 30, 20, 0, 0 };

static struct arm_obstacle
ball_on_the_way(void)
{
	struct kin3d_pose p;
	struct arm_obstacle o;
	double mid[6] = { 0, 20, 30, 20, 0, 0 };

	arm_3d_fk(&so101, mid, &p);
	memset(&o, 0, sizeof o);
	o.kind = ARM_SPHERE;
	o.c[0] = p.x;
	o.c[1] = p.y;
	o.c[2] = p.z;
	o.r = 30;
	o.margin = 10;
	strcpy(o.name, "ball");
	return o;
}

/* Every row and 10 poses between each two keep clear of the bodies. */
static double
least_gap(const struct detour_world *w, const struct arm_path *p)
{
	struct arm_obstacle bare[8];
	struct detour_world b = *w;
	double q[ARM_MAX_JOINTS], least = 1e300;
	uint32_t i;
	int k, j;

	for (k = 0; k < w->nobs && k < 8; k++) {
		bare[k] = w->obs[k];
		bare[k].margin = 0;
	}
	b.obs = bare;
	for (i = 0; i + 1 < p->n; i++)
		for (k = 0; k < 10; k++) {
			for (j = 0; j < p->nj; j++)
				q[j] = p->q[i * p->nj + j] + k / 10.0 *
				    (p->q[(i + 1) * p->nj + j] -
				    p->q[i * p->nj + j]);
			least = fmin(least, detour_clearance(&b, q, NULL));
		}
	return least;
}

static void
test_plan(void)
{
	struct arm_obstacle ball = ball_on_the_way();
	struct detour_world w;
	struct detour_opts po;
	struct detour_report r, r2;
	struct arm_path p, p2;
	struct arm_peak pk[ARM_MAX_JOINTS];
	const char *what;

	detour_world_init(&w, &so101, &ball, 1, 0);
	/* the straight move meets the ball */
	CHECK(!detour_move_clear(&w, sweep_from, sweep_to, 2, NULL, NULL));
	memset(&po, 0, sizeof po);
	po.seed = 5;
	CHECK(detour_plan(&w, sweep_from, sweep_to, &po, &p, &r) == 0);
	CHECK(r.status == DETOUR_OK && p.n > 2 && p.nj == 6);
	CHECK(memcmp(p.q, sweep_from, sizeof sweep_from) == 0);
	CHECK(memcmp(p.q + (p.n - 1) * 6, sweep_to, sizeof sweep_to) == 0);
	CHECK(p.t[0] == 0 && fabs(p.t[1] - 0.02) < 1e-12);
	/* clear of the ball's body all along (half the margin at least) */
	CHECK(least_gap(&w, &p) >= 5);
	/* within the arm's speeds and accelerations */
	arm_path_peaks(&p, pk);
	CHECK(arm_path_too_fast(&so101, pk, 0.05, &what) == -1);
	/* the same seed, the same path */
	CHECK(detour_plan(&w, sweep_from, sweep_to, &po, &p2, &r2) == 0);
	CHECK(p2.n == p.n && memcmp(p2.q, p.q, sizeof *p.q * p.n * 6) == 0);
	arm_path_free(&p);
	arm_path_free(&p2);
}

static void
test_plan_failures(void)
{
	struct arm_obstacle ball = ball_on_the_way(), fins[2];
	struct detour_world w;
	struct detour_opts po;
	struct detour_report r;
	struct arm_path p;
	double mid[6] = { 0, 20, 30, 20, 0, 0 }, beyond[6] = { 0, 20, 30,
	    120, 0, 0 };

	memset(&po, 0, sizeof po);
	detour_world_init(&w, &so101, &ball, 1, 0);
	CHECK(detour_plan(&w, sweep_from, mid, &po, &p, &r) == -1);
	CHECK(r.status == DETOUR_TARGET_BLOCKED && r.obstacle == 0);
	CHECK(strstr(r.why, "the target pose touches sphere 'ball'") != NULL);
	CHECK(p.n == 0);
	CHECK(detour_plan(&w, mid, sweep_to, &po, &p, &r) == -1);
	CHECK(r.status == DETOUR_START_BLOCKED);
	CHECK(detour_plan(&w, sweep_from, beyond, &po, &p, &r) == -1);
	CHECK(r.status == DETOUR_TARGET_LIMITS && r.joint == 3);
	CHECK(strstr(r.why, "wrist_flex at 120, beyond its limits -95..95")
	    != NULL);
	/* two fins either side of the shoulder's 30 mm: no way past yaw 0 */
	fins[0] = parse("box:35,-10,0,600,10,700");
	fins[1] = parse("box:-600,-10,0,25,10,700");
	strcpy(fins[0].name, "fin-front");
	strcpy(fins[1].name, "fin-back");
	detour_world_init(&w, &so101, fins, 2, 0);
	po.max_iter = 200;
	CHECK(detour_plan(&w, sweep_from, sweep_to, &po, &p, &r) == -1);
	CHECK(r.status == DETOUR_NO_WAY && r.iterations == 200);
	CHECK(strstr(r.why, "'fin-front'") && strstr(r.why, "'fin-back'"));
	CHECK(detour_status_exit(r.status) == 1);
	po.max_iter = 100000000L;
	po.max_ms = 1e-6;
	CHECK(detour_plan(&w, sweep_from, sweep_to, &po, &p, &r) == -1);
	CHECK(r.status == DETOUR_TIMEOUT && detour_status_exit(r.status) ==
	    75);
}

/*
 * The most a joint can lag while touching: the watch's threshold, since
 * the robot's command leads its encoders by no more under the rule.
 */
static double
lag_bound(const struct detour_attempts_opts *o)
{
	return o->watch.threshold + 1e-3;
}

#define TRIALS 60

static void
attempts_on(const struct arm_desc *a)
{
	static struct sim_detour tr;
	struct detour_scenario_opts so = { 10, 0, 0 };
	struct detour_attempts_opts o;
	struct detour_scenario sc;
	int seed, made = 0, reached = 0, deep = 0;

	detour_attempts_defaults(&o);
	for (seed = 1; seed <= TRIALS; seed++) {
		if (detour_scenario_make(a, (uint64_t)seed, DETOUR_SC_WAY_ROUND,
		    &so, &sc) != 0)
			continue;
		made++;
		o.plan.seed = (uint64_t)seed;
		if (sim_detour_run(a, &sc, &o, &tr) == 0)
			reached++;
		else
			CHECK(strncmp(tr.out.why, "needs help: ", 12) == 0);
		if (tr.arm.contacts.lag > lag_bound(&o))
			deep++;
	}
	printf("detour_test: %s: %d of %d reached with 3 detours\n", a->name,
	    reached, made);
	CHECK(made == TRIALS);
	CHECK(reached * 10 >= made * 9);
	CHECK(deep == 0);
}

static void
test_attempts(void)
{
	attempts_on(&so101);
	attempts_on(&planar);
}

/* The same lag bound is broken when nothing watches: the test can fail. */
static void
test_unwatched(void)
{
	static struct sim_detour tr;
	struct detour_attempts_opts o;
	struct detour_scenario sc;
	double bound;

	detour_attempts_defaults(&o);
	memset(&sc, 0, sizeof sc);
	memcpy(sc.from, sweep_from, sizeof sweep_from);
	memcpy(sc.to, sweep_to, sizeof sweep_to);
	sc.obstacle = ball_on_the_way();
	bound = lag_bound(&o);
	o.watch.threshold = 1000;
	sim_detour_run(&so101, &sc, &o, &tr);
	CHECK(tr.arm.contacts.steps > 0);
	CHECK(tr.arm.contacts.lag > bound);
}

static void
no_way_on(const struct arm_desc *a)
{
	static struct sim_detour tr;
	struct detour_scenario_opts so = { 10, 0, 0 };
	struct detour_attempts_opts o;
	struct detour_scenario sc;
	struct detour_world w;
	struct detour_report r;
	struct arm_path p;
	struct detour_opts po;
	int seed;

	detour_attempts_defaults(&o);
	memset(&po, 0, sizeof po);
	for (seed = 1; seed <= 10; seed++) {
		CHECK(detour_scenario_make(a, (uint64_t)seed, DETOUR_SC_NO_WAY,
		    &so, &sc) == 0);
		/* known: the planner says the target is held, by name */
		detour_world_init(&w, a, &sc.obstacle, 1, 0);
		CHECK(detour_plan(&w, sc.from, sc.to, &po, &p, &r) == -1);
		CHECK(strstr(r.why, "target pose touches sphere 'hidden'") !=
		    NULL);
		/* hidden: the attempts end asking for help, naming what they
		 * found */
		CHECK(sim_detour_run(a, &sc, &o, &tr) == -1);
		CHECK(strncmp(tr.out.why, "needs help: ", 12) == 0);
		CHECK(strstr(tr.out.why, "obstacles found: capsule 'found") !=
		    NULL);
		CHECK(tr.map.n > 0);
	}
}

static void
test_no_way(void)
{
	no_way_on(&so101);
	no_way_on(&planar);
}

int
main(void)
{
	load_arms();
	RUN(test_segments);
	RUN(test_shapes);
	RUN(test_box_sampled);
	RUN(test_map);
	RUN(test_map_errors);
	RUN(test_map_hostile);
	RUN(test_estimate);
	RUN(test_plan);
	RUN(test_plan_failures);
	RUN(test_attempts);
	RUN(test_unwatched);
	RUN(test_no_way);
	return check_report("detour");
}
