/*
 * bus.c - armsim --bus: the pty carries a Feetech or Dynamixel servo bus.
 * lib/servosim answers each instruction; bytes cross the line at the
 * --baud-sim rate both ways and replies wait for their return delay, so
 * armctl meets the timing a real bus has.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "arm/arm.h"
#include "arm/obstacle.h"
#include "arm/pose.h"
#include "sim/arm.h"
#include "bus.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/splitmix.h"
#include "host/usage.h"
#include "link/speed.h"
#include "pty.h"
#include "servo/regs.h"
#include "servoarm/servoarm.h"
#include "servosim/servosim.h"

#define TICK_NS 1000000ull	/* physics step */
#define IDLE_NS 20000000ull	/* a quiet line drops a partial packet */
#define QUEUE 16384
#define HAND_DWELL 0.5	/* seconds at each hand pose */

struct bus {
	double scale;			/* --time-scale */
	uint64_t real0;			/* real and simulated time at start */
	struct servosim sim;
	struct servoarm arm;
	struct arm_desc desc;
	struct arm_obstacle obs[ARM_MAX_OBSTACLES];	/* --obstacle */
	double appear[ARM_MAX_OBSTACLES];	/* s after the first contact */
	int nobs, nshown;		/* the first nshown are there */
	uint64_t first_goal;		/* when SYNC WRITE first came, or 0 */
	uint64_t first_contact;		/* when an obstacle first held the
					 * arm back, or 0 */
	struct sim_pty pty;
	uint64_t byte_ns, now, t0;
	uint64_t rx_done;		/* when the host's bytes are across */
	uint64_t tx_free;		/* when our queued bytes are across */
	uint8_t tx[QUEUE];
	uint64_t tx_due[QUEUE];
	size_t tx_head, tx_n;
	double corrupt;
	uint64_t rng;
	/* the hand's poses in ticks, visited in turn while the arm is limp */
	double hand[BUS_MAX_OPTS][SERVOARM_MAX];
	int nhand, at_hand;
	double dwell;			/* seconds the hand has held still */
	int hand_done;			/* said so on stderr */
	unsigned long reads;		/* READ and SYNC READ instructions */
	unsigned long reads_at_pose;	/* ... when the hand got there */
	unsigned long corrupted;
	int verbose;
	struct arm_contacts contacts;	/* as arm.c counts them */
};

int
sim_bus_option(struct bus_options *b, int c, const char *arg)
{
	long v;

	switch (c) {
	case 'U':
		if (strcmp(arg, "feetech") != 0 && strcmp(arg, "dynamixel"))
			return usage_error("--bus %s: want feetech or "
			    "dynamixel", arg);
		b->bus = arg;
		return 0;
	case 'H':
		if (b->nhand == BUS_MAX_OPTS)
			return usage_error("at most %d hand poses",
			    BUS_MAX_OPTS);
		b->hand[b->nhand++] = arg;
		return 0;
	case 'y':
		if (num_long(arg, 0, 508, &v))
			return usage_error("--return-delay %s: want 0 to 508 "
			    "microseconds", arg);
		b->return_delay_us = v;
		return 0;
	}
	if ((c == 'k' && b->nblock == BUS_MAX_OPTS) || (c == 'm' &&
	    b->nmute == BUS_MAX_OPTS) || (c == 'f' && b->nfault ==
	    BUS_MAX_OPTS) || (c == 'Z' && b->nfactory == BUS_MAX_OPTS) ||
	    (c == 'F' && b->nfirmware == BUS_MAX_OPTS))
		return usage_error("at most %d of each bus fault", BUS_MAX_OPTS);
	if (c == 'k')
		b->block[b->nblock++] = arg;
	else if (c == 'Z')
		b->factory[b->nfactory++] = arg;
	else if (c == 'm')
		b->mute[b->nmute++] = arg;
	else if (c == 'F')
		b->firmware[b->nfirmware++] = arg;
	else
		b->fault[b->nfault++] = arg;
	return 0;
}

