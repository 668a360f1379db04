/*
 * body.c - the robot's senses, actions and self-description taken from
 * its body: robot_hw.body when the board gives one, else the arm (portable
 * core; see body.h).  Called by planloop.c, describe.c and telemetry.c.
 */
#include <string.h>

#include "body.h"
#include "robot.h"
#include "wire/desc.h"

/* The body: the board's, else the arm's (where ROBOT_ARM). */
static const struct robot_body *
body_of(const struct robot *r)
{
#if ROBOT_ARM
	if (r->hw->body == NULL)
		return &robot_arm_body;
#endif
	return r->hw->body;
}

int16_t
robot_read_sense(void *robot, uint16_t id)
{
	struct robot *r = robot;

	return body_of(r)->sense(r, id);
}

uint8_t
robot_do_action(void *robot, uint16_t id, int16_t value, uint8_t check)
{
	struct robot *r = robot;

	return body_of(r)->action(r, id, value, check);
}

void
robot_halt(struct robot *r, uint8_t how)
{
	const struct robot_body *b = body_of(r);

	if (b->halt)
		b->halt(r, how);
}

int
robot_entry(const struct robot *r, uint8_t k, struct wire_desc *d)
{
	memset(d, 0, sizeof *d);
	return body_of(r)->describe(r, k, d);
}
