/*
 * task_encode.c - plan_task_encode: unpacked task records -> the task
 * section bytes (layout in task.h).  Called by plancc through
 * lib/plansrc; the bytes then go into plan_spec.task.
 */
#include "bytes.h"
#include "task.h"

static uint32_t
strings_size(const struct plan_task_spec *s)
{
	uint32_t i, n = 0;
	uint32_t count = 1u + s->axes + s->objects + s->actions +
	    s->variables;

	for (i = 0; i < count; i++)
		n += TASK_STRING_SIZE(s->name[i].len);
	return n;
}

uint32_t
plan_task_encoded_size(const struct plan_task_spec *s)
{
	uint8_t d = s->axes;
	uint32_t strings = strings_size(s);

	if (strings > 0xFFFFu)
		return 0;
	return TASK_HEADER_SIZE +
	    (uint32_t)s->actions * TASK_ACTION_SIZE +
	    (uint32_t)s->points * TASK_POINT_SIZE(d) +
	    (uint32_t)s->decisions * TASK_DECISION_SIZE(d) +
	    (uint32_t)s->checks * TASK_CHECK_SIZE(d) +
	    (uint32_t)s->records * TASK_RECORD_SIZE + strings;
}

static void
put_target(uint8_t *q, const struct plan_task_target *t)
{
	q[TASK_TARGET_KIND] = t->kind;
	put_u16(q + TASK_TARGET_ACTION,
	    t->kind == TASK_T_ACTION ? t->action : TASK_NO_ACTION);
	put_u16(q + TASK_TARGET_DELAY, t->kind == TASK_T_NONE ? 0 : t->delay);
}

/* The operand of a component: a value, or variable and axis. */
static void
put_operand(uint8_t *q, const struct plan_task_comp *c)
{
	if (c->kind == TASK_VAR) {
		put_u16(q + TASK_OPERAND_VAR, c->var);
		q[TASK_OPERAND_AXIS] = c->axis;
		q[TASK_OPERAND_PAD] = 0;
	} else {
		put_u32(q + TASK_OPERAND_VALUE,
		    (uint32_t)(c->kind == TASK_VALUE ? c->value : 0));
	}
}

static uint8_t *
put_point_comp(uint8_t *q, const struct plan_task_comp *c)
{
	q[TASK_COMP_KIND] = c->kind;
	put_operand(q + TASK_COMP_OPERAND, c);
	return q + TASK_POINT_COMP_SIZE;
}

static uint8_t *
put_state_comp(uint8_t *q, const struct plan_task_comp *c)
{
	q[TASK_COMP_KIND] = c->kind;
	put_operand(q + TASK_COMP_OPERAND, c);
	put_u32(q + TASK_COMP_THRESHOLD,
	    (uint32_t)(c->kind == TASK_ANY ? 0 : c->threshold));
	return q + TASK_STATE_COMP_SIZE;
}

static uint8_t *
put_header(const struct plan_task_spec *s, uint8_t *q, uint16_t strings)
{
	q[TASK_H_AXES] = s->axes;
	q[TASK_H_OBJECTS] = s->objects;
	put_u16(q + TASK_H_ACTIONS, s->actions);
	put_u16(q + TASK_H_VARIABLES, s->variables);
	put_u16(q + TASK_H_POINTS, s->points);
	put_u16(q + TASK_H_DECISIONS, s->decisions);
	put_u16(q + TASK_H_CHECKS, s->checks);
	put_u16(q + TASK_H_RECORDS, s->records);
	put_u16(q + TASK_H_START, s->start);
	put_u16(q + TASK_H_STRINGS, strings);
	put_u16(q + TASK_H_RESERVED, 0);
	return q + TASK_HEADER_SIZE;
}

