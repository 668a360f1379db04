/*
 * armio.c - the arm's senses and actions for a stored plan (portable
 * core).  A move is one target for every joint; checking it for completion
 * asks the encoders whether the joints got there, are still getting there,
 * or have stopped short against something.
 */
#include "armio.h"
#include "planner/planner.h"
#include "body.h"
#include "robot.h"

static uint32_t
distance(int32_t a, int32_t b)
{
	return a >= b ? (uint32_t)a - (uint32_t)b : (uint32_t)b - (uint32_t)a;
}

/* Largest |a - b| over the joints, millidegrees. */
static uint32_t
farthest(const struct robot *r, const int32_t *a, const int32_t *b)
{
	uint32_t worst = 0, d;
	uint8_t j;

	for (j = 0; j < r->hw->joints; j++)
		if ((d = distance(a[j], b[j])) > worst)
			worst = d;
	return worst;
}

static int16_t
degrees(int32_t mdeg)
{
	int32_t d = (mdeg >= 0 ? mdeg + 500 : mdeg - 500) / 1000;

	return d > INT16_MAX ? INT16_MAX : d < INT16_MIN ? INT16_MIN :
	    (int16_t)d;
}

int16_t
robot_sense(void *robot, uint16_t id)
{
	struct robot *r = robot;
	int32_t enc[ROBOT_JOINTS_MAX];
	uint32_t lag;

	if (id == ROBOT_SENSE_OBSTACLE)
		return r->hw->obstacle_mm ? r->hw->obstacle_mm(r->hw->ctx) :
		    INT16_MAX;
	r->hw->read_encoders(r->hw->ctx, enc);
	if (id == ROBOT_SENSE_MOVING)
		return farthest(r, enc, r->command) > ROBOT_AT_TARGET_MDEG;
	if (id == ROBOT_SENSE_LAG) {
		lag = (farthest(r, enc, r->command) + 500) / 1000;
		return lag > INT16_MAX ? INT16_MAX : (int16_t)lag;
	}
	if (id >= ROBOT_SENSE_JOINT &&
	    id < (uint16_t)(ROBOT_SENSE_JOINT + r->hw->joints))
		return degrees(enc[id - ROBOT_SENSE_JOINT]);
	return 0;
}

static void
command(struct robot *r, const int32_t *target)
{
	uint8_t j;

	for (j = 0; j < r->hw->joints; j++)
		r->command[j] = target[j];
	r->hw->command_joints(r->hw->ctx, r->command);
}

/* Where action `id` with `value` sends the joints; 0, or -1 if no such. */
static int
target_of(const struct robot *r, uint16_t id, int16_t value, int32_t *t)
{
	uint8_t j, n = r->hw->joints;

	for (j = 0; j < n; j++)
		t[j] = r->command[j];
	if (id >= ROBOT_ACT_TURN_BY && id < (uint16_t)(ROBOT_ACT_TURN_BY + n))
		t[id - ROBOT_ACT_TURN_BY] += (int32_t)value * 1000;
	else if (id >= ROBOT_ACT_TURN_TO &&
	    id < (uint16_t)(ROBOT_ACT_TURN_TO + n))
		t[id - ROBOT_ACT_TURN_TO] = (int32_t)value * 1000;
	else if (id == ROBOT_ACT_HOME)
		for (j = 0; j < n; j++)
			t[j] = 0;
	else
		return -1;
	return 0;
}

/* Is the move done, going, or stuck?  Holds the arm when it is stuck. */
static uint8_t
progress(struct robot *r)
{
	int32_t enc[ROBOT_JOINTS_MAX];
	uint8_t j;

	r->hw->read_encoders(r->hw->ctx, enc);
	if (farthest(r, enc, r->move_target) <= ROBOT_AT_TARGET_MDEG)
		return PLANNER_SUCCESS;
	if (farthest(r, enc, r->move_seen) < ROBOT_STUCK_MDEG) {
		command(r, enc);
		r->move_action = 0;
		return PLANNER_FAIL;
	}
	for (j = 0; j < r->hw->joints; j++)
		r->move_seen[j] = enc[j];
	return PLANNER_IN_PROGRESS;
}

uint8_t
robot_action(void *robot, uint16_t id, int16_t value, uint8_t check)
{
	struct robot *r = robot;
	int32_t enc[ROBOT_JOINTS_MAX];
	uint8_t j;

	if (id == ROBOT_ACT_STOP) {
		r->hw->read_encoders(r->hw->ctx, enc);
		command(r, enc);
		r->move_action = 0;
		return PLANNER_SUCCESS;
	}
	/* Checking a move that another action has since replaced (a drive
	 * of higher priority took the arm away): start it again. */
	if (check && id == r->move_action && value == r->move_value)
		return progress(r);
	if (target_of(r, id, value, r->move_target) != 0)
		return PLANNER_ERROR;	/* this arm has no such action */
	r->move_action = id;
	r->move_value = value;
	command(r, r->move_target);
	r->hw->read_encoders(r->hw->ctx, enc);
	for (j = 0; j < r->hw->joints; j++)
		r->move_seen[j] = enc[j];
	return farthest(r, enc, r->move_target) <= ROBOT_AT_TARGET_MDEG ?
	    PLANNER_SUCCESS : PLANNER_IN_PROGRESS;
}

const struct robot_body robot_arm_body = {
	NULL, robot_sense, robot_action, NULL, robot_arm_describe
};
