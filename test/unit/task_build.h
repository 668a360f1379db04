/*
 * task_build.h - building small task sections by hand for the unit tests
 * (plantask_test.c, task_test.c): fill a plan_task_spec record by record,
 * encode it and open it with the real validator.
 */
#ifndef SPINE_TASK_BUILD_H
#define SPINE_TASK_BUILD_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/task.h"

#define TB_MAX 64

struct tb {
	struct plan_task_spec s;
	struct plan_task_action act[TB_MAX];
	struct plan_task_comp point[TB_MAX * TASK_MAX_AXES];
	struct plan_task_decision dec[TB_MAX];
	struct plan_task_comp arm[TB_MAX * TASK_MAX_AXES];
	struct plan_task_check check[TB_MAX];
	struct plan_task_comp check_comp[TB_MAX * TASK_MAX_AXES];
	struct plan_task_record rec[TB_MAX];
	struct plan_task_name name[4 * TB_MAX];
	char text[4 * TB_MAX][16];
	const char *action_name[TB_MAX];
	uint8_t buf[16384];
	uint32_t size;
	struct plan_task t;
};

static const struct plan_task_target tb_none = { TASK_T_NONE, TASK_NO_ACTION,
	0 };

static inline struct plan_task_target
tb_go(uint16_t action, uint16_t delay)
{
	struct plan_task_target t = { TASK_T_ACTION, action, delay };

	return t;
}

static inline struct plan_task_target
tb_end(uint8_t kind, uint16_t delay)
{
	struct plan_task_target t = { kind, TASK_NO_ACTION, delay };

	return t;
}

/* D axes, objects, variables; actions are added one by one. */
static inline void
tb_begin(struct tb *b, uint8_t axes, uint8_t objects, uint16_t variables)
{
	memset(b, 0, sizeof *b);
	b->s.axes = axes;
	b->s.objects = objects;
	b->s.variables = variables;
	b->s.action = b->act;
	b->s.point = b->point;
	b->s.decision = b->dec;
	b->s.arm = b->arm;
	b->s.check = b->check;
	b->s.check_comp = b->check_comp;
	b->s.record = b->rec;
	b->s.name = b->name;
}

static inline uint16_t
tb_action(struct tb *b, const char *name)
{
	struct plan_task_action *a = &b->act[b->s.actions];

	a->first_point = b->s.points;
	a->first_decision = b->s.decisions;
	b->action_name[b->s.actions] = name;
	return b->s.actions++;
}

static inline struct plan_task_action *
tb_cur(struct tb *b)
{
	return &b->act[b->s.actions - 1];
}

/* A point of literal counts (D of them). */
static inline void
tb_point(struct tb *b, const int32_t *v)
{
	uint8_t k;

	for (k = 0; k < b->s.axes; k++) {
		struct plan_task_comp *c = &b->point[b->s.points * b->s.axes +
		    k];

		c->kind = TASK_VALUE;
		c->value = v[k];
	}
	b->s.points++;
	tb_cur(b)->npoints++;
}

/* Make axis k of the last point a variable reference. */
static inline void
tb_point_var(struct tb *b, uint8_t k, uint16_t var, uint8_t var_axis)
{
	struct plan_task_comp *c = &b->point[(b->s.points - 1) * b->s.axes +
	    k];

	c->kind = TASK_VAR;
	c->var = var;
	c->axis = var_axis;
}

static inline void
tb_verify(struct tb *b, int32_t tolerance, uint16_t misses)
{
	tb_cur(b)->verify = 1;
	tb_cur(b)->tolerance = tolerance;
	tb_cur(b)->misses = misses;
}

static inline void
tb_reset(struct tb *b, uint16_t limit, struct plan_task_target target)
{
	tb_cur(b)->reset_limit = limit;
	tb_cur(b)->reset = target;
}

/* A decision of the current action; its arm state starts all ANY. */
static inline void
tb_decision(struct tb *b, uint16_t after, struct plan_task_target match,
    struct plan_task_target mismatch)
{
	struct plan_task_decision *d = &b->dec[b->s.decisions];

	d->after = after;
	d->match = match;
	d->mismatch = mismatch;
	d->first_check = b->s.checks;
	d->first_record = b->s.records;
	b->s.decisions++;
	tb_cur(b)->ndecisions++;
}

static inline struct plan_task_comp *
tb_arm_comp(struct tb *b, uint8_t k)
{
	return &b->arm[(b->s.decisions - 1) * b->s.axes + k];
}

static inline void
tb_arm(struct tb *b, uint8_t k, int32_t value, int32_t threshold)
{
	struct plan_task_comp *c = tb_arm_comp(b, k);

	c->kind = TASK_VALUE;
	c->value = value;
	c->threshold = threshold;
}

static inline void
tb_arm_var(struct tb *b, uint8_t k, uint16_t var, uint8_t var_axis,
    int32_t threshold)
{
	struct plan_task_comp *c = tb_arm_comp(b, k);

	c->kind = TASK_VAR;
	c->var = var;
	c->axis = var_axis;
	c->threshold = threshold;
}

/* An object the last decision checks; its components start ANY. */
static inline void
tb_check(struct tb *b, uint8_t object)
{
	b->check[b->s.checks++].object = object;
	b->dec[b->s.decisions - 1].nchecks++;
}

static inline void
tb_check_comp(struct tb *b, uint8_t k, uint8_t kind, int32_t value,
    uint16_t var, int32_t threshold)
{
	struct plan_task_comp *c = &b->check_comp[(b->s.checks - 1) *
	    b->s.axes + k];

	c->kind = kind;
	c->value = value;
	c->var = var;
	c->axis = k;
	c->threshold = threshold;
}

static inline void
tb_record(struct tb *b, uint16_t var, uint8_t source)
{
	b->rec[b->s.records].var = var;
	b->rec[b->s.records].source = source;
	b->s.records++;
	b->dec[b->s.decisions - 1].nrecords++;
}

static inline void
tb_name(struct tb *b, uint32_t i, const char *s)
{
	snprintf(b->text[i], sizeof b->text[i], "%s", s);
	b->name[i].len = (uint8_t)strlen(b->text[i]);
	b->name[i].text = (const uint8_t *)b->text[i];
}

/* Names, encode, open; the plan_task_open result. */
static inline int
tb_finish(struct tb *b, uint16_t start)
{
	static const char *const axis[TASK_MAX_AXES] = {
		"x", "y", "z", "u", "v", "w", "a", "b"
	};
	struct plan_error err;
	uint32_t i, n = 0;
	char tmp[16];

	b->s.start = start;
	tb_name(b, n++, "test");
	for (i = 0; i < b->s.axes; i++)
		tb_name(b, n++, axis[i]);
	for (i = 0; i < b->s.objects; i++) {
		snprintf(tmp, sizeof tmp, "obj%u", (unsigned)i);
		tb_name(b, n++, tmp);
	}
	for (i = 0; i < b->s.actions; i++)
		tb_name(b, n++, b->action_name[i]);
	for (i = 0; i < b->s.variables; i++) {
		snprintf(tmp, sizeof tmp, "var%u", (unsigned)i);
		tb_name(b, n++, tmp);
	}
	b->size = plan_task_encode(&b->s, b->buf, sizeof b->buf);
	if (b->size == 0)
		return -1;
	return plan_task_open(&b->t, b->buf, b->size, &err);
}

#endif
