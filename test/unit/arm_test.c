/*
 * arm_test.c - unit tests for lib/arm (the arm description reader) and
 * lib/kin/arm3d (its kinematics).  Expected values are worked by hand
 * in the comments.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arm/arm.h"
#include "arm/obstacle.h"
#include "arm/path.h"
#include "arm/obsmap.h"
#include "arm/pose.h"
#include "arm/rowsource.h"
#include "arm/status.h"
#include "check.h"
#include "host/splitmix.h"
#include "arm/arm3d.h"

static int
parse(struct arm_desc *a, const char *text, struct diag *d)
{
	return arm_parse(a, (const unsigned char *)text, strlen(text), d);
}

static struct diag
quiet(void)
{
	struct diag d = diag_for("t.yaml");

	d.quiet = 1;
	return d;
}

static const char two_link[] =
    "name: t\n"
    "base: {name: yaw, height: 100, offset: 10, limits: [-90, 90]}\n"
    "chain:\n"
    "  - {name: a, length: 100, limits: [-180, 180], servo: {id: 3, "
    "ticks: 4096, offset: 2048, direction: -1}}\n"
    "  - {name: b, length: 50, zero: -90, direction: -1}\n"
    "tool: 20\n"
    "roll: {name: r, limits: [-160, 160]}\n"
    "gripper: {name: g, closed: 10, open: 60, speed: 30, accel: 90}\n";

static void
test_parse_fields(void)
{
	struct arm_desc a;
	struct diag d = quiet();

	CHECK(parse(&a, two_link, &d) == 0);
	CHECK_STR(a.name, "t");
	CHECK(a.njoints == 5 && a.nchain == 2);
	CHECK(a.has_base && a.base_index == 0 && a.chain_index == 1);
	CHECK(a.roll_index == 3 && a.gripper_index == 4);
	CHECK_NEAR(a.height, 100, 0);
	CHECK_NEAR(a.reach0, 10, 0);
	CHECK_NEAR(a.tool, 20, 0);
	CHECK_STR(a.joint[2].name, "b");
	CHECK(a.joint[2].direction == -1);
	CHECK_NEAR(a.joint[2].zero, -90, 0);
	/* defaults: limits -180..180, speed 180, accel 720, no servo */
	CHECK_NEAR(a.joint[2].lo, -180, 0);
	CHECK_NEAR(a.joint[2].speed, 180, 0);
	CHECK_NEAR(a.joint[2].accel, 720, 0);
	CHECK(!a.joint[2].servo.has);
	CHECK(a.joint[1].servo.has && a.joint[1].servo.id == 3);
	/* ticks = 2048 - 90 * 4096 / 360 = 2048 - 1024 */
	CHECK_NEAR(arm_servo_ticks(&a.joint[1], 90), 1024, 1e-9);
	CHECK_NEAR(arm_servo_value(&a.joint[1], 1024), 90, 1e-9);
	/* gripper: limits from closed..open; 50 % is 35 */
	CHECK_NEAR(a.joint[4].lo, 10, 0);
	CHECK_NEAR(a.joint[4].hi, 60, 0);
	CHECK_NEAR(arm_grip_value(&a, 50), 35, 1e-12);
	CHECK_NEAR(arm_grip_pct(&a, 60), 100, 1e-12);
	CHECK(arm_find(&a, "r", 1) == 3);
	CHECK(arm_find(&a, "zz", 2) == -1);
}

static void
test_planar_degenerate(void)
{
	struct arm_desc a;
	struct diag d = quiet();

	CHECK(parse(&a, "chain: [{length: 1}, {length: 2}]\n", &d) == 0);
	CHECK(!a.has_base && a.nchain == 2 && a.njoints == 2);
	CHECK_STR(a.joint[0].name, "q1");
	CHECK_STR(a.joint[1].name, "q2");
}

