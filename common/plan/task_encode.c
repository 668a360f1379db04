/*
 * task_encode.c - plan_task_encode: unpacked task records -> the task
 * section bytes (layout in task.h).  Called by plancc through
 * common/plansrc; the bytes then go into plan_spec.task.
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
		n += 1u + s->name[i].len;
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

static uint8_t *
put16(uint8_t *q, uint16_t v)
{
	put_u16(q, v);
	return q + 2;
}

static uint8_t *
put32(uint8_t *q, int32_t v)
{
	put_u32(q, (uint32_t)v);
	return q + 4;
}

static uint8_t *
put_target(uint8_t *q, const struct plan_task_target *t)
{
	*q++ = t->kind;
	q = put16(q, t->kind == TASK_T_ACTION ? t->action : TASK_NO_ACTION);
	return put16(q, t->kind == TASK_T_NONE ? 0 : t->delay);
}

/* The 4-byte operand of a component: a value, or variable and axis. */
static uint8_t *
put_operand(uint8_t *q, const struct plan_task_comp *c)
{
	if (c->kind == TASK_VAR) {
		q = put16(q, c->var);
		*q++ = c->axis;
		*q++ = 0;
		return q;
	}
	return put32(q, c->kind == TASK_VALUE ? c->value : 0);
}

static uint8_t *
put_point_comp(uint8_t *q, const struct plan_task_comp *c)
{
	*q++ = c->kind;
	return put_operand(q, c);
}

static uint8_t *
put_state_comp(uint8_t *q, const struct plan_task_comp *c)
{
	*q++ = c->kind;
	q = put_operand(q, c);
	return put32(q, c->kind == TASK_ANY ? 0 : c->threshold);
}

static uint8_t *
put_header(const struct plan_task_spec *s, uint8_t *q, uint16_t strings)
{
	*q++ = s->axes;
	*q++ = s->objects;
	q = put16(q, s->actions);
	q = put16(q, s->variables);
	q = put16(q, s->points);
	q = put16(q, s->decisions);
	q = put16(q, s->checks);
	q = put16(q, s->records);
	q = put16(q, s->start);
	q = put16(q, strings);
	return put16(q, 0);
}

static uint8_t *
put_actions(const struct plan_task_spec *s, uint8_t *q)
{
	uint16_t i;

	for (i = 0; i < s->actions; i++) {
		const struct plan_task_action *a = &s->action[i];
		struct plan_task_target none = { TASK_T_NONE, 0, 0 };

		q = put16(q, a->first_point);
		q = put16(q, a->npoints);
		q = put16(q, a->first_decision);
		q = put16(q, a->ndecisions);
		*q++ = a->verify ? 1 : 0;
		q = put16(q, a->verify ? a->misses : 0);
		q = put32(q, a->verify ? a->tolerance : 0);
		q = put16(q, a->reset_limit);
		q = put_target(q, a->reset_limit ? &a->reset : &none);
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

		q = put16(q, d->after);
		q = put_target(q, &d->match);
		q = put_target(q, &d->mismatch);
		q = put16(q, d->first_check);
		*q++ = d->nchecks;
		q = put16(q, d->first_record);
		*q++ = d->nrecords;
		for (k = 0; k < s->axes; k++)
			q = put_state_comp(q,
			    &s->arm[(uint32_t)i * s->axes + k]);
	}
	return q;
}

static uint8_t *
put_tables(const struct plan_task_spec *s, uint8_t *q)
{
	uint32_t i, n;
	uint8_t k;

	q = put_actions(s, q);
	n = (uint32_t)s->points * s->axes;
	for (i = 0; i < n; i++)
		q = put_point_comp(q, &s->point[i]);
	q = put_decisions(s, q);
	for (i = 0; i < s->checks; i++) {
		*q++ = s->check[i].object;
		for (k = 0; k < s->axes; k++)
			q = put_state_comp(q,
			    &s->check_comp[i * s->axes + k]);
	}
	for (i = 0; i < s->records; i++) {
		q = put16(q, s->record[i].var);
		*q++ = s->record[i].source;
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
		*q++ = s->name[i].len;
		for (j = 0; j < s->name[i].len; j++)
			*q++ = s->name[i].text[j];
	}
	return size;
}
