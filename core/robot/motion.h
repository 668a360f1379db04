/*
 * motion.h - the robot's setpoint buffer and step clock (portable core).
 * Streamed setpoints queue here and are held one period each, timed by the
 * robot's own clock; how far the arm lagged each step is kept for STATUS.
 */
#ifndef SPINE_ROBOT_MOTION_H
#define SPINE_ROBOT_MOTION_H

#include <stdint.h>

#include "hw.h"
#include "profile.h"
#include "wire/msg.h"

/* A firmware with little RAM may build with smaller values (-D...). */
#ifndef ROBOT_SLOTS
#define ROBOT_SLOTS (ROBOT_STREAM ? 16 : 0)
#endif
#ifndef ROBOT_HISTORY
#define ROBOT_HISTORY 32
#endif
#ifndef ROBOT_JOINTS_MAX
#define ROBOT_JOINTS_MAX WIRE_MAX_JOINTS
#endif

#if ROBOT_STREAM
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
	/* the run's lag rule (STREAM): a step ending more than guard_mdeg
	 * behind, guard_persist steps in a row (0: no rule), holds the arm */
	uint16_t guard_mdeg;
	uint8_t guard_persist, over;
	uint8_t trail;			/* the rule's lead goes on after the
					 * last step (lead in motion.c) */
	uint8_t held;			/* the rule held it: setpoints of the
					 * run are dropped until a STREAM */
};

void robot_motion_init(struct motion *m, uint8_t joints);

/*
 * Start run `run_id` afresh (from 0) or resume it at step `from`, under
 * the lag rule (guard_mdeg, guard_persist; persist 0: none): the moment
 * guard_persist steps in a row end more than guard_mdeg behind their
 * command, the arm is held where it is and the queue dropped, as a STOP
 * would, with no wait for the host's.
 */
int robot_motion_stream(struct motion *m, uint32_t run_id, uint32_t from,
    uint16_t guard_mdeg, uint8_t guard_persist);

/* Queue a setpoint; 0 or an enum wire_error code (never overflows).
 * Once the rule has held the run, its setpoints are taken and dropped. */
int robot_motion_push(struct motion *m, const struct wire_setpoint *sp);

/*
 * Advance the step clock to `now`: end the held step when its period is
 * over (measuring the lag), then start the next, commanding the joints
 * through hw and recording the command in `command`.
 */
void robot_motion_tick(struct motion *m, uint32_t now, const struct robot_hw *hw,
    int32_t *command);

/* Drop queued and held steps; the run can be resumed after `executed`. */
void robot_motion_clear(struct motion *m);

uint8_t robot_motion_free(const struct motion *m);
int robot_motion_busy(const struct motion *m);

/* The lag rule held the run (until the next STREAM). */
static inline int
robot_motion_held(const struct motion *m)
{
	return m->held;
}

/* Fill a STATUS reply with the lags of steps from `from` on. */
void robot_motion_report(const struct motion *m, uint32_t from,
    struct wire_status *s);

#else
/*
 * A build without streamed setpoints (profile.h): STREAM and SETPOINT are
 * refused as requests of an unknown type, nothing is ever queued or held,
 * and STATUS reports no steps.
 */
struct motion {
	uint32_t executed;
};

static inline void
robot_motion_init(struct motion *m, uint8_t joints)
{
	(void)joints;
	m->executed = 0;
}

static inline int
robot_motion_stream(struct motion *m, uint32_t run_id, uint32_t from,
    uint16_t guard_mdeg, uint8_t guard_persist)
{
	(void)m;
	(void)run_id;
	(void)from;
	(void)guard_mdeg;
	(void)guard_persist;
	return WIRE_E_UNKNOWN;
}

static inline int
robot_motion_push(struct motion *m, const struct wire_setpoint *sp)
{
	(void)m;
	(void)sp;
	return WIRE_E_UNKNOWN;
}

static inline void
robot_motion_tick(struct motion *m, uint32_t now, const struct robot_hw *hw,
    int32_t *command)
{
	(void)m;
	(void)now;
	(void)hw;
	(void)command;
}

static inline void
robot_motion_clear(struct motion *m)
{
	(void)m;
}

static inline uint8_t
robot_motion_free(const struct motion *m)
{
	(void)m;
	return 0;
}

static inline int
robot_motion_busy(const struct motion *m)
{
	(void)m;
	return 0;
}

static inline int
robot_motion_held(const struct motion *m)
{
	(void)m;
	return 0;
}

static inline void
robot_motion_report(const struct motion *m, uint32_t from, struct wire_status *s)
{
	(void)m;
	(void)from;
	(void)s;
}
#endif

#endif
