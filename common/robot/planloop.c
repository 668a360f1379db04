/*
 * planloop.c - the stored plan's loop on the robot (see planloop.h).  The
 * planner's monitor callback only fills a small batch; whole EVENTS frames
 * go out as they fill and at the end of each cycle, numbered so the host
 * can count what a busy line lost.
 */
#include <string.h>

#include "armio.h"
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
	if (r->events.count == WIRE_EVENTS_MAX)
		flush_events(r);
	e = &r->events.ev[r->events.count++];
	r->events.cycle = r->cycle;
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
planloop_bind(struct robot *r)
{
	struct planner_io io;

	io.sense = robot_sense;
	io.action = robot_action;
	io.monitor = on_event;
	io.ctx = r;
	r->running = 0;
	return planner_init(&r->planner, &r->plan, r->hw->state_ram,
	    r->hw->state_ram_size, &io);
}

int
planloop_start(struct robot *r, uint16_t rate)
{
	uint32_t now = r->hw->millis(r->hw->ctx);

	if (store_plan_size(&r->store) == 0)
		return WIRE_E_NO_PLAN;
	if (!r->plan_ready)
		return WIRE_E_PLAN;
	if (rate > PLANLOOP_RATE_MAX)
		return WIRE_E_ARG;
	motion_clear(&r->motion);
	planner_reset(&r->planner);
	planloop_monitor(r, r->monitor_mask);
	r->rate = rate ? rate : PLANLOOP_RATE;
	r->cycle = 0;
	r->next_cycle_ms = now;
	r->last_tick_ms = now;
	r->running = 1;
	return 0;
}

void
planloop_stop(struct robot *r)
{
	r->running = 0;
	flush_events(r);
}

void
planloop_monitor(struct robot *r, uint8_t mask)
{
	r->monitor_mask = mask;
	if (r->plan_ready)
		planner_set_global_monitor(&r->planner, mask ? mask :
		    r->plan.global_monitor);
}

void
planloop_tick(struct robot *r)
{
	uint32_t now = r->hw->millis(r->hw->ctx), period;
	uint16_t ticks = 0;

	if (!r->running || (int32_t)(now - r->next_cycle_ms) < 0)
		return;
	while ((uint32_t)(now - r->last_tick_ms) >= PLANLOOP_TICK_MS &&
	    ticks < 0xFFFF) {
		r->last_tick_ms += PLANLOOP_TICK_MS;
		ticks++;
	}
	if (ticks)
		planner_tick(&r->planner, ticks);
	r->cycle++;
	planner_cycle(&r->planner);
	flush_events(r);
	period = 1000u / r->rate;
	r->next_cycle_ms += period;
	/* Fallen behind (a slow line, a busy robot): skip, do not race. */
	if ((int32_t)(now - r->next_cycle_ms) > (int32_t)period)
		r->next_cycle_ms = now + period;
}
