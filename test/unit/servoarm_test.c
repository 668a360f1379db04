/*
 * servoarm_test.c - the bus-arm driver (lib/servoarm) against emulated
 * servos (lib/servosim) in this process: bytes handed across directly and
 * a simulated clock that only moves when the driver waits, so a 2-second
 * path takes no real time and its timing is exact.  Also the obstruction
 * rule, the way back, calibration by role and LeRobot's file, each
 * against values worked by hand in the comments.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "arm/arm.h"
#include "arm/path.h"
#include "arm/watch.h"
#include "check.h"
#include "servo/regs.h"
#include "servoarm/bus.h"
#include "servoarm/calib.h"
#include "servoarm/run.h"
#include "servosim/servosim.h"

/* The servos behind a byte pipe, and the clock. */
struct simio {
	struct servosim sim;
	uint64_t now_us, stepped_us;
	uint8_t rx[16384];
	size_t n;
	int stall;		/* the next wait is a descheduled host's */
	uint64_t nap_us;	/* the next sleep oversleeps this much */
};

/* Move the servos' world to the clock: 1 ms physics steps. */
static void
advance(struct simio *io, uint64_t us)
{
	io->now_us += us;
	while (io->stepped_us + 1000 <= io->now_us) {
		servosim_step(&io->sim, 0.001);
		io->stepped_us += 1000;
	}
}

static void
emit(void *ctx, const uint8_t *b, size_t n, uint32_t delay_us)
{
	struct simio *io = ctx;

	(void)delay_us;
	if (io->n + n <= sizeof io->rx) {
		memcpy(io->rx + io->n, b, n);
		io->n += n;
	}
}

static long
io_read(void *ctx, uint8_t *buf, size_t cap, int timeout_ms)
{
	struct simio *io = ctx;
	size_t n = io->n < cap ? io->n : cap;

	if (io->stall && timeout_ms > 0) {
		/* the reply came, but the host slept through the wait */
		io->stall = 0;
		advance(io, (uint64_t)timeout_ms * 1000 + 5000);
		return 0;
	}
	if (n == 0) {
		advance(io, (uint64_t)timeout_ms * 1000);
		return 0;
	}
	memcpy(buf, io->rx, n);
	memmove(io->rx, io->rx + n, io->n - n);
	io->n -= n;
	return (long)n;
}

static int
io_write(void *ctx, const uint8_t *buf, size_t n)
{
	struct simio *io = ctx;

	advance(io, 10 * n);	/* 1 Mbps: 10 us a byte */
	servosim_rx(&io->sim, buf, n, emit, io);
	return 0;
}

static uint64_t
io_now(void *ctx)
{
	return ((struct simio *)ctx)->now_us;
}

static void
io_sleep(void *ctx, uint64_t us)
{
	struct simio *io = ctx;

	advance(io, us + io->nap_us);
	io->nap_us = 0;
}

/* The host's rate: the servos hear only their own (servosim). */
static int
io_baud(void *ctx, long baud)
{
	((struct simio *)ctx)->sim.baud = baud;
	return 0;
}

static struct simio io;
static struct arm_desc so101;
static struct servoarm_bus k;

/* The built-in SO-101 on a bus of `proto`, every joint at q (degrees). */
static void
setup(enum servo_proto proto, const double *q)
{
	static const struct servobus_io ops = { io_read, io_write, io_now,
	    io_sleep, &io, NULL };
	char why[200];
	int i;

	memset(&io, 0, sizeof io);
	servosim_init(&io.sim, proto);
	CHECK(arm_builtin_so101(&so101) == 0);
	CHECK(servoarm_bus_init(&k, &so101, proto, why, sizeof why) ==
	    SERVOARM_OK);
	for (i = 0; i < k.arm.n; i++)
		CHECK(servosim_add(&io.sim, k.ids[i], servoarm_ticks(
		    &k.arm.j[i], q ? q[i] : 0)) != NULL);
	link_servobus_init_io(&k.b, &ops, proto, 50, 2);
	CHECK(servoarm_connect(&k) == SERVOARM_OK);
}