static uint64_t
real_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The servos' clock: real time since the start, --time-scale times. */
static uint64_t
now_ns(const struct bus *b)
{
	return b->real0 + (uint64_t)((double)(real_ns() - b->real0) *
	    b->scale);
}

/* A status reply from the emulator: on the line after its delay. */
static void
emit(void *ctx, const uint8_t *bytes, size_t n, uint32_t delay_us)
{
	struct bus *b = ctx;
	uint64_t t = b->rx_done + (uint64_t)delay_us * 1000u;
	size_t i, at;
	uint8_t copy[SERVO_FRAME_MAX];

	if (n > sizeof copy || b->tx_n + n > QUEUE)
		return;		/* the host is not reading: drop it */
	memcpy(copy, bytes, n);
	if (b->corrupt > 0 && splitmix_uniform(&b->rng) < b->corrupt) {
		copy[splitmix_next(&b->rng) % n] ^=
		    (uint8_t)(1u << (splitmix_next(&b->rng) % 8));
		b->corrupted++;
	}
	if (t < b->tx_free)
		t = b->tx_free;
	for (i = 0; i < n; i++) {
		at = (b->tx_head + b->tx_n) % QUEUE;
		b->tx[at] = copy[i];
		t += b->byte_ns;
		b->tx_due[at] = t;
		b->tx_n++;
	}
	b->tx_free = t;
}

static int
flush(struct bus *b)
{
	uint8_t out[QUEUE];
	size_t k = 0, at;
	ssize_t w;

	while (k < b->tx_n) {
		at = (b->tx_head + k) % QUEUE;
		if (b->tx_due[at] > b->now)
			break;
		out[k++] = b->tx[at];
	}
	if (k == 0)
		return 0;
	w = write(b->pty.master, out, k);
	if (w < 0)
		return errno == EAGAIN || errno == EINTR ? 0 : -1;
	b->tx_head = (b->tx_head + (size_t)w) % QUEUE;
	b->tx_n -= (size_t)w;
	return 0;
}

static const char *
instr_name(uint8_t i)
{
	switch (i) {
	case SERVO_PING: return "PING";
	case SERVO_READ: return "READ";
	case SERVO_WRITE: return "WRITE";
	case SERVO_REG_WRITE: return "REG_WRITE";
	case SERVO_ACTION: return "ACTION";
	case SERVO_FACTORY_RESET: return "FACTORY_RESET";
	case SERVO_REBOOT: return "REBOOT";
	case SERVO_CLEAR: return "CLEAR";
	case SERVO_SYNC_READ: return "SYNC_READ";
	case SERVO_FAST_SYNC_READ: return "FAST_SYNC_READ";
	case SERVO_SYNC_WRITE: return "SYNC_WRITE";
	case SERVO_BULK_READ: return "BULK_READ";
	case SERVO_BULK_WRITE: return "BULK_WRITE";
	}
	return "?";
}

/* How many servos' present positions a READ or SYNC READ takes in. */
static int
reads_position(const struct bus *b, const struct servo_packet *pk)
{
	const struct servo_reg *r = servo_reg(b->sim.proto, SF_POSITION);
	const uint8_t *ids;
	uint16_t addr, count, nids;

	if (pk->instr == SERVO_READ)
		return servo_parse_read(b->sim.proto, pk, &addr, &count) == 0 &&
		    addr <= r->addr && addr + count >= r->addr + r->size;
	if (pk->instr == SERVO_SYNC_READ ||
	    pk->instr == SERVO_FAST_SYNC_READ)
		return servo_parse_sync_read(b->sim.proto, pk, &addr, &count,
		    &ids, &nids) == 0 && addr <= r->addr && addr + count >=
		    r->addr + r->size ? nids : 0;
	return 0;
}

static void
trace(void *ctx, const struct servo_packet *pk)
{
	struct bus *b = ctx;

	if (pk->instr == SERVO_SYNC_WRITE && b->first_goal == 0)
		b->first_goal = b->now;
	b->reads += (unsigned long)reads_position(b, pk);
	if (!b->verbose)
		return;
	fprintf(stderr, "armsim: %.3f <- id %u %s, %u bytes of parameters\n",
	    (double)(b->now - b->t0) / 1e9, pk->id, instr_name(pk->instr),
	    pk->n);
}

