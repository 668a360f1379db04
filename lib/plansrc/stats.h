/*
 * stats.h - the table of plancc --stats: what a plan costs, in stream bytes per table
 * and in total, at the plan's own id width and at the other one.
 */
#ifndef SPINE_PLANSRC_STATS_H
#define SPINE_PLANSRC_STATS_H

#include <stdio.h>

#include "plan/plan.h"

/*
 * Writes p's cost table to fp: for a reactive plan each table's records
 * and bytes at 8- and 16-bit ids (its own width starred), the runtime
 * state, RAM and the Instinct AVR figure; for a task plan its section's
 * parts and the RAM running it takes.  Write errors are fp's to report.
 */
void plansrc_print_stats(FILE *fp, const struct plan *p);

#endif