static struct servoarm_run_opts
opts(void)
{
	struct servoarm_run_opts o;

	memset(&o, 0, sizeof o);
	o.watch.lag_deg = 5;
	o.watch.load_pct = 40;
	o.watch.persist = 2;
	o.pause_s = 0.5;
	o.period_s = 0.02;
	o.time_scale = 1;
	return o;
}

/* A minimum-jerk path from here to `to` over T seconds, 50 a second. */
static void
path_to(struct arm_path *p, const double *from, const double *to, double T)
{
	double q[ARM_MAX_JOINTS], u, s;
	int i, j, n = (int)lround(T * 50);

	memset(p, 0, sizeof *p);
	for (i = 0; i <= n; i++) {
		u = (double)i / n;
		s = u * u * u * (10 - 15 * u + 6 * u * u);
		for (j = 0; j < 6; j++)
			q[j] = from[j] + s * (to[j] - from[j]);
		CHECK(arm_path_append(p, 6, q, i * 0.02, 0) == 0);
	}
}

/*
 * Present positions read back: 10 degrees is tick 2048 + 113.78 -> 2162,
 * back as 114 x 360/4096 = 10.01953125; the gripper's 50 % is 50 degrees
 * (examples/arms/so101.yaml: shut at 0, open at 100): 2617 -> 50.0097656.
 */
static void
test_feedback(void)
{
	static const double q[6] = { 10, -20, 30, -40, 90, 50 };
	struct servoarm_feedback f;
	int p;

	for (p = 0; p < 2; p++) {
		setup(p ? SERVO_DXL : SERVO_FEETECH, q);
		CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
		CHECK_NEAR(f.q[0], 10.01953125, 1e-9);
		CHECK_NEAR(f.q[1], -228 * 360.0 / 4096, 1e-9);
		CHECK_NEAR(f.shown[5], 569 * 360.0 / 4096, 1e-9);
		CHECK(servoarm_errors(&k, &f) == SERVOARM_OK);
	}
}

/*
 * On Dynamixel the present block comes in one FAST SYNC READ: one
 * transaction, the same values as test_feedback's.  With wrist_flex at
 * firmware 45 (an XL330 needs 46) the chain breaks there: one failed
 * FAST SYNC READ, then SYNC READ, the same values, and SYNC READ alone
 * from then on.
 */
static void
test_fast_read(void)
{
	static const double q[6] = { 10, -20, 30, -40, 90, 50 };
	struct servoarm_feedback f;
	unsigned long tx;

	setup(SERVO_DXL, q);
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	CHECK(k.fast_read == 1);
	tx = k.b.transactions;
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	CHECK(k.b.transactions == tx + 1);
	CHECK_NEAR(f.q[0], 10.01953125, 1e-9);
	CHECK_NEAR(f.shown[5], 569 * 360.0 / 4096, 1e-9);
	servosim_set(&io.sim, servosim_find(&io.sim, 4), SF_FIRMWARE, 45);
	tx = k.b.transactions;
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	CHECK(k.fast_read == -1 && k.b.transactions == tx + 2);
	CHECK_NEAR(f.q[0], 10.01953125, 1e-9);
	CHECK_NEAR(f.q[3], -455 * 360.0 / 4096, 1e-9);
	CHECK_NEAR(f.shown[5], 569 * 360.0 / 4096, 1e-9);
	tx = k.b.transactions;
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	CHECK(k.b.transactions == tx + 1);
	/* a silent servo is still named: by the SYNC READ after */
	setup(SERVO_DXL, q);
	servosim_find(&io.sim, 3)->mute_after = 0;
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_NO_REPLY);
	CHECK(k.b.fail_id == 3);
}

/* A goal past a limit is refused and nothing is sent: the elbow's limit
 * is 96 in the file (the old built-in said 96.8). */