/* "JOINT=VALUE" or "ID:VALUE": the joint's index and the number. */
static int
joint_value(const struct bus *b, const char *opt, const char *arg, char sep,
    int *j, double *v)
{
	char name[SERVOARM_NAME];
	const char *eq = strchr(arg, sep);

	if (eq == NULL || (size_t)(eq - arg) >= sizeof name) {
		usage_error("--%s %s: want JOINT%cVALUE", opt, arg, sep);
		return -1;
	}
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	if ((*j = servoarm_find(&b->arm, name)) < 0) {
		usage_error("--%s %s: no joint or servo id %s", opt, arg, name);
		return -1;
	}
	if (num_double(eq + 1, v) != NUM_OK || fabs(*v) > 1e6) {
		usage_error("--%s %s: %s is not a number", opt, arg, eq + 1);
		return -1;
	}
	return 0;
}

static int
list(const char *opt, const char *arg, double *q, int n)
{
	enum num_error e;
	int bad;

	if (num_double_list(arg, q, n, &e, &bad) != n) {
		usage_error("--%s %s: want %d numbers, one per joint", opt, arg,
		    n);
		return -1;
	}
	return 0;
}

/* --block: where each obstacle stops its joint. */
static int
add_blocks(struct bus *b, const struct bus_options *o)
{
	struct servosim_motor *m;
	double v, at, from;
	int i, j;

	for (i = 0; i < o->nblock; i++) {
		if (joint_value(b, "block", o->block[i], '=', &j, &v) != 0)
			return EXIT_USAGE;
		m = &b->sim.m[j];
		at = servoarm_ticks(&b->arm.j[j], b->arm.j[j].gripper ?
		    servoarm_grip_value(&b->arm, v) : v);
		from = m->shaft;
		m->has_stop = 1;
		m->stop_lo = from < at ? -1e9 : at;
		m->stop_hi = from < at ? at : 1e9;
	}
	return 0;
}

/* --hand-pose: the poses in ticks; the hand starts for the first. */
static int
add_hand(struct bus *b, const struct bus_options *o)
{
	double q[SERVOARM_MAX];
	int i, k;

	for (k = 0; k < o->nhand; k++) {
		if (list("hand-pose", o->hand[k], q, b->arm.n) != 0)
			return EXIT_USAGE;
		for (i = 0; i < b->arm.n; i++)
			b->hand[k][i] = servoarm_ticks(&b->arm.j[i],
			    b->arm.j[i].gripper ?
			    servoarm_grip_value(&b->arm, q[i]) : q[i]);
	}
	b->nhand = o->nhand;
	for (i = 0; b->nhand > 0 && i < b->arm.n; i++) {
		b->sim.m[i].has_hand = 1;
		b->sim.m[i].hand = b->hand[0][i];
	}
	return 0;
}

/* --mute, --servo-error, --firmware and --factory (the factory's whole
 * table: id 1, its baud rate and return delay). */
