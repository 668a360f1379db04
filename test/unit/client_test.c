/*
 * client_test.c - lib/client against core/robot in this process: armsim's
 * robot (hw/sim) behind hw/sim/memlink.c, on a simulated clock and a
 * simulated lossy line; no pty, no sleeps.  Uploads at 20 % loss read back
 * bit-exact, a commit whose reply or request was lost, streaming into an
 * obstacle and the way back, names and the description kept by CRC and
 * taken again after a push, --names that is not the robot's plan, the
 * liveness rule of streams, the robot's clock in EVENTS.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "client/check.h"
#include "client/control.h"
#include "client/download.h"
#include "client/monitor.h"
#include "client/names.h"
#include "client/stream.h"
#include "client/telemetry.h"
#include "client/upload.h"
#include "plan/crc32.h"
#include "plan/plan.h"
#include "memrobot.h"

/* A fresh robot (3 joints, 100,80,40 mm, 90 deg/s, 8 KB store) on a line
 * at `baud` with drop and corruption at `loss` each, `obstacles` circles
 * (x, y, r), and the client connected to it. */
static void
robot_up(long baud, double loss, uint64_t seed, const double *obstacles,
    int nobs)
{
	static const double links[] = { 100, 80, 40 };
	int j;

	memset(&ml, 0, sizeof ml);
	ml.sim.arm.joints = 3;
	for (j = 0; j < 3; j++) {
		ml.sim.arm.link[j] = links[j];
		ml.sim.arm.speed[j] = 90;
	}
	for (j = 0; j < nobs; j++) {
		ml.sim.arm.obs[j].x = obstacles[3 * j];
		ml.sim.arm.obs[j].y = obstacles[3 * j + 1];
		ml.sim.arm.obs[j].r = obstacles[3 * j + 2];
	}
	ml.sim.arm.nobs = nobs;
	memrobot_up(baud, loss, seed);
}

/* A valid plan with names: drive Wave (id 2) always released, running
 * action element Go (id 9), robot action `act` (TurnJoint1By is 1 on
 * armsim's robot) with value `value`, and `pad` more action elements to
 * make it longer.  Its size in out. */
static uint32_t
named_plan(uint8_t *out, uint32_t cap, uint16_t act, int16_t value,
    uint16_t pad, int with_names)
{
	static struct plan_action a[400];
	static const uint8_t wave[] = "Wave", go[] = "Go", turn[] =
	    "TurnJoint1By";
	struct plan_name names[3];
	struct plan_drive d;
	struct plan_spec s;
	uint16_t i;

	memset(&s, 0, sizeof s);
	memset(&d, 0, sizeof d);
	memset(a, 0, sizeof a);
	d.id = 2;
	d.child.type = PLAN_A;
	d.priority = 10;
	d.rel.cmp = PLAN_TR;
	for (i = 0; i <= pad; i++) {
		a[i].id = (uint16_t)(9 + i);
		a[i].action = act;
		a[i].value = (int16_t)(value + i);
	}
	names[0].kind = PLAN_D;
	names[0].key = 0;
	names[0].len = 4;
	names[0].text = wave;
	names[1].kind = PLAN_A;
	names[1].key = 0;
	names[1].len = 2;
	names[1].text = go;
	names[2].kind = PLAN_NAME_ACTION;
	names[2].key = act;
	names[2].len = 12;
	names[2].text = turn;
	s.id_width = 2;
	s.count[PLAN_D] = 1;
	s.count[PLAN_A] = (uint16_t)(pad + 1);
	s.drive = &d;
	s.action = a;
	s.names = with_names ? names : NULL;
	s.nnames = with_names ? 3 : 0;
	return plan_encode(&s, out, cap);
}

/* The plan the robot's store holds now, read back on a clean line. */
static int
robot_holds(const uint8_t *plan, uint32_t n)
{
	struct plan_store *st = &ml.sim.robot.store;
	uint8_t buf[4096];

	return robot_store_plan_size(st) == n && robot_store_read(st, 0, buf,
	    (uint16_t)n) == 0 && memcmp(buf, plan, n) == 0;
}