static void
test_limits(void)
{
	double q[6] = { 0, 0, 96.5, 0, 0, 0 };
	unsigned long before;

	setup(SERVO_FEETECH, NULL);
	before = io.sim.packets;
	CHECK(servoarm_goals(&k, q) == SERVOARM_LIMIT);
	CHECK(k.err_joint == 2 && k.err_value == 96.5);
	CHECK(io.sim.packets == before);
	q[2] = 96;
	CHECK(servoarm_goals(&k, q) == SERVOARM_OK);
}

/*
 * A 2-second path: its last goal goes out 2.00 s after its first on the
 * arm's clock (each at its t), and the arm ends on its last waypoint to
 * within a tick (0.088 degree).
 */
static void
test_timed_run(void)
{
	static const double from[6] = { 0 }, to[6] = { 40, 20, -20, 10, 0,
	    50 };
	struct servoarm_run_opts o = opts();
	struct servoarm_feedback f;
	struct servoarm_run r;
	struct arm_path p;
	int j, proto;

	for (proto = 0; proto < 2; proto++) {
		setup(proto ? SERVO_DXL : SERVO_FEETECH, NULL);
		path_to(&p, from, to, 2);
		CHECK(servoarm_run_path(&k, &so101, &p, &o, &r) == SERVOARM_OK);
		CHECK(r.periods == 101);
		CHECK_NEAR(r.seconds, 2.0, 0.005);
		CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
		for (j = 0; j < 6; j++)
			CHECK_NEAR(f.q[j], to[j], 360.0 / 4096);
		arm_path_free(&p);
	}
	/* at --time-scale 10 the arm's clock runs ten times the bus's */
	setup(SERVO_FEETECH, NULL);
	path_to(&p, from, to, 2);
	o.time_scale = 10;
	CHECK(servoarm_run_path(&k, &so101, &p, &o, &r) == SERVOARM_OK);
	CHECK_NEAR(r.seconds, 2.0, 0.05);
	CHECK(io.now_us < 400000);
	arm_path_free(&p);
}

/*
 * A host descheduled for half a second after the 30th goal of the
 * 2-second path (a busy machine): the rest of the path goes out a period
 * apart, half a second later (2.5 s in all), never the missed steps back
 * to back, which would run the goals ahead of the servos.
 */
static uint64_t goal_us[128];
static unsigned long goals_sent;

static void
time_goals(void *ctx, const struct servo_packet *pk)
{
	(void)ctx;
	if (pk->instr != SERVO_SYNC_WRITE || goals_sent >= 128)
		return;
	goal_us[goals_sent++] = io.now_us;
	if (goals_sent == 30)
		io.nap_us = 500000;
}

static void
test_stalled_host(void)
{
	static const double from[6] = { 0 }, to[6] = { 40, 20, -20, 10, 0,
	    50 };
	struct servoarm_run_opts o = opts();
	struct servoarm_run r;
	struct arm_path p;
	unsigned long i;

	setup(SERVO_FEETECH, NULL);
	path_to(&p, from, to, 2);
	goals_sent = 0;
	io.sim.trace = time_goals;
	CHECK(servoarm_run_path(&k, &so101, &p, &o, &r) == SERVOARM_OK);
	io.sim.trace = NULL;
	CHECK(goals_sent == 101 && r.periods == 101);
	for (i = 1; i < goals_sent; i++)
		CHECK(goal_us[i] - goal_us[i - 1] >= 10000);
	CHECK(goal_us[30] - goal_us[29] >= 500000);
	CHECK_NEAR(r.seconds, 2.5, 0.005);
	CHECK_NEAR(r.late_s, 0.5, 0.005);
	arm_path_free(&p);
}

/*
 * An obstacle holds shoulder_lift at -10 while the path takes it one
 * degree a period to -30 (servo-bus.bats works the lag out: obstructed
 * at step 19, 7 degrees behind).  The arm holds, pauses half a second,
 * goes back along its goals and ends where it began.
 */
