/*
 * write.c - an arm description written back as spine-arm(5) YAML, every
 * field spelt out, so that arm_parse reads the same description again
 * (armctl --bus calibrate); and its joints as a table (armctl joints).
 */
#include <stdio.h>

#include "arm/arm.h"
#include "host/fmtnum.h"
#include "host/table.h"

/* Numbers as the shortest text that reads back to the same double. */
static const char *
num(char *buf, double v)
{
	fmt_shortest(buf, v);
	return buf;
}

static void
servo(FILE *fp, const struct arm_servo *s)
{
	char b[FMTNUM_MAX];

	fprintf(fp, "{ id: %d", s->id);
	if (s->model[0])
		fprintf(fp, ", model: '%s'", s->model);
	fprintf(fp, ", ticks: %ld, direction: %d, offset: %s }\n", s->ticks,
	    s->direction, num(b, s->offset));
}

/* One joint's fields at indent `in` (the first already placed). */
static void
joint(FILE *fp, const struct arm_desc *a, const struct arm_joint *j,
    const char *in)
{
	char b1[FMTNUM_MAX], b2[FMTNUM_MAX];

	/* single quotes: names hold no quote (spine-arm(5)) */
	fprintf(fp, "name: '%s'\n", j->name);
	fprintf(fp, "%slimits: [%s, %s]\n", in, num(b1, j->lo), num(b2, j->hi));
	fprintf(fp, "%szero: %s\n", in, num(b1, j->zero));
	fprintf(fp, "%sdirection: %d\n", in, j->direction);
	fprintf(fp, "%sspeed: %s\n", in, num(b1, j->speed));
	fprintf(fp, "%saccel: %s\n", in, num(b1, j->accel));
	if (j->role == ARM_BASE) {
		fprintf(fp, "%sheight: %s\n", in, num(b1, a->height));
		fprintf(fp, "%soffset: %s\n", in, num(b1, a->reach0));
	}
	if (j->role == ARM_PITCH) {
		fprintf(fp, "%slength: %s\n", in, num(b1, j->length));
		if (j->absolute)
			fprintf(fp, "%sabsolute: true\n", in);
	}
	if (j->role == ARM_GRIPPER) {
		fprintf(fp, "%sclosed: %s\n", in, num(b1, a->grip_closed));
		fprintf(fp, "%sopen: %s\n", in, num(b1, a->grip_open));
	}
	if (j->servo.has) {
		fprintf(fp, "%sservo: ", in);
		servo(fp, &j->servo);
	}
}

int
arm_write(FILE *fp, const struct arm_desc *a)
{
	char b[FMTNUM_MAX];
	int i;

	fprintf(fp, "name: '%s'\n", a->name);
	for (i = 0; i < a->njoints; i++) {
		const struct arm_joint *j = &a->joint[i];

		if (j->role == ARM_BASE) {
			fputs("base:\n  ", fp);
			joint(fp, a, j, "  ");
		} else if (j->role == ARM_PITCH) {
			if (i == a->chain_index)
				fputs("chain:\n", fp);
			fputs("  - ", fp);
			joint(fp, a, j, "    ");
		} else {
			fprintf(fp, "%s:\n  ", j->role == ARM_ROLL ? "roll" :
			    "gripper");
			joint(fp, a, j, "  ");
		}
		if (i == a->chain_index + a->nchain - 1)
			fprintf(fp, "tool: %s\n", num(b, a->tool));
	}
	return ferror(fp) ? -1 : 0;
}

int
arm_joints_write(FILE *fp, const struct arm_desc *a)
{
	static const char *const cols[] = { "joint", "role", "lo", "hi",
	    "servo" };
	static const char *const roles[] = { "base", "chain", "roll",
	    "gripper" };
	struct table t;
	int j;

	table_init(&t, fp, TABLE_CSV, TABLE_ROUND_TRIP, cols, 5);
	table_header(&t);
	for (j = 0; j < a->njoints; j++) {
		const struct arm_joint *jt = &a->joint[j];

		table_str(&t, jt->name);
		table_str(&t, roles[jt->role]);
		table_num(&t, jt->lo);
		table_num(&t, jt->hi);
		if (jt->servo.has)
			table_long(&t, jt->servo.id);
		else
			table_null(&t);
		table_end_row(&t);
	}
	return table_flush(&t);
}
