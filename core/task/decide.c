/*
 * decide.c - taking one decision of the task engine: compare the decision
 * state with the environment, pick the match or mismatch target (or the
 * action's reset target past its limit), record variables, schedule.
 * Called by run.c during a tick.
 */
#include <string.h>

#include "task/internal.h"

/* What one decision works with while it is being taken. */
struct deciding {
	struct task_run *r;
	const struct task_env *env;
	const struct task_at *at;
	uint16_t index;		/* the decision, in the decision table */
	struct plan_task_decision d;
	int32_t arm[TASK_MAX_AXES];
	int have_arm;
	struct task_mismatch why;
	uint16_t repeats;	/* for the slot scheduled */
};

static int32_t
var_value(const struct task_run *r, const struct plan_task_comp *c)
{
	return r->var[(uint32_t)c->var * r->task->axes + c->axis];
}

/* A state component's variable, if any, is set; else the run aborts. */
static int
var_ready(struct deciding *x, const struct plan_task_comp *c)
{
	if (c->kind != TASK_VAR || x->r->var_set[c->var])
		return 0;
	task_fail(x->r, TASK_E_VARIABLE, x->at);
	x->r->why.var = c->var;
	return -1;
}

/*
 * Every variable the state refers to must exist before anything is
 * compared, so a missing one aborts whatever the environment shows.
 */
static int
vars_ready(struct deciding *x)
{
	const struct plan_task *t = x->r->task;
	struct plan_task_comp c;
	uint16_t i;
	uint8_t k;

	for (k = 0; k < t->axes; k++) {
		plan_task_get_arm(t, x->index, k, &c);
		if (var_ready(x, &c) < 0)
			return -1;
	}
	for (i = 0; i < x->d.nchecks; i++)
		for (k = 0; k < t->axes; k++) {
			plan_task_get_check_comp(t,
			    (uint16_t)(x->d.first_check + i), k, &c);
			if (var_ready(x, &c) < 0)
				return -1;
		}
	return 0;
}

/* 1 if actual is within the component's value +- threshold (or ANY). */
static int
within(const struct task_run *r, const struct plan_task_comp *c,
    int32_t actual, struct task_mismatch *why)
{
	int32_t want, diff;

	if (c->kind == TASK_ANY)
		return 1;
	want = c->kind == TASK_VALUE ? c->value : var_value(r, c);
	diff = actual - want;	/* both within +-1e9: no overflow */
	why->actual = actual;
	why->expected = want;
	why->threshold = c->threshold;
	return diff >= -c->threshold && diff <= c->threshold;
}

static int
get_arm(struct deciding *x)
{
	if (x->have_arm)
		return 0;
	if (task_ask_arm(x->r, x->env, TASK_Q_ARM, x->arm, x->at) < 0)
		return -1;
	x->have_arm = 1;
	return 0;
}

/* The arm part of the state: 1 match, 0 mismatch, -1 aborted. */
static int
match_arm(struct deciding *x)
{
	const struct plan_task *t = x->r->task;
	struct plan_task_comp c[TASK_MAX_AXES];
	int need = 0;
	uint8_t k;

	for (k = 0; k < t->axes; k++) {
		plan_task_get_arm(t, x->index, k, &c[k]);
		need |= c[k].kind != TASK_ANY;
	}
	if (need && get_arm(x) < 0)
		return -1;
	for (k = 0; k < t->axes; k++)
		if (!within(x->r, &c[k], x->arm[k], &x->why)) {
			x->why.kind = TASK_M_ARM;
			x->why.axis = k;
			return 0;
		}
	return 1;
}

/* The objects of the state, in order: 1 match, 0 mismatch, -1 aborted. */
static int
match_objects(struct deciding *x)
{
	const struct plan_task *t = x->r->task;
	int32_t pos[TASK_MAX_AXES];
	uint16_t i;
	uint8_t k;
	int seen;

	for (i = 0; i < x->d.nchecks; i++) {
		uint16_t ci = (uint16_t)(x->d.first_check + i);
		struct plan_task_check ch;

		plan_task_get_check(t, ci, &ch);
		x->why.object = ch.object;
		if ((seen = task_ask_object(x->r, x->env, ch.object, pos,
		    x->at)) < 0)
			return -1;
		if (!seen) {
			x->why.kind = TASK_M_UNSEEN;
			return 0;
		}
		for (k = 0; k < t->axes; k++) {
			struct plan_task_comp c;

			plan_task_get_check_comp(t, ci, k, &c);
			if (!within(x->r, &c, pos[k], &x->why)) {
				x->why.kind = TASK_M_OBJECT;
				x->why.axis = k;
				return 0;
			}
		}
	}
	return 1;
}