static void
test_obstacle(void)
{
	struct servoarm_run_opts o = opts();
	struct servoarm_feedback f;
	struct servoarm_run r;
	struct servosim_motor *m;
	double q[6] = { 0 };
	struct arm_path p;
	uint64_t t0;
	int i;

	setup(SERVO_FEETECH, NULL);
	m = servosim_find(&io.sim, 2);
	m->has_stop = 1;
	m->stop_lo = servoarm_ticks(&k.arm.j[1], -10);
	m->stop_hi = 1e9;
	memset(&p, 0, sizeof p);
	for (i = 0; i <= 30; i++) {
		q[0] = i;
		q[1] = -i;
		CHECK(arm_path_append(&p, 6, q, i * 0.01, 0) == 0);
	}
	t0 = io.now_us;
	CHECK(servoarm_run_path(&k, &so101, &p, &o, &r) ==
	    SERVOARM_OBSTRUCTED);
	CHECK(r.step == 19 && r.steps == 31 && r.w.joint == 1);
	CHECK_NEAR(r.w.lag, 7, 0.1);
	CHECK(r.w.load >= 40);
	/* 0.19 s to the obstruction, the 0.5 s pause, then the way back */
	CHECK(io.now_us - t0 > 690000);
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	for (i = 0; i < 6; i++)
		CHECK_NEAR(f.q[i], 0, 360.0 / 4096);
	arm_path_free(&p);
}

/*
 * The way back blocked too: the pan sweeps 0 -> 60 with the elbow at
 * 60, then the elbow comes down to 0.  Once the elbow is up, a stop at
 * elbow 30 (from above) appears: it obstructs the last leg, and the way
 * back, which lifts the elbow, sweeps the pan back and lowers the elbow
 * at pan 0, meets it again: BLOCKED, and the arm holds there.
 */
static void
place_stop(void *ctx, const struct servo_packet *pk)
{
	struct servosim_motor *m;

	(void)ctx;
	if (pk->instr != SERVO_SYNC_WRITE || ++goals_sent != 101)
		return;
	m = servosim_find(&io.sim, 3);
	m->has_stop = 1;
	m->stop_lo = servoarm_ticks(&k.arm.j[2], 30);
	m->stop_hi = 1e9;
}

/* Legs a -> b -> c -> ... of one second each onto p. */
static void
legs(struct arm_path *p, const double (*pt)[6], int n)
{
	struct arm_path leg;
	uint32_t i;
	int l;

	memset(p, 0, sizeof *p);
	for (l = 0; l + 1 < n; l++) {
		path_to(&leg, pt[l], pt[l + 1], 1);
		for (i = l ? 1 : 0; i < leg.n; i++)
			CHECK(arm_path_append(p, 6, leg.q + 6 * i, l +
			    i * 0.02, 0) == 0);
		arm_path_free(&leg);
	}
}

static void
test_blocked(void)
{
	static const double pt[4][6] = { { 0 }, { 0, 0, 60 }, { 60, 0, 60 },
	    { 60, 0, 0 } };
	struct servoarm_run_opts o = opts();
	struct servoarm_feedback f;
	struct servoarm_run r;
	struct arm_path p;

	setup(SERVO_FEETECH, NULL);
	legs(&p, pt, 4);
	goals_sent = 0;
	io.sim.trace = place_stop;
	CHECK(servoarm_run_path(&k, &so101, &p, &o, &r) == SERVOARM_BLOCKED);
	io.sim.trace = NULL;
	CHECK(r.w.joint == 2 && r.back.joint == 2);
	CHECK(r.step > 101 && r.back_step > 0);
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	CHECK_NEAR(f.q[0], 0, 0.5);
	CHECK_NEAR(f.q[2], 30, 0.5);
	arm_path_free(&p);
}

/* A servo's error bit is what it is: the run stops and the arm holds,
 * no obstruction and no way back (reliability D2). */
static void
test_error_bits(void)
{
	static const double from[6] = { 0 }, to[6] = { 20 };
	struct servoarm_run_opts o = opts();
	struct servoarm_run r;
	struct arm_path p;

	setup(SERVO_FEETECH, NULL);
	servosim_find(&io.sim, 6)->fault = STS_ERR_OVERLOAD;
	path_to(&p, from, to, 1);
	CHECK(servoarm_run_path(&k, &so101, &p, &o, &r) ==
	    SERVOARM_SERVO_ERROR);
	CHECK(k.err_joint == 5 && k.err == STS_ERR_OVERLOAD);
	CHECK(r.back_steps == 0);
	arm_path_free(&p);
}

