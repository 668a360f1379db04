/*
 * parse.c - reading an arm description (spine-arm(5)) from YAML into a
 * struct arm_desc.  Called by arm_load (load.c) and the unit tests.  The
 * tree comes from plansrc's ydoc: libyaml's event parser, aliases refused,
 * nesting depth bounded, every node with its line and column.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arm/arm.h"
#include "host/num.h"
#include "yaml/ydoc.h"
#include "servo/regs.h"

#define BIG 1e6			/* no length or angle in a real arm is near */

struct reader {
	const struct ydoc *doc;
	struct diag *d;
	struct arm_desc *a;
};

/* A finite number within lo..hi; 0, or -1 after reporting. */
static int
get_double(struct reader *r, const struct ynode *n, double lo, double hi,
    const char *what, double *out)
{
	char buf[64];

	if (n->kind != YNODE_SCALAR || !n->plain ||
	    n->len != strlen(n->text) || num_double(n->text, out) != NUM_OK) {
		ydoc_error(r->d, n, "%s: expected a number, found %s", what,
		    ynode_what(n, buf, sizeof buf));
		return -1;
	}
	if (*out < lo || *out > hi) {
		ydoc_error(r->d, n, "%s: %.40s is outside %g..%g", what,
		    n->text, lo, hi);
		return -1;
	}
	return 0;
}

static int
get_direction(struct reader *r, const struct ynode *n, const char *what,
    int *out)
{
	long v;

	if (yget_long(n, -1, 1, what, r->d, &v) < 0)
		return -1;
	if (v == 0) {
		ydoc_error(r->d, n, "%s: 1 or -1, not 0", what);
		return -1;
	}
	*out = (int)v;
	return 0;
}

/* limits: [lo, hi] */
static int
get_limits(struct reader *r, const struct ynode *n, struct arm_joint *j)
{
	const struct ynode *item[2];
	int32_t it = YDOC_NONE;
	char buf[64];
	int k = 0;

	if (n->kind != YNODE_SEQ || n->count != 2) {
		ydoc_error(r->d, n, "limits: expected [lo, hi], found %s",
		    ynode_what(n, buf, sizeof buf));
		return -1;
	}
	while (k < 2 && yseq_next(r->doc, n, &it, &item[k]))
		k++;
	if (get_double(r, item[0], -BIG, BIG, "limits", &j->lo) < 0 ||
	    get_double(r, item[1], -BIG, BIG, "limits", &j->hi) < 0)
		return -1;
	if (j->lo > j->hi) {
		ydoc_error(r->d, n, "limits: lo %g is above hi %g", j->lo,
		    j->hi);
		return -1;
	}
	return 0;
}

/* model: a servo model or series servo/regs.h knows; its steps a turn
 * become the default ticks. */
static int
get_model(struct reader *r, const struct ynode *n, struct arm_servo *s)
{
	const char *name;

	if (yget_name(n, "servo model", r->d, &name) < 0)
		return -1;
	if (strlen(name) >= sizeof s->model ||
	    (s->series = servo_series_find(name)) < 0) {
		ydoc_error(r->d, n, "servo model '%.40s': want sts3215, sts, "
		    "scs0009, scs15, scs, xl330, xl430 or dxl", name);
		return -1;
	}
	snprintf(s->model, sizeof s->model, "%s", name);
	s->ticks = servo_series((enum servo_series)s->series)->ticks;
	return 0;
}

