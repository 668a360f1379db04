/*
 * wheels.c - the two-wheeled robot's body (see wheels.h).  Motor actions
 * succeed as soon as they are commanded (a reactive plan commands again
 * every cycle); Wait is the one action that takes time, in progress until
 * its milliseconds have passed on the robot's clock, pauses not counted.
 */
#include <string.h>

#include "planner/planner.h"
#include "robot.h"
#include "wheels.h"
#include "wire/desc.h"

static struct wheels *
wheels_of(const struct robot *r)
{
	return r->hw->body->ctx;
}

static int16_t
wheels_sense(void *robot, uint16_t id)
{
	struct robot *r = robot;
	struct wheels *w = wheels_of(r);

	if (id == WHEELS_SENSE_RANGE)
		return r->hw->obstacle_mm ? r->hw->obstacle_mm(r->hw->ctx) :
		    INT16_MAX;
	if (id == WHEELS_SENSE_BUMP)
		return (int16_t)(w->bumpers(r->hw->ctx) & 3u);
	return 0;
}

static int8_t
power(int16_t value)
{
	if (value > -WHEELS_POWER_MIN && value < WHEELS_POWER_MIN)
		return 0;
	return value > WHEELS_POWER_MAX ? WHEELS_POWER_MAX :
	    value < -WHEELS_POWER_MAX ? -WHEELS_POWER_MAX : (int8_t)value;
}

static uint8_t
drive(struct robot *r, int8_t left, int8_t right)
{
	struct wheels *w = wheels_of(r);

	w->left = left;
	w->right = right;
	w->motors(r->hw->ctx, left, right);
	return PLANNER_SUCCESS;
}

/* Begun afresh, or checked: a check of another wait than the one kept
 * (a drive of higher priority began its own) begins this one again. */
static uint8_t
wait(struct robot *r, int16_t ms, uint8_t check)
{
	struct wheels *w = wheels_of(r);
	uint32_t now = r->hw->millis(r->hw->ctx);

	if (ms <= 0)
		return PLANNER_SUCCESS;
	if (ms > WHEELS_WAIT_MAX)
		ms = WHEELS_WAIT_MAX;
	if (check && w->waiting && w->wait_ms == ms) {
		if ((uint32_t)(now - w->wait_from) < (uint32_t)ms)
			return PLANNER_IN_PROGRESS;
		w->waiting = 0;
		return PLANNER_SUCCESS;
	}
	w->waiting = 1;
	w->wait_ms = ms;
	w->wait_from = now;
	return PLANNER_IN_PROGRESS;
}

static uint8_t
wheels_action(void *robot, uint16_t id, int16_t value, uint8_t check)
{
	struct robot *r = robot;
	struct wheels *w = wheels_of(r);

	switch (id) {
	case WHEELS_ACT_DRIVE:
		return drive(r, power(value), power(value));
	case WHEELS_ACT_SPIN:
		return drive(r, power(value), power((int16_t)-value));
	case WHEELS_ACT_STOP:
		return drive(r, 0, 0);
	case WHEELS_ACT_LIGHT:
		w->light_on = value != 0;
		w->light(r->hw->ctx, w->light_on);
		return PLANNER_SUCCESS;
	case WHEELS_ACT_WAIT:
		return wait(r, value, check);
	default:
		return PLANNER_ERROR;	/* this robot has no such action */
	}
}

static void
wheels_halt(void *robot, uint8_t how)
{
	struct robot *r = robot;
	struct wheels *w = wheels_of(r);
	uint32_t now = r->hw->millis(r->hw->ctx);

	if (how == ROBOT_HALT_PAUSE) {
		w->motors(r->hw->ctx, 0, 0);
		w->paused_at = now;
	} else if (how == ROBOT_HALT_RESUME) {
		w->motors(r->hw->ctx, w->left, w->right);
		w->wait_from += now - w->paused_at;
	} else {
		w->left = w->right = 0;
		w->waiting = 0;
		w->light_on = 0;
		w->motors(r->hw->ctx, 0, 0);
		w->light(r->hw->ctx, 0);
	}
}

/* The names of the DESCRIBE entries, in order (an AVR keeps strings in
 * RAM: the rest of each entry is code). */
static const char names[] = "RangeAhead\0Bump\0Drive\0Spin\0Stop\0Light\0"
    "Wait";
#define NENTRIES 7

static void
entry(struct wire_desc *d, uint8_t kind, uint8_t first, int16_t min,
    int16_t max, const char *unit)
{
	d->kind = kind;
	d->first = first;
	d->count = 1;
	d->min = min;
	d->max = max;
	strcpy(d->unit, unit);
}

static int
wheels_describe(const struct robot *r, uint8_t k, struct wire_desc *d)
{
	const char *s = names;
	uint8_t i;

	(void)r;
	if (k >= NENTRIES)
		return WIRE_E_ARG;
	d->total = NENTRIES;
	d->index = k;
	switch (k) {
	case 0:
		entry(d, WIRE_DESC_SENSE, WHEELS_SENSE_RANGE, 0, INT16_MAX, "mm");
		break;
	case 1:
		entry(d, WIRE_DESC_SENSE, WHEELS_SENSE_BUMP, 0, 3, "");
		break;
	case 2:
	case 3:
		entry(d, WIRE_DESC_ACTION, (uint8_t)(k - 2 + WHEELS_ACT_DRIVE),
		    -WHEELS_POWER_MAX, WHEELS_POWER_MAX, "%");
		break;
	case 4:
		entry(d, WIRE_DESC_ACTION, WHEELS_ACT_STOP, 0, 0, "");
		break;
	case 5:
		entry(d, WIRE_DESC_ACTION, WHEELS_ACT_LIGHT, 0, 1, "");
		break;
	default:
		entry(d, WIRE_DESC_ACTION, WHEELS_ACT_WAIT, 0, WHEELS_WAIT_MAX,
		    "ms");
		break;
	}
	for (i = 0; i < k; i++)
		s += strlen(s) + 1;
	strcpy(d->name, s);
	return 0;
}

void
robot_wheels_body(struct robot_body *b, struct wheels *w)
{
	w->left = w->right = 0;
	w->light_on = 0;
	w->waiting = 0;
	w->wait_ms = 0;
	w->wait_from = w->paused_at = 0;
	b->ctx = w;
	b->sense = wheels_sense;
	b->action = wheels_action;
	b->halt = wheels_halt;
	b->describe = wheels_describe;
}
