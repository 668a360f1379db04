/*
 * control.c - the robot's side of the runtime-control requests (PRIO ..
 * RATE of wire/messages.h): each reads its payload through core/wire,
 * looks elements up by their plan ids, and acts on the planner bound to
 * the stored plan.  Called by requests.c's dispatch.
 */
#include <string.h>

#include "profile.h"
#include "requests.h"
#include "planloop.h"

/* A build without some of runtime control (profile.h): each request it
 * leaves out is one of an unknown type, and its handler is not linked. */
#define UNKNOWN_(name) int robot_req_##name(struct robot *r, \
    struct wire_in *in, struct wire_out *out) \
{ (void)r; (void)in; (void)out; return WIRE_E_UNKNOWN; }

#if ROBOT_CONTROL

int
robot_req_prio(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct planner_drive_state ds;
	struct wire_prio m;
	int32_t d;

	if (wire_prio_decode(&m, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (!r->plan_ready)
		return WIRE_E_NO_PLAN;
	if ((d = plan_index_of(&r->plan, PLAN_D, m.drive)) < 0)
		return WIRE_E_ELEMENT;
	if (m.set)
		planner_set_priority(&r->planner, (uint16_t)d, m.priority);
	planner_drive_state(&r->planner, (uint16_t)d, &ds);
	if (m.set)	/* as clamped to the plan's id width */
		robot_planloop_priority_event(r, m.drive, ds.priority);
	m.priority = ds.priority;
	m.set = 1;
	out->n = wire_prio_encode(&m, out->p);
	return 0;
}

int
robot_req_elem_monitor(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_elem_monitor m;
	int32_t i = 0;

	if (wire_elem_monitor_decode(&m, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (!r->plan_ready)
		return WIRE_E_NO_PLAN;
	if ((m.type >= PLAN_NTYPES && m.type != WIRE_ELEM_ALL) ||
	    (m.flags & ~PLAN_MON_ALL))
		return WIRE_E_ARG;
	if (m.type == WIRE_ELEM_ALL) {
		/* back to the plan's flags, every element reporting again */
		planner_reset_monitors(&r->planner);
		r->elem_monitor = 0;
		m.flags = 0;
	} else if ((i = plan_index_of(&r->plan, m.type, m.id)) < 0) {
		return WIRE_E_ELEMENT;
	} else if (m.set) {
		planner_set_monitor(&r->planner, m.type, (uint16_t)i, m.flags);
		r->elem_monitor = 1;
	}
	robot_planloop_monitor(r, r->monitor_mask);
	if (m.type != WIRE_ELEM_ALL)
		m.flags = planner_monitor(&r->planner, m.type, (uint16_t)i);
	m.set = 1;
	out->n = wire_elem_monitor_encode(&m, out->p);
	return 0;
}

int
robot_req_counters(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_counters m;
	struct wire_page pg;
	uint16_t i;

	if (wire_page_decode(&pg, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (!r->plan_ready)
		return WIRE_E_NO_PLAN;
	if (pg.type >= PLAN_NTYPES || pg.first > r->plan.count[pg.type])
		return WIRE_E_ARG;
	memset(&m, 0, sizeof m);
	m.type = pg.type;
	m.total = r->plan.count[pg.type];
	m.first = pg.first;
	for (i = pg.first; i < m.total && m.count < WIRE_COUNTERS_MAX; i++) {
		struct wire_counter *c = &m.row[m.count++];

		c->id = plan_id(&r->plan, pg.type, i);
		c->executed = planner_executions(&r->planner, pg.type, i);
		c->succeeded = planner_successes(&r->planner, pg.type, i);
	}
	out->n = wire_counters_encode(&m, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}

/* One row of STATE: a drive's state, or a C's or AP's current element. */
static void
state_row(struct robot *r, uint8_t type, uint16_t i,
    struct wire_state_row *row)
{
	struct planner_drive_state ds;
	uint16_t cur;

	row->id = plan_id(&r->plan, type, i);
	if (type == PLAN_D) {
		planner_drive_state(&r->planner, i, &ds);
		row->status = ds.status;
		row->latch = ds.latch;
		row->priority = ds.priority;
		row->ramp = ds.ramp_counter;
		return;
	}
	cur = planner_current(&r->planner, type, i);
	row->current = cur == PLAN_NONE ? WIRE_NO_ELEMENT : plan_id(&r->plan,
	    type == PLAN_C ? PLAN_CE : PLAN_APE, cur);
}

int
robot_req_state(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_state m;
	struct wire_page pg;
	uint8_t max;
	uint16_t i;

	if (wire_page_decode(&pg, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (pg.type != PLAN_D && pg.type != PLAN_C && pg.type != PLAN_AP &&
	    pg.type != WIRE_STATE_RUN)
		return WIRE_E_ARG;
	if (pg.type != WIRE_STATE_RUN && !r->plan_ready)
		return WIRE_E_NO_PLAN;
	memset(&m, 0, sizeof m);
	m.type = pg.type;
	m.flags = robot_flags(r);
	m.rate = r->rate;
	m.cycle = r->cycle;
	m.total = pg.type == WIRE_STATE_RUN ? 0 : r->plan.count[pg.type];
	m.first = pg.first;
	if (pg.first > m.total)
		return WIRE_E_ARG;
	max = pg.type == PLAN_D ? WIRE_STATE_DRIVES : WIRE_STATE_MAX;
	for (i = pg.first; i < m.total && m.count < max; i++)
		state_row(r, pg.type, i, &m.row[m.count++]);
	out->n = wire_state_encode(&m, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}

int
robot_req_pause(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_pause m;
	struct wire_paused a;

	if (wire_pause_decode(&m, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (m.op > WIRE_PAUSE_QUERY || (m.op == WIRE_PAUSE_STEP) !=
	    (m.steps != 0))
		return WIRE_E_ARG;
	if (m.op != WIRE_PAUSE_QUERY && !r->running)
		return WIRE_E_RUN;
	if (m.op == WIRE_PAUSE_STEP && !r->paused)
		return WIRE_E_NOT_PAUSED;
	if (m.op == WIRE_PAUSE_HOLD)
		robot_planloop_pause(r);
	else if (m.op == WIRE_PAUSE_RESUME)
		robot_planloop_resume(r);
	else if (m.op == WIRE_PAUSE_STEP)
		robot_planloop_step(r, m.steps);
	a.flags = robot_flags(r);
	a.cycle = r->cycle;
	a.left = r->step_left;
	out->n = wire_paused_encode(&a, out->p);
	return 0;
}

int
robot_req_rate(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	uint16_t hz = wire_get_u16(in);

	if (!wire_in_done(in))
		return WIRE_E_LENGTH;
	if (hz == 0 || hz > PLANLOOP_RATE_MAX)
		return WIRE_E_ARG;
	if (!r->running)
		return WIRE_E_RUN;
	robot_planloop_rate(r, hz);
	wire_put_u16(out, r->rate);
	return 0;
}

#if ROBOT_CONTROL_PACKED	/* (and ROBOT_CONTROL: inside it) */
/* Counters of record `index` in COUNTERS_SPARSE's order; its type
   and record index into *type, *i. */
static void
sparse_row(struct robot *r, uint16_t index, uint8_t *type, uint16_t *i)
{
	uint8_t t = 0;

	while (index >= r->plan.count[t]) {
		index = (uint16_t)(index - r->plan.count[t]);
		t++;
	}
	*type = t;
	*i = index;
}

int
robot_req_counters_sparse(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	struct wire_sparse m;
	struct wire_range q;
	uint16_t ex, ok, i;
	uint8_t t;

	if (wire_range_decode(&q, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (!r->plan_ready)
		return WIRE_E_NO_PLAN;
	memset(&m, 0, sizeof m);
	for (t = 0; t < PLAN_NTYPES; t++)
		m.total = (uint16_t)(m.total + r->plan.count[t]);
	if (q.first > m.total)
		return WIRE_E_ARG;
	m.first = q.first;
	for (m.next = q.first; m.next < q.end && m.next < m.total; m.next++) {
		sparse_row(r, m.next, &t, &i);
		ex = planner_executions(&r->planner, t, i);
		ok = planner_successes(&r->planner, t, i);
		if (ex == 0 && ok == 0)
			continue;
		if (m.count == WIRE_SPARSE_MAX)
			break;
		m.row[m.count].index = m.next;
		m.row[m.count].executed = ex;
		m.row[m.count++].succeeded = ok;
	}
	out->n = wire_sparse_encode(&m, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}

int
robot_req_state_packed(struct robot *r, struct wire_in *in,
    struct wire_out *out)
{
	static const uint8_t order[] = { PLAN_D, PLAN_C, PLAN_AP };
	struct wire_packed m;
	struct wire_range q;
	uint16_t g, end, i, base = 0;
	uint8_t k = 0, n = 0;

	if (wire_range_decode(&q, in->p, in->n) != 0)
		return WIRE_E_LENGTH;
	if (!r->plan_ready)
		return WIRE_E_NO_PLAN;
	memset(&m, 0, sizeof m);
	m.flags = robot_flags(r);
	m.rate = r->rate;
	m.cycle = r->cycle;
	m.total = (uint16_t)(r->plan.count[PLAN_D] + r->plan.count[PLAN_C] +
	    r->plan.count[PLAN_AP]);
	if (q.first > m.total)
		return WIRE_E_ARG;
	m.first = q.first;
	end = wire_packed_end(q.first, r->plan.count[PLAN_D], m.total);
	if (q.end < end)
		end = q.end;
	for (g = q.first; g < end; g++, n++) {
		while (g - base >= r->plan.count[order[k]])
			base = (uint16_t)(base + r->plan.count[order[k++]]);
		i = (uint16_t)(g - base);
		state_row(r, order[k], i, &m.row[n]);
		if (order[k] == PLAN_D)
			m.drives++;
		else
			m.currents++;
	}
	out->n = wire_packed_encode(&m, out->p);
	return out->n ? 0 : WIRE_E_ARG;
}
#endif

#else
UNKNOWN_(prio)
UNKNOWN_(elem_monitor)
UNKNOWN_(counters)
UNKNOWN_(state)
UNKNOWN_(pause)
UNKNOWN_(rate)
#endif
#if !ROBOT_CONTROL || !ROBOT_CONTROL_PACKED
UNKNOWN_(counters_sparse)
UNKNOWN_(state_packed)
#endif
