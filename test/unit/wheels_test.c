/*
 * wheels_test.c - unit tests for core/robot's two-wheeled body (wheels.c)
 * over a fake board: HELLO with no joints, DESCRIBE's entries, a stored
 * plan driving the motors from the bump switches, Wait on the robot's
 * clock with pauses not counted, PAUSE, RESUME and STOP on the motors; and
 * the IR ranger's fit.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "plan/crc32.h"
#include "plan/plan.h"
#include "planner/planner.h"
#include "robot/irrange.h"
#include "robot/robot.h"
#include "robot/wheels.h"
#include "wire/desc.h"

struct board {
	uint8_t store[1024];		/* the ATmega328P's EEPROM */
	uint8_t plan_ram[400];
	uint16_t state_ram[128];
	uint32_t now;
	int8_t left, right;		/* what the motors were told */
	unsigned motor_calls;
	uint8_t bump, light;
	int16_t range;
	uint8_t out[2048];
	size_t outn;
};

static uint32_t
b_millis(void *ctx)
{
	return ((struct board *)ctx)->now;
}

static void
b_send(void *ctx, const uint8_t *p, uint8_t n)
{
	struct board *b = ctx;

	if (b->outn + n <= sizeof b->out) {
		memcpy(b->out + b->outn, p, n);
		b->outn += n;
	}
}

/* A robot without joints is never asked about them. */
static void
b_read(void *ctx, int32_t *mdeg)
{
	(void)ctx;
	(void)mdeg;
}

static void
b_command(void *ctx, const int32_t *mdeg)
{
	(void)ctx;
	(void)mdeg;
}

static int
b_sread(void *ctx, uint32_t a, uint8_t *buf, uint16_t n)
{
	struct board *b = ctx;

	if (a + n > sizeof b->store)
		return -1;
	memcpy(buf, b->store + a, n);
	return 0;
}

static int
b_swrite(void *ctx, uint32_t a, const uint8_t *buf, uint16_t n)
{
	struct board *b = ctx;

	if (a + n > sizeof b->store)
		return -1;
	memcpy(b->store + a, buf, n);
	return 0;
}

static int16_t
b_range(void *ctx)
{
	return ((struct board *)ctx)->range;
}

static void
b_motors(void *ctx, int8_t left, int8_t right)
{
	struct board *b = ctx;

	b->left = left;
	b->right = right;
	b->motor_calls++;
}

static uint8_t
b_bumpers(void *ctx)
{
	return ((struct board *)ctx)->bump;
}

static void
b_light(void *ctx, uint8_t on)
{
	((struct board *)ctx)->light = on;
}

struct rig {
	struct board b;
	struct wheels w;
	struct robot_body body;
	struct robot_hw hw;
	struct robot r;
	uint8_t seq;
};

static void
rig_init(struct rig *g)
{
	memset(g, 0, sizeof *g);
	memset(g->b.store, 0xFF, sizeof g->b.store);
	g->b.range = 500;
	g->w.motors = b_motors;
	g->w.bumpers = b_bumpers;
	g->w.light = b_light;
	robot_wheels_body(&g->body, &g->w);
	g->hw.ctx = &g->b;
	g->hw.firmware = "wheels";
	g->hw.joints = 0;
	g->hw.store_size = sizeof g->b.store;
	g->hw.plan_ram = g->b.plan_ram;
	g->hw.plan_ram_size = sizeof g->b.plan_ram;
	g->hw.state_ram = g->b.state_ram;
	g->hw.state_ram_size = sizeof g->b.state_ram;
	g->hw.millis = b_millis;
	g->hw.send = b_send;
	g->hw.read_encoders = b_read;
	g->hw.command_joints = b_command;
	g->hw.store_read = b_sread;
	g->hw.store_write = b_swrite;
	g->hw.obstacle_mm = b_range;
	g->hw.body = &g->body;
	robot_init(&g->r, &g->hw);
}

/* One request; 0, the robot's error code, or -1 for no reply.  The
 * first frame of the right type that came back is in *reply. */
static int
call(struct rig *g, uint8_t type, const uint8_t *payload, uint8_t len,
    struct wire_frame *reply)
{
	uint8_t frame[WIRE_FRAME_MAX];
	struct wire_decoder d;
	struct wire_frame f;
	size_t i;
	int got = -1;

	g->b.outn = 0;
	robot_rx(&g->r, frame, wire_frame_encode(frame, g->seq++, type,
	    payload, len));
	wire_decoder_init(&d);
	for (i = 0; i < g->b.outn; i++) {
		wire_decoder_push(&d, g->b.out[i]);
		while (wire_decoder_next(&d, &f)) {
			if (f.type == WIRE_ERROR && got < 0)
				got = f.payload[1];
			else if (f.type == (type | WIRE_REPLY) && got < 0) {
				got = 0;
				if (reply)
					*reply = f;
			}
		}
	}
	return got;
}

