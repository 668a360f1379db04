/*
 * task_check.c - plan_task_open: validate every byte of a task section
 * (task.h) once, so the task engine follows indices without checking.
 * Called by plan_open when the header says PLAN_F_TASK.
 */
#include <string.h>

#include "bytes.h"
#include "plan.h"
#include "task.h"

static int
fail(struct plan_error *err, uint16_t index, uint32_t offset)
{
	err->code = PLAN_E_TASK;
	err->type = PLAN_NO_TYPE;
	err->index = index;
	err->offset = offset;
	return PLAN_E_TASK;
}

static uint32_t
off(const struct plan_task *t, const uint8_t *q)
{
	return (uint32_t)(q - t->base);
}

static int
coord_ok(int32_t v)
{
	return v >= -TASK_COORD_MAX && v <= TASK_COORD_MAX;
}

static int
target_ok(const struct plan_task *t, const uint8_t *q)
{
	uint16_t action = get_u16(q + TASK_TARGET_ACTION);
	uint16_t delay = get_u16(q + TASK_TARGET_DELAY);

	switch (q[TASK_TARGET_KIND]) {
	case TASK_T_NONE:
		return action == TASK_NO_ACTION && delay == 0;
	case TASK_T_ACTION:
		return action < t->actions;
	case TASK_T_DONE:
	case TASK_T_ABORT:
		return action == TASK_NO_ACTION;
	}
	return 0;
}

static int
operand_ok(const struct plan_task *t, uint8_t kind, const uint8_t *q)
{
	switch (kind) {
	case TASK_ANY:
		return get_u32(q + TASK_OPERAND_VALUE) == 0;
	case TASK_VALUE:
		return coord_ok((int32_t)get_u32(q + TASK_OPERAND_VALUE));
	case TASK_VAR:
		return get_u16(q + TASK_OPERAND_VAR) < t->variables &&
		    q[TASK_OPERAND_AXIS] < t->axes &&
		    q[TASK_OPERAND_PAD] == 0;
	}
	return 0;
}

static int
point_comp_ok(const struct plan_task *t, const uint8_t *q)
{
	return q[TASK_COMP_KIND] != TASK_ANY &&
	    operand_ok(t, q[TASK_COMP_KIND], q + TASK_COMP_OPERAND);
}

static int
state_comp_ok(const struct plan_task *t, const uint8_t *q)
{
	int32_t thr = (int32_t)get_u32(q + TASK_COMP_THRESHOLD);

	if (!operand_ok(t, q[TASK_COMP_KIND], q + TASK_COMP_OPERAND))
		return 0;
	if (q[TASK_COMP_KIND] == TASK_ANY)
		return thr == 0;
	return thr >= 0 && thr <= TASK_COORD_MAX;
}

/* Points the tables into sec; 0 if len is not what the counts imply. */
static int
lay_out(struct plan_task *t, const uint8_t *sec, uint32_t len)
{
	uint32_t at[6];
	uint8_t d = sec[TASK_H_AXES];

	t->base = sec;
	t->size = len;
	t->axes = d;
	t->objects = sec[TASK_H_OBJECTS];
	t->actions = get_u16(sec + TASK_H_ACTIONS);
	t->variables = get_u16(sec + TASK_H_VARIABLES);
	t->points = get_u16(sec + TASK_H_POINTS);
	t->decisions = get_u16(sec + TASK_H_DECISIONS);
	t->checks = get_u16(sec + TASK_H_CHECKS);
	t->records = get_u16(sec + TASK_H_RECORDS);
	t->start = get_u16(sec + TASK_H_START);
	t->strings_size = get_u16(sec + TASK_H_STRINGS);
	/* offsets first: no pointer may leave the buffer */
	at[0] = TASK_HEADER_SIZE;
	at[1] = at[0] + (uint32_t)t->actions * TASK_ACTION_SIZE;
	at[2] = at[1] + (uint32_t)t->points * TASK_POINT_SIZE(d);
	at[3] = at[2] + (uint32_t)t->decisions * TASK_DECISION_SIZE(d);
	at[4] = at[3] + (uint32_t)t->checks * TASK_CHECK_SIZE(d);
	at[5] = at[4] + (uint32_t)t->records * TASK_RECORD_SIZE;
	if (at[5] + t->strings_size != len)
		return 0;
	t->action_tab = sec + at[0];
	t->point_tab = sec + at[1];
	t->decision_tab = sec + at[2];
	t->check_tab = sec + at[3];
	t->record_tab = sec + at[4];
	t->strings = sec + at[5];
	return 1;
}

