/*
 * bus.c - an arm of bus servos (bus.h): the joints' series, the present
 * block of every servo, goals, torque, error bits, the follower's setup
 * on connect, model and firmware, REBOOT, new ids and baud rates.
 * Called by armctl --bus (through the run and calibration code here).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arm/arm.h"
#include "host/exits.h"
#include "servoarm/bus.h"

#define FB_STS_ADDR 56u		/* Present_Position .. Present_Current */
#define FB_STS_COUNT 15u
#define FB_SCS_COUNT 11u	/* .. Moving: SCS has no current */
#define FB_DXL_ADDR 126u	/* Present_Current .. Present_Temperature */
#define FB_DXL_COUNT 22u
#define GOAL_SLACK 1e-9		/* degrees a goal may pass a limit by */
/*
 * A gripper closed on what it holds drives at its torque limit for as
 * long as it holds it.  Max_Torque_Limit reaches the running limit
 * (Torque_Limit, RAM) only at power-up, and at 50 % it is over the 25 %
 * overload threshold anyway: after Protection_Time the servo would trip.
 * So the running limit goes just under the threshold (0.1 %): a grip the
 * servo can keep.
 */
#define GRIP_TORQUE 240
/*
 * A Dynamixel gripper in current-based position control pushes with its
 * Goal_Current.  LeRobot's Koch follower leaves that at Current_Limit;
 * spine halves it, as LeRobot's SO follower halves its Feetech gripper's
 * torque (Max_Torque_Limit 500 of 1000): a grip well under full load,
 * which the overload protection never takes for a fault.
 */
#define GRIP_CURRENT 0.5

int
servoarm_status_exit(enum servoarm_status s)
{
	switch (s) {
	case SERVOARM_OK:
		return EXIT_OK;
	case SERVOARM_NO_REPLY:
	case SERVOARM_NONE_FOUND:
		return EXIT_TEMPFAIL;
	case SERVOARM_CORRUPT:
	case SERVOARM_LINK:
	case SERVOARM_NO_MEMORY:
		return EXIT_IOERR;
	case SERVOARM_BAD_ARM:
		return EXIT_DATAERR;
	case SERVOARM_NO_JOINT:
	case SERVOARM_BAD_BAUD:
		return EXIT_USAGE;
	case SERVOARM_INTERRUPTED:	/* the tool dies of the signal */
	default:
		return EXIT_JOB_FAILED;
	}
}

const struct servo_reg *
servoarm_reg(const struct servoarm_bus *k, int i, enum servo_field f)
{
	return servo_series_reg((enum servo_series)k->series[i], f);
}

enum servoarm_status
servoarm_bus_init(struct servoarm_bus *k, const struct arm_desc *d,
    enum servo_proto proto, char *why, size_t whylen)
{
	const struct servoarm_joint *j;
	int i;