/* Each bad file must be refused, at the right line. */
static void
test_parse_errors(void)
{
	static const struct { const char *text; long line; } bad[] = {
		{ "chain: []\n", 1 },
		{ "name: x\n", 1 },
		{ "chain:\n  - {length: 0}\n", 2 },
		{ "chain:\n  - {length: 1, limits: [5, 1]}\n", 2 },
		{ "chain:\n  - {length: 1, color: red}\n", 2 },
		{ "chain:\n  - {length: 1, direction: 0}\n", 2 },
		{ "chain:\n  - {length: 1, absolute: true}\n", 2 },
		{ "chain:\n  - {length: 1, height: 3}\n", 2 },
		{ "chain:\n  - &a {length: 1}\n  - *a\n", 3 },
		{ "chain:\n  - {length: 1, name: a}\n  - {length: 1, name: a}\n",
		    3 },
		{ "chain:\n  - {length: 1, name: x}\n", 2 },
		{ "chain:\n  - {length: 1, name: 'a,b'}\n", 2 },
		{ "chain: [{length: 1}]\ngripper: {closed: 5, open: 5}\n", 2 },
		{ "chain: [{length: 1, servo: {id: 254}}]\n", 1 },
		{ "chain: [{length: 1}]\nchain: [{length: 1}]\n", 2 },
		{ "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
		    "[[[[[[[[[[[[[[[[[", 1 },
	};
	struct arm_desc a;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct diag d = quiet();
		char buf[256];

		d.out = fopen("/dev/null", "w");
		d.quiet = 0;
		CHECK(parse(&a, bad[i].text, &d) == -1);
		CHECK(d.errors > 0);
		fclose(d.out);
		/* the line is checked through a captured message */
		d = quiet();
		d.out = tmpfile();
		d.quiet = 0;
		parse(&a, bad[i].text, &d);
		rewind(d.out);
		buf[0] = '\0';
		if (fgets(buf, sizeof buf, d.out) != NULL) {
			char want[32];

			snprintf(want, sizeof want, "t.yaml:%ld:", bad[i].line);
			if (strstr(buf, want) == NULL)
				fprintf(stderr, "case %zu: %s", i, buf);
			CHECK(strstr(buf, want) != NULL);
		}
		fclose(d.out);
	}
}

/* Random bytes: refused or accepted, never a crash (ASan watches). */
static void
test_random_bytes(void)
{
	uint64_t st = 42;
	unsigned char buf[300];
	struct arm_desc a;
	int i, k;

	for (i = 0; i < 2000; i++) {
		struct diag d = quiet();
		size_t n = splitmix_next(&st) % sizeof buf;

		for (k = 0; k < (int)n; k++)
			buf[k] = (unsigned char)"chain:[]{}-, \n:length1.ab"
			    [splitmix_next(&st) % 26];
		if (arm_parse(&a, buf, n, &d) != 0) {
			CHECK(d.errors > 0);	/* refused, and said why */
			continue;
		}
		/* taken: an arm the rest may trust */
		CHECK(d.errors == 0);
		CHECK(a.njoints >= 1 && a.njoints <= ARM_MAX_JOINTS);
		for (k = 0; k < a.njoints; k++)
			CHECK(a.joint[k].lo <= a.joint[k].hi &&
			    a.joint[k].speed > 0);
	}
}

static void
test_fk_by_hand(void)
{
	struct arm_desc a;
	struct diag d = quiet();
	struct kin3d_pose p;
	double q[5] = { 0, 0, 0, 0, 0 };

	CHECK(parse(&a, two_link, &d) == 0);
	/* yaw 0; link a level (100); link b + tool (70) straight down from
	 * zero -90: tip at u = 10 + 100, z = 100 - 70, pitch -90 */
	arm_3d_fk(&a, q, &p);
	CHECK_NEAR(p.x, 110, 1e-9);
	CHECK_NEAR(p.y, 0, 1e-9);
	CHECK_NEAR(p.z, 30, 1e-9);
	CHECK_NEAR(p.pitch, -90, 1e-9);
	/* b at -90 with direction -1: model angle 0, arm straight out,
	 * turned to +y by the base; roll 30 */
	q[0] = 90;
	q[2] = -90;
	q[3] = 30;
	arm_3d_fk(&a, q, &p);
	CHECK_NEAR(p.x, 0, 1e-9);
	CHECK_NEAR(p.y, 180, 1e-9);
	CHECK_NEAR(p.z, 100, 1e-9);
	CHECK_NEAR(p.pitch, 0, 1e-9);
	CHECK_NEAR(p.roll, 30, 1e-9);
}

