/*
 * lerobot.c - LeRobot's calibration file both ways (calib.h), from the
 * facts of spec/lerobot-calibration.md: one JSON object per motor with
 * id, drive_mode, homing_offset, range_min and range_max; a body joint
 * reads (raw - mid) x 360 / 4095 degrees from mid = (range_min +
 * range_max) / 2, the gripper (raw - range_min) / (range_max - range_min)
 * x 100 %.  An arm file with offset = mid and limits = the range reads
 * the same (spine divides by 4096: within 0.03 degree at 100 degrees).
 * Called by armctl --bus calibrate --from-lerobot / --lerobot-out.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/slurp.h"
#include "servoarm/calib.h"
#include "yaml/ydoc.h"

static int
motor(const struct ydoc *doc, const struct ynode *name,
    const struct ynode *v, struct servoarm_lerobot_motor *m, struct diag *d)
{
	static const char *const keys[] = { "id", "drive_mode",
	    "homing_offset", "range_min", "range_max", NULL };
	const struct ynode *f[5];
	long id, dm;
	int i;

	if (name->len == 0 || name->len >= sizeof m->name ||
	    memchr(name->text, '\0', name->len) != NULL) {
		ydoc_error(d, name, "a motor's name must be 1 to %zu bytes",
		    sizeof m->name - 1);
		return -1;
	}
	memcpy(m->name, name->text, name->len + 1);
	if (ymap_fields(doc, v, keys, f, m->name, d) != 0)
		return -1;
	for (i = 0; i < 5; i++)
		if (f[i] == NULL) {
			ydoc_error(d, v, "%s: no %s", m->name, keys[i]);
			return -1;
		}
	if (yget_long(f[0], 0, 253, "id", d, &id) != 0 ||
	    yget_long(f[1], 0, 1, "drive_mode", d, &dm) != 0 ||
	    yget_long(f[2], -1048576, 1048576, "homing_offset", d,
	    &m->homing_offset) != 0 ||
	    yget_long(f[3], -1048576, 1048576, "range_min", d,
	    &m->range_min) != 0 ||
	    yget_long(f[4], -1048576, 1048576, "range_max", d,
	    &m->range_max) != 0)
		return -1;
	if (m->range_min >= m->range_max) {
		ydoc_error(d, f[3], "%s: range_min %ld is not below range_max "
		    "%ld", m->name, m->range_min, m->range_max);
		return -1;
	}
	m->id = (int)id;
	m->drive_mode = (int)dm;
	return 0;
}

int
servoarm_lerobot_parse(struct servoarm_lerobot *c, const unsigned char *buf,
    size_t len, struct diag *d)
{
	const struct ynode *root, *key, *value;
	struct ydoc doc;
	int32_t it = YDOC_NONE;
	int rc = 0;

	memset(c, 0, sizeof *c);
	if (ydoc_load(&doc, buf, len, d) != 0)
		return -1;
	root = ydoc_at(&doc, 0);
	if (root->kind != YNODE_MAP) {
		ydoc_error(d, root, "a LeRobot calibration is an object of "
		    "motors by name");
		rc = -1;
	} else if (ymap_check_keys(&doc, root, d) != 0)
		rc = -1;
	while (rc == 0 && ymap_next(&doc, root, &it, &key, &value)) {
		if (c->n == ARM_MAX_JOINTS) {
			ydoc_error(d, key, "more than %d motors",
			    ARM_MAX_JOINTS);
			rc = -1;
		} else
			rc = motor(&doc, key, value, &c->m[c->n++], d);
	}
	if (rc == 0 && c->n == 0) {
		ydoc_error(d, root, "no motors");
		rc = -1;
	}
	ydoc_free(&doc);
	return rc;
}

int
servoarm_lerobot_load(struct servoarm_lerobot *c, const char *path)
{
	struct diag d = diag_for(path);
	unsigned char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int r;

	if ((fp = fopen(path, "rb")) == NULL) {
		diag_error(&d, 0, 0, "cannot open: %s", strerror(errno));
		return 1;
	}
	r = slurp_source(fp, "a calibration", &d, &buf, &len);
	fclose(fp);
	if (r < 0)
		diag_error(&d, 0, 0, "cannot read: %s", strerror(errno));
	else if (r == 0 && servoarm_lerobot_parse(c, buf, len, &d) != 0)
		r = 2;
	free(buf);
	return r < 0 ? 1 : r > 0 ? -1 : 0;
}

/* The motor for joint j: by name, else by servo id; NULL if none. */
static const struct servoarm_lerobot_motor *
motor_for(const struct servoarm_lerobot *c, const struct arm_joint *j)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->m[i].name, j->name) == 0)
			return &c->m[i];
	for (i = 0; i < c->n && j->servo.has; i++)
		if (c->m[i].id == j->servo.id)
			return &c->m[i];
	return NULL;
}

