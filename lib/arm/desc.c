/*
 * desc.c - loading an arm description from a file and the small
 * conversions every user of one needs: joint lookup by name, gripper
 * percent, servo ticks, limits.  Called by ikreach, armsim, armctl.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm.h"

/* arm_parse for arm_read_file. */
static int
parse_desc(void *a, const unsigned char *buf, size_t len, struct diag *d)
{
	return arm_parse(a, buf, len, d);
}

enum arm_status
arm_load(struct arm_desc *a, const char *path, struct diag *say)
{
	return arm_read_file(path, "an arm description", parse_desc, a, say);
}

int
arm_find(const struct arm_desc *a, const char *name, size_t len)
{
	int i;

	for (i = 0; i < a->njoints; i++)
		if (strlen(a->joint[i].name) == len &&
		    memcmp(a->joint[i].name, name, len) == 0)
			return i;
	return -1;
}

double
arm_grip_value(const struct arm_desc *a, double pct)
{
	return a->grip_closed + pct / 100 * (a->grip_open - a->grip_closed);
}

double
arm_grip_pct(const struct arm_desc *a, double value)
{
	return (value - a->grip_closed) / (a->grip_open - a->grip_closed) *
	    100;
}

double
arm_servo_ticks(const struct arm_joint *j, double q)
{
	if (j->servo.ticks <= 0)
		return q;
	return j->servo.offset + j->servo.direction * q *
	    (double)j->servo.ticks / 360;
}

double
arm_servo_value(const struct arm_joint *j, double ticks)
{
	if (j->servo.ticks <= 0)	/* no servo described */
		return ticks;
	return (ticks - j->servo.offset) * 360 / (double)j->servo.ticks *
	    j->servo.direction;
}

double
arm_clamp(const struct arm_joint *j, double q)
{
	return q < j->lo ? j->lo : q > j->hi ? j->hi : q;
}
