/*
 * planloop.c - the stored plan's loop on the robot (see planloop.h).  The
 * planner's monitor callback only fills a small batch; whole EVENTS frames
 * go out as they fill and at the end of each cycle, numbered so the host
 * can count what a busy line lost.
 */
#include <string.h>

#include "body.h"
#include "planloop.h"
#include "robot.h"

static void
flush_events(struct robot *r)
{
	uint8_t payload[WIRE_PAYLOAD_MAX], frame[WIRE_FRAME_MAX], n;

	if (r->events.count == 0)
		return;
	n = wire_events_encode(&r->events, payload);
	n = wire_frame_encode(frame, (uint8_t)r->events.number, WIRE_EVENTS,
	    payload, n);
	r->hw->send(r->hw->ctx, frame, n);
	r->events.number = (uint16_t)(r->events.number + r->events.count);
	r->events.count = 0;
}

static void
on_event(void *robot, const struct planner_event *pe)
{
	struct robot *r = robot;
	struct wire_event *e;

	if (!(r->monitor_mask & (1u << pe->kind)))
		return;
	if (r->events.count == WIRE_EVENTS_TIMED_MAX)
		flush_events(r);
	e = &r->events.ev[r->events.count++];
	r->events.cycle = r->cycle;
	r->events.timed = 1;
	r->events.ms = r->cycle_ms;
	e->kind = pe->kind;
	e->type = pe->type;
	e->id = plan_id(&r->plan, pe->type, pe->index);
	e->sense = 0;
	e->value = pe->why;	/* F and Z: why; 0 for the others */
	if (pe->kind == PLANNER_EV_SENSE) {
		e->sense = pe->sense;
		e->value = pe->value;
		if (pe->latch)
			e->kind |= WIRE_EV_LATCH;
		if (pe->held)
			e->kind |= WIRE_EV_HELD;
		if (pe->cmp != PLAN_TR && pe->cmp != PLAN_FL)
			e->kind |= WIRE_EV_READ;
	}
}

int
robot_planloop_bind(struct robot *r)
{
	struct planner_io io;

	io.sense = robot_read_sense;
	io.action = robot_do_action;
	io.monitor = on_event;
	io.ctx = r;
	r->running = 0;
	return planner_init(&r->planner, &r->plan, r->hw->state_ram,
	    r->hw->state_ram_size, &io);
}

int
robot_planloop_start(struct robot *r, uint16_t rate)
{
	uint32_t now = r->hw->millis(r->hw->ctx);

	if (robot_store_plan_size(&r->store) == 0)
		return WIRE_E_NO_PLAN;
	if (!r->plan_ready)
		return WIRE_E_PLAN;
	if (rate > PLANLOOP_RATE_MAX)
		return WIRE_E_ARG;
	robot_motion_clear(&r->motion);
	robot_halt(r, ROBOT_HALT_STOP);
	planner_reset(&r->planner);
	robot_planloop_monitor(r, r->monitor_mask);
	r->rate = rate ? rate : PLANLOOP_RATE;
	r->cycle = 0;
	r->start_ms = now;
	r->next_cycle_ms = now;
	r->last_tick_ms = now;
	r->running = 1;
	r->paused = 0;
	r->step_left = 0;
	r->elem_monitor = 0;	/* planner_reset took the plan's flags */
	return 0;
}

void
robot_planloop_stop(struct robot *r)
{
	r->running = 0;
	r->paused = 0;
	r->step_left = 0;
	robot_halt(r, ROBOT_HALT_STOP);
	flush_events(r);
}

/* Hold the joints where they are, leaving the plan's command (and its
 * move in progress) as it was. */
static void
hold(struct robot *r)
{
	int32_t enc[ROBOT_JOINTS_MAX];

	r->hw->read_encoders(r->hw->ctx, enc);
	r->hw->command_joints(r->hw->ctx, enc);
	robot_halt(r, ROBOT_HALT_PAUSE);
	r->paused_ms = r->hw->millis(r->hw->ctx);
}

