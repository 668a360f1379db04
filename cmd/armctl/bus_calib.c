/*
 * bus_calib.c - armctl --bus calibrate: with the arm limp, record every
 * joint's range while the user moves it, and make the middle of each range
 * the joint's zero (tick 2048): the homing offsets and position limits go
 * to a calibration file, and with --write into the servos' EEPROM.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static int
read_offsets(struct busctl *k, long *homing)
{
	const struct servo_reg *r = servo_reg(k->proto, SF_HOMING);
	struct servo_packet p;
	int i;

	for (i = 0; i < k->arm.n; i++) {
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

/* The offset that puts the middle of the range at tick 2048. */
static int
centre(const struct busctl *k, int i, struct range *r)
{
	long mid = (r->min + r->max) / 2;
	long lim = k->proto == SERVO_DXL ? 1024 : 2047;

	r->offset = k->proto == SERVO_DXL ? 2048 - mid : mid - 2048;
	if (labs(r->offset) > lim) {
		warnx_tool("calibrate: %s: the middle of its range is %ld ticks "
		    "from the servo's centre, more than an offset of %ld can "
		    "move: turn its horn on the spline", k->arm.j[i].name,
		    labs(r->offset), lim);
		return EXIT_JOB_FAILED;
	}
	if (strcmp(k->arm.j[i].name, "wrist_roll") == 0) {
		r->lo = 0;	/* turns all the way round */
		r->hi = 4095;
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
		reg = servo_reg(k->proto, fields[f]);
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

static int
write_file(const struct busctl *k, const struct range *rg, const char *path)
{
	struct atomic_file af;
	int i;

	if (atomic_open(&af, path) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	fprintf(af.fp, "joint,id,homing_offset,range_min,range_max,lo,hi\n");
	for (i = 0; i < k->arm.n; i++)
		fprintf(af.fp, "%s,%u,%ld,%ld,%ld,%.2f,%.2f\n",
		    k->arm.j[i].name, k->ids[i], rg[i].offset, rg[i].lo,
		    rg[i].hi, (rg[i].lo - 2048) * 360.0 / 4096,
		    (rg[i].hi - 2048) * 360.0 / 4096);
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
		return write_file(k, rg, "-");
	if (k->o->write)
		for (i = 0; i < k->arm.n; i++)
			if ((r = burn(k, i, &rg[i])) != 0)
				return r;
	return write_file(k, rg, k->o->output ? k->o->output : "-");
}
