/*
 * calib.c - the arithmetic of calibrating a bus arm (calib.h): ranges
 * recorded in actual shaft ticks, centred by a homing offset, burned into
 * EEPROM, and written into an arm description.  Feetech reads present =
 * actual - offset, Dynamixel present = actual + offset (spec A5, B5).
 * Called by armctl --bus calibrate.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "servoarm/calib.h"

/* Actual shaft ticks from a present position and the servo's offset. */
static long
actual(const struct servoarm_bus *k, long present, long homing)
{
	return k->proto == SERVO_DXL ? present - homing : present + homing;
}

/* And back: what the servo reads at actual ticks under that offset. */
static long
present_at(const struct servoarm_bus *k, long act, long homing)
{
	return k->proto == SERVO_DXL ? act + homing : act - homing;
}

/* SCS has no homing offset (spec A2): its limits are all it keeps. */
static int
has_homing(const struct servoarm_bus *k, int i)
{
	return servoarm_reg(k, i, SF_HOMING)->size != 0;
}

enum servoarm_status
servoarm_read_homing(struct servoarm_bus *k, long *homing)
{
	const struct servo_reg *r;
	struct servo_packet p;
	int i;

	for (i = 0; i < k->arm.n; i++) {
		homing[i] = 0;
		if (!has_homing(k, i))
			continue;
		r = servoarm_reg(k, i, SF_HOMING);
		if (link_servobus_read(&k->b, k->ids[i], r->addr, r->size, &p) != 0)
			return servoarm_bus_failed(k);
		homing[i] = servo_reg_get(r, p.p);
	}
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_calib_begin(struct servoarm_bus *k, long *homing)
{
	enum servoarm_status st;
	int i;

	for (i = 0; i < k->arm.n; i++)
		if ((st = servoarm_torque(k, i, 0)) != SERVOARM_OK)
			return st;
	return servoarm_read_homing(k, homing);
}

enum servoarm_status
servoarm_calib_sample(struct servoarm_bus *k, const long *homing,
    struct servoarm_range *rg, int first)
{
	struct servoarm_feedback f;
	enum servoarm_status st;
	long t;
	int i;

	if ((st = servoarm_feedback(k, &f)) != SERVOARM_OK)
		return st;
	for (i = 0; i < k->arm.n; i++) {
		t = actual(k, lround(servoarm_ticks(&k->arm.j[i], f.q[i])),
		    homing[i]);
		if (first || t < rg[i].min)
			rg[i].min = t;
		if (first || t > rg[i].max)
			rg[i].max = t;
	}
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_calib_centre(struct servoarm_bus *k, int i, struct servoarm_range *r,
    int *why)
{
	const struct servoarm_joint *j = &k->arm.j[i];
	long mid = (r->min + r->max) / 2, half = j->ticks / 2;
	long lim = k->proto == SERVO_DXL ? 1024 : 2047;

	r->offset = !has_homing(k, i) ? 0 : k->proto == SERVO_DXL ?
	    half - mid : mid - half;
	k->err_joint = i;
	if (labs(r->offset) > lim) {
		*why = 1;
		k->err_value = (double)labs(r->offset);
		return SERVOARM_CALIBRATION;
	}
	if (j->role == ARM_ROLL) {
		r->lo = 0;	/* turns all the way round */
		r->hi = j->ticks - 1;
		return SERVOARM_OK;
	}
	if (r->min == r->max) {
		*why = 2;
		return SERVOARM_CALIBRATION;
	}
	r->lo = present_at(k, r->min, r->offset);
	r->hi = present_at(k, r->max, r->offset);
	return SERVOARM_OK;
}

/* Fields f[0..n) of joint i to v[0..n), in EEPROM (torque is off). */
static enum servoarm_status
burn(struct servoarm_bus *k, int i, const enum servo_field *f,
    const long *v, int n)
{
	const struct servo_reg *reg;
	struct servo_packet p;
	uint8_t data[4];
	int x;

	for (x = 0; x < n; x++) {
		if ((reg = servoarm_reg(k, i, f[x]))->size == 0)
			continue;
		servo_reg_put(reg, (int32_t)v[x], data);
		if (link_servobus_write(&k->b, k->ids[i], reg->addr, data, reg->size,
		    &p) != 0)
			return servoarm_bus_failed(k);
		if (k->proto == SERVO_DXL && (p.err & 0x7Fu)) {
			k->err_joint = i;
			k->err = p.err;
			return SERVOARM_REFUSED;
		}
	}
	return SERVOARM_OK;
}

static const enum servo_field calib_fields[3] = { SF_HOMING, SF_MIN_LIMIT,
    SF_MAX_LIMIT };

enum servoarm_status
servoarm_calib_burn(struct servoarm_bus *k, int i,
    const struct servoarm_range *r)
{
	const long v[3] = { r->offset, r->lo, r->hi };

	return burn(k, i, calib_fields, v, 3);
}

/* Degrees from the servo's centre. */
static double
centre_deg(const struct servoarm_bus *k, int i, long t)
{
	long n = k->arm.j[i].ticks;

	return (double)(t - n / 2) * 360.0 / (double)n;
}

void
servoarm_calib_csv(FILE *fp, const struct servoarm_bus *k,
    const struct servoarm_range *rg)
{
	int i;

	fprintf(fp, "joint,id,homing_offset,range_min,range_max,lo,hi\n");
	for (i = 0; i < k->arm.n; i++)
		fprintf(fp, "%s,%u,%ld,%ld,%ld,%.2f,%.2f\n", k->arm.j[i].name,
		    k->ids[i], rg[i].offset, rg[i].lo, rg[i].hi,
		    centre_deg(k, i, rg[i].lo), centre_deg(k, i, rg[i].hi));
}

/*
 * Joint j: its zero the middle of the range in the ticks the servo will
 * read under homing offset h; the limits the range, in joint values.
 */
static void
calibrate_joint(const struct servoarm_bus *k, const struct servoarm_range *r,
    long h, struct arm_joint *j)
{
	long t = j->servo.ticks, mid = (r->min + r->max) / 2;
	double lo, hi, per = 360.0 / (double)t / j->servo.direction;

	j->servo.offset = (double)present_at(k, mid, h);
	if (r->lo == 0 && r->hi == t - 1) {	/* all the way round */
		lo = -(double)(t / 2) * per;
		hi = (double)(t - 1 - t / 2) * per;
	} else {
		lo = ((double)present_at(k, r->min, h) - j->servo.offset) * per;
		hi = ((double)present_at(k, r->max, h) - j->servo.offset) * per;
	}
	j->lo = lo < hi ? lo : hi;
	j->hi = lo < hi ? hi : lo;
}

void
servoarm_calib_arm(const struct servoarm_bus *k,
    const struct servoarm_range *rg, const long *homing, int written,
    struct arm_desc *a)
{
	int i;

	for (i = 0; i < k->arm.n && i < a->njoints; i++)
		calibrate_joint(k, &rg[i], written && has_homing(k, i) ?
		    rg[i].offset : homing[i], &a->joint[i]);
	if (a->has_gripper) {
		const struct arm_joint *g = &a->joint[a->gripper_index];
		int shut_low = a->grip_closed < a->grip_open;

		a->grip_closed = shut_low ? g->lo : g->hi;
		a->grip_open = shut_low ? g->hi : g->lo;
	}
}

enum servoarm_status
servoarm_lerobot_burn(struct servoarm_bus *k, const struct servoarm_lerobot *c)
{
	enum servoarm_status st;
	long v[3];
	int i, m;

	for (i = 0; i < k->arm.n; i++)
		if ((st = servoarm_torque(k, i, 0)) != SERVOARM_OK)
			return st;
	for (i = 0; i < k->arm.n; i++) {
		for (m = 0; m < c->n && c->m[m].id != k->ids[i]; m++)
			;
		if (m == c->n)
			continue;
		v[0] = c->m[m].homing_offset;
		v[1] = c->m[m].range_min;
		v[2] = c->m[m].range_max;
		if ((st = burn(k, i, calib_fields, v, 3)) != SERVOARM_OK)
			return st;
	}
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_calib_finish(struct servoarm_bus *k, struct servoarm_range *rg,
    const long *homing, int write, int dry_run, struct arm_desc *a)
{
	enum servoarm_status st;
	int i, why;

	for (i = 0; i < k->arm.n; i++)
		if ((st = servoarm_calib_centre(k, i, &rg[i], &why)) !=
		    SERVOARM_OK) {
			k->err = (uint8_t)why;
			return st;
		}
	for (i = 0; write && !dry_run && i < k->arm.n; i++)
		if ((st = servoarm_calib_burn(k, i, &rg[i])) != SERVOARM_OK)
			return st;
	servoarm_calib_arm(k, rg, homing, write, a);
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_lerobot_export(struct servoarm_bus *k, const struct arm_desc *a,
    struct servoarm_lerobot *c)
{
	long homing[SERVOARM_MAX];
	enum servoarm_status st;

	if ((st = servoarm_read_homing(k, homing)) == SERVOARM_OK)
		servoarm_lerobot_from_arm(a, homing, c);
	return st;
}
