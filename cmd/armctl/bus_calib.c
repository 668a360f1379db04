/*
 * bus_calib.c - armctl --bus calibrate: with the arm limp, record every
 * joint's range while the user moves it, and make the middle of each range
 * the joint's zero: with --arm a calibrated copy of the arm file (servo
 * offsets and limits filled in), else a CSV of homing offsets and limits;
 * with --write the offsets and limits go into the servos' EEPROM too.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arm/arm.h"
#include "bus.h"
#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "servo/regs.h"

#define SAMPLE_MS 20

struct range {
	long min, max;		/* actual ticks seen (homing undone) */
	long offset;		/* the homing offset that centres them */
	long lo, hi;		/* the limits, in ticks after that offset */
};

/* Actual shaft ticks from a present position and the servo's offset. */
static long
actual(const struct busctl *k, long present, long homing)
{
	return k->proto == SERVO_DXL ? present - homing : present + homing;
}

/* And back: what the servo reads at actual ticks under that offset. */
static long
present_at(const struct busctl *k, long actual, long homing)
{
	return k->proto == SERVO_DXL ? actual + homing : actual - homing;
}

/* SCS has no homing offset (spec A2): its limits are all it keeps. */
static int
has_homing(const struct busctl *k, int i)
{
	return bus_reg(k, i, SF_HOMING)->size != 0;
}

static int
read_offsets(struct busctl *k, long *homing)
{
	const struct servo_reg *r;
	struct servo_packet p;
	int i;

	for (i = 0; i < k->arm.n; i++) {
		homing[i] = 0;
		if (!has_homing(k, i))
			continue;
		r = bus_reg(k, i, SF_HOMING);
		if (servobus_read(&k->b, k->ids[i], r->addr, r->size, &p) != 0)
			return -1;
		homing[i] = servo_reg_get(r, p.p);
	}
	return 0;
}

/* Ticks as read, one per joint. */
static int
sample(struct busctl *k, const long *homing, struct range *rg, int first)
{
	struct bus_feedback f;
	long t;
	int i;

	if (bus_feedback(k, &f) != 0)
		return -1;
	for (i = 0; i < k->arm.n; i++) {
		t = actual(k, lround(servoarm_ticks(&k->arm.j[i], f.q[i])),
		    homing[i]);
		if (first || t < rg[i].min)
			rg[i].min = t;
		if (first || t > rg[i].max)
			rg[i].max = t;
	}
	return 0;
}

static void
show(const struct busctl *k, const struct range *rg)
{
	int i;

	fputc('\r', stderr);
	for (i = 0; i < k->arm.n; i++)
		fprintf(stderr, "%s %ld..%ld  ", k->arm.j[i].name, rg[i].min,
		    rg[i].max);
	fflush(stderr);
}

/* Sample until a line arrives on stdin; 0, -1 bus failure, 1 no input. */
static int
record(struct busctl *k, const long *homing, struct range *rg)
{
	struct pollfd pfd = { STDIN_FILENO, POLLIN, 0 };
	int live = isatty(STDERR_FILENO), first = 1;
	char line[256];

	fprintf(stderr, "%s: calibrate: move every joint through its whole "
	    "range, then press Enter\n", tool_name());
	for (;;) {
		if (sample(k, homing, rg, first) != 0)
			return -1;
		first = 0;
		if (live)
			show(k, rg);
		if (k->c->interrupted && *k->c->interrupted)
			return -1;
		if (poll(&pfd, 1, SAMPLE_MS) > 0) {
			if (live)
				fputc('\n', stderr);
			return fgets(line, sizeof line, stdin) ? 0 : 1;
		}
	}
}

/* The offset that puts the middle of the range at the servo's centre
 * (2048 of 4096); without a homing offset the range stays as it is. */
static int
centre(const struct busctl *k, int i, struct range *r)
{
	long mid = (r->min + r->max) / 2, half = k->arm.j[i].ticks / 2;
	long lim = k->proto == SERVO_DXL ? 1024 : 2047;

	r->offset = !has_homing(k, i) ? 0 : k->proto == SERVO_DXL ?
	    half - mid : mid - half;
	if (labs(r->offset) > lim) {
		warnx_tool("calibrate: %s: the middle of its range is %ld ticks "
		    "from the servo's centre, more than an offset of %ld can "
		    "move: turn its horn on the spline", k->arm.j[i].name,
		    labs(r->offset), lim);
		return EXIT_JOB_FAILED;
	}
	if (strcmp(k->arm.j[i].name, "wrist_roll") == 0) {
		r->lo = 0;	/* turns all the way round */
		r->hi = k->arm.j[i].ticks - 1;
		return 0;
	}
	if (r->min == r->max) {
		warnx_tool("calibrate: %s did not move: move every joint "
		    "through its whole range", k->arm.j[i].name);
		return EXIT_JOB_FAILED;
	}
	r->lo = k->proto == SERVO_DXL ? r->min + r->offset : r->min - r->offset;
	r->hi = k->proto == SERVO_DXL ? r->max + r->offset : r->max - r->offset;
	return 0;
}

