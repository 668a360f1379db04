/*
 * motion.h - the robot's setpoint buffer and step clock (portable core).
 * Streamed setpoints queue here and are held one period each, timed by the
 * robot's own clock; how far the arm lagged each step is kept for STATUS.
 */
#ifndef SPINE_ROBOT_MOTION_H
#define SPINE_ROBOT_MOTION_H

#include <stdint.h>

#include "hw.h"
#include "wire/msg.h"

/* A firmware with little RAM may build with smaller values (-D...). */
#ifndef ROBOT_SLOTS
#define ROBOT_SLOTS 16
#endif
#ifndef ROBOT_HISTORY
#define ROBOT_HISTORY 32
#endif
#ifndef ROBOT_JOINTS_MAX
#define ROBOT_JOINTS_MAX WIRE_MAX_JOINTS
#endif

struct motion_slot {
	uint16_t period_ms;
	int32_t mdeg[ROBOT_JOINTS_MAX];
};

struct motion {
	uint8_t joints;
	uint32_t run_id;		/* 0: no run yet */
	uint32_t received;		/* last step queued */
	uint32_t executed;		/* last step whose period ended */
	uint8_t head, count;		/* the queue, a ring */
	struct motion_slot slot[ROBOT_SLOTS];
	uint8_t active;			/* a step is being held */
	uint32_t cur_step;
	uint32_t cur_since;
	struct motion_slot cur;
	uint16_t dev[ROBOT_HISTORY];	/* by step % ROBOT_HISTORY */
};

void motion_init(struct motion *m, uint8_t joints);

/* Start run `run_id` afresh (from 0) or resume it at step `from`. */
int motion_stream(struct motion *m, uint32_t run_id, uint32_t from);

/* Queue a setpoint; 0 or an enum wire_error code (never overflows). */
int motion_push(struct motion *m, const struct wire_setpoint *sp);

/*
 * Advance the step clock to `now`: end the held step when its period is
 * over (measuring the lag), then start the next, commanding the joints
 * through hw and recording the command in `command`.
 */
void motion_tick(struct motion *m, uint32_t now, const struct robot_hw *hw,
    int32_t *command);

/* Drop queued and held steps; the run can be resumed after `executed`. */
void motion_clear(struct motion *m);

uint8_t motion_free(const struct motion *m);
int motion_busy(const struct motion *m);

/* Fill a STATUS reply with the lags of steps from `from` on. */
void motion_report(const struct motion *m, uint32_t from,
    struct wire_status *s);

#endif