static enum client_status
push(const uint8_t *plan, uint32_t n, struct plan *p, int force)
{
	struct plan_error err;
	struct client_push pu;

	CHECK(plan_open(p, plan, n, &err) == PLAN_OK);
	memset(&pu, 0, sizeof pu);
	pu.bytes = plan;
	pu.size = n;
	pu.plan = p;
	pu.path = "test.plan";
	pu.force = force;
	return client_push(&cl, &pu);
}

static void
test_upload_lossy(void)
{
	static uint8_t plan[4096], *back;
	uint32_t n = named_plan(plan, sizeof plan, 1, 1, 300, 1), size;
	struct plan p;
	uint64_t seed;
	int exact = 0;

	CHECK(n > 1500);
	for (seed = 1; seed <= 8; seed++) {
		robot_up(115200, 0.10, seed, NULL, 0);
		CHECK(push(plan, n, &p, 0) == CLIENT_OK);
		exact += robot_holds(plan, n);
		CHECK(client_pull(&cl, "pull", NULL, &back, &size) ==
		    CLIENT_OK);
		CHECK(size == n && back && memcmp(back, plan, n) == 0);
		free(back);
		/* something was lost and sent again, or the test is empty */
		CHECK(cl.s.resent > 1);
		robot_down();
	}
	CHECK(exact == 8);
}

static void
test_commit_lost(void)
{
	static uint8_t a[1024], b[1024];
	uint32_t na = named_plan(a, sizeof a, 1, 1, 5, 1);
	uint32_t nb = named_plan(b, sizeof b, 1, 7, 9, 1);
	struct plan p;

	/* the commit's reply lost: the robot is asked which plan it holds */
	robot_up(115200, 0, 1, NULL, 0);
	CHECK(push(a, na, &p, 0) == CLIENT_OK);
	sim_line_lose(&ml.sim.line, 0, WIRE_PLAN_COMMIT);
	nsaid = 0;
	CHECK(push(b, nb, &p, 0) == CLIENT_OK);
	CHECK(heard("committed (only the reply was lost)"));
	CHECK(robot_holds(b, nb));
	robot_down();
	/* the commit itself lost: not committed, the old plan kept */
	robot_up(115200, 0, 1, NULL, 0);
	CHECK(push(a, na, &p, 0) == CLIENT_OK);
	sim_line_lose(&ml.sim.line, WIRE_PLAN_COMMIT, 0);
	nsaid = 0;
	CHECK(push(b, nb, &p, 0) == CLIENT_TIMEOUT);
	CHECK(heard("not committed, the previous plan is kept"));
	CHECK(robot_holds(a, na));
	robot_down();
}

static void
test_check(void)
{
	static uint8_t plan[1024];
	uint32_t n = named_plan(plan, sizeof plan, 99, 1, 0, 1);
	unsigned long frames;
	struct plan p;

	robot_up(115200, 0, 1, NULL, 0);
	/* action 99: no such action on the robot; nothing committed */
	CHECK(push(plan, n, &p, 0) == CLIENT_DATA);
	CHECK(heard("the robot has no action 99"));
	CHECK(robot_store_plan_size(&ml.sim.robot.store) == 0);
	CHECK(push(plan, n, &p, 1) == CLIENT_OK);
	CHECK(robot_holds(plan, n));
	/* the description is kept: asked again, one PLAN_INFO */
	frames = cl.s.frames_out;
	CHECK(client_describe(&cl) == CLIENT_OK && cl.desc.have);
	CHECK(cl.s.frames_out == frames + 1);
	/* it came in pages: fewer frames than entries */
	CHECK(cl.desc.n == 11);
	robot_down();
}

