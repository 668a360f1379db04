/*
 * task_records.c - unpacking records and names of a validated task
 * section.  Offsets from layout.h, as task_encode.c writes them; used by
 * the validator, the task engine (core/task) and host tools.
 */
#include <string.h>

#include "bytes.h"
#include "task.h"

static int32_t
get_i32(const uint8_t *q)
{
	return (int32_t)get_u32(q);
}

static void
get_target(const uint8_t *q, struct plan_task_target *t)
{
	t->kind = q[TASK_TARGET_KIND];
	t->action = get_u16(q + TASK_TARGET_ACTION);
	t->delay = get_u16(q + TASK_TARGET_DELAY);
}

static void
get_operand(const uint8_t *q, uint8_t kind, struct plan_task_comp *c)
{
	c->kind = kind;
	c->value = 0;
	c->var = 0;
	c->axis = 0;
	if (kind == TASK_VAR) {
		c->var = get_u16(q + TASK_OPERAND_VAR);
		c->axis = q[TASK_OPERAND_AXIS];
	} else if (kind == TASK_VALUE) {
		c->value = get_i32(q + TASK_OPERAND_VALUE);
	}
}

static void
get_state_comp(const uint8_t *q, struct plan_task_comp *c)
{
	get_operand(q + TASK_COMP_OPERAND, q[TASK_COMP_KIND], c);
	c->threshold = get_i32(q + TASK_COMP_THRESHOLD);
}

void
plan_task_get_action(const struct plan_task *t, uint16_t i,
    struct plan_task_action *out)
{
	const uint8_t *q = t->action_tab + (uint32_t)i * TASK_ACTION_SIZE;

	out->first_point = get_u16(q + TASK_A_FIRST_POINT);
	out->npoints = get_u16(q + TASK_A_POINTS);
	out->first_decision = get_u16(q + TASK_A_FIRST_DECISION);
	out->ndecisions = get_u16(q + TASK_A_DECISIONS);
	out->verify = q[TASK_A_VERIFY];
	out->misses = get_u16(q + TASK_A_MISSES);
	out->tolerance = get_i32(q + TASK_A_TOLERANCE);
	out->reset_limit = get_u16(q + TASK_A_RESET_LIMIT);
	get_target(q + TASK_A_RESET, &out->reset);
}

void
plan_task_get_point(const struct plan_task *t, uint16_t point, uint8_t axis,
    struct plan_task_comp *out)
{
	const uint8_t *q = t->point_tab +
	    (uint32_t)point * TASK_POINT_SIZE(t->axes) +
	    (uint32_t)TASK_POINT_COMP_SIZE * axis;

	get_operand(q + TASK_COMP_OPERAND, q[TASK_COMP_KIND], out);
	out->threshold = 0;
}

void
plan_task_get_decision(const struct plan_task *t, uint16_t i,
    struct plan_task_decision *out)
{
	const uint8_t *q = t->decision_tab +
	    (uint32_t)i * TASK_DECISION_SIZE(t->axes);

	out->after = get_u16(q + TASK_D_AFTER);
	get_target(q + TASK_D_MATCH, &out->match);
	get_target(q + TASK_D_MISMATCH, &out->mismatch);
	out->first_check = get_u16(q + TASK_D_FIRST_CHECK);
	out->nchecks = q[TASK_D_CHECKS];
	out->first_record = get_u16(q + TASK_D_FIRST_RECORD);
	out->nrecords = q[TASK_D_RECORDS];
}

/* Just the step a decision follows: the engine asks every tick. */
uint16_t
plan_task_decision_after(const struct plan_task *t, uint16_t i)
{
	return get_u16(t->decision_tab +
	    (uint32_t)i * TASK_DECISION_SIZE(t->axes) + TASK_D_AFTER);
}

void
plan_task_get_arm(const struct plan_task *t, uint16_t decision, uint8_t axis,
    struct plan_task_comp *out)
{
	get_state_comp(t->decision_tab +
	    (uint32_t)decision * TASK_DECISION_SIZE(t->axes) + TASK_D_ARM +
	    (uint32_t)TASK_STATE_COMP_SIZE * axis, out);
}

void
plan_task_get_check(const struct plan_task *t, uint16_t i,
    struct plan_task_check *out)
{
	out->object = t->check_tab[(uint32_t)i * TASK_CHECK_SIZE(t->axes) +
	    TASK_C_OBJECT];
}

void
plan_task_get_check_comp(const struct plan_task *t, uint16_t check,
    uint8_t axis, struct plan_task_comp *out)
{
	get_state_comp(t->check_tab +
	    (uint32_t)check * TASK_CHECK_SIZE(t->axes) + TASK_C_COMPS +
	    (uint32_t)TASK_STATE_COMP_SIZE * axis, out);
}

void
plan_task_get_record(const struct plan_task *t, uint16_t i,
    struct plan_task_record *out)
{
	const uint8_t *q = t->record_tab + (uint32_t)i * TASK_RECORD_SIZE;

	out->var = get_u16(q + TASK_R_VAR);
	out->source = q[TASK_R_SOURCE];
}

/* Position of entry `n` in the string table (0 = the task's name). */
static const uint8_t *
string_at(const struct plan_task *t, uint32_t n)
{
	const uint8_t *q = t->strings;

	while (n-- > 0)
		q += TASK_STRING_SIZE(q[TASK_STRING_LEN]);
	return q;
}

static uint32_t
first_of_kind(const struct plan_task *t, uint8_t kind, uint32_t *count)
{
	uint32_t first[5], n[5];
	uint8_t k;

	n[TASK_NAME_TASK] = 1;
	n[TASK_NAME_AXIS] = t->axes;
	n[TASK_NAME_OBJECT] = t->objects;
	n[TASK_NAME_ACTION] = t->actions;
	n[TASK_NAME_VARIABLE] = t->variables;
	first[0] = 0;
	for (k = 1; k < 5; k++)
		first[k] = first[k - 1] + n[k - 1];
	*count = n[kind];
	return first[kind];
}

const uint8_t *
plan_task_name(const struct plan_task *t, uint8_t kind, uint16_t index,
    uint8_t *len)
{
	uint32_t count, first;
	const uint8_t *q;

	if (kind > TASK_NAME_VARIABLE)
		return NULL;
	first = first_of_kind(t, kind, &count);
	if (index >= count)
		return NULL;
	q = string_at(t, first + index);
	*len = q[TASK_STRING_LEN];
	return q + TASK_STRING_TEXT;
}

long
plan_task_find(const struct plan_task *t, uint8_t kind, const char *name,
    size_t len)
{
	uint32_t count, first, i;
	const uint8_t *q;

	if (kind > TASK_NAME_VARIABLE)
		return -1;
	first = first_of_kind(t, kind, &count);
	q = string_at(t, first);
	for (i = 0; i < count; i++, q += TASK_STRING_SIZE(q[TASK_STRING_LEN]))
		if (q[TASK_STRING_LEN] == len &&
		    memcmp(q + TASK_STRING_TEXT, name, len) == 0)
			return (long)i;
	return -1;
}
