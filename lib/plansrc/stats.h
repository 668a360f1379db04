/*
 * stats.h - plancc --stats: what a plan costs, in stream bytes per table
 * and in total, at the plan's own id width and at the other one.
 */
#ifndef PLANCC_STATS_H
#define PLANCC_STATS_H

#include <stdio.h>

#include "plan/plan.h"

void print_stats(FILE *fp, const struct plan *p);

#endif