static void
test_names_cached(void)
{
	static uint8_t a[1024], b[1024], c[1024];
	uint32_t na = named_plan(a, sizeof a, 1, 1, 0, 1);
	uint32_t nb = named_plan(b, sizeof b, 1, 5, 3, 1);
	uint32_t nc = named_plan(c, sizeof c, 1, 1, 0, 0);
	unsigned long frames;
	struct plan p;
	FILE *fp;

	robot_up(115200, 0, 2, NULL, 0);
	CHECK(push(a, na, &p, 0) == CLIENT_OK);
	CHECK(client_names(&cl, NULL, 0) == CLIENT_OK);
	CHECK_STR(client_name(&cl, PLAN_D, 2), "Wave");
	frames = cl.s.frames_out;
	CHECK(client_names(&cl, NULL, 0) == CLIENT_OK);
	CHECK(cl.s.frames_out == frames + 1);	/* PLAN_INFO alone */
	CHECK_STR(client_name(&cl, PLAN_A, 9), "Go");
	/* a push: the names are taken again, now with b's elements */
	CHECK(push(b, nb, &p, 0) == CLIENT_OK);
	CHECK(client_name(&cl, PLAN_A, 12) == NULL ||
	    strcmp(client_name(&cl, PLAN_A, 12), "#12") == 0);
	CHECK(client_names(&cl, NULL, 0) == CLIENT_OK);
	CHECK(cl.s.frames_out > frames + 3);	/* b read back */
	CHECK_STR(client_name(&cl, PLAN_A, 12), "#12");
	CHECK_STR(client_name(&cl, PLAN_A, 9), "Go");
	/* the robot holds a stripped plan: --names with the original
	   matches by CRC, nothing read back; another plan is refused */
	CHECK(push(c, nc, &p, 0) == CLIENT_OK);
	CHECK((fp = fopen("client_test_a.plan", "wb")) != NULL);
	CHECK(fwrite(a, 1, na, fp) == na);
	fclose(fp);
	frames = cl.s.frames_out;
	CHECK(client_names(&cl, "client_test_a.plan", 0) == CLIENT_OK);
	CHECK(cl.s.frames_out == frames + 1);
	CHECK_STR(client_name(&cl, PLAN_D, 2), "Wave");
	CHECK((fp = fopen("client_test_a.plan", "wb")) != NULL);
	CHECK(fwrite(b, 1, nb, fp) == nb);
	fclose(fp);
	nsaid = 0;
	CHECK(client_names(&cl, "client_test_a.plan", 0) == CLIENT_DATA);
	CHECK(heard("is not the plan the robot holds"));
	CHECK(client_names(&cl, "client_test_a.plan", 1) == CLIENT_OK);
	remove("client_test_a.plan");
	robot_down();
}

static void
test_plan_ids(void)
{
	static uint8_t a[1024], c[1024];
	uint32_t na = named_plan(a, sizeof a, 1, 1, 4, 1);
	uint32_t nc = named_plan(c, sizeof c, 1, 1, 4, 0);
	struct plan_error err;
	uint32_t full, stripped, f2, s2;
	struct plan p;

	CHECK(plan_open(&p, a, na, &err) == PLAN_OK);
	client_plan_ids(&p, &full, &stripped);
	CHECK(full == ((uint32_t)a[na - 4] | (uint32_t)a[na - 3] << 8 |
	    (uint32_t)a[na - 2] << 16 | (uint32_t)a[na - 1] << 24));
	CHECK(plan_open(&p, c, nc, &err) == PLAN_OK);
	client_plan_ids(&p, &f2, &s2);
	CHECK(f2 == s2 && stripped == f2 && full != f2);
}

/* A sweep of joint 1 from 0 to 90 degrees, a degree a step. */
static void
test_obstruction(void)
{
	/* as test/armctl-run.bats: link 2 touches at q1 = 41.18 degrees */
	static const double obs[] = { 106.07, 106.07, 10 };
	int32_t q[91 * 3], home[3] = { 0, 0, 0 }, here[3];
	struct client_motion mo;
	struct client_steps st;
	int i;

	memset(q, 0, sizeof q);
	for (i = 0; i <= 90; i++)
		q[3 * i] = i * 1000;
	memset(&st, 0, sizeof st);
	st.q = q;
	st.n = 91;
	st.joints = 3;
	st.run_id = 77;
	memset(&mo, 0, sizeof mo);
	mo.period_ms = 20;
	mo.threshold_deg = 5;
	mo.persist = 2;
	mo.pause_ms = 500;
	robot_up(115200, 0, 3, obs, 1);
	CHECK(client_run(&cl, &st, 1, home, &mo) == CLIENT_OBSTRUCTED);
	CHECK(heard("run: obstructed at step"));
	CHECK(heard("run: went back along its path to where the run began"));
	CHECK(client_encoders(&cl, here, "pos") == CLIENT_OK);
	CHECK(here[0] == 0 && here[1] == 0 && here[2] == 0);
	/* the same run with the obstacle gone goes to its end */
	ml.sim.arm.nobs = 0;
	CHECK(client_run(&cl, &st, 1, home, &mo) == CLIENT_OK);
	CHECK(client_encoders(&cl, here, "pos") == CLIENT_OK);
	CHECK(here[0] == 90000);
	robot_down();
}