int
servoarm_lerobot_apply(const struct servoarm_lerobot *c, struct arm_desc *a,
    char *why, size_t whylen)
{
	const struct servoarm_lerobot_motor *m;
	struct arm_joint *j;
	double per, lo, hi;
	int i;

	for (i = 0; i < a->njoints; i++) {
		j = &a->joint[i];
		if ((m = motor_for(c, j)) == NULL) {
			snprintf(why, whylen, "no motor for joint %s (by name "
			    "or servo id)", j->name);
			return -1;
		}
		if (!j->servo.has) {
			j->servo.has = 1;
			j->servo.series = -1;
		}
		j->servo.id = m->id;
		if (j->servo.ticks <= 0)
			j->servo.ticks = 4096;
		j->servo.direction = m->drive_mode ? -1 : 1;
		j->servo.offset = (m->range_min + m->range_max) / 2.0;
		per = 360.0 / (double)j->servo.ticks * j->servo.direction;
		lo = (m->range_min - j->servo.offset) * per;
		hi = (m->range_max - j->servo.offset) * per;
		if (j->role == ARM_GRIPPER) {
			/* 0 % at range_min; inverted, at range_max */
			a->grip_closed = m->drive_mode ? hi : lo;
			a->grip_open = m->drive_mode ? lo : hi;
		}
		j->lo = lo < hi ? lo : hi;
		j->hi = lo < hi ? hi : lo;
	}
	return 0;
}

/* Joint j's ticks at joint value q, as a whole tick. */
static long
ticks_at(const struct arm_joint *j, double q)
{
	return lround(arm_servo_ticks(j, q));
}

void
servoarm_lerobot_from_arm(const struct arm_desc *a, const long *homing,
    struct servoarm_lerobot *c)
{
	struct servoarm_lerobot_motor *m;
	const struct arm_joint *j;
	long t0, t1;
	int i;

	memset(c, 0, sizeof *c);
	for (i = 0; i < a->njoints; i++) {
		j = &a->joint[i];
		m = &c->m[c->n++];
		snprintf(m->name, sizeof m->name, "%s", j->name);
		m->id = j->servo.id;
		m->homing_offset = homing[i];
		if (j->role == ARM_GRIPPER) {
			t0 = ticks_at(j, a->grip_closed);
			t1 = ticks_at(j, a->grip_open);
		} else {
			t0 = ticks_at(j, j->lo);
			t1 = ticks_at(j, j->hi);
		}
		/* LeRobot's 0 % or its lower degrees at range_min: a joint
		 * whose ticks fall as it rises is driven inverted */
		m->drive_mode = t0 > t1;
		m->range_min = t0 < t1 ? t0 : t1;
		m->range_max = t0 < t1 ? t1 : t0;
	}
}

int
servoarm_lerobot_write(FILE *fp, const struct servoarm_lerobot *c)
{
	const struct servoarm_lerobot_motor *m;
	int i;

	fputs("{\n", fp);
	for (i = 0; i < c->n; i++) {
		m = &c->m[i];
		fprintf(fp, "    \"%s\": {\n        \"id\": %d,\n        "
		    "\"drive_mode\": %d,\n        \"homing_offset\": %ld,\n"
		    "        \"range_min\": %ld,\n        \"range_max\": %ld\n"
		    "    }%s\n", m->name, m->id, m->drive_mode,
		    m->homing_offset, m->range_min, m->range_max,
		    i + 1 < c->n ? "," : "");
	}
	fputs("}\n", fp);
	return ferror(fp) ? -1 : 0;
}

int
servoarm_lerobot_import(struct servoarm_lerobot *c, const char *path,
    struct arm_desc *a)
{
	struct diag d = diag_for(path);
	char why[200];
	int r;

	if ((r = servoarm_lerobot_load(c, path)) != 0)
		return r;
	if (servoarm_lerobot_apply(c, a, why, sizeof why) == 0)
		return 0;
	diag_error(&d, 0, 0, "%s", why);
	return -1;
}