/*
 * A host that sleeps through its wait finds the reply waiting and takes
 * it: no retry, no "check power and wiring".  A servo that is really
 * silent is given up only after the last, long wait (1 s).
 */
static void
test_stall_and_silence(void)
{
	struct servoarm_feedback f;
	uint64_t t0;

	setup(SERVO_FEETECH, NULL);
	io.stall = 1;
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	CHECK(k.b.timeouts == 0);
	servosim_find(&io.sim, 3)->mute_after = 0;
	t0 = io.now_us;
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_NO_REPLY);
	CHECK(k.b.fail_id == 3);
	/* 50 + 50 + 1000 ms */
	CHECK(io.now_us - t0 >= 1100000);
}

/* The rule alone: lag over 5 with load over 40 for 2 samples in a row;
 * a gripper is never watched; no load reported means lag alone. */
static void
test_watch(void)
{
	struct arm_watch_rule rule = { 5, 40, 2 };
	double lag[2] = { 6, 0 }, load[2] = { 50, 0 };
	unsigned char skip[2] = { 0, 0 };
	struct arm_watch w;

	arm_watch_init(&w);
	CHECK(arm_watch_sample(&w, &rule, lag, load, skip, 2) == 0);
	CHECK(arm_watch_sample(&w, &rule, lag, load, skip, 2) == 1);
	CHECK(w.joint == 0 && w.lag == 6 && w.load == 50);
	arm_watch_init(&w);
	load[0] = 30;	/* lag alone, loaded too little */
	CHECK(arm_watch_sample(&w, &rule, lag, load, skip, 2) == 0);
	CHECK(arm_watch_sample(&w, &rule, lag, load, skip, 2) == 0);
	CHECK(arm_watch_sample(&w, &rule, lag, NULL, skip, 2) == 0);
	CHECK(arm_watch_sample(&w, &rule, lag, NULL, skip, 2) == 1);
	arm_watch_init(&w);
	skip[0] = 1;
	CHECK(arm_watch_sample(&w, &rule, lag, NULL, skip, 2) == 0);
	CHECK(arm_watch_sample(&w, &rule, lag, NULL, skip, 2) == 0);
	/* one sample under the rule starts the count over */
	arm_watch_init(&w);
	lag[1] = -7;
	skip[0] = 0;
	CHECK(arm_watch_sample(&w, &rule, lag, NULL, skip, 2) == 0);
	lag[1] = 1;
	CHECK(arm_watch_sample(&w, &rule, lag, NULL, NULL, 2) == 1);
	CHECK(w.joint == 0);
}

/*
 * The way back along an L of samples (0,0) -> (10,0) -> (10,10) from
 * (10,8) (stuck short of the end): it passes the corner (10,0), ends
 * exactly at (0,0), and at 10 deg/s takes at least 1.875 x 1.8 s (the
 * profile's peak over 8 + 10 degrees at full speed).
 */
static void
test_retrace(void)
{
	double done[6 * 2], here[2] = { 10, 8 }, speed[2] = { 10, 10 },
	    accel[2] = { 1000, 1000 };
	struct arm_path p;
	uint32_t i;
	int corner = 0;

	for (i = 0; i < 6; i++) {
		done[2 * i] = i < 3 ? 5.0 * i : 10;
		done[2 * i + 1] = i < 3 ? 0 : 10.0 * (i - 2) / 3;
	}
	memset(&p, 0, sizeof p);
	CHECK(arm_path_retrace(&p, done, 6, 2, here, speed, accel, 0.01) ==
	    0);
	CHECK(p.n > 0);
	CHECK(p.q[2 * (p.n - 1)] == 0 && p.q[2 * (p.n - 1) + 1] == 0);
	CHECK(p.t[p.n - 1] >= 1.875 * 1.8 - 0.02);
	for (i = 0; i < p.n; i++) {
		CHECK(p.q[2 * i] >= -1e-9 && p.q[2 * i] <= 10 + 1e-9);
		/* never off the L: on x = 10, or on y = 0 */
		CHECK(fabs(p.q[2 * i] - 10) < 1e-9 || fabs(p.q[2 * i + 1]) <
		    1e-9);
		corner |= fabs(p.q[2 * i] - 10) < 0.2 &&
		    fabs(p.q[2 * i + 1]) < 0.2;
		if (i > 0)	/* at most 10 deg/s, 0.1 a step */
			CHECK(fabs(p.q[2 * i] - p.q[2 * i - 2]) <= 0.1 + 1e-9 &&
			    fabs(p.q[2 * i + 1] - p.q[2 * i - 1]) <= 0.1 +
			    1e-9);
	}
	CHECK(corner);
	arm_path_free(&p);
}

