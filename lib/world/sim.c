/*
 * sim.c - a world made ready to run (sim.h): the pieces worldsim's
 * options name, put together and checked in the order a user's mistakes
 * are best reported in.  Used by worldsim.
 */
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "plan/vocab.h"
#include "world/sim.h"

enum world_status
world_sim_map(struct world_sim *s, const char *path, struct diag *d)
{
	enum world_status rc;

	s->d = d;
	if (path == NULL) {
		world_map_default(&s->map, s->default_cells,
		    &s->default_start);
		return WORLD_OK;
	}
	if ((rc = world_map_load(&s->mf, path, d)) != WORLD_OK)
		return rc;
	s->map = s->mf.map;
	return WORLD_OK;
}

/* A plan that uses an id the world lacks is refused, naming it. */
static enum world_status
check_plan(const struct plan *p, const char *path,
    const struct world_binds *b, int monitor, struct diag *d)
{
	uint16_t id, index;
	uint8_t type, len;
	const uint8_t *name;
	int what = world_check_plan(p, b, monitor, &id, &type, &index);

	if (what == 0)
		return WORLD_OK;
	name = plan_find_name(p, type, index, &len);
	diag_plain(d, "%s: error: %s %u (used by %s %.*s) is not one the world "
	    "has%s", path, what == 1 ? "sense" : "action", (unsigned)id,
	    plan_type_tag(type), name ? (int)len : 1,
	    name ? (const char *)name : "?", monitor ?
	    " (a monitor plan has sense 1 and actions 1-3)" :
	    " (give a --profile that binds it)");
	return WORLD_BAD_DATA;
}

static enum world_status
mate_drives(struct world_sim *s, const struct world_setup *o)
{
	s->cfg.mate_drive = world_find_drive(o->plan, o->mate_drive);
	s->cfg.above_drive = world_find_drive(o->plan, o->mate_above);
	s->cfg.mate_range = (int32_t)o->mate_range;
	if (s->cfg.mate_drive == PLAN_NONE && strcmp(o->mate_drive,
	    "Mate") != 0 && strcmp(o->mate_drive, "none") != 0) {
		diag_plain(s->d, "%s: error: --mate-drive: no drive '%s' in "
		    "the plan", o->plan_path, o->mate_drive);
		return WORLD_BAD_DATA;
	}
	if (s->cfg.above_drive == PLAN_NONE && strcmp(o->mate_above,
	    "Explore") != 0) {
		diag_plain(s->d, "%s: error: --mate-above: no drive '%s' in "
		    "the plan", o->plan_path, o->mate_above);
		return WORLD_BAD_DATA;
	}
	return WORLD_OK;
}

/* The bindings: the original's, or the profile's. */
static enum world_status
bindings(struct world_sim *s, const struct world_setup *o)
{
	enum world_status rc;

	world_binds_default(s->dsense, s->daction, &s->cfg.binds);
	if (o->profile == NULL)
		return WORLD_OK;
	if ((rc = world_profile_load(&s->profile, o->profile, o->plan,
	    s->d)) != WORLD_OK)
		return rc;
	s->cfg.binds.sense = s->profile.sense;
	s->cfg.binds.nsense = s->profile.nsense;
	s->cfg.binds.action = s->profile.action;
	s->cfg.binds.naction = s->profile.naction;
	return WORLD_OK;
}

/* The logs of the first robots (all, or log_robots of them). */
static enum world_status
open_logs(struct world_sim *s, const struct world_setup *o)
{
	uint32_t n = o->log_robots && o->log_robots < o->robots ?
	    (uint32_t)o->log_robots : (uint32_t)o->robots;
	enum world_status rc;

	if ((rc = world_logs_open(&s->logs, o->log, n, s->cfg.plan,
	    s->cfg.monitor, s->d)) != WORLD_OK)
		return rc;
	s->logs.w = &s->w;
	s->cfg.on_event = world_logs_event;
	s->cfg.on_priority = world_logs_priority;
	s->cfg.event_ctx = &s->logs;
	return WORLD_OK;
}

enum world_status
world_sim_build(struct world_sim *s, const struct world_setup *o)
{
	enum world_status rc;
	size_t size;

	if ((rc = bindings(s, o)) != WORLD_OK ||
	    (rc = check_plan(o->plan, o->plan_path, &s->cfg.binds, 0,
	    s->d)) != WORLD_OK || (o->monitor && (rc = check_plan(o->monitor,
	    o->monitor_path, &s->cfg.binds, 1, s->d)) != WORLD_OK) ||
	    (rc = mate_drives(s, o)) != WORLD_OK)
		return rc;
	s->cfg.map = &s->map;
	s->cfg.plan = o->plan;
	s->cfg.monitor = o->monitor;
	s->cfg.nrobots = (uint32_t)o->robots;
	s->cfg.seed = (uint32_t)o->seed;
	if (o->log && (rc = open_logs(s, o)) != WORLD_OK)
		return rc;
	if ((size = world_mem_size(&s->cfg)) == 0 ||
	    (s->mem = aligned_alloc(8, (size + 7) & ~(size_t)7)) == NULL) {
		diag_plain(s->d, "out of memory for %ld robots", o->robots);
		return WORLD_IO;
	}
	if (world_init(&s->w, &s->cfg, s->mem, size) < 0) {
		diag_plain(s->d, "cannot set up the world (a start cell on a "
		    "wall?)");
		return WORLD_BAD_DATA;
	}
	return WORLD_OK;
}

void
world_sim_free(struct world_sim *s)
{
	free(s->mem);
	s->mem = NULL;
	world_profile_free(&s->profile);
	world_map_file_free(&s->mf);
}
