/*
 * body.h - the senses and actions of a robot, whatever its shape (portable
 * core).  A board whose robot_hw.body points at one gets its plan's reads
 * and actions, DESCRIBE and telemetry from it; wheels.c is one, the arm
 * (armio.c) another.  planloop.c, describe.c and telemetry.c reach it
 * through body.c.
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
	 * struct robot. */
	int16_t (*sense)(void *robot, uint16_t id);
	uint8_t (*action)(void *robot, uint16_t id, int16_t value,
	    uint8_t check);
	/* Optional: pause, resume or stop (enum robot_halt); an arm holds
	 * through its joints and needs none. */
	void (*halt)(void *robot, uint8_t how);
	/* DESCRIBE entry k, whole (total and index too) in a zeroed *d; 0,
	 * or WIRE_E_ARG past the last. */
	int (*describe)(const struct robot *r, uint8_t k, struct wire_desc *d);
};

/*
 * The arm (armio.c's senses and actions, describe.c's rows and joints):
 * the body of a board that gives none, where ROBOT_ARM (profile.h) says
 * so; a board that always gives one names it, and one that never does
 * links none of it.
 */
extern const struct robot_body robot_arm_body;

/* The robot's sense `id` now, and an action, from its body.  As
 * planner_io's, given the struct robot. */
int16_t robot_read_sense(void *robot, uint16_t id);
uint8_t robot_do_action(void *robot, uint16_t id, int16_t value,
    uint8_t check);

/* Tell the body to pause, resume or stop, if it needs telling. */
void robot_halt(struct robot *r, uint8_t how);

/* DESCRIBE entry k into *d; 0 or an enum wire_error code. */
int robot_entry(const struct robot *r, uint8_t k, struct wire_desc *d);

/* The arm's DESCRIBE entries (describe.c), for robot_arm_body. */
int robot_arm_describe(const struct robot *r, uint8_t k,
    struct wire_desc *d);

#endif
