/*
 * tables.h - the world as tables: the statistics of spec §6 (a CSV row
 * now and then, and the status line of a picture) and the trace of every
 * robot after every tick.  Used by worldsim.
 */
#ifndef SPINE_WORLD_TABLES_H
#define SPINE_WORLD_TABLES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "host/table.h"
#include "world/world.h"

/* ---- stats.c ------------------------------------------------------------ */

struct world_stats_table {
	struct table t;
	uint32_t seed;
};

/* A statistics table on fp for a run from seed, with or without header. */
void world_stats_init(struct world_stats_table *s, FILE *fp, uint32_t seed,
    int header);
/* One row: the statistics as they stand. */
void world_stats_row(struct world_stats_table *s, const struct world *w);
/* The statistics in words, one line (no newline) into buf. */
void world_stats_line(const struct world *w, char *buf, size_t size);

/* ---- trace.c ------------------------------------------------------------ */

/* A trace table on t, writing to fp. */
void world_trace_init(struct table *t, FILE *fp, int header);
/* One row per robot for the tick just done. */
void world_trace_tick(struct table *t, const struct world *w);

#endif