static int
add_faults(struct bus *b, const struct bus_options *o)
{
	struct servosim_motor *m;
	double v;
	int i, j;

	for (i = 0; i < o->nfactory; i++) {
		if ((j = servoarm_find(&b->arm, o->factory[i])) < 0)
			return usage_error("--factory %s: no such joint or "
			    "servo id", o->factory[i]);
		m = &b->sim.m[j];
		servosim_factory(&b->sim, m, 1);
		memcpy(m->saved, m->tab, sizeof m->saved);
		servosim_set(&b->sim, m, SF_GOAL, servosim_present(&b->sim, m));
		servosim_refresh(&b->sim, m);
	}
	for (i = 0; i < o->nmute; i++) {
		if (strchr(o->mute[i], ':') == NULL) {
			if ((j = servoarm_find(&b->arm, o->mute[i])) < 0)
				return usage_error("--mute %s: no such joint "
				    "or servo id", o->mute[i]);
			b->sim.m[j].mute_after = 0;
			continue;
		}
		if (joint_value(b, "mute", o->mute[i], ':', &j, &v) != 0)
			return EXIT_USAGE;
		b->sim.m[j].mute_after = v < 0 ? 0 : (long)v;
	}
	for (i = 0; i < o->nfault; i++) {
		if (joint_value(b, "servo-error", o->fault[i], ':', &j, &v) ||
		    v < 0 || v > 255)
			return usage_error("--servo-error %s: want JOINT:BITS "
			    "(0 to 255)", o->fault[i]);
		b->sim.m[j].fault = (uint8_t)v;
	}
	/* an older firmware: a Dynamixel's below 46 (XL330) or 45 (XL430)
	 * has no FAST SYNC READ */
	for (i = 0; i < o->nfirmware; i++) {
		if (joint_value(b, "firmware", o->firmware[i], ':', &j, &v) ||
		    v < 0 || v > 255)
			return usage_error("--firmware %s: want JOINT:VERSION "
			    "(0 to 255)", o->firmware[i]);
		servosim_set(&b->sim, &b->sim.m[j], SF_FIRMWARE, (int32_t)v);
		memcpy(b->sim.m[j].saved, b->sim.m[j].tab,
		    sizeof b->sim.m[j].saved);
	}
	return 0;
}

/* --start: a pose (spine-path(5)), every joint at 0 by default; joint
 * values into q. */
static int
start_pose(struct bus *b, const char *arg, double *q)
{
	static const int exits[] = { 0, EXIT_USAGE, EXIT_NOINPUT,
	    EXIT_DATAERR, EXIT_DATAERR };
	double rest[SERVOARM_MAX];
	struct diag d = diag_for("--start");
	int j;

	for (j = 0; j < b->desc.njoints; j++)
		q[j] = rest[j] = arm_clamp(&b->desc.joint[j], 0);
	return arg ? exits[arm_pose_arg(arg, &b->desc, rest, q, &d)] : 0;
}

/* Joints at their start and speeds, then obstacles, hand and faults. */
static int
add_servos(struct bus *b, const struct bus_run *r)
{
	double q[SERVOARM_MAX] = { 0 }, speed[SERVOARM_MAX], v;
	const struct bus_options *o = r->opt;
	struct servosim_motor *m;
	enum num_error e;
	int i, ns, bad, st;

	if ((st = start_pose(b, r->start, q)) != 0)
		return st;
	ns = r->speed ? num_double_list(r->speed, speed, b->arm.n, &e,
	    &bad) : 0;
	if (r->speed && ns != 1 && ns != b->arm.n)
		return usage_error("--speed %s: one speed, or one per joint",
		    r->speed);
	for (i = 0; i < b->arm.n; i++) {
		const struct servoarm_joint *jt = &b->arm.j[i];

		m = jt->series < 0 ? servosim_add(&b->sim, (uint8_t)jt->id,
		    servoarm_ticks(jt, q[i])) : servosim_add_series(&b->sim,
		    (uint8_t)jt->id, jt->series, servoarm_ticks(jt, q[i]));
		if (m == NULL && jt->series >= 0 && servo_series((enum
		    servo_series)jt->series)->proto != b->sim.proto)
			return usage_error("joint %s: its servo (%s) is not on "
			    "this bus", jt->name, servo_series((enum
			    servo_series)jt->series)->name);
		if (m == NULL)
			return usage_error("servo id %d twice", jt->id);
		if (ns > 0 && (v = speed[ns == 1 ? 0 : i]) > 0)
			m->max_speed = v * (double)jt->ticks / 360.0;
		/* set up as an arm's servo: 1 Mbps, no return delay (as
		 * LeRobot's setup leaves it), kept in EEPROM */
		servosim_set(&b->sim, m, SF_BAUD, b->sim.proto == SERVO_DXL ?
		    3 : 0);
		servosim_set(&b->sim, m, SF_RETURN_DELAY, o->return_delay_us >=
		    0 ? (int32_t)(o->return_delay_us / 2) : 0);
		memcpy(m->saved, m->tab, sizeof m->saved);
	}
	if ((st = add_blocks(b, o)) != 0 || (st = add_hand(b, o)) != 0)
		return st;
	return add_faults(b, o);
}

