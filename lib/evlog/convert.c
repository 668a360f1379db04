/*
 * convert.c - the producers' events as event-log events: the planner's
 * own (planrun, and the simulators to come) and a robot's monitor frames
 * (armctl monitor), a host's priority changes and run boundaries, so all
 * end up in the same columns.
 */
#include <string.h>

#include "evlog/evlog.h"
#include "plan/vocab.h"

void
evlog_from_planner(struct evlog_event *e, const struct names *n,
    const struct planner_event *pe, long cycle, long time_ms)
{
	memset(e, 0, sizeof *e);
	e->cycle = cycle;
	e->time_ms = time_ms;
	e->kind = pe->kind;
	e->type = pe->type;
	e->id = plan_id(n->plan, pe->type, pe->index);
	e->name = n->element[pe->type][pe->index];
	e->why = pe->why;
	if (pe->kind != PLANNER_EV_SENSE)
		return;
	/* TR and FL read no sense: sense and sense_id stay empty */
	e->has_sense = pe->cmp != PLAN_TR && pe->cmp != PLAN_FL;
	e->sense_id = pe->sense;
	e->sense = evlog_names_of_sense(n, pe->sense);
	e->value = pe->value;
	e->released = pe->latch != 0;
	e->latch = pe->held != 0;
}

void
evlog_from_wire(struct evlog_event *e, const struct names *n,
    const struct wire_event *we, long cycle)
{
	uint8_t kind = we->kind & WIRE_EV_KIND;

	memset(e, 0, sizeof *e);
	e->cycle = cycle;
	e->time_ms = -1;	/* the caller sets the robot's clock, if sent */
	e->kind = kind;
	e->type = we->type;
	e->id = we->id;
	e->name = evlog_names_of_element_id(n, we->type, we->id);
	if (kind == WIRE_EV_FAIL || kind == WIRE_EV_ERROR)
		e->why = (uint8_t)we->value;
	if (kind == WIRE_EV_PRIORITY)	/* PRIO: value is unsigned */
		e->priority = (uint16_t)we->value;
	if (kind != WIRE_EV_SENSE)
		return;
	e->has_sense = (we->kind & WIRE_EV_READ) != 0;
	e->sense_id = we->sense;
	e->sense = evlog_names_of_sense(n, we->sense);
	e->value = we->value;
	e->released = (we->kind & WIRE_EV_LATCH) != 0;
	e->latch = (we->kind & WIRE_EV_HELD) != 0;
}

void
evlog_priority(struct evlog_event *e, uint16_t id, const char *name,
    uint16_t priority, long cycle, long time_ms)
{
	memset(e, 0, sizeof *e);
	e->cycle = cycle;
	e->time_ms = time_ms;
	e->kind = PLAN_EV_PRIORITY;
	e->type = PLAN_D;
	e->id = id;
	e->name = name;
	e->priority = priority;
}

void
evlog_run_begins(struct evlog_event *e, enum evlog_run how, long time_ms)
{
	memset(e, 0, sizeof *e);
	e->cycle = 0;
	e->time_ms = time_ms;
	e->kind = PLAN_EV_RUN;
	e->run = (uint8_t)how;
}
