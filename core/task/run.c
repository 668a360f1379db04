/*
 * run.c - the task engine's tick (task.h): verification, decisions, the
 * end of the task, the running list and the summed output.  Decisions
 * themselves are in decide.c.  Called by planrun once per tick.
 */
#include <string.h>

#include "task/internal.h"

void
task_fail(struct task_run *r, uint8_t code, const struct task_at *at)
{
	memset(&r->why, 0, sizeof r->why);
	r->why.code = code;
	r->why.action = at->action;
	r->why.step = at->step;
	r->why.decision = at->decision;
	r->state = TASK_ABORTED;
}

static int
coord_ok(int32_t v)
{
	return v >= -TASK_COORD_MAX && v <= TASK_COORD_MAX;
}

/* Checks what the environment answered; 0, or -1 with the run aborted. */
static int
answer_ok(struct task_run *r, uint8_t query, uint8_t object,
    const int32_t *pos, const struct task_at *at)
{
	uint8_t k;

	for (k = 0; k < r->task->axes; k++)
		if (!coord_ok(pos[k])) {
			task_fail(r, TASK_E_ENV_RANGE, at);
			r->why.query = query;
			r->why.object = object;
			r->why.axis = k;
			r->why.actual = pos[k];
			return -1;
		}
	return 0;
}

int
task_ask_arm(struct task_run *r, const struct task_env *env, uint8_t query,
    int32_t *pos, const struct task_at *at)
{
	int rc = query == TASK_Q_ARM ? env->arm(env->ctx, pos) :
	    env->encoder(env->ctx, pos);

	if (rc != 0) {
		task_fail(r, TASK_E_ENV, at);
		r->why.query = query;
		return -1;
	}
	return answer_ok(r, query, 0, pos, at);
}

int
task_ask_object(struct task_run *r, const struct task_env *env,
    uint8_t object, int32_t *pos, const struct task_at *at)
{
	int rc = env->object(env->ctx, object, pos);

	if (rc < 0) {
		task_fail(r, TASK_E_ENV, at);
		r->why.query = TASK_Q_OBJECT;
		r->why.object = object;
		return -1;
	}
	if (rc == 0)
		return 0;
	return answer_ok(r, TASK_Q_OBJECT, object, pos, at) < 0 ? -1 : 1;
}

void
task_init(struct task_run *r, const struct plan_task *t,
    struct task_slot *slot, uint16_t cap, int32_t *var, uint8_t *var_set)
{
	memset(r, 0, sizeof *r);
	r->task = t;
	r->slot = slot;
	r->cap = cap;
	r->var = var;
	r->var_set = var_set;
	if (var_set)
		memset(var_set, 0, t->variables);
	task_slot_set(t, &slot[0], t->start, 0);
	r->n = 1;
}

void
task_slot_set(const struct plan_task *t, struct task_slot *s,
    uint16_t action, uint32_t start)
{
	struct plan_task_action a;

	memset(s, 0, sizeof *s);
	s->action = action;
	s->start = start;
	if (task_is_pseudo(action))
		return;
	plan_task_get_action(t, action, &a);
	s->first_point = a.first_point;
	s->npoints = a.npoints;
	s->first_decision = a.first_decision;
	s->ndecisions = a.ndecisions;
	s->verify = a.verify;
}

/*
 * The step slot s was at during tick `tick`, or -1 when it had not
 * started or had already passed its last point.
 */
static long
step_at(const struct task_slot *s, uint32_t tick)
{
	if (task_is_pseudo(s->action) || s->start > tick ||
	    tick - s->start >= s->npoints)
		return -1;
	return (long)(tick - s->start);
}

/* First axis where the encoder is off the commanded point, or -1. */
static int
off_axis(const struct task_run *r, const int32_t *enc, int32_t tolerance)
{
	uint8_t k;

	for (k = 0; k < r->task->axes; k++) {
		int32_t d = enc[k] - r->out[k];

		if (d < -tolerance || d > tolerance)
			return k;
	}
	return -1;
}

static void
emit_miss(struct task_run *r, const struct task_env *env,
    const struct task_at *at, uint16_t misses, uint16_t allowed,
    const int32_t *enc)
{
	struct task_event ev;

	if (env->event == NULL)
		return;
	memset(&ev, 0, sizeof ev);
	ev.kind = TASK_EV_MISS;
	ev.tick = r->tick;
	ev.action = at->action;
	ev.step = at->step;
	ev.misses = misses;
	ev.allowed = allowed;
	ev.point = enc;
	ev.commanded = r->out;
	env->event(env->ctx, &ev);
}

