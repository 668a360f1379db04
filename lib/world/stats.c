/*
 * stats.c - the statistics of spec §6 as CSV (--stats) and as the status
 * line of --show.  64-bit arithmetic throughout, where the original's
 * 32-bit products wrap.  Used by worldsim (tables.h).
 */
#include <stdio.h>

#include "world/tables.h"

static const char *const columns[] = {
	"seed", "robots", "ticks", "moving_now", "monitor_now", "matings",
	"moving_per_1000", "ticks_per_mating", "monitor_per_1000",
	"moving_pct", "monitor_pct"
};

void
world_stats_init(struct world_stats_table *s, FILE *fp, uint32_t seed,
    int header)
{
	table_init(&s->t, fp, TABLE_CSV, TABLE_ROUND_TRIP, columns,
	    sizeof columns / sizeof columns[0]);
	s->seed = seed;
	if (header)
		table_header(&s->t);
}

/* (k * part) div max(1, whole), as the original divides. */
static long
ratio(uint64_t k, uint64_t part, uint64_t whole)
{
	return (long)(k * part / (whole ? whole : 1));
}

/* Avg Ticks/Interaction/Robot: T * n div all matings, 0 without any. */
static long
per_mating(const struct world_stats *st)
{
	return st->matings ? (long)(st->ticks * st->robots / st->matings) : 0;
}

void
world_stats_row(struct world_stats_table *s, const struct world *w)
{
	struct world_stats st;

	world_stats(w, &st);
	table_long(&s->t, (long)s->seed);
	table_long(&s->t, (long)st.robots);
	table_long(&s->t, (long)st.ticks);
	table_long(&s->t, (long)st.moving_now);
	table_long(&s->t, (long)st.monitor_now);
	table_long(&s->t, (long)st.matings);
	table_long(&s->t, ratio(1000, st.moving_ticks, st.robot_ticks));
	table_long(&s->t, per_mating(&st));
	table_long(&s->t, ratio(1000, st.monitor_ticks, st.robot_ticks));
	table_long(&s->t, ratio(100, st.moving_ticks, st.robot_ticks));
	table_long(&s->t, ratio(100, st.monitor_ticks, st.robot_ticks));
	table_end_row(&s->t);
}

void
world_stats_line(const struct world *w, char *buf, size_t size)
{
	struct world_stats st;

	world_stats(w, &st);
	snprintf(buf, size, "tick %llu  robots %lu  moving %lu  monitor %lu  "
	    "moving %ld%%  ticks/mating %ld  monitor %ld%%",
	    (unsigned long long)st.ticks, (unsigned long)st.robots,
	    (unsigned long)st.moving_now, (unsigned long)st.monitor_now,
	    ratio(100, st.moving_ticks, st.robot_ticks), per_mating(&st),
	    ratio(100, st.monitor_ticks, st.robot_ticks));
}
