/*
 * check.c - a plan against the robot's description (check.h), id by id
 * in ascending order, senses then actions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/check.h"

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
check_id(struct client *cl, const char *path, const struct plan *p,
    uint8_t kind, uint16_t id)
{
	const char *what = kind == WIRE_DESC_SENSE ? "sense" : "action";
	const struct wire_desc *d = client_desc_find(&cl->desc, kind, id);
	char robot[WIRE_DESC_NAME_MAX + 8], mine[256];
	const uint8_t *text;
	uint8_t len;

	text = plan_find_name(p, kind == WIRE_DESC_SENSE ? PLAN_NAME_SENSE :
	    PLAN_NAME_ACTION, id, &len);
	if (text)
		snprintf(mine, sizeof mine, "%.*s", (int)len, text);
	if (d == NULL) {
		client_say(cl, "%s: %s %u%s%s%s: the robot has no %s %u", path,
		    what, (unsigned)id, text ? " (" : "", text ? mine : "",
		    text ? ")" : "", what, (unsigned)id);
		return 1;
	}
	client_desc_name(d, id, robot, sizeof robot);
	if (text == NULL || strcmp(mine, robot) == 0)
		return 0;
	client_say(cl, "%s: %s %u: the plan's %s is the robot's %s", path,
	    what, (unsigned)id, mine, robot);
	return 1;
}

static int
count_mismatches(struct client *cl, const char *path, const struct plan *p,
    const uint8_t *sense, const uint8_t *action)
{
	uint32_t id;
	int n = 0;

	for (id = 0; id < NIDS; id++)
		if (sense[id])
			n += check_id(cl, path, p, WIRE_DESC_SENSE,
			    (uint16_t)id);
	for (id = 0; id < NIDS; id++)
		if (action[id])
			n += check_id(cl, path, p, WIRE_DESC_ACTION,
			    (uint16_t)id);
	return n;
}

enum client_status
client_check_report(struct client *cl, const char *path,
    const struct plan *p, int force)
{
	uint8_t *sense, *action;
	int n;

	if (cl->desc.none) {
		client_say(cl, "%s: the robot does not describe itself: its "
		    "sense and action ids are not checked", path);
		return CLIENT_OK;
	}
	if (!(p->flags & PLAN_F_NAMES))
		client_say(cl, "%s: the plan has no names (plancc --strip): "
		    "checked by id only", path);
	if ((sense = calloc(2, NIDS)) == NULL) {
		client_say(cl, "out of memory");
		return CLIENT_LOCAL_IO;
	}
	action = sense + NIDS;
	mark_used(p, sense, action);
	n = count_mismatches(cl, path, p, sense, action);
	free(sense);
	if (n == 0)
		return CLIENT_OK;
	client_say(cl, "%s: %d %s with the robot's senses and actions%s",
	    path, n, n == 1 ? "mismatch" : "mismatches", force ? "; pushing "
	    "it anyway (--force)" : " ('armctl describe' lists them; --force "
	    "pushes it anyway)");
	return force ? CLIENT_OK : CLIENT_DATA;
}

enum client_status
client_check(struct client *cl, const char *path, const struct plan *p,
    int force)
{
	enum client_status st;

	if ((st = client_describe(cl)) != CLIENT_OK)
		return st;
	return client_check_report(cl, path, p, force);
}