/*
 * Calibration treats a joint by its role: the roll renamed still turns
 * all the way round; a body joint's limits are its range.
 */
static void
test_calib_roles(void)
{
	struct servoarm_range r;
	char why[100];
	int how;

	CHECK(arm_builtin_so101(&so101) == 0);
	snprintf(so101.joint[4].name, sizeof so101.joint[4].name, "twist");
	CHECK(servoarm_bus_init(&k, &so101, SERVO_FEETECH, why, sizeof why) ==
	    SERVOARM_OK);
	r.min = 1536;
	r.max = 2560;
	CHECK(servoarm_calib_centre(&k, 4, &r, &how) == SERVOARM_OK);
	CHECK(r.offset == 0 && r.lo == 0 && r.hi == 4095);
	/* shoulder_pan 1820..2389: middle 2104, offset 56 (Feetech:
	 * present = actual - offset), limits 1764..2333 */
	r.min = 1820;
	r.max = 2389;
	CHECK(servoarm_calib_centre(&k, 0, &r, &how) == SERVOARM_OK);
	CHECK(r.offset == 56 && r.lo == 1764 && r.hi == 2333);
	r.max = r.min;
	CHECK(servoarm_calib_centre(&k, 0, &r, &how) == SERVOARM_CALIBRATION &&
	    how == 2);
}

/*
 * LeRobot's file: range 1000..3000 (spec A5's worked example) puts the
 * middle at 2000; raw 2512 reads (2512 - 2000) x 360/4095 = 45.01
 * degrees in LeRobot, 512 x 360/4096 = 45.0 in spine.  The gripper
 * 1500..2500: raw 1750 is 25 % in both.  Export of the import is the
 * identity.
 */
static void
test_lerobot(void)
{
	static const char json[] = "{\"shoulder_pan\": {\"id\": 1, "
	    "\"drive_mode\": 0, \"homing_offset\": -12, \"range_min\": 1000, "
	    "\"range_max\": 3000}, \"shoulder_lift\": {\"id\": 2, "
	    "\"drive_mode\": 1, \"homing_offset\": 7, \"range_min\": 1100, "
	    "\"range_max\": 2900}, \"elbow_flex\": {\"id\": 3, \"drive_mode\": "
	    "0, \"homing_offset\": 0, \"range_min\": 1200, \"range_max\": "
	    "2800}, \"wrist_flex\": {\"id\": 4, \"drive_mode\": 0, "
	    "\"homing_offset\": 0, \"range_min\": 1300, \"range_max\": 2700}, "
	    "\"wrist_roll\": {\"id\": 5, \"drive_mode\": 0, \"homing_offset\": "
	    "0, \"range_min\": 0, \"range_max\": 4095}, \"gripper\": {\"id\": 6, "
	    "\"drive_mode\": 0, \"homing_offset\": 0, \"range_min\": 1500, "
	    "\"range_max\": 2500}}";
	struct servoarm_lerobot c, back;
	struct diag d = diag_for("lerobot.json");
	long homing[6];
	char why[100];
	int i;

	CHECK(arm_builtin_so101(&so101) == 0);
	CHECK(servoarm_lerobot_parse(&c, (const unsigned char *)json,
	    strlen(json), &d) == 0);
	CHECK(c.n == 6 && c.m[1].drive_mode == 1 && c.m[0].homing_offset == -12);
	CHECK(servoarm_lerobot_apply(&c, &so101, why, sizeof why) == 0);
	CHECK_NEAR(arm_servo_value(&so101.joint[0], 2512),
	    (2512 - 2000) * 360.0 / 4095, 0.1);
	/* drive_mode 1: the degrees turn the other way */
	CHECK_NEAR(arm_servo_value(&so101.joint[1], 2512),
	    -(2512 - 2000) * 360.0 / 4095, 0.1);
	CHECK_NEAR(arm_grip_pct(&so101, arm_servo_value(&so101.joint[5],
	    1750)), 25, 1e-9);
	for (i = 0; i < 6; i++)
		homing[i] = c.m[i].homing_offset;
	servoarm_lerobot_from_arm(&so101, homing, &back);
	CHECK(back.n == 6);
	for (i = 0; i < 6; i++) {
		CHECK_STR(back.m[i].name, c.m[i].name);
		CHECK(back.m[i].id == c.m[i].id);
		CHECK(back.m[i].drive_mode == c.m[i].drive_mode);
		CHECK(back.m[i].homing_offset == c.m[i].homing_offset);
		CHECK(back.m[i].range_min == c.m[i].range_min);
		CHECK(back.m[i].range_max == c.m[i].range_max);
	}
}

