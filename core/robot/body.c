/*
 * body.c - the robot's senses, actions and self-description taken from
 * robot_hw.body when the board has one, from the arm otherwise (portable
 * core; see body.h).  Called by planloop.c, describe.c and telemetry.c.
 */
#include <string.h>

#include "armio.h"
#include "body.h"
#include "robot.h"
#include "wire/desc.h"

int16_t
robot_read_sense(void *robot, uint16_t id)
{
	struct robot *r = robot;

#if ROBOT_ARM
	if (r->hw->body == NULL)
		return robot_sense(r, id);
#endif
	return r->hw->body->sense(r, id);
}

uint8_t
robot_do_action(void *robot, uint16_t id, int16_t value, uint8_t check)
{
	struct robot *r = robot;

#if ROBOT_ARM
	if (r->hw->body == NULL)
		return robot_action(r, id, value, check);
#endif
	return r->hw->body->action(r, id, value, check);
}

void
robot_halt(struct robot *r, uint8_t how)
{
	if (r->hw->body)
		r->hw->body->halt(r, how);
}

int
robot_body_entry(const struct robot *r, uint8_t k, struct wire_desc *d)
{
	const struct robot_body *b = r->hw->body;

	if (k >= b->entries)
		return WIRE_E_ARG;
	memset(d, 0, sizeof *d);
	b->describe(k, d);
	d->total = b->entries;
	d->index = k;
	return 0;
}

uint8_t
robot_body_sense_ids(const struct robot *r, uint16_t *ids, uint8_t max)
{
	struct wire_desc d;
	uint8_t k, j, n = 0;

	for (k = 0; k < r->hw->body->entries; k++) {
		robot_body_entry(r, k, &d);
		if (d.kind != WIRE_DESC_SENSE)
			continue;
		for (j = 0; j < d.count && n < max; j++)
			ids[n++] = (uint16_t)(d.first + j);
	}
	return n;
}