static const char parallel[] =
    "base: {name: base, height: 50, limits: [-90, 90]}\n"
    "chain:\n"
    "  - {name: s, length: 80, zero: 90, direction: -1, limits: [-30, 70]}\n"
    "  - {name: e, length: 80, absolute: true, limits: [-60, 40]}\n";

static void
test_absolute_joint(void)
{
	struct arm_desc a;
	struct diag d = quiet();
	struct kin3d_pose p;
	double q[3] = { 0, 0, 0 };

	CHECK(parse(&a, parallel, &d) == 0);
	/* upright shoulder, level forearm: (80, 0, 50 + 80) */
	arm_3d_fk(&a, q, &p);
	CHECK_NEAR(p.x, 80, 1e-9);
	CHECK_NEAR(p.z, 130, 1e-9);
	CHECK_NEAR(p.pitch, 0, 1e-9);
	/* lean the shoulder 30 forward: the forearm stays level, so the
	 * tip moves by 80 sin 30 out and 80 (1 - cos 30) down */
	q[1] = 30;
	arm_3d_fk(&a, q, &p);
	CHECK_NEAR(p.x, 80 + 40, 1e-9);
	CHECK_NEAR(p.z, 50 + 80 * sqrt(3) / 2, 1e-9);
	CHECK_NEAR(p.pitch, 0, 1e-9);
}

/* Random in-limit poses: FK, then IK of that tip must come back to it. */
static void
round_trip(const char *text, int with_pitch, int n)
{
	struct arm_desc a;
	struct diag d = quiet();
	struct kin3d_target t;
	struct kin3d_pose p, p2;
	struct kin_result r;
	struct kin_opts o;
	double q[ARM_MAX_JOINTS], q2[ARM_MAX_JOINTS];
	uint64_t st = 7;
	struct kin3d *k;
	void *mem;
	int i, j, ok = 0;

	CHECK(parse(&a, text, &d) == 0);
	memset(&o, 0, sizeof o);
	mem = malloc(arm_3d_size(&a));
	k = arm_3d_init(mem, arm_3d_size(&a), &a, &o);
	CHECK(k != NULL);
	for (i = 0; k && i < n; i++) {
		for (j = 0; j < a.njoints; j++)
			q[j] = a.joint[j].lo + splitmix_uniform(&st) *
			    (a.joint[j].hi - a.joint[j].lo);
		arm_3d_fk(&a, q, &p);
		memset(&t, 0, sizeof t);
		t.x = p.x;
		t.y = p.y;
		t.z = p.z;
		t.has_pitch = with_pitch;
		t.pitch = p.pitch;
		arm_3d_solve(k, &t, NULL, q2, &r);
		arm_3d_fk(&a, q2, &p2);
		ok += r.status == KIN_OK && fabs(p2.x - p.x) < 1e-4 &&
		    fabs(p2.y - p.y) < 1e-4 && fabs(p2.z - p.z) < 1e-4;
		for (j = 0; j < a.njoints; j++)
			CHECK(q2[j] >= a.joint[j].lo && q2[j] <= a.joint[j].hi);
	}
	if (ok != n)
		fprintf(stderr, "round trip: %d of %d\n", ok, n);
	CHECK(ok == n);
	free(mem);
}

static void
test_round_trips(void)
{
	round_trip(two_link, 0, 300);
	round_trip(parallel, 0, 300);
}

static void
test_obstacles(void)
{
	struct arm_obstacle o;
	const char *why;
	double a[3] = { 0, 0, 0 }, b[3] = { 10, 0, 0 };

	CHECK(arm_obstacle_parse("sphere:5,3,4,1", &o, &why) == 0);
	/* nearest point (5,0,0): distance 5 from the centre, radius 1 */
	CHECK_NEAR(arm_obstacle_distance(&o, a, b), 4, 1e-12);
	CHECK(arm_obstacle_parse("box:12,-1,-1,20,1,1", &o, &why) == 0);
	/* the segment ends 2 short of the box's face at x = 12 */
	CHECK_NEAR(arm_obstacle_distance(&o, a, b), 2, 1e-9);
	CHECK(arm_obstacle_parse("box:20,1,1,2,-1,-1", &o, &why) == 0);
	CHECK(arm_obstacle_distance(&o, a, b) < 0);	/* crosses it */
	CHECK(arm_obstacle_parse("sphere:1,2,3", &o, &why) == -1);
	CHECK(arm_obstacle_parse("sphere:1,2,3,-1", &o, &why) == -1);
	CHECK(arm_obstacle_parse("cone:1,2,3,4", &o, &why) == -1);
	CHECK(arm_obstacle_parse("box:1,2,3,4,5", &o, &why) == -1);
}