/*
 * setup-ids: a factory-fresh XL330 (id 1, 57600 baud, spec B1) alone on a
 * bus the host starts at 1 Mbaud: not heard there, nor at 9600, found at
 * 57600, given the gripper's id 6 and 1 Mbaud, and heard there after.
 */
static void
test_setup_ids(void)
{
	static const struct servobus_io ops = { io_read, io_write, io_now,
	    io_sleep, &io, io_baud };
	static char *names[] = { "gripper", "elbow" };
	struct servosim_motor *m;
	char line[120];
	int sel[SERVOARM_MAX];

	setup(SERVO_DXL, NULL);
	servosim_init(&io.sim, SERVO_DXL);
	CHECK((m = servosim_add(&io.sim, 1, 2048)) != NULL);
	link_servobus_init_io(&k.b, &ops, SERVO_DXL, 50, 2);
	CHECK(servoarm_baud_ok(&k, 1000000) == SERVOARM_OK);
	CHECK(servoarm_baud_ok(&k, 230400) == SERVOARM_BAD_BAUD);
	CHECK(servoarm_select(&k, 1, names, sel) == SERVOARM_OK);
	CHECK(sel[5] == 1 && sel[0] == 0);
	CHECK(servoarm_select(&k, 2, names, sel) == SERVOARM_NO_JOINT);
	servoarm_text(&k, SERVOARM_NO_JOINT, "torque", line, sizeof line);
	CHECK(strcmp(line, "torque: no joint or servo id 'elbow' in the arm")
	    == 0);
	CHECK(servoarm_setup_id(&k, 5, 50, 1000000) == SERVOARM_OK);
	CHECK(k.found_baud == 57600 && k.nfound == 1 && k.found[0] == 1);
	CHECK(servosim_get(&io.sim, m, SF_ID) == 6);
	CHECK(servosim_get(&io.sim, m, SF_BAUD) == 3);
	CHECK(io.sim.baud == 1000000);
	servoarm_setup_text(&k, 5, 1000000, line, sizeof line);
	CHECK(strcmp(line, "gripper: id 1 -> 6, 57600 -> 1000000 baud") == 0);
	/* and again: found at once, nothing to change */
	CHECK(servoarm_setup_id(&k, 5, 50, 1000000) == SERVOARM_OK);
	CHECK(k.found_baud == 1000000 && k.found[0] == 6);
	/* none at all */
	m->mute_after = 0;
	CHECK(servoarm_setup_id(&k, 5, 50, 1000000) == SERVOARM_NONE_FOUND);
}

/*
 * A `kind` arm whose gripper meets a block at 40 % on a 1 s run to 90:
 * the run, and the gripper's emulated servo.
 */