static struct evlog_event got[64];
static int ngot;

static void
take_event(void *ctx, const struct evlog_event *e)
{
	(void)ctx;
	if (ngot < 64)
		got[ngot++] = *e;
}

static void
test_monitor(void)
{
	static uint8_t plan[1024];
	uint32_t n = named_plan(plan, sizeof plan, 1, 1, 0, 1);
	struct client_monitor m;
	struct plan p;
	uint16_t prio = 150;

	robot_up(115200, 0, 4, NULL, 0);
	CHECK(push(plan, n, &p, 0) == CLIENT_OK);
	/* not running: said at once, not waited for */
	memset(&m, 0, sizeof m);
	m.mask = PLAN_MON_ALL;
	m.events.fn = take_event;
	m.listen.count = 5;
	ngot = 0;
	CHECK(client_monitor(&cl, &m) == CLIENT_FAILED);
	CHECK(heard("the plan is not running"));
	CHECK(client_now(&cl) < 5000);
	/* joining a running plan: its priority in force first */
	CHECK(client_start(&cl, 10) == CLIENT_OK);
	CHECK(client_prio(&cl, 2, 1, &prio) == CLIENT_OK);
	client_wait(&cl, 350);
	memset(&m, 0, sizeof m);
	m.mask = PLAN_MON_ALL;
	m.events.fn = take_event;
	m.listen.count = 6;
	ngot = 0;
	CHECK(client_monitor(&cl, &m) == CLIENT_OK);
	CHECK(ngot == 9);
	CHECK(got[0].kind == PLAN_EV_RUN && got[0].run == EVLOG_RUN_JOIN);
	CHECK(got[1].kind == PLAN_EV_PRIORITY && got[1].priority == 150 &&
	    got[1].id == 2 && strcmp(got[1].name, "Wave") == 0);
	CHECK(got[2].kind == PLAN_EV_SENSE && got[2].id == 2 &&
	    !got[2].has_sense);
	/* the robot's clock: ms since START, 100 ms a cycle at 10 Hz */
	CHECK(got[3].time_ms >= 0 && got[3].time_ms == (got[3].cycle - 1) *
	    100);
	CHECK(got[1].cycle == got[3].cycle);
	robot_down();
}

/* A plan whose drive runs pattern P (id 1) of n elements (ids 100 on),
 * each turning joint 1 by a degree (actions 200 on): a cycle runs one
 * element, so after n cycles 2n + 2 counters are not 0. */
static uint32_t
pattern_plan(uint8_t *out, uint32_t cap, uint16_t n)
{
	static struct plan_ape e[64];
	static struct plan_action a[64];
	struct plan_drive d;
	struct plan_spec s;
	struct plan_ap ap;
	uint16_t i;

	memset(&s, 0, sizeof s);
	memset(&d, 0, sizeof d);
	memset(&ap, 0, sizeof ap);
	d.id = 2;
	d.child.type = PLAN_AP;
	d.priority = 10;
	d.rel.cmp = PLAN_TR;
	ap.id = 1;
	ap.count = n;
	for (i = 0; i < n; i++) {
		memset(&e[i], 0, sizeof e[i]);
		e[i].id = (uint16_t)(100 + i);
		e[i].parent = 0;
		e[i].child.type = PLAN_A;
		e[i].child.index = i;
		e[i].order = i;
		memset(&a[i], 0, sizeof a[i]);
		a[i].id = (uint16_t)(200 + i);
		a[i].action = 1;
		a[i].value = 1;
	}
	s.id_width = 2;
	s.count[PLAN_D] = 1;
	s.count[PLAN_AP] = 1;
	s.count[PLAN_APE] = n;
	s.count[PLAN_A] = n;
	s.drive = &d;
	s.ap = &ap;
	s.ape = e;
	s.action = a;
	return plan_encode(&s, out, cap);
}

/* t's tables for the types in order[] (WIRE_COUNTERS or WIRE_STATE). */
static enum client_status
table(struct client_table *t, uint8_t msg, const uint8_t *order, int n)
{
	memset(t, 0, sizeof *t);
	t->msg = msg;
	t->ntypes = (uint8_t)n;
	memcpy(t->types, order, (size_t)n);
	return client_table(&cl, t, "test");
}