/* Into the servo's EEPROM: torque is off, Feetech's lock is open. */
static int
burn(struct busctl *k, int i, const struct range *r)
{
	static const enum servo_field fields[3] = { SF_HOMING, SF_MIN_LIMIT,
	    SF_MAX_LIMIT };
	const long v[3] = { r->offset, r->lo, r->hi };
	const struct servo_reg *reg;
	struct servo_packet p;
	uint8_t data[4];
	int f;

	for (f = 0; f < 3; f++) {
		if ((reg = bus_reg(k, i, fields[f]))->size == 0)
			continue;
		servo_reg_put(reg, (int32_t)v[f], data);
		if (servobus_write(&k->b, k->ids[i], reg->addr, data, reg->size,
		    &p) != 0)
			return bus_failed(k, "calibrate");
		if (k->proto == SERVO_DXL && (p.err & 0x7Fu)) {
			warnx_tool("calibrate: id %u (%s) refused the write",
			    k->ids[i], k->arm.j[i].name);
			return EXIT_JOB_FAILED;
		}
	}
	return 0;
}

/* Degrees from the servo's centre, for the CSV. */
static double
deg(const struct busctl *k, int i, long t)
{
	long n = k->arm.j[i].ticks;

	return (double)(t - n / 2) * 360.0 / (double)n;
}

static void
write_csv(FILE *fp, const struct busctl *k, const struct range *rg)
{
	int i;

	fprintf(fp, "joint,id,homing_offset,range_min,range_max,lo,hi\n");
	for (i = 0; i < k->arm.n; i++)
		fprintf(fp, "%s,%u,%ld,%ld,%ld,%.2f,%.2f\n", k->arm.j[i].name,
		    k->ids[i], rg[i].offset, rg[i].lo, rg[i].hi,
		    deg(k, i, rg[i].lo), deg(k, i, rg[i].hi));
}

/*
 * Joint i of the calibrated arm file: its zero is the middle of the range
 * in the ticks the servo will read (the new offset's after --write, else
 * its present offset's); the limits are the range, in joint values.
 */
static void
calibrate_joint(const struct busctl *k, int i, const struct range *r,
    const long *homing, struct arm_joint *j)
{
	long h = k->o->write && has_homing(k, i) ? r->offset : homing[i];
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

/* The --arm file with every joint calibrated; the gripper's 0 % and 100 %
 * become the ends of its range, each on the side it was. */
static int
write_arm(FILE *fp, const struct busctl *k, const struct range *rg,
    const long *homing)
{
	struct arm_desc a = *k->c->arm;
	int i;

	for (i = 0; i < k->arm.n && i < a.njoints; i++)
		calibrate_joint(k, i, &rg[i], homing, &a.joint[i]);
	if (a.has_gripper) {
		const struct arm_joint *g = &a.joint[a.gripper_index];
		int shut_low = a.grip_closed < a.grip_open;

		a.grip_closed = shut_low ? g->lo : g->hi;
		a.grip_open = shut_low ? g->hi : g->lo;
	}
	fprintf(fp, "# %s, calibrated by armctl --bus %s calibrate%s\n",
	    k->c->arm_file, k->o->bus, k->o->write ?
	    " --write (offsets and limits in the servos too)" : "");
	return arm_write(fp, &a);
}

static int
write_file(const struct busctl *k, const struct range *rg,
    const long *homing, const char *path)
{
	struct atomic_file af;

	if (atomic_open(&af, path) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	if (k->c->arm)
		(void)write_arm(af.fp, k, rg, homing);
	else
		write_csv(af.fp, k, rg);
	if (atomic_commit(&af) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	return 0;
}

int
bus_calibrate(struct busctl *k, int argc, char **argv)
{
	struct range rg[SERVOARM_MAX];
	long homing[SERVOARM_MAX];
	int i, r;

	if (argc > 1) {
		warnx_tool("%s: takes no operands (--output FILE)", argv[0]);
		return EXIT_USAGE;
	}
	for (i = 0; i < k->arm.n; i++)
		if ((r = bus_torque(k, i, 0)) != 0)
			return r < 0 ? bus_failed(k, "calibrate") :
			    EXIT_JOB_FAILED;
	if (read_offsets(k, homing) != 0)
		return bus_failed(k, "calibrate");
	if ((r = record(k, homing, rg)) < 0)
		return k->b.fail == SERVOBUS_OK || k->b.fail == SERVOBUS_INTR ?
		    CTL_INTERRUPTED : bus_failed(k, "calibrate");
	if (r > 0) {
		warnx_tool("calibrate: input ended before the ranges were "
		    "done");
		return EXIT_JOB_FAILED;
	}
	for (i = 0; i < k->arm.n; i++)
		if ((r = centre(k, i, &rg[i])) != 0)
			return r;
	if (k->o->dry_run)
		return write_file(k, rg, homing, "-");
	if (k->o->write)
		for (i = 0; i < k->arm.n; i++)
			if ((r = burn(k, i, &rg[i])) != 0)
				return r;
	return write_file(k, rg, homing, k->o->output ? k->o->output : "-");
}