/* Once every joint is at the hand's pose, it takes them to the next;
 * after the last one it says so (a test then presses Enter). */
static void
next_hand(struct bus *b)
{
	int i;

	if (b->nhand == 0 || b->hand_done)
		return;
	for (i = 0; i < b->arm.n; i++)
		if (fabs(b->sim.m[i].shaft - b->hand[b->at_hand][i]) > 0.5) {
			b->dwell = 0;
			b->reads_at_pose = b->reads;
			return;
		}
	/* a hand pauses at each pose, as people do; and this one until
	 * every servo has been read there twice, so a sampling reader sees
	 * the extremes however busy its machine */
	if ((b->dwell += TICK_NS / 1e9) < HAND_DWELL ||
	    b->reads < b->reads_at_pose + 2 * (unsigned long)b->arm.n)
		return;
	b->dwell = 0;
	if (b->at_hand + 1 >= b->nhand) {
		b->hand_done = 1;
		fprintf(stderr, "armsim: the hand is done: the arm is at its "
		    "last pose\n");
		return;
	}
	b->at_hand++;
	for (i = 0; i < b->arm.n; i++)
		b->sim.m[i].hand = b->hand[b->at_hand][i];
}

/* The joint values the shafts stand for, as the arm file reads them. */
static double
pose_clearance(struct bus *b, const double *shaft)
{
	double q[SERVOARM_MAX], keep;
	int i;

	for (i = 0; i < b->arm.n; i++) {
		keep = b->sim.m[i].shaft;
		b->sim.m[i].shaft = shaft[i];
		q[i] = servoarm_value(&b->arm.j[i],
		    servosim_present(&b->sim, &b->sim.m[i]));
		b->sim.m[i].shaft = keep;
	}
	return arm_clearance3(&b->desc, q, b->obs, b->nshown);
}

/* One --obstacle: a sphere or a box, "@T" when it comes T seconds after
 * the arm first meets another (someone puts a hand in the way of its
 * retreat); sorted by T. */
static int
add_obstacle(struct bus *b, const char *arg)
{
	char spec[200];
	const char *at = strchr(arg, '@'), *why;
	size_t n = at ? (size_t)(at - arg) : strlen(arg);
	double t = 0;
	int i;

	if (n >= sizeof spec || (at && (num_double(at + 1, &t) != NUM_OK ||
	    t < 0)))
		return usage_error("--obstacle %s: want sphere:X,Y,Z,R or "
		    "box:X0,Y0,Z0,X1,Y1,Z1, then @SECONDS if it comes later",
		    arg);
	memcpy(spec, arg, n);
	spec[n] = '\0';
	for (i = b->nobs; i > 0 && b->appear[i - 1] > t; i--) {
		b->obs[i] = b->obs[i - 1];
		b->appear[i] = b->appear[i - 1];
	}
	if (arm_obstacle_parse(spec, &b->obs[i], &why) < 0)
		return usage_error("--obstacle %s: %s", arg, why);
	b->appear[i] = t;
	b->nobs++;
	return 0;
}

/* The obstacles there now: those whose time has come. */
static void
show_obstacles(struct bus *b)
{
	while (b->nshown < b->nobs && (b->appear[b->nshown] == 0 ||
	    (b->first_contact && b->now >= b->first_contact +
	    (uint64_t)(b->appear[b->nshown] * 1e9))))
		b->nshown++;
}

/* --obstacle: spheres and boxes the arm's links cannot pass. */
static int
add_obstacles(struct bus *b, const struct bus_run *r)
{
	double shaft[SERVOARM_MAX];
	int i, st;

	for (i = 0; i < r->nobstacles; i++)
		if ((st = add_obstacle(b, r->obstacles[i])) != 0)
			return st;
	show_obstacles(b);
	for (i = 0; i < b->arm.n; i++)
		shaft[i] = b->sim.m[i].shaft;
	if (b->nshown && pose_clearance(b, shaft) <= 0) {
		warnx_tool("the arm's start pose touches an obstacle");
		return EXIT_USAGE;
	}
	return 0;
}

