/*
 * servoarm.c - joints of a bus-servo arm (see servoarm.h): the SO-101's
 * defaults and the conversions between joint values and servo ticks.
 * Called by armctl's bus driver and by armsim --bus.
 */
#include <stdio.h>
#include <string.h>

#include "host/num.h"
#include "servoarm.h"

void
servoarm_so101(struct servoarm *a)
{
	static const struct {
		const char *name;
		double lim;
	} so101[6] = {
		{ "shoulder_pan", 110 }, { "shoulder_lift", 100 },
		{ "elbow_flex", 96.8 }, { "wrist_flex", 95 },
		{ "wrist_roll", 160 }, { "gripper", 0 },
	};
	int i;

	memset(a, 0, sizeof *a);
	snprintf(a->name, sizeof a->name, "so101");
	a->n = 6;
	for (i = 0; i < 6; i++) {
		struct servoarm_joint *j = &a->j[i];

		snprintf(j->name, sizeof j->name, "%s", so101[i].name);
		j->id = i + 1;
		j->ticks = 4096;
		j->direction = 1;
		j->offset = 2048;
		j->lo = -so101[i].lim;
		j->hi = so101[i].lim;
	}
	/* the jaw turns from -10 (shut hard) to +100 degrees */
	a->j[5].gripper = 1;
	a->j[5].lo = -10;
	a->j[5].hi = 100;
	a->grip_closed = -10;
	a->grip_open = 100;
}

double
servoarm_ticks(const struct servoarm_joint *j, double q)
{
	return j->offset + j->direction * q * (double)j->ticks / 360.0;
}

double
servoarm_value(const struct servoarm_joint *j, double ticks)
{
	return (ticks - j->offset) * 360.0 / (double)j->ticks / j->direction;
}

double
servoarm_grip_pct(const struct servoarm *a, double q)
{
	return (q - a->grip_closed) / (a->grip_open - a->grip_closed) * 100.0;
}

double
servoarm_grip_value(const struct servoarm *a, double pct)
{
	return a->grip_closed + pct / 100.0 * (a->grip_open - a->grip_closed);
}

int
servoarm_find(const struct servoarm *a, const char *name)
{
	long id;
	int i;

	for (i = 0; i < a->n; i++)
		if (strcmp(a->j[i].name, name) == 0)
			return i;
	if (num_long(name, 0, 253, &id) == NUM_OK)
		for (i = 0; i < a->n; i++)
			if (a->j[i].id == id)
				return i;
	return -1;
}