static struct servosim_motor *
grip_on_block(enum servo_proto kind)
{
	static const double from[6] = { 0 }, to[6] = { 0, 0, 0, 0, 0, 90 };
	struct servoarm_run_opts o = opts();
	struct servosim_motor *g;
	struct servoarm_run r;
	struct arm_path p;

	setup(kind, NULL);
	g = servosim_find(&io.sim, 6);
	g->has_stop = 1;
	g->stop_lo = -1e9;
	g->stop_hi = servoarm_ticks(&k.arm.j[5], 40);
	path_to(&p, from, to, 1);
	CHECK(servoarm_run_path(&k, &so101, &p, &o, &r) == SERVOARM_OK);
	arm_path_free(&p);
	return g;
}

/*
 * A gripper closed on something: configured as the follower (Overload
 * 25 %, running torque limit 24 %) it squeezes at 24 % and, ten seconds
 * on, still holds with no error; at the factory's 100 % limit it would
 * have tripped two seconds in.
 */
static void
test_grip_holds(void)
{
	struct servoarm_feedback f;
	struct servosim_motor *g;

	g = grip_on_block(SERVO_FEETECH);
	link_servobus_sleep_us(&k.b, 10000000);
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	CHECK(servoarm_errors(&k, &f) == SERVOARM_OK);
	CHECK_NEAR(f.load[5], 24, 1e-9);
	CHECK_NEAR(f.shown[5], 40, 0.05);
	CHECK(servosim_get(&io.sim, g, SF_TORQUE) == 1);
}

/*
 * The same on Dynamixel servos, set up as LeRobot's Koch follower: the
 * gripper (XL330) in current-based position control (Operating_Mode 5),
 * the others in extended position (4), the elbow's P/I/D 1500/0/600, and
 * the gripper's Goal_Current half its Current_Limit: 875 of 1750 mA.  It
 * squeezes with 875 mA, 50 % load, and ten seconds on still holds, torque
 * on, no alert; in position control it would have tripped at 2 s.
 */
static void
test_grip_holds_dxl(void)
{
	struct servoarm_feedback f;
	struct servosim_motor *g;

	g = grip_on_block(SERVO_DXL);
	CHECK(servosim_get(&io.sim, g, SF_MODE) == 5);
	CHECK(servosim_get(&io.sim, g, SF_GOAL_CURRENT) == 875);
	CHECK(servosim_get(&io.sim, servosim_find(&io.sim, 1), SF_MODE) == 4);
	CHECK(servosim_get(&io.sim, servosim_find(&io.sim, 3), SF_P_GAIN) ==
	    1500);
	CHECK(servosim_get(&io.sim, servosim_find(&io.sim, 3), SF_D_GAIN) ==
	    600);
	CHECK(servosim_get(&io.sim, servosim_find(&io.sim, 4), SF_P_GAIN) ==
	    400);
	CHECK(servosim_get(&io.sim, g, SF_RETURN_DELAY) == 0);
	link_servobus_sleep_us(&k.b, 10000000);
	CHECK(servoarm_feedback(&k, &f) == SERVOARM_OK);
	CHECK(servoarm_errors(&k, &f) == SERVOARM_OK);
	CHECK_NEAR(f.ma[5], 875, 1e-9);
	CHECK_NEAR(f.load[5], 50, 1e-9);
	CHECK_NEAR(f.shown[5], 40, 0.05);
	CHECK(servosim_get(&io.sim, g, SF_TORQUE) == 1);
}

int
main(void)
{
	RUN(test_feedback);
	RUN(test_fast_read);
	RUN(test_limits);
	RUN(test_timed_run);
	RUN(test_stalled_host);
	RUN(test_obstacle);
	RUN(test_blocked);
	RUN(test_error_bits);
	RUN(test_stall_and_silence);
	RUN(test_watch);
	RUN(test_retrace);
	RUN(test_calib_roles);
	RUN(test_lerobot);
	RUN(test_setup_ids);
	RUN(test_grip_holds);
	RUN(test_grip_holds_dxl);
	return check_report("servoarm");
}