/* The two tables hold the same rows. */
static int
same_tables(const struct client_table *a, const struct client_table *b)
{
	int k, i;

	for (k = 0; k < a->ntypes; k++) {
		if (a->total[k] != b->total[k])
			return 0;
		for (i = 0; i < a->total[k]; i++)
			if (a->msg == WIRE_COUNTERS ? memcmp(&a->counter[k][i],
			    &b->counter[k][i], sizeof a->counter[k][i]) :
			    memcmp(&a->state[k][i], &b->state[k][i],
			    sizeof a->state[k][i]))
				return 0;
	}
	return 1;
}

/*
 * COUNTERS_SPARSE and STATE_PACKED against COUNTERS and STATE (a client
 * without the plan, the second method): the same rows, in fewer frames.
 * 40 elements ran, so the sparse counters overflow a reply and the rest
 * is asked for in steps; a paused plan keeps them still between reads.
 */
static void
test_tables(void)
{
	static const uint8_t all[] = { PLAN_D, PLAN_C, PLAN_CE, PLAN_AP,
	    PLAN_APE, PLAN_A }, st[] = { PLAN_D, PLAN_C, PLAN_AP };
	static uint8_t plan[4096];
	struct client_table a, b;
	unsigned long before, packed, paged;
	struct wire_paused pz;
	uint32_t n = pattern_plan(plan, sizeof plan, 60);
	struct plan p;
	int m, k;

	for (m = 0; m < 2; m++) {
		robot_up(115200, 0, 7, NULL, 0);
		CHECK(push(plan, n, &p, 1) == CLIENT_OK);
		CHECK(client_start(&cl, 100) == CLIENT_OK);
		client_wait(&cl, m ? 2000 : 420);	/* 40 cycles, or all */
		CHECK(client_pause(&cl, WIRE_PAUSE_HOLD, 0, &pz, "pause") ==
		    CLIENT_OK);
		CHECK(client_names(&cl, NULL, 0) == CLIENT_OK &&
		    cl.names.layout);
		before = cl.s.frames_out;
		CHECK(table(&a, WIRE_COUNTERS, all, 6) == CLIENT_OK);
		packed = cl.s.frames_out - before;
		client_names_free(&cl.names);	/* no plan at hand */
		before = cl.s.frames_out;
		CHECK(table(&b, WIRE_COUNTERS, all, 6) == CLIENT_OK);
		paged = cl.s.frames_out - before;
		CHECK(same_tables(&a, &b));
		/* 2 + 2 x 40 (or 2 + 2 x 60) rows not 0 of 122 */
		for (k = 0, n = 0; k < 6; k++)
			for (int i = 0; i < a.total[k]; i++)
				n += a.counter[k][i].executed != 0;
		CHECK(m ? n == 122 : n > 2 * WIRE_SPARSE_MAX);
		/* 6 first pages, 7 more of APE and of A */
		CHECK(packed > 1 && packed < paged && paged == 6 + 7 + 7);
		client_table_free(&a);
		client_table_free(&b);
		CHECK(client_names(&cl, NULL, 0) == CLIENT_OK);
		CHECK(table(&a, WIRE_STATE, st, 3) == CLIENT_OK);
		client_names_free(&cl.names);
		CHECK(table(&b, WIRE_STATE, st, 3) == CLIENT_OK);
		CHECK(same_tables(&a, &b) && a.head.cycle == b.head.cycle &&
		    a.head.cycle > 0 && a.state[0][0].id == 2 &&
		    a.state[2][0].current >= 100);
		client_table_free(&a);
		client_table_free(&b);
		n = pattern_plan(plan, sizeof plan, 60);
		robot_down();
	}
}

/* A row of senses: after the third the robot freezes (a SIGSTOP). */
static void
row(void *ctx, uint32_t ms, const int16_t *v, int n)
{
	int *rows = ctx;

	(void)ms;
	(void)v;
	(void)n;
	if (++*rows == 3)
		ml.sim.line.stalled = 1;
}

