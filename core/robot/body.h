/*
 * body.h - the senses and actions of a robot that is not an arm (portable
 * core).  A board whose robot_hw.body points at one gets its plan's reads
 * and actions, DESCRIBE and telemetry from it instead of armio.c; wheels.c
 * is one.  planloop.c, describe.c and telemetry.c reach it through body.c.
 */
#ifndef SPINE_ROBOT_BODY_H
#define SPINE_ROBOT_BODY_H

#include <stdint.h>

#include "profile.h"

struct robot;
struct wire_desc;

/* What robot_body.halt is asked to do. */
enum robot_halt {
	ROBOT_HALT_PAUSE,	/* PAUSE: hold still, keep what was commanded */
	ROBOT_HALT_RESUME,	/* carry on with what was commanded */
	ROBOT_HALT_STOP		/* STOP, a new plan, a fresh start: all off */
};

struct robot_body {
	void *ctx;		/* the body's hooks and state (wheels.h) */
	/* A stored plan's sense and action, as planner_io's, given the
	 * struct robot (whose hw->body this is). */
	int16_t (*sense)(void *robot, uint16_t id);
	uint8_t (*action)(void *robot, uint16_t id, int16_t value,
	    uint8_t check);
	void (*halt)(void *robot, uint8_t how);		/* enum robot_halt */
	/* DESCRIBE: `entries` entries, entry k filled by describe (kind,
	 * first, count, min, max, unit, name; not total or index). */
	uint8_t entries;
	void (*describe)(uint8_t k, struct wire_desc *d);
};

/* The robot's sense `id` now, and an action: the body's, or the arm's
 * (armio.c; a build with ROBOT_ARM 0 has none and needs a body).  As
 * planner_io's, given the struct robot. */
int16_t robot_read_sense(void *robot, uint16_t id);
uint8_t robot_do_action(void *robot, uint16_t id, int16_t value,
    uint8_t check);

/* Tell the body to pause, resume or stop; nothing for an arm, which
 * planloop.c holds through its joints. */
void robot_halt(struct robot *r, uint8_t how);

/* DESCRIBE entry k of the body into *d (total and index set); 0 or an
 * enum wire_error code. */
int robot_body_entry(const struct robot *r, uint8_t k, struct wire_desc *d);

/* The body's sense ids in DESCRIBE order into ids[max]; how many. */
uint8_t robot_body_sense_ids(const struct robot *r, uint16_t *ids,
    uint8_t max);

#endif