/*
 * Carry on from a pause: the joints get the plan's command back, the
 * move's stall check starts from here (holding was not a stall), and the
 * pause does not count as time for the planner's timers.
 */
static void
unhold(struct robot *r)
{
	uint32_t now = r->hw->millis(r->hw->ctx);

	r->hw->command_joints(r->hw->ctx, r->command);
	robot_halt(r, ROBOT_HALT_RESUME);
	r->hw->read_encoders(r->hw->ctx, r->move_seen);
	r->last_tick_ms += now - r->paused_ms;
	r->next_cycle_ms = now;
}

void
robot_planloop_pause(struct robot *r)
{
	if (!r->running || (r->paused && r->step_left == 0))
		return;
	r->paused = 1;
	r->step_left = 0;
	flush_events(r);
	hold(r);
}

void
robot_planloop_resume(struct robot *r)
{
	if (!r->running || !r->paused)
		return;
	if (r->step_left == 0)
		unhold(r);
	r->paused = 0;
	r->step_left = 0;
}

void
robot_planloop_step(struct robot *r, uint16_t n)
{
	uint32_t sum;

	if (!r->running || !r->paused || n == 0)
		return;
	if (r->step_left == 0)
		unhold(r);
	sum = (uint32_t)r->step_left + n;
	r->step_left = sum > 0xFFFFu ? 0xFFFFu : (uint16_t)sum;
}

void
robot_planloop_rate(struct robot *r, uint16_t rate)
{
	uint32_t now = r->hw->millis(r->hw->ctx);

	r->rate = rate;
	/* The next cycle no later than one new period from now. */
	if ((int32_t)(r->next_cycle_ms - now) > (int32_t)(1000u / rate))
		r->next_cycle_ms = now + 1000u / rate;
}

void
robot_planloop_priority_event(struct robot *r, uint16_t drive_id,
    uint16_t priority)
{
	struct wire_event *e;

	if (r->monitor_mask == 0)
		return;
	flush_events(r);
	e = &r->events.ev[0];
	memset(e, 0, sizeof *e);
	e->kind = WIRE_EV_PRIORITY;
	e->type = WIRE_TYPE_D;
	e->id = drive_id;
	e->value = priority <= 0x7FFFu ? (int16_t)priority :
	    (int16_t)((int32_t)priority - 65536L);
	r->events.cycle = r->cycle + 1;	/* the first cycle it applies to */
	r->events.timed = 1;
	r->events.ms = r->hw->millis(r->hw->ctx) - r->start_ms;
	r->events.count = 1;
	flush_events(r);
}

/* With element flags set by the host, they alone choose the elements. */
void
robot_planloop_monitor(struct robot *r, uint8_t mask)
{
	r->monitor_mask = mask;
	if (r->plan_ready)
		planner_set_global_monitor(&r->planner, mask == 0 ?
		    r->plan.global_monitor : r->elem_monitor ? 0 : mask);
}

void
robot_planloop_tick(struct robot *r)
{
	uint32_t now = r->hw->millis(r->hw->ctx), period;
	uint16_t ticks = 0;

	if (!r->running || (r->paused && r->step_left == 0) ||
	    (int32_t)(now - r->next_cycle_ms) < 0)
		return;
	while ((uint32_t)(now - r->last_tick_ms) >= PLANLOOP_TICK_MS &&
	    ticks < 0xFFFF) {
		r->last_tick_ms += PLANLOOP_TICK_MS;
		ticks++;
	}
	if (ticks)
		planner_tick(&r->planner, ticks);
	r->cycle++;
	/* the cycle's time is when it was due: the rate's clock, not the
	 * jitter of our loop */
	r->cycle_ms = r->next_cycle_ms - r->start_ms;
	planner_cycle(&r->planner);
	flush_events(r);
	if (r->step_left && --r->step_left == 0)
		hold(r);	/* the steps are done: paused again */
	period = 1000u / r->rate;
	r->next_cycle_ms += period;
	/* Fallen behind (a slow line, a busy robot): skip, do not race. */
	if ((int32_t)(now - r->next_cycle_ms) > (int32_t)period)
		r->next_cycle_ms = now + period;
}