static int
check_header(const uint8_t *sec)
{
	uint16_t actions = get_u16(sec + TASK_H_ACTIONS);

	return sec[TASK_H_AXES] >= 1 && sec[TASK_H_AXES] <= TASK_MAX_AXES &&
	    sec[TASK_H_OBJECTS] <= TASK_MAX_OBJECTS && actions >= 1 &&
	    actions <= TASK_MAX_ACTIONS &&
	    get_u16(sec + TASK_H_VARIABLES) <= TASK_MAX_VARIABLES &&
	    get_u16(sec + TASK_H_START) < actions &&
	    get_u16(sec + TASK_H_RESERVED) == 0;
}

/* Actions: point and decision runs back to back, fields in range. */
static int
check_actions(const struct plan_task *t, struct plan_error *err)
{
	uint32_t points = 0, decisions = 0;
	uint16_t i;

	for (i = 0; i < t->actions; i++) {
		const uint8_t *q = t->action_tab + (uint32_t)i *
		    TASK_ACTION_SIZE;
		struct plan_task_action a;

		plan_task_get_action(t, i, &a);
		if (a.first_point != points || a.npoints == 0 ||
		    a.first_decision != decisions)
			return fail(err, i, off(t, q));
		points += a.npoints;
		decisions += a.ndecisions;
		if (points > t->points || decisions > t->decisions)
			return fail(err, i, off(t, q));
		if (a.verify > 1 || (!a.verify && (a.misses ||
		    a.tolerance)) || a.tolerance < 0 ||
		    a.tolerance > TASK_COORD_MAX)
			return fail(err, i, off(t, q + TASK_A_VERIFY));
		if (!target_ok(t, q + TASK_A_RESET) || (a.reset_limit == 0 &&
		    a.reset.kind != TASK_T_NONE))
			return fail(err, i, off(t, q + TASK_A_RESET_LIMIT));
	}
	if (points != t->points || decisions != t->decisions)
		return fail(err, 0, off(t, t->point_tab));
	return PLAN_OK;
}

static int
check_points(const struct plan_task *t, struct plan_error *err)
{
	uint32_t i, n = (uint32_t)t->points * t->axes;

	for (i = 0; i < n; i++) {
		const uint8_t *q = t->point_tab +
		    (uint32_t)TASK_POINT_COMP_SIZE * i;

		if (!point_comp_ok(t, q))
			return fail(err, (uint16_t)(i / t->axes), off(t, q));
	}
	return PLAN_OK;
}

/* The checks of one decision: objects in range, each at most once. */
static int
check_checks(const struct plan_task *t, const struct plan_task_decision *d,
    struct plan_error *err)
{
	uint32_t seen = 0;
	uint16_t i;
	uint8_t k;

	for (i = d->first_check; i < d->first_check + d->nchecks; i++) {
		const uint8_t *q = t->check_tab + (uint32_t)i *
		    TASK_CHECK_SIZE(t->axes);

		const uint8_t *c = q + TASK_C_COMPS;
		uint8_t object = q[TASK_C_OBJECT];

		if (object >= t->objects || (seen >> object & 1u))
			return fail(err, i, off(t, q));
		seen |= 1ul << object;
		for (k = 0; k < t->axes; k++, c += TASK_STATE_COMP_SIZE)
			if (!state_comp_ok(t, c))
				return fail(err, i, off(t, c));
	}
	return PLAN_OK;
}

static int
check_records(const struct plan_task *t, const struct plan_task_decision *d,
    struct plan_error *err)
{
	uint16_t i;

	for (i = d->first_record; i < d->first_record + d->nrecords; i++) {
		const uint8_t *q = t->record_tab + (uint32_t)i *
		    TASK_RECORD_SIZE;

		if (get_u16(q + TASK_R_VAR) >= t->variables ||
		    (q[TASK_R_SOURCE] >= t->objects &&
		    q[TASK_R_SOURCE] != TASK_SOURCE_ARM))
			return fail(err, i, off(t, q));
	}
	return PLAN_OK;
}

/* One decision of an action with `npoints` steps. */
static int
check_decision(const struct plan_task *t, uint16_t i, uint16_t npoints,
    uint32_t *checks, uint32_t *records, struct plan_error *err)
{
	const uint8_t *q = t->decision_tab + (uint32_t)i *
	    TASK_DECISION_SIZE(t->axes);
	const uint8_t *c;
	struct plan_task_decision d;
	uint8_t k;
	int rc;

	plan_task_get_decision(t, i, &d);
	if (d.after >= npoints || !target_ok(t, q + TASK_D_MATCH) ||
	    !target_ok(t, q + TASK_D_MISMATCH))
		return fail(err, i, off(t, q));
	if (d.first_check != *checks || d.first_record != *records ||
	    *checks + d.nchecks > t->checks ||
	    *records + d.nrecords > t->records)
		return fail(err, i, off(t, q + TASK_D_FIRST_CHECK));
	for (k = 0, c = q + TASK_D_ARM; k < t->axes;
	    k++, c += TASK_STATE_COMP_SIZE)
		if (!state_comp_ok(t, c))
			return fail(err, i, off(t, c));
	if ((rc = check_checks(t, &d, err)) != PLAN_OK ||
	    (rc = check_records(t, &d, err)) != PLAN_OK)
		return rc;
	*checks += d.nchecks;
	*records += d.nrecords;
	return PLAN_OK;
}