/* A move within the limits: the sampled peaks keep to them, it ends
 * exactly on the target, and a path twice as fast is refused. */
static void
test_path_move(void)
{
	struct arm_desc a;
	struct diag d = quiet();
	struct arm_path p;
	struct arm_peak pk[ARM_MAX_JOINTS];
	double from[5] = { 0, 0, 0, 0, 10 }, to[5] = { 80, -30, 0, 0, 60 };
	const char *what;
	uint32_t i;
	int j;

	CHECK(parse(&a, two_link, &d) == 0);
	memset(&p, 0, sizeof p);
	CHECK(arm_path_move(&p, &a, from, to, 0.01) == 0);
	CHECK(p.n > 10);
	for (j = 0; j < 5; j++)
		CHECK(p.q[(size_t)(p.n - 1) * 5 + j] == to[j]);
	arm_path_peaks(&p, pk);
	CHECK(arm_path_too_fast(&a, pk, 0, &what) == -1);
	/* the gripper (50 in at most 30 deg/s, 90 deg/s^2) sets the pace:
	 * T >= max(1.875 * 50 / 30, sqrt(5.77 * 50 / 90)) = 3.125 s */
	CHECK(p.t[p.n - 1] >= 3.125);
	for (i = 0; i < p.n; i++)
		p.t[i] /= 2;
	arm_path_peaks(&p, pk);
	CHECK(arm_path_too_fast(&a, pk, 0.01, &what) == 4);
	CHECK_STR(what, "speed");
	arm_path_free(&p);
}

static void
test_path_read(void)
{
	static const char csv[] =
	    "t,yaw,a,b,g\n"
	    "1,0,0,-90,100\n"
	    "1.5,10,0,-90,0\n";
	struct arm_desc a;
	struct diag d = quiet();
	struct arm_path p;
	double start[5] = { 0, 0, 0, 5, 10 };
	FILE *fp = tmpfile();

	CHECK(parse(&a, two_link, &d) == 0);
	fputs(csv, fp);
	rewind(fp);
	CHECK(arm_path_read(&p, fp, &a, 0.035, start, &d) == 0);
	CHECK(p.n == 2 && p.timed && !p.cartesian);
	CHECK_NEAR(p.t[1], 0.5, 1e-12);
	CHECK_NEAR(p.q[3], 5, 0);		/* roll kept from start */
	CHECK_NEAR(p.q[4], 60, 1e-12);		/* 100 % open */
	CHECK_NEAR(p.q[5 + 4], 10, 1e-12);	/* 0 %: closed */
	arm_path_free(&p);
	fclose(fp);
	/* x,y,z: by the kinematics; the straight arm's tip (180, 0, 100) */
	fp = tmpfile();
	fputs("x,y,z\n180,0,100\n", fp);
	rewind(fp);
	CHECK(arm_path_read(&p, fp, &a, 0.035, start, &d) == 0);
	CHECK(p.cartesian && p.n == 1);
	CHECK_NEAR(p.q[2], -90, 1e-6);
	arm_path_free(&p);
	fclose(fp);
	/* times must increase */
	fp = tmpfile();
	fputs("t,yaw,a,b\n1,0,0,0\n1,0,0,0\n", fp);
	rewind(fp);
	CHECK(arm_path_read(&p, fp, &a, 0.035, start, &d) == -1);
	fclose(fp);
}