static int
get_servo(struct reader *r, const struct ynode *n, struct arm_servo *s)
{
	static const char *const keys[] = { "id", "ticks", "direction",
	    "offset", "model", NULL };
	const struct ynode *v[5];
	long id;

	if (ymap_fields(r->doc, n, keys, v, "servo", r->d) < 0)
		return -1;
	if (v[0] == NULL) {
		ydoc_error(r->d, n, "servo: needs an id");
		return -1;
	}
	s->has = 1;
	s->ticks = 4096;
	s->direction = 1;
	s->offset = 0;
	s->series = -1;
	if ((v[4] && get_model(r, v[4], s) < 0) ||
	    yget_long(v[0], 0, 253, "servo id", r->d, &id) < 0 ||
	    (v[1] && yget_long(v[1], 1, 1L << 30, "servo ticks", r->d,
	    &s->ticks) < 0) ||
	    (v[2] && get_direction(r, v[2], "servo direction",
	    &s->direction) < 0) ||
	    (v[3] && get_double(r, v[3], -BIG, BIG, "servo offset",
	    &s->offset) < 0))
		return -1;
	s->id = (int)id;
	return 0;
}

/* The fields every joint has; key index as in joint_keys[]. */
static const char *const joint_keys[] = { "name", "limits", "zero",
    "direction", "speed", "accel", "servo", "length", "absolute", "height",
    "offset", "closed", "open", NULL };
enum { K_NAME, K_LIMITS, K_ZERO, K_DIR, K_SPEED, K_ACCEL, K_SERVO, K_LENGTH,
    K_ABSOLUTE, K_HEIGHT, K_OFFSET, K_CLOSED, K_OPEN, K_COUNT };

static int
get_name(struct reader *r, const struct ynode *n, char *out)
{
	const char *s;
	size_t i;

	if (yget_name(n, "name", r->d, &s) < 0)
		return -1;
	if (strlen(s) >= ARM_NAME_MAX) {
		ydoc_error(r->d, n, "name: longer than %d bytes",
		    ARM_NAME_MAX - 1);
		return -1;
	}
	/* a CSV column name: no separators, quotes or spaces */
	for (i = 0; s[i]; i++)
		if (strchr(",;\"' \t\r\n", s[i]) || (unsigned char)s[i] < 32) {
			ydoc_error(r->d, n, "name '%.40s': letters, digits, "
			    "_ and - only", s);
			return -1;
		}
	strcpy(out, s);
	return 0;
}

static int
common_fields(struct reader *r, const struct ynode *const *v,
    struct arm_joint *j)
{
	j->direction = 1;
	j->speed = 180;
	j->accel = 720;
	j->lo = -180;
	j->hi = 180;
	if ((v[K_NAME] && get_name(r, v[K_NAME], j->name) < 0) ||
	    (v[K_LIMITS] && get_limits(r, v[K_LIMITS], j) < 0) ||
	    (v[K_ZERO] && get_double(r, v[K_ZERO], -360, 360, "zero",
	    &j->zero) < 0) ||
	    (v[K_DIR] && get_direction(r, v[K_DIR], "direction",
	    &j->direction) < 0) ||
	    (v[K_SPEED] && get_double(r, v[K_SPEED], 1e-3, BIG, "speed",
	    &j->speed) < 0) ||
	    (v[K_ACCEL] && get_double(r, v[K_ACCEL], 1e-3, BIG, "accel",
	    &j->accel) < 0) ||
	    (v[K_SERVO] && get_servo(r, v[K_SERVO], &j->servo) < 0))
		return -1;
	return 0;
}

/* Fields that only some roles take: refuse them elsewhere. */
static int
refuse_fields(struct reader *r, const struct ynode *const *v,
    const int *allowed, const char *what)
{
	int k, rc = 0;

	for (k = K_LENGTH; k < K_COUNT; k++)
		if (v[k] && !allowed[k]) {
			ydoc_error(r->d, v[k], "%s: no field '%s' here", what,
			    joint_keys[k]);
			rc = -1;
		}
	return rc;
}

static struct arm_joint *
new_joint(struct reader *r, const struct ynode *at, int role,
    const char *dflt)
{
	struct arm_joint *j;

	if (r->a->njoints == ARM_MAX_JOINTS) {
		ydoc_error(r->d, at, "too many joints (at most %d)",
		    ARM_MAX_JOINTS);
		return NULL;
	}
	j = &r->a->joint[r->a->njoints++];
	memset(j, 0, sizeof *j);
	j->role = role;
	j->line = at->line;
	j->col = at->col;
	snprintf(j->name, sizeof j->name, "%s", dflt);
	return j;
}

