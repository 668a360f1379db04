/*
 * servoarm.c - joints of a bus-servo arm (see servoarm.h) from an arm
 * description, and the conversions between joint values and servo ticks.
 * Called by the bus driver (bus.c) and by armsim --bus.
 */
#include <stdio.h>
#include <string.h>

#include "arm/arm.h"
#include "host/num.h"
#include "servoarm.h"

int
servoarm_from_desc(struct servoarm *a, const struct arm_desc *d, char *why,
    size_t whylen)
{
	int i, k;

	memset(a, 0, sizeof *a);
	snprintf(a->name, sizeof a->name, "%s", d->name);
	if (d->njoints > SERVOARM_MAX) {
		snprintf(why, whylen, "%d joints, a bus arm has at most %d",
		    d->njoints, SERVOARM_MAX);
		return -1;
	}
	for (i = 0; i < d->njoints; i++) {
		const struct arm_joint *dj = &d->joint[i];
		struct servoarm_joint *j = &a->j[i];

		if (!dj->servo.has) {
			snprintf(why, whylen, "joint %s has no servo (give it "
			    "servo: { id: N })", dj->name);
			return -1;
		}
		for (k = 0; k < i; k++)
			if (a->j[k].id == dj->servo.id) {
				snprintf(why, whylen, "joints %s and %s share "
				    "servo id %d", a->j[k].name, dj->name,
				    dj->servo.id);
				return -1;
			}
		snprintf(j->name, sizeof j->name, "%s", dj->name);
		j->id = dj->servo.id;
		j->ticks = dj->servo.ticks > 0 ? dj->servo.ticks : 4096;
		j->direction = dj->servo.direction < 0 ? -1 : 1;
		j->offset = dj->servo.offset;
		j->lo = dj->lo;
		j->hi = dj->hi;
		j->role = dj->role;
		j->gripper = dj->role == ARM_GRIPPER;
		j->series = dj->servo.series;
	}
	a->n = d->njoints;
	a->grip_closed = d->grip_closed;
	a->grip_open = d->grip_open;
	if (a->grip_closed == a->grip_open)
		a->grip_open = a->grip_closed + 100;	/* never divide by 0 */
	return 0;
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

int
servoarm_pick(const struct servoarm *a, int n, char *const *names, int *on)
{
	int i, j;

	for (i = 0; i < a->n; i++)
		on[i] = n == 0;
	for (i = 0; i < n; i++) {
		if ((j = servoarm_find(a, names[i])) < 0)
			return i;
		on[j] = 1;
	}
	return -1;
}