/* Random bytes as a path file: refused or read, never a crash. */
static void
test_path_random(void)
{
	static const char alphabet[] = "t,yaw,a,b,g,x,y,z\n0123456789.-e\"#";
	struct arm_desc a;
	struct diag d = quiet();
	struct arm_path p;
	double start[5] = { 0, 0, 0, 0, 10 };
	uint64_t st = 9;
	int i, k, n;

	CHECK(parse(&a, two_link, &d) == 0);
	for (i = 0; i < 500; i++) {
		FILE *fp = tmpfile();

		n = (int)(splitmix_next(&st) % 400);
		for (k = 0; k < n; k++)
			fputc(alphabet[splitmix_next(&st) % (sizeof alphabet - 1)],
			    fp);
		rewind(fp);
		d = quiet();
		if (arm_path_read(&p, fp, &a, 0.02, start, &d) == 0) {
			/* taken: the arm's joints, times from 0 on, in order */
			CHECK(d.errors == 0 && p.nj == a.njoints);
			CHECK(p.n == 0 || p.t[0] == 0);
			for (k = 1; k < (int)p.n; k++)
				CHECK(p.t[k] >= p.t[k - 1]);
			arm_path_free(&p);
		} else {
			CHECK(d.errors > 0);
		}
		fclose(fp);
	}
}

/* Two descriptions alike in everything but where the file put them. */
static void
check_same(const struct arm_desc *a, const struct arm_desc *b)
{
	int i;

	CHECK_STR(a->name, b->name);
	CHECK(a->njoints == b->njoints && a->nchain == b->nchain);
	CHECK(a->has_base == b->has_base && a->has_roll == b->has_roll &&
	    a->has_gripper == b->has_gripper);
	CHECK(a->height == b->height && a->reach0 == b->reach0 &&
	    a->tool == b->tool && a->grip_closed == b->grip_closed &&
	    a->grip_open == b->grip_open);
	for (i = 0; i < a->njoints && i < b->njoints; i++) {
		const struct arm_joint *x = &a->joint[i], *y = &b->joint[i];

		CHECK_STR(x->name, y->name);
		CHECK(x->role == y->role && x->lo == y->lo && x->hi == y->hi &&
		    x->zero == y->zero && x->direction == y->direction &&
		    x->speed == y->speed && x->accel == y->accel &&
		    x->length == y->length && x->absolute == y->absolute);
		CHECK(x->servo.has == y->servo.has && x->servo.id ==
		    y->servo.id && x->servo.ticks == y->servo.ticks &&
		    x->servo.direction == y->servo.direction &&
		    x->servo.offset == y->servo.offset &&
		    x->servo.series == y->servo.series);
		CHECK_STR(x->servo.model, y->servo.model);
	}
}

/* arm_write's text reads back as the same arm; a servo model sets the
 * default ticks (SCS: 1024 steps a turn, spec/servo-buses.md A4). */
static void
test_write_round_trip(void)
{
	static const char scs[] =
	    "chain:\n"
	    "  - {name: a, length: 80.125, absolute: false, servo: {id: 1, "
	    "model: scs0009, offset: 512.5}}\n"
	    "  - {name: b, length: 60, absolute: true, servo: {id: 2, "
	    "model: SCS15, ticks: 4096}}\n"
	    "gripper: {closed: 60, open: 0.1, servo: {id: 3}}\n";
	static struct arm_desc a, b;
	struct diag d = quiet();
	char *text = NULL;
	size_t len = 0;
	const char *src[2] = { two_link, scs };
	FILE *fp;
	int k;

	for (k = 0; k < 2; k++) {
		CHECK(parse(&a, src[k], &d) == 0);
		if ((fp = open_memstream(&text, &len)) == NULL)
			return;
		CHECK(arm_write(fp, &a) == 0);
		fclose(fp);
		CHECK(parse(&b, text, &d) == 0);
		check_same(&a, &b);
		free(text);
		text = NULL;
	}
	CHECK(a.joint[0].servo.ticks == 1024 && a.joint[0].servo.series == 1);
	CHECK_STR(a.joint[0].servo.model, "scs0009");
	CHECK(a.joint[1].servo.ticks == 4096 && a.joint[1].servo.series == 1);
	CHECK(a.joint[2].servo.ticks == 4096 && a.joint[2].servo.series == -1);
	CHECK(a.joint[1].absolute == 1 && a.joint[2].lo == 0.1);
}

