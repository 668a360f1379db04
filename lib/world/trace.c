/*
 * trace.c - --trace FILE: every robot's state after every tick as CSV
 * (where it is, which way it faces, what it did this tick and how that
 * ended, its mating bookkeeping and Mate's priority), so a run can be
 * checked and plotted cell by cell.  Used by worldsim (tables.h).
 */
#include "world/tables.h"

static const char *const columns[] = {
	"tick", "robot", "name", "x", "y", "heading", "speed", "char",
	"action", "result", "matings", "interval", "avg_interval",
	"mate_priority"
};

void
world_trace_init(struct table *t, FILE *fp, int header)
{
	table_init(t, fp, TABLE_CSV, TABLE_ROUND_TRIP, columns,
	    sizeof columns / sizeof columns[0]);
	if (header)
		table_header(t);
}

static void
one(struct table *t, const struct world *w, const struct world_robot *r)
{
	static const char *const result[4] = { "F", "S", "P", "Z" };
	char name[3] = { world_robot_char2(r->index),
	    world_robot_char(r->index), '\0' }, ch[2] = { (char)r->ch, '\0' };
	int acted = r->last_tick == w->ticks && r->last_kind < WA_NKINDS;
	struct planner_drive_state ds;

	table_long(t, (long)w->ticks);
	table_long(t, (long)r->index);
	table_str(t, name);
	table_long(t, r->x);
	table_long(t, r->y);
	table_long(t, r->heading);
	table_long(t, r->speed);
	table_str(t, ch);
	table_str(t, acted ? world_action_names[r->last_kind] : "");
	table_str(t, acted ? result[PLANNER_CODE(r->last_result)] : "");
	table_long(t, (long)r->matings);
	table_long(t, (long)r->interval);
	table_long(t, (long)world_avg_interval(r));
	if (w->cfg.mate_drive != PLAN_NONE) {
		planner_drive_state(&r->pl, w->cfg.mate_drive, &ds);
		table_long(t, ds.priority);
	} else {
		table_str(t, "");
	}
	table_end_row(t);
}

void
world_trace_tick(struct table *t, const struct world *w)
{
	uint32_t k;

	for (k = 0; k < w->cfg.nrobots; k++)
		one(t, w, &w->robot[k]);
}
