/*
 * match.c - does a plan fit the robot it is pushed to?  Every sense and
 * action id the plan uses must be one the robot has, under the same name
 * where the plan names it; a plan for another robot (action 1 "Drive" on
 * an arm whose action 1 turns joint 1) is refused, each mismatch named.
 * Called by push (plans.c), with --check too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "match.h"
#include "robotdesc.h"

#define NIDS 65536u

/* Mark the sense and action ids the plan's records use. */
static void
mark_used(const struct plan *p, uint8_t *sense, uint8_t *action)
{
	uint16_t i;

	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive d;

		plan_get_drive(p, i, &d);
		if (d.rel.cmp != PLAN_TR && d.rel.cmp != PLAN_FL)
			sense[d.rel.sense] = 1;
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce ce;

		plan_get_ce(p, i, &ce);
		if (ce.rel.cmp != PLAN_TR && ce.rel.cmp != PLAN_FL)
			sense[ce.rel.sense] = 1;
	}
	for (i = 0; i < p->count[PLAN_A]; i++) {
		struct plan_action a;

		plan_get_action(p, i, &a);
		action[a.action] = 1;
	}
}

/* One id: 1 and a line saying why when it does not fit, else 0. */
static int
check_id(const char *path, const struct plan *p, const struct robotdesc *rd,
    uint8_t kind, uint16_t id)
{
	const char *what = kind == WIRE_DESC_SENSE ? "sense" : "action";
	const struct wire_desc *d = robotdesc_find(rd, kind, id);
	char robot[WIRE_DESC_NAME_MAX + 8], mine[256];
	const uint8_t *text;
	uint8_t len;

	text = plan_find_name(p, kind == WIRE_DESC_SENSE ? PLAN_NAME_SENSE :
	    PLAN_NAME_ACTION, id, &len);
	if (text)
		snprintf(mine, sizeof mine, "%.*s", (int)len, text);
	if (d == NULL) {
		warnx_tool("%s: %s %u%s%s%s: the robot has no %s %u", path, what,
		    (unsigned)id, text ? " (" : "", text ? mine : "",
		    text ? ")" : "", what, (unsigned)id);
		return 1;
	}
	robotdesc_name(d, id, robot, sizeof robot);
	if (text == NULL || strcmp(mine, robot) == 0)
		return 0;
	warnx_tool("%s: %s %u: the plan's %s is the robot's %s", path, what,
	    (unsigned)id, mine, robot);
	return 1;
}

static int
count_mismatches(const char *path, const struct plan *p,
    const struct robotdesc *rd, const uint8_t *sense, const uint8_t *action)
{
	uint32_t id;
	int n = 0;

	for (id = 0; id < NIDS; id++)
		if (sense[id])
			n += check_id(path, p, rd, WIRE_DESC_SENSE, (uint16_t)id);
	for (id = 0; id < NIDS; id++)
		if (action[id])
			n += check_id(path, p, rd, WIRE_DESC_ACTION,
			    (uint16_t)id);
	return n;
}

int
match_plan(struct ctl *c, const char *path, const struct plan *p)
{
	static struct robotdesc rd;
	uint8_t *sense, *action;
	int r, n;

	if ((r = robotdesc_read(c, &rd)) == ROBOTDESC_NONE) {
		warnx_tool("%s: the robot does not describe itself: its sense "
		    "and action ids are not checked", path);
		return 0;
	}
	if (r != 0)
		return r;
	if (!(p->flags & PLAN_F_NAMES))
		warnx_tool("%s: the plan has no names (plancc --strip): "
		    "checked by id only", path);
	if ((sense = calloc(2, NIDS)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	action = sense + NIDS;
	mark_used(p, sense, action);
	n = count_mismatches(path, p, &rd, sense, action);
	free(sense);
	if (n == 0)
		return 0;
	warnx_tool("%s: %d %s with the robot's senses and actions%s", path, n,
	    n == 1 ? "mismatch" : "mismatches", c->force ? "; pushing it "
	    "anyway (--force)" : " ('armctl describe' lists them; --force "
	    "pushes it anyway)");
	return c->force ? 0 : EXIT_DATAERR;
}