/* What a diag sink wrote, as one string (the sink closed). */
static const char *
said_by(FILE *fp, char *buf, size_t cap)
{
	size_t n;

	rewind(fp);
	n = fread(buf, 1, cap - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

/* One status table, by DESIGN's exit statuses; files that cannot be
 * opened or hold junk said through the caller's sink, never stderr. */
static void
test_status(void)
{
	static const char junk[] = "joints: [ {\n";
	char path[] = "/tmp/arm_test.XXXXXX", out[600];
	struct arm_obstacle_map *m = malloc(sizeof *m);
	struct diag say = diag_for(NULL);
	struct arm_source src;
	struct arm_desc a;
	double v[8], q[ARM_MAX_JOINTS];
	char *args[] = { "1,x" };
	enum arm_status st;
	int fd, have, j;

	CHECK(arm_status_exit(ARM_OK) == 0);
	CHECK(arm_status_exit(ARM_USAGE) == 2);
	CHECK(arm_status_exit(ARM_NO_INPUT) == 66);
	CHECK(arm_status_exit(ARM_DATA) == 65);
	CHECK(arm_status_exit(ARM_FAILED) == 1);
	CHECK(arm_status_exit(ARM_NO_MEMORY) == 74);
	CHECK(arm_status_exit(ARM_IO) == 74);

	CHECK((say.out = tmpfile()) != NULL);
	CHECK(arm_load(&a, "/nonexistent/arm.yaml", &say) == ARM_NO_INPUT);
	CHECK(strstr(said_by(say.out, out, sizeof out),
	    ": /nonexistent/arm.yaml: No such file or directory") != NULL);

	CHECK((fd = mkstemp(path)) >= 0);
	CHECK(write(fd, junk, sizeof junk - 1) == (ssize_t)(sizeof junk - 1));
	close(fd);
	CHECK((say.out = tmpfile()) != NULL);
	CHECK(arm_load(&a, path, &say) == ARM_DATA);
	CHECK(strstr(said_by(say.out, out, sizeof out), path) != NULL);
	CHECK(strstr(out, ": error: ") != NULL);	/* at file:line:col */
	CHECK((say.out = tmpfile()) != NULL);
	CHECK(m && arm_obstacles_load(m, path, &say) == ARM_DATA);
	said_by(say.out, out, sizeof out);
	unlink(path);
	CHECK(m && arm_obstacles_load_or_new(m, path, &say) == ARM_OK &&
	    m->n == 0);		/* not made yet: an empty map */
	free(m);

	/* --start: every joint at 0 held in its limits, or the pose */
	CHECK(arm_builtin_so101(&a) == 0);
	say.out = NULL;
	CHECK(arm_pose_start(NULL, &a, q, &say) == ARM_OK);
	for (j = 0; j < a.njoints; j++)
		CHECK(q[j] == arm_clamp(&a.joint[j], 0));
	CHECK((say.out = tmpfile()) != NULL);
	CHECK(arm_pose_start("1,2", &a, q, &say) == ARM_USAGE);
	CHECK(strstr(said_by(say.out, out, sizeof out), "want ") != NULL);

	/* a row given as an argument that is no row */
	CHECK((say.out = tmpfile()) != NULL);
	arm_source_args(&src, args, 1, 3, &say);
	st = ARM_OK;
	CHECK(arm_source_next(&src, v, 2, &have, &st) == -1 &&
	    st == ARM_USAGE);
	CHECK(strstr(said_by(say.out, out, sizeof out), "'1,x': item 2: ") !=
	    NULL);
	CHECK((say.out = tmpfile()) != NULL);
	CHECK(arm_source_csv(&src, "/nonexistent/rows.csv", (const char *[])
	    { "x" }, 1, 1, NULL, 0, &say) == ARM_NO_INPUT);
	CHECK(strstr(said_by(say.out, out, sizeof out),
	    "/nonexistent/rows.csv: ") != NULL);
}

int
main(void)
{
	RUN(test_parse_fields);
	RUN(test_planar_degenerate);
	RUN(test_parse_errors);
	RUN(test_random_bytes);
	RUN(test_fk_by_hand);
	RUN(test_absolute_joint);
	RUN(test_round_trips);
	RUN(test_write_round_trip);
	RUN(test_obstacles);
	RUN(test_path_move);
	RUN(test_path_read);
	RUN(test_path_random);
	RUN(test_status);
	return check_report("arm");
}
