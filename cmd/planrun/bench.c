/*
 * bench.c - --bench: the planner alone in a loop, senses held at their
 * cycle-1 values, actions answered by the --result rules (else they all
 * succeed), no timers, no output; prints cycles per second (best of five
 * rounds) and the bytes of runtime state.  scripts/bench-planrun drives it.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host/exits.h"
#include "planrun.h"

#define ROUNDS 5

static int16_t
bench_sense(void *ctx, uint16_t id)
{
	const struct run *r = ctx;

	return r->sense[id];
}

static uint8_t
bench_action(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	struct run *r = ctx;

	(void)value;
	return run_rules_result(r->rules, id, check);
}

/* Without --result every action succeeds: no rules to look up. */
static uint8_t
bench_success(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	(void)ctx;
	(void)id;
	(void)value;
	(void)check;
	return PLANNER_SUCCESS;
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) +
	    (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

int
run_bench(struct run *r, const char *plan_path, FILE *out, int rules_given)
{
	static const char *const columns[] = {
		"plan", "cycles", "seconds", "cycles_per_second", "state_bytes"
	};
	struct planner_io io;
	struct timespec t0;
	struct table t;
	long per_round = r->o.cycles / ROUNDS, i;
	double best = 0, total = 0, s;
	volatile uint16_t sink = 0;
	int k;

	if (per_round < 1)
		per_round = 1;
	if (r->script && run_script_advance(r->script, 1, r->sense) != RUN_OK)
		return EXIT_DATAERR;
	io.sense = bench_sense;
	io.action = rules_given ? bench_action : bench_success;
	io.monitor = NULL;
	io.ctx = r;
	if (planner_init(&r->pl, r->plan, r->state,
	    planner_state_size_for(r->plan->count), &io) < 0)
		return EXIT_IOERR;
	for (k = 0; k < ROUNDS; k++) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (i = 0; i < per_round; i++)
			sink = (uint16_t)(sink + planner_cycle(&r->pl));
		s = seconds_since(&t0);
		total += s;
		if (s > 0 && (best == 0 || per_round / s > best))
			best = (double)per_round / s;
	}
	(void)sink;
	table_init(&t, out, TABLE_CSV, 3, columns, 5);
	table_header(&t);
	table_str(&t, plan_path);
	table_long(&t, per_round * ROUNDS);
	table_num(&t, total);
	table_num(&t, best);
	table_long(&t, (long)planner_state_size_for(r->plan->count));
	table_end_row(&t);
	return table_flush(&t) < 0 ? EXIT_IOERR : EXIT_OK;
}