static int
check_decisions(const struct plan_task *t, struct plan_error *err)
{
	uint32_t checks = 0, records = 0;
	uint16_t a, i;
	int rc;

	for (a = 0; a < t->actions; a++) {
		struct plan_task_action act;

		plan_task_get_action(t, a, &act);
		for (i = act.first_decision;
		    i < act.first_decision + act.ndecisions; i++)
			if ((rc = check_decision(t, i, act.npoints, &checks,
			    &records, err)) != PLAN_OK)
				return rc;
	}
	if (checks != t->checks || records != t->records)
		return fail(err, 0, off(t, t->check_tab));
	return PLAN_OK;
}

static int
name_char_ok(uint8_t c, int first)
{
	if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_')
		return 1;
	return !first && ((c >= '0' && c <= '9') || c == '-');
}

static int
name_ok(const uint8_t *q, int may_be_empty)
{
	uint8_t j;

	uint8_t len = q[TASK_STRING_LEN];

	if (len > TASK_NAME_MAX || (len == 0 && !may_be_empty))
		return 0;
	for (j = 0; j < len; j++)
		if (!name_char_ok(q[TASK_STRING_TEXT + j], j == 0))
			return 0;
	return 1;
}

/* Names of one kind start at q, n of them: well formed and distinct. */
static int
check_names(const struct plan_task *t, const uint8_t **qp, uint32_t *left,
    uint32_t n, int may_be_empty, struct plan_error *err)
{
	const uint8_t *first = *qp, *q = *qp, *p;
	uint32_t i, j;

	for (i = 0; i < n; i++) {
		uint8_t len;

		if (*left < TASK_STRING_TEXT ||
		    *left - TASK_STRING_TEXT < q[TASK_STRING_LEN] ||
		    !name_ok(q, may_be_empty))
			return fail(err, (uint16_t)i, off(t, q));
		len = q[TASK_STRING_LEN];
		for (p = first, j = 0; j < i;
		    j++, p += TASK_STRING_SIZE(p[TASK_STRING_LEN]))
			if (p[TASK_STRING_LEN] == len && memcmp(p +
			    TASK_STRING_TEXT, q + TASK_STRING_TEXT, len) == 0)
				return fail(err, (uint16_t)i, off(t, q));
		*left -= TASK_STRING_SIZE(len);
		q += TASK_STRING_SIZE(len);
	}
	*qp = q;
	return PLAN_OK;
}

static int
check_strings(const struct plan_task *t, struct plan_error *err)
{
	const uint8_t *q = t->strings;
	uint32_t left = t->strings_size;
	int rc;

	if ((rc = check_names(t, &q, &left, 1, 1, err)) != PLAN_OK ||
	    (rc = check_names(t, &q, &left, t->axes, 0, err)) != PLAN_OK ||
	    (rc = check_names(t, &q, &left, t->objects, 0, err)) != PLAN_OK ||
	    (rc = check_names(t, &q, &left, t->actions, 0, err)) !=
	    PLAN_OK ||
	    (rc = check_names(t, &q, &left, t->variables, 0, err)) !=
	    PLAN_OK)
		return rc;
	if (left != 0)
		return fail(err, 0, off(t, q));
	return PLAN_OK;
}

int
plan_task_open(struct plan_task *t, const uint8_t *sec, uint32_t len,
    struct plan_error *err)
{
	int rc;

	if (len < TASK_HEADER_SIZE || !check_header(sec))
		return fail(err, 0, 0);
	if (!lay_out(t, sec, len))
		return fail(err, 0, len);
	if ((rc = check_actions(t, err)) != PLAN_OK ||
	    (rc = check_points(t, err)) != PLAN_OK ||
	    (rc = check_decisions(t, err)) != PLAN_OK ||
	    (rc = check_strings(t, err)) != PLAN_OK)
		return rc;
	err->code = PLAN_OK;
	return PLAN_OK;
}

int
plan_task_of(const struct plan *p, struct plan_task *t)
{
	struct plan_error err;

	if (!(p->flags & PLAN_F_TASK))
		return 0;
	return plan_task_open(t, p->task, p->task_size, &err) == PLAN_OK;
}
