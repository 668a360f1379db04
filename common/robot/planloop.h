/*
 * planloop.h - running the stored plan on the robot (portable core): the
 * planner bound to the plan in RAM, cycles at a steady rate by the robot's
 * clock, timers that tick once a second, and the monitor events batched
 * into EVENTS frames for the host.  Called by robot.c and requests.c.
 */
#ifndef SPINE_ROBOT_PLANLOOP_H
#define SPINE_ROBOT_PLANLOOP_H

#include <stdint.h>

struct robot;

#define PLANLOOP_RATE 8		/* cycles a second unless START says */
#define PLANLOOP_RATE_MAX 100	/* a move must show progress each cycle */
#define PLANLOOP_TICK_MS 1000	/* one planner timer tick, as on R5 */

/* Bind the planner to the plan now in RAM; 0, or -1 when it cannot run
 * (its state does not fit the state RAM). */
int planloop_bind(struct robot *r);

/* START: 0 or an enum wire_error code. */
int planloop_start(struct robot *r, uint16_t rate);
void planloop_stop(struct robot *r);

/* Run the cycles that are due. */
void planloop_tick(struct robot *r);

/* MONITOR: which event kinds to send (bit k: kind k); 0 sends none. */
void planloop_monitor(struct robot *r, uint8_t mask);

#endif