	memset(k, 0, sizeof *k);
	k->proto = proto;
	k->err_joint = -1;
	if (servoarm_from_desc(&k->arm, d, why, whylen) != 0)
		return SERVOARM_BAD_ARM;
	k->sync_read = 1;
	for (i = 0; i < k->arm.n; i++) {
		j = &k->arm.j[i];
		k->ids[i] = (uint8_t)j->id;
		k->series[i] = (uint8_t)(j->series < 0 ?
		    (int)servo_series_of(proto) : j->series);
		if (servo_series(k->series[i])->proto != proto) {
			snprintf(why, whylen, "joint %s: its servo (%s) is not "
			    "on a %s bus", j->name, servo_series(
			    k->series[i])->name, proto == SERVO_DXL ?
			    "dynamixel" : "feetech");
			return SERVOARM_BAD_ARM;
		}
		k->sync_read &= servo_series(k->series[i])->sync_read;
		k->full_load[i] = 1750;
	}
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_bus_failed(const struct servoarm_bus *k)
{
	switch (k->b.fail) {
	case SERVOBUS_OK:
		return SERVOARM_OK;
	case SERVOBUS_INTR:
		return SERVOARM_INTERRUPTED;
	case SERVOBUS_NO_REPLY:
		return SERVOARM_NO_REPLY;
	case SERVOBUS_CORRUPT:
		return SERVOARM_CORRUPT;
	default:
		return SERVOARM_LINK;
	}
}

/* Register f of joint i into v; SERVOARM_OK, or why not. */
static enum servoarm_status
read1(struct servoarm_bus *k, int i, enum servo_field f, int32_t *v)
{
	const struct servo_reg *r = servoarm_reg(k, i, f);
	struct servo_packet p;

	*v = 0;
	if (r->size == 0)
		return SERVOARM_OK;
	if (link_servobus_read(&k->b, k->ids[i], r->addr, r->size, &p) != 0)
		return servoarm_bus_failed(k);
	if (p.n == r->size)
		*v = servo_reg_get(r, p.p);
	return SERVOARM_OK;
}

/* v into register f of joint i; a Dynamixel's refusal is REFUSED. */
static enum servoarm_status
write1(struct servoarm_bus *k, int i, enum servo_field f, int32_t v)
{
	const struct servo_reg *r = servoarm_reg(k, i, f);
	struct servo_packet p;
	uint8_t data[4];

	if (r->size == 0)
		return SERVOARM_OK;
	servo_reg_put(r, v, data);
	if (link_servobus_write(&k->b, k->ids[i], r->addr, data, r->size, &p) != 0)
		return servoarm_bus_failed(k);
	if (k->proto == SERVO_DXL && (p.err & 0x7Fu)) {
		k->err_joint = i;
		k->err = p.err;
		return SERVOARM_REFUSED;
	}
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_connect(struct servoarm_bus *k)
{
	enum servoarm_status st;
	int32_t v;
	int i;

	k->scaled = 1;
	for (i = 0; i < k->arm.n; i++) {
		k->full_load[i] = 1750;
		if (servoarm_reg(k, i, SF_CURRENT_LIMIT)->size == 0 ||
		    k->proto != SERVO_DXL)
			continue;
		if ((st = read1(k, i, SF_CURRENT_LIMIT, &v)) != SERVOARM_OK)
			return st;
		if (v > 0)
			k->full_load[i] = v;
	}
	return SERVOARM_OK;
}

/* One register as the follower wants it: written only when it differs,
 * and a Dynamixel's EEPROM only while the torque is off. */
static enum servoarm_status
want(struct servoarm_bus *k, int i, enum servo_field f, int32_t v,
    int torque)
{
	const struct servo_reg *r = servoarm_reg(k, i, f);
	enum servoarm_status st;
	int32_t now;

	if (r->size == 0)
		return SERVOARM_OK;
	if (k->proto == SERVO_DXL && torque &&
	    r->addr < servo_series((enum servo_series)k->series[i])->eeprom_end)
		return SERVOARM_OK;
	if ((st = read1(k, i, f, &now)) != SERVOARM_OK || now == v)
		return st;
	return write1(k, i, f, v);
}

/* The arm's elbow: its second pitch joint (by role, not by name); -1. */
static int
elbow(const struct servoarm *a)
{
	int i, pitch = 0;

	for (i = 0; i < a->n; i++)
		if (a->j[i].role == ARM_PITCH && ++pitch == 2)
			return i;
	return -1;
}

/*
 * Joint i of a Dynamixel arm as LeRobot's Koch follower sets it up:
 * return delay 0; extended position control (Operating_Mode 4), but the
 * gripper in current-based position control (5) where its servo has it
 * (XL330); the elbow's position P/I/D 1500/0/600.  The mode is in the
 * EEPROM, so it waits for the torque to be off, and entering it resets
 * Goal_Current to Current_Limit: the gripper's is written after it.
 */
static enum servoarm_status
koch_follower(struct servoarm_bus *k, int i, int32_t torque)
{
	const struct servoarm_joint *j = &k->arm.j[i];
	int grip = j->gripper &&
	    servoarm_reg(k, i, SF_GOAL_CURRENT)->size != 0;
	enum servoarm_status st;

	if ((st = want(k, i, SF_RETURN_DELAY, 0, torque)) != SERVOARM_OK ||
	    (st = want(k, i, SF_MODE, grip ? 5 : 4, torque)) != SERVOARM_OK)
		return st;
	if (i == elbow(&k->arm) &&
	    ((st = want(k, i, SF_P_GAIN, 1500, torque)) != SERVOARM_OK ||
	    (st = want(k, i, SF_I_GAIN, 0, torque)) != SERVOARM_OK ||
	    (st = want(k, i, SF_D_GAIN, 600, torque)) != SERVOARM_OK))
		return st;
	if (!grip)
		return SERVOARM_OK;
	return want(k, i, SF_GOAL_CURRENT,
	    (int32_t)lround(k->full_load[i] * GRIP_CURRENT), torque);
}

enum servoarm_status
servoarm_configure(struct servoarm_bus *k)
{
	/* spec lerobot-calibration.md, "What LeRobot writes on connect" */
	static const struct {
		enum servo_field f;
		int32_t v;
		int gripper_only;
	} setup[] = {
		{ SF_RETURN_DELAY, 0, 0 }, { SF_MAX_ACCEL, 254, 0 },
		{ SF_ACCEL, 254, 0 }, { SF_MODE, 0, 0 },
		{ SF_P_GAIN, 16, 0 }, { SF_I_GAIN, 0, 0 }, { SF_D_GAIN, 32, 0 },
		{ SF_MAX_TORQUE, 500, 1 }, { SF_CURRENT_LIMIT, 250, 1 },
		{ SF_OVERLOAD, 25, 1 }, { SF_TORQUE_LIMIT, GRIP_TORQUE, 1 },
	};
	enum servoarm_status st;
	int32_t torque, phase;
	size_t s;
	int i;

	if (k->proto == SERVO_DXL && !k->scaled &&
	    (st = servoarm_connect(k)) != SERVOARM_OK)
		return st;
	for (i = 0; i < k->arm.n; i++) {
		if ((st = read1(k, i, SF_TORQUE, &torque)) != SERVOARM_OK ||
		    (st = read1(k, i, SF_PHASE, &phase)) != SERVOARM_OK)
			return st;
		/* Phase bit 4 clear: positions within one turn (A4) */
		if (k->proto == SERVO_FEETECH && (phase & 0x10) &&
		    (st = write1(k, i, SF_PHASE, phase & ~0x10)) != SERVOARM_OK)
			return st;
		if (k->proto == SERVO_DXL) {
			if ((st = koch_follower(k, i, torque)) != SERVOARM_OK)
				return st;
			continue;
		}
		for (s = 0; s < sizeof setup / sizeof setup[0]; s++) {
			if (setup[s].gripper_only && !k->arm.j[i].gripper)
				continue;
			if ((st = want(k, i, setup[s].f, setup[s].v, torque)) !=
			    SERVOARM_OK)
				return st;
		}
	}
	return SERVOARM_OK;
}

/* The present block's size for joint i: an SCS has no current. */
static uint16_t
block_size(const struct servoarm_bus *k, int i)
{
	if (k->proto == SERVO_DXL)
		return FB_DXL_COUNT;
	return servoarm_reg(k, i, SF_CURRENT)->size ? FB_STS_COUNT :
	    FB_SCS_COUNT;
}

/*
 * Dynamixel: one FAST SYNC READ, one packet for all six instead of six
 * (spec B3; X330 firmware 46 on, X430 45).  When it goes unanswered, a
 * SYNC READ: one that answers means a servo lacks FAST SYNC READ (or its
 * answer was lost), so SYNC READ from then on; one that fails names the
 * servo that is silent.
 */
static int
fast_present(struct servoarm_bus *k, uint16_t base, uint16_t count,
    uint8_t *buf, uint8_t *err)
{
	if (link_servobus_fast_sync_read(&k->b, base, count, k->ids,
	    (uint8_t)k->arm.n, buf, err) == 0) {
		k->fast_read = 1;
		return 0;
	}
	if (k->b.fail == SERVOBUS_LINK || k->b.fail == SERVOBUS_INTR)
		return -1;
	if (link_servobus_sync_read(&k->b, base, count, k->ids,
	    (uint8_t)k->arm.n, buf, err) != 0)
		return -1;
	k->fast_read = -1;
	return 0;
}

/*
 * The present block of every servo: one SYNC READ, or where a servo
 * cannot answer one (SCS, spec A3) a READ each, block_size bytes at base
 * (stride bytes a joint in buf).
 */
static int
read_present(struct servoarm_bus *k, uint16_t base, uint16_t stride,
    uint8_t *buf, uint8_t *err)
{
	struct servo_packet p;
	uint16_t count;
	int i;

	/* its one packet: 8 bytes and ERR, ID, data, CRC a servo */
	if (k->sync_read && k->proto == SERVO_DXL && k->fast_read >= 0 &&
	    8u + (size_t)k->arm.n * (stride + 4u) <= SERVO_FRAME_MAX)
		return fast_present(k, base, stride, buf, err);
	if (k->sync_read)
		return link_servobus_sync_read(&k->b, base, stride, k->ids,
		    (uint8_t)k->arm.n, buf, err);
	for (i = 0; i < k->arm.n; i++) {
		count = block_size(k, i);
		if (link_servobus_read(&k->b, k->ids[i], base, count, &p) != 0)
			return -1;
		/* a reply with error bits may carry less: zeros for the rest */
		memset(buf + (size_t)i * stride, 0, stride);
		memcpy(buf + (size_t)i * stride, p.p, p.n < count ? p.n : count);
		err[i] = p.err;
	}
	return 0;
}

/* Register f of joint i from its block p (which starts at base); *has
 * says whether the block holds it. */
static int32_t
present(const struct servoarm_bus *k, int i, enum servo_field f,
    const uint8_t *p, uint16_t base, uint16_t count, int *has)
{
	const struct servo_reg *r = servoarm_reg(k, i, f);

	*has = r->size != 0 && r->addr >= base &&
	    r->addr + r->size <= base + count;
	return *has ? servo_reg_get(r, p + (r->addr - base)) : 0;
}

/* Load and current of joint i from its block. */
static void
load_of(const struct servoarm_bus *k, int i, const uint8_t *p, uint16_t base,
    uint16_t count, struct servoarm_feedback *f)
{
	int32_t v;
	int has;

	v = present(k, i, SF_LOAD, p, base, count, &has);
	if (has)
		f->load[i] = v / 10.0;	/* 0.1 %: Feetech, XL430 */
	v = present(k, i, SF_CURRENT, p, base, count, &has);
	f->ma[i] = !has ? NAN : k->proto == SERVO_DXL ? v : v * 6.5;
	if (k->proto == SERVO_DXL && has)	/* XL330: current for load */
		f->load[i] = 100.0 * v / k->full_load[i];
}

enum servoarm_status
servoarm_feedback(struct servoarm_bus *k, struct servoarm_feedback *f)
{
	uint8_t buf[SERVOARM_MAX * FB_DXL_COUNT];
	uint16_t base = k->proto == SERVO_DXL ? FB_DXL_ADDR : FB_STS_ADDR;
	uint16_t stride = k->proto == SERVO_DXL ? FB_DXL_COUNT : FB_STS_COUNT;
	enum servoarm_status st;
	uint16_t count;
	const uint8_t *p;
	int i, has;

	memset(f, 0, sizeof *f);
	if (!k->scaled && (st = servoarm_connect(k)) != SERVOARM_OK)
		return st;
	if (read_present(k, base, stride, buf, f->err) != 0)
		return servoarm_bus_failed(k);
	for (i = 0; i < k->arm.n; i++) {
		const struct servoarm_joint *j = &k->arm.j[i];

		p = buf + (size_t)i * stride;
		count = block_size(k, i);
		f->q[i] = servoarm_value(j, present(k, i, SF_POSITION, p, base,
		    count, &has));
		f->shown[i] = j->gripper ? servoarm_grip_pct(&k->arm, f->q[i]) :
		    f->q[i];
		f->volts[i] = present(k, i, SF_VOLTAGE, p, base, count, &has) /
		    10.0;
		f->celsius[i] = (int)present(k, i, SF_TEMPERATURE, p, base,
		    count, &has);
		load_of(k, i, p, base, count, f);
	}
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_errors(struct servoarm_bus *k, const struct servoarm_feedback *f)
{
	const struct servo_reg *r;
	struct servo_packet p;
	int i;

	for (i = 0; i < k->arm.n; i++) {
		if (f->err[i] == 0)
			continue;
		k->err_joint = i;
		k->err = f->err[i];
		k->hw_err = 0;
		r = servoarm_reg(k, i, SF_HW_ERROR);
		/* Dynamixel's alert bit: the hardware error register says
		 * which; a failed read leaves it unexplained */
		if (k->proto == SERVO_DXL && (f->err[i] & DXL_ERR_ALERT) &&
		    link_servobus_read(&k->b, k->ids[i], r->addr, 1, &p) == 0 &&
		    p.n == 1)
			k->hw_err = p.p[0];
		return SERVOARM_SERVO_ERROR;
	}
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_goals(struct servoarm_bus *k, const double *q)
{
	/* every series keeps its goal at one address and width; each
	 * servo's bytes are in its own order */
	const struct servo_reg *g = servo_reg(k->proto, SF_GOAL);
	uint8_t data[SERVOARM_MAX * 4];
	int i;

	for (i = 0; i < k->arm.n; i++) {
		const struct servoarm_joint *j = &k->arm.j[i];

		if (!(q[i] >= j->lo - GOAL_SLACK && q[i] <= j->hi +
		    GOAL_SLACK)) {
			k->err_joint = i;
			k->err_value = q[i];
			return SERVOARM_LIMIT;
		}
		servo_reg_put(servoarm_reg(k, i, SF_GOAL),
		    (int32_t)lround(servoarm_ticks(j, q[i])),
		    data + i * g->size);
	}
	if (link_servobus_sync_write(&k->b, g->addr, g->size, k->ids,
	    (uint8_t)k->arm.n, data) != 0)
		return servoarm_bus_failed(k);
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_hold(struct servoarm_bus *k, struct servoarm_feedback *f)
{
	double q[SERVOARM_MAX];
	enum servoarm_status st;
	int i;

	if ((st = servoarm_feedback(k, f)) != SERVOARM_OK)
		return st;
	/* where a joint stands, even a hair past its limit, it may stay */
	for (i = 0; i < k->arm.n; i++)
		q[i] = f->q[i] < k->arm.j[i].lo ? k->arm.j[i].lo :
		    f->q[i] > k->arm.j[i].hi ? k->arm.j[i].hi : f->q[i];
	return servoarm_goals(k, q);
}

enum servoarm_status
servoarm_torque(struct servoarm_bus *k, int i, int on)
{
	enum servoarm_status st;
	int32_t at;

	if (on) {
		if ((st = read1(k, i, SF_POSITION, &at)) != SERVOARM_OK ||
		    (st = write1(k, i, SF_GOAL, at)) != SERVOARM_OK)
			return st;
	}
	if ((st = write1(k, i, SF_TORQUE, on)) != SERVOARM_OK)
		return st;
	return write1(k, i, SF_LOCK, on);
}

enum servoarm_status
servoarm_select(struct servoarm_bus *k, int n, char *const *names, int *sel)
{
	int bad = servoarm_pick(&k->arm, n, names, sel);

	if (bad < 0)
		return SERVOARM_OK;
	k->err_name = names[bad];
	return SERVOARM_NO_JOINT;
}

enum servoarm_status
servoarm_torque_some(struct servoarm_bus *k, const int *sel, int on)
{
	enum servoarm_status st = SERVOARM_OK;
	int i;

	if (on > 0)
		st = servoarm_configure(k);
	for (i = 0; i < k->arm.n && st == SERVOARM_OK; i++)
		if (sel[i])
			st = on < 0 ? servoarm_reboot(k, i) :
			    servoarm_torque(k, i, on);
	return st;
}

enum servoarm_status
servoarm_where(struct servoarm_bus *k, double *q)
{
	struct servoarm_feedback f;
	enum servoarm_status st;

	if ((st = servoarm_feedback(k, &f)) != SERVOARM_OK)
		return st;
	memcpy(q, f.q, sizeof *q * (size_t)k->arm.n);
	return servoarm_errors(k, &f);
}

enum servoarm_status
servoarm_let_go(struct servoarm_bus *k, int release)
{
	enum servoarm_status st = SERVOARM_OK, one;
	struct servoarm_feedback f;
	int i;

	k->b.interrupted = NULL;	/* whatever happens, do this */
	if (!release)
		return (st = servoarm_hold(k, &f)) != SERVOARM_OK ? st :
		    servoarm_errors(k, &f);
	/* every joint limp, even past one that fails */
	for (i = 0; i < k->arm.n; i++)
		if ((one = servoarm_torque(k, i, 0)) != SERVOARM_OK)
			st = one;
	return st;
}

enum servoarm_status
servoarm_info(struct servoarm_bus *k, int i, struct servoarm_info *in)
{
	const struct servo_reg *model = servoarm_reg(k, i, SF_MODEL);
	enum servoarm_status st;
	struct servo_packet p;
	int32_t torque;

	memset(in, 0, sizeof *in);
	if (link_servobus_ping(&k->b, k->ids[i], &p) != 0)
		return servoarm_bus_failed(k);
	if (k->proto == SERVO_DXL && p.n == 3) {
		in->model = servo_get16(p.p);
		snprintf(in->firmware, sizeof in->firmware, "%u", p.p[2]);
	} else {
		if (link_servobus_read(&k->b, k->ids[i], 0, model->addr +
		    model->size, &p) != 0)
			return servoarm_bus_failed(k);
		in->model = (int)servo_reg_get(model, p.p + model->addr);
		snprintf(in->firmware, sizeof in->firmware, "%u.%u", p.p[0],
		    p.p[1]);
	}
	if ((st = read1(k, i, SF_TORQUE, &torque)) != SERVOARM_OK)
		return st;
	in->torque = torque != 0;
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_reboot(struct servoarm_bus *k, int i)
{
	uint8_t req[16];
	struct servo_packet p;
	size_t n;

	if (k->proto != SERVO_DXL) {
		k->err_joint = i;
		k->err = 0;
		return SERVOARM_REFUSED;
	}
	n = servo_dxl_encode(req, sizeof req, k->ids[i], SERVO_REBOOT, NULL, 0);
	if (link_servobus_call(&k->b, req, n, k->ids[i], &p) != 0)
		return servoarm_bus_failed(k);
	return SERVOARM_OK;
}

/* The one servo on the bus, looked for at each rate in turn: `baud`
 * first, then every rate the bus's servos take. */
static enum servoarm_status
find_new(struct servoarm_bus *k, int wait_ms, long baud)
{
	long rate;
	int c;

	for (c = -1; c < SERVO_BAUD_CODES; c++) {
		rate = c < 0 ? baud : servo_baud_rate(k->proto, c);
		if (c >= 0 && rate == baud)
			continue;
		if (link_servobus_set_baud(&k->b, rate) != 0 || (k->nfound =
		    link_servobus_scan(&k->b, wait_ms, k->found, 8)) < 0)
			return servoarm_bus_failed(k);
		k->found_baud = rate;
		if (k->nfound > 0)
			return k->nfound > 1 ? SERVOARM_MANY_FOUND :
			    SERVOARM_OK;
	}
	return SERVOARM_NONE_FOUND;
}

enum servoarm_status
servoarm_setup_id(struct servoarm_bus *k, int j, int wait_ms, long baud)
{
	uint8_t want = (uint8_t)k->arm.j[j].id, data[1];
	const struct servo_reg *rid = servoarm_reg(k, j, SF_ID);
	enum servoarm_status st;
	struct servo_packet p;
	int32_t code;

	k->err_joint = j;
	if ((st = find_new(k, wait_ms, baud)) != SERVOARM_OK)
		return st;
	k->ids[j] = k->found[0];	/* talk to it under its old id */
	if ((st = write1(k, j, SF_TORQUE, 0)) != SERVOARM_OK ||
	    (st = write1(k, j, SF_LOCK, 0)) != SERVOARM_OK)
		return st;
	if (k->found[0] != want) {
		data[0] = want;
		/* the reply may come from either id, or none: ping after */
		(void)link_servobus_write(&k->b, k->found[0], rid->addr, data, 1,
		    &p);
		k->ids[j] = want;
		if (link_servobus_ping(&k->b, want, &p) != 0)
			return servoarm_bus_failed(k);
	}
	/* the baud rate last: after it the servo hears only that rate
	 * (the lock stays open, as torque off leaves it: saved) */
	if ((st = read1(k, j, SF_BAUD, &code)) != SERVOARM_OK ||
	    code == servo_baud_code(k->proto, baud))
		return st;
	if ((st = write1(k, j, SF_BAUD, servo_baud_code(k->proto, baud))) !=
	    SERVOARM_OK)
		return st;
	if (link_servobus_set_baud(&k->b, baud) != 0 ||
	    link_servobus_ping(&k->b, want, &p) != 0)
		return servoarm_bus_failed(k);
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_baud_ok(struct servoarm_bus *k, long baud)
{
	if (servo_baud_code(k->proto, baud) >= 0)
		return SERVOARM_OK;
	k->err_value = (double)baud;
	return SERVOARM_BAD_BAUD;
}
