/*
 * output.c - what a bus arm's commands write: the servos' table (info),
 * the pose table (pos), a calibration (a calibrated arm file, the CSV of
 * offsets and limits, or LeRobot's JSON), whole or not at all.
 */
#include <math.h>

#include "arm/pose.h"
#include "host/atomic.h"
#include "host/table.h"
#include "servoarm/calib.h"

/* A number to a tenth, or nothing (an SCS tells no current). */
static void
tenth(struct table *t, double v)
{
	if (isnan(v))
		table_null(t);
	else
		table_num(t, round(v * 10) / 10);
}

/* One servo's row: joint, id, model, firmware, volts, temperature, load,
 * current, torque, error bits. */
static void
info_row(struct table *t, const struct servoarm_bus *k, int i,
    const struct servoarm_feedback *f, const struct servoarm_info *in)
{
	char text[120];

	servo_err_text(k->proto, f->err[i], text, sizeof text);
	table_str(t, k->arm.j[i].name);
	table_long(t, k->ids[i]);
	table_long(t, in->model);
	table_str(t, in->firmware);
	table_num(t, f->volts[i]);
	table_long(t, f->celsius[i]);
	tenth(t, f->load[i]);
	tenth(t, f->ma[i]);
	table_str(t, in->torque ? "on" : "off");
	table_str(t, text);
	table_end_row(t);
}

enum servoarm_status
servoarm_info_table(struct servoarm_bus *k, FILE *fp)
{
	static const char *const cols[] = { "joint", "id", "model",
	    "firmware", "volts", "celsius", "load", "current", "torque",
	    "errors" };
	struct servoarm_feedback f;
	struct servoarm_info in;
	enum servoarm_status st;
	struct table t;
	int i;

	table_init(&t, fp, TABLE_CSV, TABLE_ROUND_TRIP, cols, 10);
	table_header(&t);
	if ((st = servoarm_feedback(k, &f)) != SERVOARM_OK)
		return st;
	for (i = 0; i < k->arm.n; i++) {
		if ((st = servoarm_info(k, i, &in)) != SERVOARM_OK)
			return st;
		info_row(&t, k, i, &f, &in);
	}
	(void)table_flush(&t);
	return SERVOARM_OK;
}

enum servoarm_status
servoarm_pose_table(struct servoarm_bus *k, const struct arm_desc *d,
    FILE *fp)
{
	double q[SERVOARM_MAX];
	enum servoarm_status st = servoarm_where(k, q);

	if (st == SERVOARM_OK || st == SERVOARM_SERVO_ERROR)
		(void)arm_pose_write_arm(fp, d, q);
	return st;
}

int
servoarm_calib_save(const char *path, const struct servoarm_bus *k,
    const struct servoarm_calib_out *w)
{
	struct atomic_file af;

	if (atomic_open(&af, path) != 0)
		return -1;
	if (w->lr)
		(void)servoarm_lerobot_write(af.fp, w->lr);
	else if (w->rg)
		servoarm_calib_csv(af.fp, k, w->rg);
	else {
		fprintf(af.fp, "%s\n", w->comment);
		(void)arm_write(af.fp, w->a);
	}
	return atomic_commit(&af);
}
