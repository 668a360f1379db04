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
int robot_planloop_bind(struct robot *r);

/* START: 0 or an enum wire_error code. */
int robot_planloop_start(struct robot *r, uint16_t rate);
void robot_planloop_stop(struct robot *r);

/* Run the cycles that are due. */
void robot_planloop_tick(struct robot *r);

/* MONITOR: which event kinds to send (bit k: kind k); 0 sends none. */
void robot_planloop_monitor(struct robot *r, uint8_t mask);

/* PAUSE: stop the cycles, the arm holding where it is; plan state,
 * timers and the move in progress are kept for robot_planloop_resume. */
void robot_planloop_pause(struct robot *r);
void robot_planloop_resume(struct robot *r);
/* Paused: run n more cycles at the rate, then pause again. */
void robot_planloop_step(struct robot *r, uint16_t n);

/* RATE: cycles a second from now on (1 .. PLANLOOP_RATE_MAX). */
void robot_planloop_rate(struct robot *r, uint16_t rate);

/* A drive's priority set from outside: a Q event for the monitor. */
void robot_planloop_priority_event(struct robot *r, uint16_t drive_id,
    uint16_t priority);

#endif