static void
test_hello_describe(void)
{
	struct rig g;
	struct wire_frame rep;
	struct wire_hello h;
	struct wire_desc d;
	uint8_t v = WIRE_VERSION, k;

	rig_init(&g);
	CHECK(call(&g, WIRE_HELLO, &v, 1, &rep) == 0);
	CHECK(wire_hello_decode(&h, rep.payload, rep.len) == 0);
	CHECK(h.joints == 0);
	/* the plan RAM, 400 bytes: a slot would take (1024 - 32) / 2 - 8 */
	CHECK(h.capacity == 400);
	CHECK_STR(h.firmware, "wheels");
	k = 0;
	CHECK(call(&g, WIRE_DESCRIBE, &k, 1, &rep) == 0);
	CHECK(wire_desc_decode(&d, rep.payload, rep.len) == 0);
	CHECK(d.total == 7 && d.index == 0 && d.kind == WIRE_DESC_SENSE);
	CHECK(d.first == 1 && d.count == 1 && d.min == 0 &&
	    d.max == INT16_MAX);
	CHECK_STR(d.unit, "mm");
	CHECK_STR(d.name, "RangeAhead");
	k = 1;
	CHECK(call(&g, WIRE_DESCRIBE, &k, 1, &rep) == 0);
	CHECK(wire_desc_decode(&d, rep.payload, rep.len) == 0);
	CHECK(d.kind == WIRE_DESC_SENSE && d.first == 2 && d.max == 3);
	CHECK_STR(d.unit, "");
	CHECK_STR(d.name, "Bump");
	k = 3;
	CHECK(call(&g, WIRE_DESCRIBE, &k, 1, &rep) == 0);
	CHECK(wire_desc_decode(&d, rep.payload, rep.len) == 0);
	CHECK(d.kind == WIRE_DESC_ACTION && d.first == 2 && d.min == -100 &&
	    d.max == 100);
	CHECK_STR(d.unit, "%");
	CHECK_STR(d.name, "Spin");
	k = 6;
	CHECK(call(&g, WIRE_DESCRIBE, &k, 1, &rep) == 0);
	CHECK(wire_desc_decode(&d, rep.payload, rep.len) == 0);
	CHECK(d.kind == WIRE_DESC_ACTION && d.first == 5 && d.max == 30000);
	CHECK_STR(d.unit, "ms");
	CHECK_STR(d.name, "Wait");
	k = 7;
	CHECK(call(&g, WIRE_DESCRIBE, &k, 1, &rep) == WIRE_E_ARG);
}

/*
 * Escape (200, Bump > 0): Back (Drive -60), Pause (Wait 250), Away (Spin
 * 50), in order.  Cruise (100, always): Ahead (Drive 80).
 */
static struct plan_ap aps[1] = { { 10, 0, 3, 0 } };
static struct plan_ape apes[3] = {
	{ 11, 0, { PLAN_A, 0 }, 1, 0 },
	{ 12, 0, { PLAN_A, 1 }, 2, 0 },
	{ 13, 0, { PLAN_A, 2 }, 3, 0 },
};
static struct plan_drive drives[2] = {
	{ 1, { PLAN_AP, 0 }, 200, 0, { WHEELS_SENSE_BUMP, PLAN_GT, 0, 0, 0 },
	    0, 0, 0, 0 },
	{ 2, { PLAN_A, 3 }, 100, 0, { 0, PLAN_TR, 0, 0, 0 }, 0, 0, 0, 0 },
};
static struct plan_action actions[4] = {
	{ 20, WHEELS_ACT_DRIVE, -60, 0 }, { 21, WHEELS_ACT_WAIT, 250, 0 },
	{ 22, WHEELS_ACT_SPIN, 50, 0 }, { 23, WHEELS_ACT_DRIVE, 80, 0 },
};

