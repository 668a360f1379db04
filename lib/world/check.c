/*
 * check.c - does a plan use only senses and actions the world has?  A
 * plan's ids against the bindings (or the monitor's fixed ids), so
 * worldsim can refuse a plan before running it.  Called by worldsim.
 */
#include "world.h"

static int
sense_bound(const struct world_binds *b, int monitor, uint16_t id)
{
	if (monitor)
		return id == WORLD_MON_AVG_INTERVAL;
	return id < b->nsense && b->sense[id].kind != WS_NONE;
}

static int
action_bound(const struct world_binds *b, int monitor, uint16_t id)
{
	if (monitor)
		return id >= WORLD_MON_SET_PRIORITY && id <= WORLD_MON_SLEEP;
	return id < b->naction && b->action[id].kind != WA_NONE;
}

/* TR and FL read nothing, so their sense id does not matter. */
static int
reads(const struct plan_releaser *rel)
{
	return rel->cmp != PLAN_TR && rel->cmp != PLAN_FL;
}

int
world_check_plan(const struct plan *p, const struct world_binds *b,
    int monitor, uint16_t *id, uint8_t *type, uint16_t *index)
{
	struct plan_drive d;
	struct plan_ce ce;
	struct plan_action a;
	uint16_t i;

	for (i = 0; i < p->count[PLAN_D]; i++) {
		plan_get_drive(p, i, &d);
		if (reads(&d.rel) && !sense_bound(b, monitor, d.rel.sense)) {
			*id = d.rel.sense, *type = PLAN_D, *index = i;
			return 1;
		}
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		plan_get_ce(p, i, &ce);
		if (reads(&ce.rel) && !sense_bound(b, monitor, ce.rel.sense)) {
			*id = ce.rel.sense, *type = PLAN_CE, *index = i;
			return 1;
		}
	}
	for (i = 0; i < p->count[PLAN_A]; i++) {
		plan_get_action(p, i, &a);
		if (!action_bound(b, monitor, a.action)) {
			*id = a.action, *type = PLAN_A, *index = i;
			return 2;
		}
	}
	return 0;
}
