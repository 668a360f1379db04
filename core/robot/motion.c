/*
 * motion.c - setpoint queue, step timing and lag history (portable core).
 * Steps arrive numbered and in order (the link guarantees order, we check
 * it); the queue refuses rather than overflows, so a host that ignores the
 * flow control gets an error instead of a robot that skips steps.
 */
#include <string.h>

#include "motion.h"

#if ROBOT_STREAM

void
robot_motion_init(struct motion *m, uint8_t joints)
{
	memset(m, 0, sizeof *m);
	m->joints = joints;
}

void
robot_motion_clear(struct motion *m)
{
	m->head = 0;
	m->count = 0;
	m->active = 0;
	m->trail = 0;
	m->over = 0;
	m->received = m->executed;
}

int
robot_motion_stream(struct motion *m, uint32_t run_id, uint32_t from,
    uint16_t guard_mdeg, uint8_t guard_persist)
{
	m->guard_mdeg = guard_mdeg;
	m->guard_persist = guard_persist;
	m->held = 0;
	if (from == 0) {
		robot_motion_clear(m);
		m->run_id = run_id;
		m->received = 0;
		m->executed = 0;
		memset(m->dev, 0, sizeof m->dev);
		return 0;
	}
	if (m->run_id == 0 || run_id != m->run_id || from != m->executed + 1)
		return WIRE_E_RUN;
	robot_motion_clear(m);
	return 0;
}

int
robot_motion_push(struct motion *m, const struct wire_setpoint *sp)
{
	uint8_t tail;

	if (sp->joints != m->joints)
		return WIRE_E_ARG;
	if (m->held)		/* sent before the host heard of the hold */
		return 0;
	if (sp->step != m->received + 1)
		return WIRE_E_STEP;
	if (m->count >= ROBOT_SLOTS)
		return WIRE_E_FULL;
	tail = (uint8_t)((m->head + m->count) % ROBOT_SLOTS);
	m->slot[tail].period_ms = sp->period_ms;
	memcpy(m->slot[tail].mdeg, sp->mdeg, sizeof(int32_t) * m->joints);
	m->count++;
	m->received = sp->step;
	return 0;
}

/* Largest |encoder - command| over the joints, saturated to 16 bits. */
static uint16_t
lag(const struct motion *m, const int32_t *enc, const int32_t *cmd)
{
	uint32_t worst = 0, d;
	uint8_t j;

	for (j = 0; j < m->joints; j++) {
		d = enc[j] >= cmd[j] ? (uint32_t)enc[j] - (uint32_t)cmd[j]
		    : (uint32_t)cmd[j] - (uint32_t)enc[j];
		if (d > worst)
			worst = d;
	}
	return worst > 0xFFFFu ? 0xFFFFu : (uint16_t)worst;
}

/*
 * The step just ended `dev` behind: under the run's rule, one step more
 * in a row over it, and at the rule's count hold the arm at the encoders
 * and drop the queue.  1 when held.
 */
static int
guard(struct motion *m, uint16_t dev, const int32_t *enc,
    const struct robot_hw *hw, int32_t *command)
{
	if (m->guard_persist == 0)
		return 0;
	m->over = dev > m->guard_mdeg ? (uint8_t)(m->over + 1) : 0;
	if (m->over < m->guard_persist)
		return 0;
	robot_motion_clear(m);
	m->held = 1;
	memcpy(command, enc, sizeof(int32_t) * m->joints);
	hw->command_joints(hw->ctx, command);
	return 1;
}

/*
 * Under the run's rule the command leads the encoders by guard_mdeg at
 * most: a joint that meets something presses no harder than the rule
 * allows while the rule makes up its mind, and one that is free follows
 * a command that keeps moving ahead of it.  The step's lag is still
 * measured against the step's own target.
 */
static void
lead(const struct motion *m, const int32_t *enc, int32_t *command)
{
	int32_t g = (int32_t)m->guard_mdeg;
	uint8_t j;

	for (j = 0; j < m->joints; j++) {
		int32_t want = m->cur.mdeg[j];

		if (want > enc[j] && want - enc[j] > g)
			want = enc[j] + g;
		else if (want < enc[j] && enc[j] - want > g)
			want = enc[j] - g;
		command[j] = want;
	}
}

/* The held step's command again, led by the encoders (lead above).  A
 * step's start always tells the joints; within it, only a change does. */
static void
follow(struct motion *m, const struct robot_hw *hw, int32_t *command,
    int starting)
{
	int32_t enc[ROBOT_JOINTS_MAX], led[ROBOT_JOINTS_MAX];
	size_t size = sizeof(int32_t) * m->joints;

	hw->read_encoders(hw->ctx, enc);
	lead(m, enc, led);
	if (!starting && memcmp(led, command, size) == 0)
		return;
	memcpy(command, led, size);
	hw->command_joints(hw->ctx, command);
}

void
robot_motion_tick(struct motion *m, uint32_t now, const struct robot_hw *hw,
    int32_t *command)
{
	int32_t enc[ROBOT_JOINTS_MAX];
	uint16_t dev;

	if ((m->active && m->guard_persist != 0 &&
	    (uint32_t)(now - m->cur_since) < m->cur.period_ms) ||
	    (!m->active && m->trail && m->count == 0))
		follow(m, hw, command, 0);
	if (m->active && (uint32_t)(now - m->cur_since) >= m->cur.period_ms) {
		hw->read_encoders(hw->ctx, enc);
		dev = lag(m, enc, m->cur.mdeg);
		m->dev[m->cur_step % ROBOT_HISTORY] = dev;
		m->executed = m->cur_step;
		m->active = 0;
		if (guard(m, dev, enc, hw, command))
			return;
		/* the last step's target, still led, until the arm is there */
		m->trail = m->guard_persist != 0;
	}
	if (m->active || m->count == 0)
		return;
	m->cur = m->slot[m->head];
	m->cur_step = m->received - m->count + 1;
	m->head = (uint8_t)((m->head + 1) % ROBOT_SLOTS);
	m->count--;
	m->cur_since = now;
	m->active = 1;
	if (m->guard_persist != 0) {
		follow(m, hw, command, 1);
		return;
	}
	memcpy(command, m->cur.mdeg, sizeof(int32_t) * m->joints);
	hw->command_joints(hw->ctx, command);
}

uint8_t
robot_motion_free(const struct motion *m)
{
	return (uint8_t)(ROBOT_SLOTS - m->count);
}

int
robot_motion_busy(const struct motion *m)
{
	return m->active || m->count > 0;
}

void
robot_motion_report(const struct motion *m, uint32_t from, struct wire_status *s)
{
	uint32_t first, oldest;
	uint8_t i;

	s->free = robot_motion_free(m);
	s->run_id = m->run_id;
	s->received = m->received;
	s->executed = m->executed;
	s->count = 0;
	oldest = m->executed >= ROBOT_HISTORY ? m->executed - ROBOT_HISTORY + 1
	    : 1;
	first = from < oldest ? oldest : from;
	s->first = first;
	for (i = 0; i < WIRE_DEV_MAX && first <= m->executed; i++, first++)
		s->dev[i] = m->dev[first % ROBOT_HISTORY];
	s->count = i;
}
#else
typedef int motion_unused;	/* ISO C wants a declaration */
#endif