/* Store the plan above and start it at 10 cycles a second. */
static void
start_plan(struct rig *g)
{
	uint8_t plan[300], p[WIRE_PAYLOAD_MAX];
	struct plan_spec s;
	struct wire_out o;
	uint32_t n, off;

	memset(&s, 0, sizeof s);
	s.id_width = 1;
	s.count[PLAN_AP] = 1;
	s.count[PLAN_APE] = 3;
	s.count[PLAN_D] = 2;
	s.count[PLAN_A] = 4;
	s.ap = aps;
	s.ape = apes;
	s.drive = drives;
	s.action = actions;
	n = plan_encode(&s, plan, sizeof plan);
	CHECK(n > 0);
	wire_out_init(&o, p, sizeof p);
	wire_put_u32(&o, n);
	wire_put_u32(&o, plan_crc32_update(0, plan, n));
	CHECK(call(g, WIRE_PLAN_BEGIN, p, o.n, NULL) == 0);
	for (off = 0; off < n; off += WIRE_CHUNK_MAX) {
		uint8_t k = (uint8_t)(n - off < WIRE_CHUNK_MAX ? n - off :
		    WIRE_CHUNK_MAX);

		wire_out_init(&o, p, sizeof p);
		wire_put_u16(&o, (uint16_t)off);
		wire_put_bytes(&o, plan + off, k);
		CHECK(call(g, WIRE_PLAN_CHUNK, p, o.n, NULL) == 0);
	}
	CHECK(call(g, WIRE_PLAN_COMMIT, NULL, 0, NULL) == 0);
	p[0] = 10;
	p[1] = 0;
	CHECK(call(g, WIRE_START, p, 2, NULL) == 0);
}

/* Advance the clock to `ms` and run what is due: one cycle a call. */
static void
cycle_at(struct rig *g, uint32_t ms)
{
	g->b.now = ms;
	robot_tick(&g->r);
}

static void
test_plan_drives_wheels(void)
{
	struct rig g;

	rig_init(&g);
	g.b.now = 1000;
	start_plan(&g);
	CHECK(g.b.left == 0 && g.b.right == 0);
	cycle_at(&g, 1000);		/* cycle 1: nothing pressed */
	CHECK(g.r.cycle == 1 && g.b.left == 80 && g.b.right == 80);
	g.b.bump = 1;			/* the left switch */
	cycle_at(&g, 1100);		/* Back */
	CHECK(g.b.left == -60 && g.b.right == -60);
	cycle_at(&g, 1200);		/* Pause begins */
	CHECK(g.b.left == -60);
	cycle_at(&g, 1300);		/* 100 ms of 250 */
	cycle_at(&g, 1400);		/* 200 */
	CHECK(g.b.left == -60 && g.r.cycle == 5);
	cycle_at(&g, 1500);		/* 300: the wait is over */
	cycle_at(&g, 1600);		/* Away */
	CHECK(g.b.left == 50 && g.b.right == -50);
	g.b.bump = 0;
	cycle_at(&g, 1700);		/* Cruise again */
	CHECK(g.b.left == 80 && g.b.right == 80);
}

static void
pause(struct rig *g, uint8_t op)
{
	struct wire_pause m;
	uint8_t p[WIRE_PAYLOAD_MAX];

	m.op = op;
	m.steps = 0;
	CHECK(call(g, WIRE_PAUSE, p, wire_pause_encode(&m, p), NULL) == 0);
}

static void
test_pause_resume_stop(void)
{
	struct rig g;
	uint32_t t;

	rig_init(&g);
	start_plan(&g);
	g.b.bump = 2;
	cycle_at(&g, 0);		/* Back */
	cycle_at(&g, 100);		/* Pause (Wait 250) begins */
	CHECK(g.b.left == -60);
	g.b.now = 150;
	pause(&g, WIRE_PAUSE_HOLD);
	CHECK(g.b.left == 0 && g.b.right == 0);
	/* A long pause: the cycles wait, and so does the wait. */
	for (t = 200; t <= 5000; t += 100)
		cycle_at(&g, t);
	CHECK(g.r.cycle == 2 && g.b.left == 0);
	g.b.now = 5050;
	pause(&g, WIRE_PAUSE_RESUME);
	CHECK(g.b.left == -60 && g.b.right == -60);
	/* 50 ms waited before the pause; 200 more are due at 5250. */
	cycle_at(&g, 5050);
	cycle_at(&g, 5150);
	CHECK(g.b.left == -60);
	cycle_at(&g, 5250);		/* over: success */
	cycle_at(&g, 5350);		/* Away */
	CHECK(g.b.left == 50 && g.b.right == -50);
	CHECK(call(&g, WIRE_STOP, NULL, 0, NULL) == 0);
	CHECK(g.b.left == 0 && g.b.right == 0 && g.b.light == 0);
}