/* A step that ended in contact, counted as the spine arm counts it
 * (arm.h): how far the goals' pose reaches in, how far each joint is
 * held behind its goal. */
static void
count_contact(struct bus *b)
{
	double goal[SERVOARM_MAX], q, in;
	int i;

	for (i = 0; i < b->arm.n; i++) {
		goal[i] = servoarm_value(&b->arm.j[i], servosim_get(&b->sim,
		    &b->sim.m[i], SF_GOAL));
		q = servoarm_value(&b->arm.j[i], servosim_present(&b->sim,
		    &b->sim.m[i]));
		if (fabs(goal[i] - q) > b->contacts.lag)
			b->contacts.lag = fabs(goal[i] - q);
	}
	in = -arm_clearance3(&b->desc, goal, b->obs, b->nshown);
	if (in > b->contacts.depth)
		b->contacts.depth = in;
	b->contacts.steps++;
	b->contacts.seconds += TICK_NS / 1e9;
}

/*
 * An obstacle in the way of a step: every joint goes only as far as the
 * arm stays clear (the largest such part of the step, by bisection), and
 * the joints held back push against it.
 */
static void
obstruct(struct bus *b, const double *before)
{
	double now[SERVOARM_MAX], mid[SERVOARM_MAX], lo = 0, hi = 1, f;
	int i, k;

	for (i = 0; i < b->arm.n; i++)
		now[i] = b->sim.m[i].shaft;
	if (pose_clearance(b, now) > 0)
		return;
	for (k = 0; k < 30; k++) {
		f = (lo + hi) / 2;
		for (i = 0; i < b->arm.n; i++)
			mid[i] = before[i] + f * (now[i] - before[i]);
		if (pose_clearance(b, mid) > 0)
			lo = f;
		else
			hi = f;
	}
	for (i = 0; i < b->arm.n; i++)
		if (now[i] != before[i])
			servosim_hold_back(&b->sim, &b->sim.m[i], before[i] +
			    lo * (now[i] - before[i]), TICK_NS / 1e9);
	count_contact(b);
	if (b->first_contact == 0)
		b->first_contact = b->now;
}

static void
advance(struct bus *b, uint64_t *last)
{
	double before[SERVOARM_MAX];
	int steps = 0, i;

	while (*last + TICK_NS <= b->now && steps++ < 200) {
		for (i = 0; i < b->arm.n; i++)
			before[i] = b->sim.m[i].shaft;
		servosim_step(&b->sim, TICK_NS / 1e9);
		show_obstacles(b);
		if (b->nshown)
			obstruct(b, before);
		next_hand(b);
		*last += TICK_NS;
	}
	if (*last + TICK_NS <= b->now)
		*last = b->now;		/* we were stopped: skip ahead */
}

static int
read_host(struct bus *b, uint64_t *last_rx)
{
	uint8_t buf[4096];
	ssize_t n = read(b->pty.master, buf, sizeof buf);

	if (n > 0) {
		if (b->rx_done < b->now)
			b->rx_done = b->now;
		b->rx_done += (uint64_t)n * b->byte_ns;
		*last_rx = b->now;
		/* the rate the host set on its end (0: none set) */
		b->sim.baud = link_tty_speed(b->pty.master);
		servosim_rx(&b->sim, buf, (size_t)n, emit, b);
		return 0;
	}
	if (n < 0 && errno != EAGAIN && errno != EINTR && errno != EIO)
		return -1;
	return 0;
}

/* Sleep until input, the next reply's last byte, or the next tick. */
static void
wait_input(struct bus *b)
{
	uint64_t due = TICK_NS;
	struct timespec ts;
	fd_set rd;

	if (b->tx_n > 0) {
		uint64_t last = b->tx_free;

		due = last > b->now ? last - b->now : 0;
		if (due > TICK_NS)
			due = TICK_NS;
	}
	ts.tv_sec = 0;
	ts.tv_nsec = (long)((double)due / b->scale);
	FD_ZERO(&rd);
	FD_SET(b->pty.master, &rd);
	pselect(b->pty.master + 1, &rd, NULL, NULL, &ts, NULL);
}

