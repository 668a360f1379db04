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
#include "host/exits.h"
#include "host/slurp.h"

int
arm_load(struct arm_desc *a, const char *path)
{
	int stdin_ = strcmp(path, "-") == 0;
	FILE *fp = stdin_ ? stdin : fopen(path, "rb");
	struct diag d = diag_for(stdin_ ? "<stdin>" : path);
	unsigned char *buf = NULL;
	size_t len = 0;
	int rc;

	if (fp == NULL) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_NOINPUT;
	}
	rc = slurp_source(fp, "an arm description", &d, &buf, &len);
	if (!stdin_)
		fclose(fp);
	if (rc < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	if (rc > 0)
		return EXIT_DATAERR;
	rc = arm_parse(a, buf, len, &d);
	free(buf);
	return rc < 0 ? EXIT_DATAERR : 0;
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