static void
emit(struct deciding *x, struct task_event *ev)
{
	if (x->env->event == NULL)
		return;
	ev->tick = x->r->tick;
	ev->action = x->at->action;
	ev->step = x->at->step;
	ev->decision = x->at->decision;
	x->env->event(x->env->ctx, ev);
}

/* Variables take the arm's or an object's position now. */
static int
record_all(struct deciding *x)
{
	struct task_run *r = x->r;
	uint8_t d = r->task->axes;
	uint16_t i;

	for (i = 0; i < x->d.nrecords; i++) {
		struct plan_task_record rec;
		struct task_event ev;
		int32_t *slot;
		int seen = 1;

		plan_task_get_record(r->task,
		    (uint16_t)(x->d.first_record + i), &rec);
		slot = r->var + (uint32_t)rec.var * d;
		if (rec.source == TASK_SOURCE_ARM) {
			if (get_arm(x) < 0)
				return -1;
			memcpy(slot, x->arm, sizeof *slot * d);
		} else if ((seen = task_ask_object(r, x->env, rec.source,
		    slot, x->at)) < 0) {
			return -1;
		}
		/* an object not seen leaves nothing stale behind */
		r->var_set[rec.var] = (uint8_t)seen;
		memset(&ev, 0, sizeof ev);
		ev.kind = TASK_EV_RECORD;
		ev.var = rec.var;
		ev.source = rec.source;
		ev.set = (uint8_t)seen;
		ev.point = slot;
		emit(x, &ev);
	}
	return 0;
}

/* Put a target on the running list: 0, or -1 with the run aborted. */
static int
schedule(struct deciding *x, const struct plan_task_target *tg, int matched,
    uint8_t reset)
{
	struct task_run *r = x->r;
	struct task_slot *s;

	if (tg->kind == TASK_T_NONE)
		return 0;
	if (tg->delay > UINT32_MAX - r->tick) {
		task_fail(r, TASK_E_TICKS, x->at);
		return -1;
	}
	if (r->n >= r->cap) {
		task_fail(r, TASK_E_FULL, x->at);
		r->why.target = tg->kind == TASK_T_ACTION ? tg->action :
		    TASK_NONE16;
		return -1;
	}
	s = &r->slot[r->n++];
	task_slot_set(r->task, s, tg->kind == TASK_T_ACTION ? tg->action :
	    tg->kind == TASK_T_DONE ? TASK_SLOT_DONE : TASK_SLOT_ABORT,
	    r->tick + tg->delay);
	s->from_action = x->at->action;
	s->from_step = x->at->step;
	s->from_decision = x->at->decision;
	s->from_matched = (uint8_t)matched;
	s->from_reset = reset;
	s->repeats = x->repeats;
	return 0;
}

/*
 * The target, after the original's reset rule: an action restarting
 * itself counts a repeat; past its reset limit it starts its reset
 * target instead and the count starts again.  The count travels with
 * each run of an action (x->repeats goes into the slot scheduled), so
 * actions running side by side keep their own.
 */
static struct plan_task_target
choose(struct deciding *x, const struct plan_task_action *a, int matched,
    uint8_t *reset)
{
	struct plan_task_target tg = matched ? x->d.match : x->d.mismatch;

	*reset = 0;
	x->repeats = 0;
	if (tg.kind == TASK_T_ACTION && tg.action == x->at->action)
		x->repeats = x->at->repeats < 0xFFFFu ?
		    (uint16_t)(x->at->repeats + 1) : 0xFFFFu;
	if (a->reset_limit && x->repeats > a->reset_limit) {
		tg = a->reset;
		x->repeats = 0;
		*reset = 1;
	}
	return tg;
}

int
task_decide(struct task_run *r, const struct task_env *env,
    const struct task_at *at)
{
	struct plan_task_action a;
	struct deciding x;
	struct task_event ev;
	int matched;

	memset(&x, 0, sizeof x);
	x.r = r;
	x.env = env;
	x.at = at;
	plan_task_get_action(r->task, at->action, &a);
	x.index = (uint16_t)(a.first_decision + at->decision);
	plan_task_get_decision(r->task, x.index, &x.d);
	if (vars_ready(&x) < 0 || (matched = match_arm(&x)) < 0)
		return -1;
	if (matched && (matched = match_objects(&x)) < 0)
		return -1;
	memset(&ev, 0, sizeof ev);
	ev.kind = TASK_EV_DECISION;
	ev.matched = (uint8_t)matched;
	if (matched)
		memset(&x.why, 0, sizeof x.why);
	ev.why = x.why;
	ev.target = choose(&x, &a, matched, &ev.reset);
	emit(&x, &ev);
	if (record_all(&x) < 0)
		return -1;
	return schedule(&x, &ev.target, matched, ev.reset);
}