/* The body alone: clamping, the light, an unknown action. */
static void
test_actions(void)
{
	struct rig g;

	rig_init(&g);
	CHECK(g.body.action(&g.r, WHEELS_ACT_DRIVE, 250, 0) ==
	    PLANNER_SUCCESS);
	CHECK(g.b.left == 100 && g.b.right == 100);
	CHECK(g.body.action(&g.r, WHEELS_ACT_SPIN, -300, 0) ==
	    PLANNER_SUCCESS);
	CHECK(g.b.left == -100 && g.b.right == 100);
	/* under 15 %, a geared motor hums: off */
	CHECK(g.body.action(&g.r, WHEELS_ACT_DRIVE, 14, 0) == PLANNER_SUCCESS);
	CHECK(g.b.left == 0 && g.b.right == 0);
	CHECK(g.body.action(&g.r, WHEELS_ACT_SPIN, 15, 0) == PLANNER_SUCCESS);
	CHECK(g.b.left == 15 && g.b.right == -15);
	CHECK(g.body.action(&g.r, WHEELS_ACT_LIGHT, 1, 0) == PLANNER_SUCCESS);
	CHECK(g.b.light == 1);
	CHECK(g.body.action(&g.r, WHEELS_ACT_WAIT, 0, 0) == PLANNER_SUCCESS);
	CHECK(g.body.action(&g.r, 9, 1, 0) == PLANNER_ERROR);
	g.b.bump = 3;
	g.b.range = 123;
	CHECK(g.body.sense(&g.r, WHEELS_SENSE_BUMP) == 3);
	CHECK(g.body.sense(&g.r, WHEELS_SENSE_RANGE) == 123);
	CHECK(g.body.sense(&g.r, 7) == 0);
	/* A check of a wait that another replaced starts this one anew. */
	g.b.now = 0;
	CHECK(g.body.action(&g.r, WHEELS_ACT_WAIT, 100, 0) ==
	    PLANNER_IN_PROGRESS);
	g.b.now = 90;
	CHECK(g.body.action(&g.r, WHEELS_ACT_WAIT, 300, 0) ==
	    PLANNER_IN_PROGRESS);
	g.b.now = 150;
	CHECK(g.body.action(&g.r, WHEELS_ACT_WAIT, 100, 1) ==
	    PLANNER_IN_PROGRESS);
	g.b.now = 249;
	CHECK(g.body.action(&g.r, WHEELS_ACT_WAIT, 100, 1) ==
	    PLANNER_IN_PROGRESS);
	g.b.now = 250;
	CHECK(g.body.action(&g.r, WHEELS_ACT_WAIT, 100, 1) ==
	    PLANNER_SUCCESS);
}

/* TELEMETRY sends the body's senses, in DESCRIBE's order. */
static void
test_telemetry(void)
{
	struct rig g;
	struct wire_decoder d;
	struct wire_frame f;
	struct wire_senses s;
	uint8_t p[2] = { 100, 0 };
	size_t i;
	int seen = 0;

	rig_init(&g);
	g.b.range = 321;
	g.b.bump = 2;
	CHECK(call(&g, WIRE_TELEMETRY, p, 2, NULL) == 0);
	g.b.outn = 0;
	robot_tick(&g.r);
	wire_decoder_init(&d);
	for (i = 0; i < g.b.outn; i++) {
		wire_decoder_push(&d, g.b.out[i]);
		while (wire_decoder_next(&d, &f))
			if (f.type == WIRE_SENSES &&
			    wire_senses_decode(&s, f.payload, f.len) == 0) {
				CHECK(s.count == 2 && s.value[0] == 321 &&
				    s.value[1] == 2);
				seen++;
			}
	}
	CHECK(seen == 1);
}

/* The fit by hand: mm = 44460 / (counts - 26), down; steady readings
 * come out as they went in, a step moves a quarter of the way. */
static void
test_irrange(void)
{
	struct irrange g;

	robot_irrange_init(&g);
	CHECK(robot_irrange_mm(&g) == INT16_MAX);	/* no reading yet */
	robot_irrange_add(&g, 250);
	CHECK(robot_irrange_mm(&g) == 198);		/* 44460 / 224 = 198.5 */
	robot_irrange_add(&g, 250);
	CHECK(robot_irrange_mm(&g) == 198);
	robot_irrange_add(&g, 650);			/* 4 * 250 - 250 + 650 = 1400 */
	CHECK(robot_irrange_mm(&g) == 137);		/* 350: 44460 / 324 = 137.2 */
	robot_irrange_init(&g);
	robot_irrange_add(&g, 81);			/* under 82: nothing in range */
	CHECK(robot_irrange_mm(&g) == INT16_MAX);
	robot_irrange_init(&g);
	robot_irrange_add(&g, 1000);			/* 45 mm: it folds back */
	CHECK(robot_irrange_mm(&g) == 100);
}

int
main(void)
{
	RUN(test_hello_describe);
	RUN(test_plan_drives_wheels);
	RUN(test_pause_resume_stop);
	RUN(test_actions);
	RUN(test_telemetry);
	RUN(test_irrange);
	return check_report("wheels");
}