static uint8_t *
put_actions(const struct plan_task_spec *s, uint8_t *q)
{
	const struct plan_task_target none = { TASK_T_NONE, 0, 0 };
	uint16_t i;

	for (i = 0; i < s->actions; i++, q += TASK_ACTION_SIZE) {
		const struct plan_task_action *a = &s->action[i];

		put_u16(q + TASK_A_FIRST_POINT, a->first_point);
		put_u16(q + TASK_A_POINTS, a->npoints);
		put_u16(q + TASK_A_FIRST_DECISION, a->first_decision);
		put_u16(q + TASK_A_DECISIONS, a->ndecisions);
		q[TASK_A_VERIFY] = a->verify ? 1 : 0;
		put_u16(q + TASK_A_MISSES, a->verify ? a->misses : 0);
		put_u32(q + TASK_A_TOLERANCE,
		    (uint32_t)(a->verify ? a->tolerance : 0));
		put_u16(q + TASK_A_RESET_LIMIT, a->reset_limit);
		put_target(q + TASK_A_RESET, a->reset_limit ? &a->reset :
		    &none);
	}
	return q;
}

static uint8_t *
put_decisions(const struct plan_task_spec *s, uint8_t *q)
{
	uint16_t i;
	uint8_t k;

	for (i = 0; i < s->decisions; i++) {
		const struct plan_task_decision *d = &s->decision[i];
		uint8_t *c = q + TASK_D_ARM;

		put_u16(q + TASK_D_AFTER, d->after);
		put_target(q + TASK_D_MATCH, &d->match);
		put_target(q + TASK_D_MISMATCH, &d->mismatch);
		put_u16(q + TASK_D_FIRST_CHECK, d->first_check);
		q[TASK_D_CHECKS] = d->nchecks;
		put_u16(q + TASK_D_FIRST_RECORD, d->first_record);
		q[TASK_D_RECORDS] = d->nrecords;
		for (k = 0; k < s->axes; k++)
			c = put_state_comp(c,
			    &s->arm[(uint32_t)i * s->axes + k]);
		q += TASK_DECISION_SIZE(s->axes);
	}
	return q;
}

static uint8_t *
put_checks(const struct plan_task_spec *s, uint8_t *q)
{
	uint32_t i;
	uint8_t k;

	for (i = 0; i < s->checks; i++) {
		uint8_t *c = q + TASK_C_COMPS;

		q[TASK_C_OBJECT] = s->check[i].object;
		for (k = 0; k < s->axes; k++)
			c = put_state_comp(c,
			    &s->check_comp[i * s->axes + k]);
		q += TASK_CHECK_SIZE(s->axes);
	}
	return q;
}

static uint8_t *
put_tables(const struct plan_task_spec *s, uint8_t *q)
{
	uint32_t i, n;

	q = put_actions(s, q);
	n = (uint32_t)s->points * s->axes;
	for (i = 0; i < n; i++)
		q = put_point_comp(q, &s->point[i]);
	q = put_decisions(s, q);
	q = put_checks(s, q);
	for (i = 0; i < s->records; i++, q += TASK_RECORD_SIZE) {
		put_u16(q + TASK_R_VAR, s->record[i].var);
		q[TASK_R_SOURCE] = s->record[i].source;
	}
	return q;
}

uint32_t
plan_task_encode(const struct plan_task_spec *s, uint8_t *out, uint32_t cap)
{
	uint32_t size = plan_task_encoded_size(s), i, count;
	uint8_t *q;
	uint8_t j;

	if (size == 0 || size > cap)
		return 0;
	q = put_header(s, out, (uint16_t)strings_size(s));
	q = put_tables(s, q);
	count = 1u + s->axes + s->objects + s->actions + s->variables;
	for (i = 0; i < count; i++) {
		q[TASK_STRING_LEN] = s->name[i].len;
		for (j = 0; j < s->name[i].len; j++)
			q[TASK_STRING_TEXT + j] = s->name[i].text[j];
		q += TASK_STRING_SIZE(s->name[i].len);
	}
	return size;
}
