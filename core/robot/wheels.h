/*
 * wheels.h - a two-wheeled robot's senses and actions for a stored plan
 * (portable core): a ranger ahead, two bump switches, two motors, a light
 * and a timed wait.  A board fills the hooks of a struct wheels and
 * points robot_hw.body at the robot_body robot_wheels_body makes of it; the Uno
 * firmware (hw/avr-uno) and the Arduino library's WheeledRobot do.
 */
#ifndef SPINE_ROBOT_WHEELS_H
#define SPINE_ROBOT_WHEELS_H

#include <stdint.h>

#include "body.h"

/* The ids a plan uses; DESCRIBE names them (wheels.c). */
enum wheels_sense {
	WHEELS_SENSE_RANGE = 1,		/* mm to the nearest thing ahead */
	WHEELS_SENSE_BUMP = 2		/* bit 0: left switch, bit 1: right */
};

enum wheels_action {
	WHEELS_ACT_DRIVE = 1,		/* both wheels, % of full, - back */
	WHEELS_ACT_SPIN = 2,		/* on the spot, %, + clockwise */
	WHEELS_ACT_STOP = 3,		/* both wheels off */
	WHEELS_ACT_LIGHT = 4,		/* 0 off, 1 on */
	WHEELS_ACT_WAIT = 5		/* in progress for value ms */
};

#define WHEELS_POWER_MAX 100		/* percent */
/* Below this a geared hobby motor only hums: such a command stops it. */
#define WHEELS_POWER_MIN 15
#define WHEELS_WAIT_MAX	 30000		/* ms */

struct wheels {
	/* The board's hooks, given robot_hw.ctx.  motors: each wheel's
	 * power, -100 (full backwards) to 100 (full forwards), 0 or at
	 * least WHEELS_POWER_MIN either way. */
	void (*motors)(void *ctx, int8_t left, int8_t right);
	uint8_t (*bumpers)(void *ctx);	/* enum wheels_sense's bits */
	void (*light)(void *ctx, uint8_t on);
	/* Kept by wheels.c: what the plan commanded, its wait. */
	int8_t left, right;
	uint8_t light_on;
	uint8_t waiting;
	int16_t wait_ms;
	uint32_t wait_from;
	uint32_t paused_at;		/* a pause does not count as waiting */
};

/* Make *b the body of the robot whose hooks *w holds (w's state is
 * cleared; the motors are told nothing until the robot starts). */
void robot_wheels_body(struct robot_body *b, struct wheels *w);

#endif