static void
test_liveness(void)
{
	struct client_telemetry t;
	int rows = 0;

	robot_up(115200, 0, 5, NULL, 0);
	memset(&t, 0, sizeof t);
	CHECK(client_telemetry_columns(&cl, &t) == CLIENT_OK && t.n == 6);
	t.every_ms = 50;
	t.row = row;
	t.ctx = &rows;
	t.listen.count = 1000;
	/* the robot freezes after a few frames: asked after the silence of
	   a budget of (retries + 1) x timeout, given up when that goes
	   unanswered for at most two more */
	CHECK(client_telemetry(&cl, &t) == CLIENT_TIMEOUT);
	CHECK(heard("the robot stopped answering"));
	CHECK(t.listen.items == 3);
	CHECK(client_now(&cl) - t.listen.heard <= 3 * 6 * 300 + 200);
	robot_down();
}

/* A robot's names reach a terminal and CSV files: no control bytes, no
 * broken UTF-8, whatever the robot sends (its CRC checked first). */
static void
test_sanitize(void)
{
	char esc[] = "\x1b[31mRED\x1b[0m", bad[] = "\xff\xfe" "A",
	    ok[] = "Temp\xc3\xa9rature", c1[] = "x\xc2\x9by";
	struct client_desc_fetch f;
	struct wire_desc_page pg;
	struct wire_frame fr;
	uint8_t buf[WIRE_PAYLOAD_MAX];
	struct wire_out o;

	client_sanitize(esc);
	CHECK_STR(esc, "?[31mRED?[0m");
	client_sanitize(bad);
	CHECK_STR(bad, "??A");
	client_sanitize(ok);
	CHECK_STR(ok, "Temp\xc3\xa9rature");
	client_sanitize(c1);
	CHECK_STR(c1, "x??y");
	/* a page whose one entry is named with an escape sequence */
	memset(&pg, 0, sizeof pg);
	pg.total = pg.pages = pg.count = 1;
	pg.e[0].kind = WIRE_DESC_SENSE;
	pg.e[0].first = 1;
	pg.e[0].count = 1;
	strcpy(pg.e[0].name, "\x1b]0;pwned\x07");
	strcpy(pg.e[0].unit, "\xff");
	wire_out_init(&o, buf, sizeof buf);
	wire_desc_put_entry(&o, &pg.e[0]);
	pg.crc = plan_crc32_update(0, buf, wire_out_len(&o));
	memset(&fr, 0, sizeof fr);
	fr.type = WIRE_DESCRIBE_PAGE | WIRE_REPLY;
	fr.len = wire_desc_page_encode(&pg, fr.payload);
	client_free(&cl);
	client_init(&cl);
	cl.say = hear;
	client_desc_fetch_begin(&f, &cl.desc);
	CHECK(client_desc_fetch_take(&cl, &f, &fr) == CLIENT_OK && f.done);
	CHECK(cl.desc.n == 1 && cl.desc.crc == pg.crc);
	CHECK_STR(cl.desc.e[0].name, "?]0;pwned?");
	CHECK_STR(cl.desc.e[0].unit, "?");
}

/* SENSES frames that do not match the description: given up, 74. */
static void
test_mismatched_senses(void)
{
	struct client_telemetry t;
	int rows = 0;

	robot_up(115200, 0, 6, NULL, 0);
	memset(&t, 0, sizeof t);
	CHECK(client_telemetry_columns(&cl, &t) == CLIENT_OK && t.n == 6);
	t.n = 5;	/* a description that lists one sense fewer */
	t.every_ms = 50;
	t.row = row;
	t.ctx = &rows;
	t.listen.count = 100;
	nsaid = 0;
	CHECK(client_telemetry(&cl, &t) == CLIENT_IO);
	CHECK(heard("frames in a row that do not match what the robot "
	    "described"));
	CHECK(rows == 0 && t.listen.bad_total >= CLIENT_BAD_FRAMES &&
	    t.listen.bad_total < 2 * CLIENT_BAD_FRAMES);
	robot_down();
}

int
main(void)
{
	RUN(test_upload_lossy);
	RUN(test_commit_lost);
	RUN(test_check);
	RUN(test_names_cached);
	RUN(test_plan_ids);
	RUN(test_obstruction);
	RUN(test_monitor);
	RUN(test_tables);
	RUN(test_liveness);
	RUN(test_mismatched_senses);
	RUN(test_sanitize);
	client_free(&cl);
	return check_report("client");
}
