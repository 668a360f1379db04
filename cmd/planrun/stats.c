/*
 * stats.c - planrun --stats: how often each element was executed and how
 * often it succeeded, as a table (drives first, actions last), from the
 * planner's counters.  Called by main.c at the end of a run.
 */
#include "planrun.h"

void
run_stats(struct run *r, FILE *fp)
{
	static const uint8_t order[PLAN_NTYPES] = {
		PLAN_D, PLAN_C, PLAN_CE, PLAN_AP, PLAN_APE, PLAN_A
	};
	static const char *const columns[] = {
		"type", "name", "executed", "succeeded"
	};
	struct table t;
	uint16_t i;
	int k;

	table_init(&t, fp, TABLE_CSV, TABLE_ROUND_TRIP, columns, 4);
	table_header(&t);
	for (k = 0; k < PLAN_NTYPES; k++)
		for (i = 0; i < r->plan->count[order[k]]; i++) {
			table_str(&t, plan_type_tag(order[k]));
			table_str(&t, r->names->element[order[k]][i]);
			table_long(&t, planner_executions(&r->pl, order[k], i));
			table_long(&t, planner_successes(&r->pl, order[k], i));
			table_end_row(&t);
		}
	table_flush(&t);
}