static int
loop(struct bus *b, const struct bus_run *r)
{
	uint64_t last_tick, last_rx, end;

	b->real0 = real_ns();
	b->t0 = b->now = now_ns(b);
	last_tick = last_rx = b->now;
	end = b->t0 + (uint64_t)(r->exit_after * 1e9);
	while (!*r->stop) {
		b->now = now_ns(b);
		if (r->exit_after > 0 && b->now >= end)
			break;
		advance(b, &last_tick);
		if (read_host(b, &last_rx) != 0)
			return -1;
		if (b->now - last_rx > IDLE_NS && b->sim.dec.n > 0)
			servosim_idle(&b->sim);
		if (flush(b) != 0)
			return -1;
		wait_input(b);
	}
	return 0;
}

/* The joints: the arm description's, or the built-in SO-101's. */
static int
load_arm(struct bus *b, const char *path)
{
	struct arm_desc *desc = &b->desc;
	char why[200];
	int r;

	if (path == NULL) {
		if (arm_builtin_so101(desc) != 0)
			return EXIT_DATAERR;
	} else if ((r = arm_load(desc, path)) != 0)
		return r;
	if (servoarm_from_desc(&b->arm, desc, why, sizeof why) != 0) {
		warnx_tool("%s: %s", path, why);
		return EXIT_DATAERR;
	}
	return 0;
}

int
sim_bus_main(const struct bus_run *r)
{
	static struct bus b;
	int st;

	memset(&b, 0, sizeof b);
	servosim_init(&b.sim, strcmp(r->opt->bus, "dynamixel") == 0 ?
	    SERVO_DXL : SERVO_FEETECH);
	if ((st = load_arm(&b, r->arm)) != 0 ||
	    (st = add_servos(&b, r)) != 0 || (st = add_obstacles(&b, r)) != 0)
		return st;
	b.scale = r->time_scale > 0 ? r->time_scale : 1;
	b.byte_ns = r->baud > 0 ? 10000000000ull / (uint64_t)r->baud : 0;
	b.corrupt = r->corrupt;
	b.rng = (uint64_t)r->seed;
	b.verbose = r->verbose;
	b.sim.trace = trace;
	b.sim.trace_ctx = &b;
#ifdef __linux__
	/* replies are due within microseconds: wake on time, not up to
	 * 50 us late as the default timer slack lets the kernel */
	(void)prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
#endif
	if (sim_pty_open(&b.pty) != 0) {
		warnx_tool("cannot open a pseudo-terminal: %s",
		    strerror(errno));
		return EXIT_UNAVAILABLE;
	}
	if (r->link && sim_pty_link(&b.pty, r->link) != 0) {
		if (errno == EEXIST)
			warnx_tool("--link %s: exists and is not a symbolic "
			    "link; not replacing it", r->link);
		else
			warnx_tool("%s: %s", r->link, strerror(errno));
		sim_pty_close(&b.pty);
		return EXIT_IOERR;
	}
	/* no rate until a host sets one: every servo hears it (a relay
	 * such as socat may never set one) */
	(void)link_tty_set_speed(b.pty.master, 0);
	printf("%s\n", b.pty.path);
	fflush(stdout);
	st = loop(&b, r);
	if (st != 0)
		warnx_tool("%s: %s", b.pty.path, strerror(errno));
	if (r->contacts)
		*r->contacts = b.contacts;
	if (r->verbose)
		fprintf(stderr, "armsim: %lu instructions, %lu replies, %lu "
		    "corrupted\n", b.sim.packets, b.sim.replies, b.corrupted);
	if (r->link)
		sim_pty_unlink(&b.pty, r->link);
	sim_pty_close(&b.pty);
	return st != 0 ? EXIT_IOERR : EXIT_OK;
}