static int
read_base(struct reader *r, const struct ynode *n)
{
	static const int allowed[K_COUNT] = { [K_HEIGHT] = 1, [K_OFFSET] = 1 };
	const struct ynode *v[K_COUNT];
	struct arm_joint *j;

	if (ymap_fields(r->doc, n, joint_keys, v, "base", r->d) < 0 ||
	    refuse_fields(r, v, allowed, "base") < 0 ||
	    (j = new_joint(r, n, ARM_BASE, "base")) == NULL ||
	    common_fields(r, v, j) < 0)
		return -1;
	r->a->has_base = 1;
	r->a->base_index = (int)(j - r->a->joint);
	if ((v[K_HEIGHT] && get_double(r, v[K_HEIGHT], -BIG, BIG, "height",
	    &r->a->height) < 0) ||
	    (v[K_OFFSET] && get_double(r, v[K_OFFSET], -BIG, BIG, "offset",
	    &r->a->reach0) < 0))
		return -1;
	return 0;
}

static int
read_link(struct reader *r, const struct ynode *n, int k)
{
	static const int allowed[K_COUNT] = { [K_LENGTH] = 1,
	    [K_ABSOLUTE] = 1 };
	const struct ynode *v[K_COUNT];
	struct arm_joint *j;
	char dflt[16];

	snprintf(dflt, sizeof dflt, "q%d", k + 1);
	if (ymap_fields(r->doc, n, joint_keys, v, "chain joint", r->d) < 0 ||
	    refuse_fields(r, v, allowed, "chain joint") < 0 ||
	    (j = new_joint(r, n, ARM_PITCH, dflt)) == NULL ||
	    common_fields(r, v, j) < 0)
		return -1;
	if (v[K_LENGTH] == NULL) {
		ydoc_error(r->d, n, "chain joint: needs a length");
		return -1;
	}
	if (get_double(r, v[K_LENGTH], 1e-6, BIG, "length", &j->length) < 0 ||
	    (v[K_ABSOLUTE] && yget_bool(v[K_ABSOLUTE], "absolute", r->d,
	    &j->absolute) < 0))
		return -1;
	if (j->absolute && k == 0) {
		ydoc_error(r->d, v[K_ABSOLUTE], "absolute: the first chain "
		    "joint is already measured from the horizontal");
		return -1;
	}
	return 0;
}

static int
read_chain(struct reader *r, const struct ynode *n)
{
	const struct ynode *item;
	int32_t it = YDOC_NONE;
	char buf[64];
	int k = 0;

	if (n->kind != YNODE_SEQ || n->count == 0) {
		ydoc_error(r->d, n, "chain: expected a list of joints, found %s",
		    ynode_what(n, buf, sizeof buf));
		return -1;
	}
	if (n->count > ARM_MAX_CHAIN) {
		ydoc_error(r->d, n, "chain: at most %d joints", ARM_MAX_CHAIN);
		return -1;
	}
	r->a->chain_index = r->a->njoints;
	while (yseq_next(r->doc, n, &it, &item))
		if (read_link(r, item, k++) < 0)
			return -1;
	r->a->nchain = k;
	return 0;
}

static int
read_roll(struct reader *r, const struct ynode *n)
{
	static const int allowed[K_COUNT] = { 0 };
	const struct ynode *v[K_COUNT];
	struct arm_joint *j;

	if (ymap_fields(r->doc, n, joint_keys, v, "roll", r->d) < 0 ||
	    refuse_fields(r, v, allowed, "roll") < 0 ||
	    (j = new_joint(r, n, ARM_ROLL, "roll")) == NULL ||
	    common_fields(r, v, j) < 0)
		return -1;
	r->a->has_roll = 1;
	r->a->roll_index = (int)(j - r->a->joint);
	return 0;
}