/* 1. Verified actions that commanded a step at t-1 check the encoder. */
static int
verify(struct task_run *r, const struct task_env *env)
{
	int32_t enc[TASK_MAX_AXES];
	int have_enc = 0, axis;
	uint16_t i;

	if (!r->has_out)
		return 0;
	for (i = 0; i < r->n; i++) {
		struct task_slot *s = &r->slot[i];
		struct plan_task_action a;
		long step = step_at(s, r->tick - 1);
		struct task_at at;

		if (step < 0 || !s->verify)
			continue;
		plan_task_get_action(r->task, s->action, &a);
		at = task_at_of(s->action, (uint16_t)step, TASK_NONE16);
		if (!have_enc && task_ask_arm(r, env, TASK_Q_ENCODER, enc,
		    &at) < 0)
			return -1;
		have_enc = 1;
		if ((axis = off_axis(r, enc, a.tolerance)) < 0) {
			s->misses = 0;
			continue;
		}
		if (s->misses < 0xFFFFu)
			s->misses++;
		emit_miss(r, env, &at, s->misses, a.misses, enc);
		if (s->misses > a.misses) {
			task_fail(r, TASK_E_VERIFY, &at);
			r->why.misses = s->misses;
			r->why.allowed = a.misses;
			r->why.axis = (uint8_t)axis;
			r->why.actual = enc[axis];
			r->why.expected = r->out[axis];
			r->why.tolerance = a.tolerance;
			return -1;
		}
	}
	return 0;
}

/* 2. Actions whose step at t-1 has decisions take them now. */
static int
decide_all(struct task_run *r, const struct task_env *env)
{
	uint16_t i, k, n0 = r->n;

	if (r->tick == 0)
		return 0;
	for (i = 0; i < n0; i++) {
		const struct task_slot *s = &r->slot[i];
		long step = step_at(s, r->tick - 1);
		uint16_t first = s->first_decision, n = s->ndecisions;
		struct task_at at;

		if (step < 0)
			continue;
		at = task_at_of(s->action, (uint16_t)step, TASK_NONE16);
		at.repeats = s->repeats;
		for (k = 0; k < n; k++) {
			if (plan_task_decision_after(r->task,
			    (uint16_t)(first + k)) != step)
				continue;
			at.decision = k;
			if (task_decide(r, env, &at) < 0)
				return -1;
		}
	}
	return 0;
}

/* 3. A due done or abort ends the task; 1 if it ended. */
static int
end_due(struct task_run *r)
{
	uint16_t i;

	for (i = 0; i < r->n; i++) {
		const struct task_slot *s = &r->slot[i];
		struct task_at at;

		if (!task_is_pseudo(s->action) || s->start > r->tick)
			continue;
		if (s->action == TASK_SLOT_DONE) {
			r->state = TASK_DONE;
			r->n = 0;
			return 1;
		}
		at = task_at_of(s->from_action, s->from_step,
		    s->from_decision);
		task_fail(r, TASK_E_CHOSEN, &at);
		r->why.matched = s->from_matched;
		r->why.reset = s->from_reset;
		return 1;
	}
	return 0;
}

/* 4. Drop actions past their last step, keeping the list's order. */
static void
drop_finished(struct task_run *r)
{
	uint16_t i, kept = 0;

	for (i = 0; i < r->n; i++) {
		const struct task_slot *s = &r->slot[i];

		if (!task_is_pseudo(s->action) && s->start <= r->tick &&
		    r->tick - s->start >= s->npoints)
			continue;
		r->slot[kept++] = *s;
	}
	r->n = kept;
}

/* One point component's value, or -1 (run aborted) if unset. */
static int
point_value(struct task_run *r, uint16_t point, uint8_t axis, int32_t *v,
    const struct task_at *at)
{
	struct plan_task_comp c;

	plan_task_get_point(r->task, point, axis, &c);
	if (c.kind == TASK_VALUE) {
		*v = c.value;
		return 0;
	}
	if (!r->var_set[c.var]) {
		task_fail(r, TASK_E_VARIABLE, at);
		r->why.var = c.var;
		return -1;
	}
	*v = r->var[(uint32_t)c.var * r->task->axes + c.axis];
	return 0;
}

/* 5. The commanded point: the sum over every running action. */
static int
sum_output(struct task_run *r)
{
	uint16_t i;
	uint8_t k;

	r->has_out = 0;
	memset(r->out, 0, sizeof r->out);
	for (i = 0; i < r->n; i++) {
		long step = step_at(&r->slot[i], r->tick);
		struct task_at at;

		if (step < 0)
			continue;
		at = task_at_of(r->slot[i].action, (uint16_t)step,
		    TASK_NONE16);
		for (k = 0; k < r->task->axes; k++) {
			int32_t v;

			if (point_value(r, (uint16_t)(r->slot[i].first_point +
			    step), k, &v, &at) < 0)
				return -1;
			/* both within +-1e9: the sum fits before the check */
			r->out[k] += v;
			if (!coord_ok(r->out[k])) {
				task_fail(r, TASK_E_RANGE, &at);
				r->why.axis = k;
				return -1;
			}
		}
		r->has_out = 1;
	}
	r->out_tick = r->tick;
	return 0;
}

int
task_step(struct task_run *r, const struct task_env *env)
{
	if (r->state != TASK_RUNNING)
		return r->state;
	if (verify(r, env) < 0 || decide_all(r, env) < 0 || end_due(r))
		return r->state;
	drop_finished(r);
	if (sum_output(r) < 0)
		return r->state;
	if (r->n == 0) {
		r->state = TASK_DONE;
		return r->state;
	}
	if (r->tick == UINT32_MAX) {
		struct task_at at = task_at_of(TASK_NONE16, 0, TASK_NONE16);

		task_fail(r, TASK_E_TICKS, &at);
		return r->state;
	}
	r->tick++;
	return r->state;
}