static int
read_gripper(struct reader *r, const struct ynode *n)
{
	static const int allowed[K_COUNT] = { [K_CLOSED] = 1, [K_OPEN] = 1 };
	const struct ynode *v[K_COUNT];
	struct arm_joint *j;
	struct arm_desc *a = r->a;

	if (ymap_fields(r->doc, n, joint_keys, v, "gripper", r->d) < 0 ||
	    refuse_fields(r, v, allowed, "gripper") < 0 ||
	    (j = new_joint(r, n, ARM_GRIPPER, "gripper")) == NULL ||
	    common_fields(r, v, j) < 0)
		return -1;
	a->has_gripper = 1;
	a->gripper_index = (int)(j - a->joint);
	a->grip_closed = 0;
	a->grip_open = 100;
	if ((v[K_CLOSED] && get_double(r, v[K_CLOSED], -BIG, BIG, "closed",
	    &a->grip_closed) < 0) ||
	    (v[K_OPEN] && get_double(r, v[K_OPEN], -BIG, BIG, "open",
	    &a->grip_open) < 0))
		return -1;
	if (a->grip_closed == a->grip_open) {
		ydoc_error(r->d, n, "gripper: open and closed are the same");
		return -1;
	}
	if (v[K_LIMITS] == NULL) {
		j->lo = fmin(a->grip_closed, a->grip_open);
		j->hi = fmax(a->grip_closed, a->grip_open);
	}
	return 0;
}

/* Names are CSV columns: they must differ from each other and from the
 * columns the tools add. */
static int
check_names(struct reader *r)
{
	static const char *const taken[] = { "x", "y", "z", "pitch", "t",
	    "err", "iter", "status", "sat", NULL };
	const struct arm_desc *a = r->a;
	int i, k;

	for (i = 0; i < a->njoints; i++) {
		const struct arm_joint *j = &a->joint[i];

		for (k = 0; taken[k]; k++)
			if (strcmp(j->name, taken[k]) == 0)
				break;
		if (taken[k] != NULL) {
			diag_error(r->d, j->line, j->col, "joint name '%s' "
			    "is a column the tools use", j->name);
			return -1;
		}
		for (k = 0; k < i; k++)
			if (strcmp(j->name, a->joint[k].name) == 0) {
				diag_error(r->d, j->line, j->col, "joint name "
				    "'%s' is used twice (first at line %ld)",
				    j->name, a->joint[k].line);
				return -1;
			}
	}
	return 0;
}

static int
read_top(struct reader *r, const struct ynode *root)
{
	static const char *const keys[] = { "name", "base", "chain", "tool",
	    "roll", "gripper", NULL };
	const struct ynode *v[6];

	if (ymap_fields(r->doc, root, keys, v, "arm", r->d) < 0)
		return -1;
	if (v[2] == NULL) {
		ydoc_error(r->d, root, "arm: needs a chain");
		return -1;
	}
	if ((v[0] && get_name(r, v[0], r->a->name) < 0) ||
	    (v[1] && read_base(r, v[1]) < 0) ||
	    read_chain(r, v[2]) < 0 ||
	    (v[3] && get_double(r, v[3], 0, BIG, "tool", &r->a->tool) < 0) ||
	    (v[4] && read_roll(r, v[4]) < 0) ||
	    (v[5] && read_gripper(r, v[5]) < 0))
		return -1;
	return check_names(r);
}

int
arm_parse(struct arm_desc *a, const unsigned char *buf, size_t len,
    struct diag *d)
{
	struct ydoc doc;
	struct reader r;
	int rc;

	memset(a, 0, sizeof *a);
	a->base_index = a->chain_index = a->roll_index = a->gripper_index = -1;
	snprintf(a->name, sizeof a->name, "arm");
	memset(&doc, 0, sizeof doc);
	if (ydoc_load(&doc, buf, len, d) < 0) {
		ydoc_free(&doc);
		return -1;
	}
	r.doc = &doc;
	r.d = d;
	r.a = a;
	rc = read_top(&r, &doc.node[0]);
	ydoc_free(&doc);
	return rc;
}
