/*
 * flashbench.c - how much flash the plan decoder and the planner take on
 * an AVR, as scripts/bench-avr measures them: this program is built three
 * times and the sizes compared.  BENCH_PART 0 does nothing; 1 runs a plan
 * (planner_init, planner_tick, planner_cycle, with a monitor); 2 also
 * validates it first (plan_open).  The planner is 1 minus 0, the decoder
 * 2 minus 1: only what a program that uses them links, and what both use
 * counts as the planner's.  (The original is measured the same way, its
 * loader being the PLAN command interpreter.)
 */
#include <stdint.h>

#include <avr/io.h>

#include "plan/plan.h"
#include "planner/planner.h"

#ifndef BENCH_PART
#define BENCH_PART 2
#endif

#if BENCH_PART >= 2
static uint8_t plan_bytes[64];
#endif
#if BENCH_PART >= 1
/* Opaque to the compiler (no -flto): it cannot fold the calls away. */
static uint8_t state[64];
static volatile uint8_t sink;
static struct plan plan;
static struct planner pl;

static int16_t
sense(void *ctx, uint16_t id)
{
	(void)ctx;
	return (int16_t)(GPIOR2 + id);
}

static uint8_t
action(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	(void)ctx;
	GPIOR2 = (uint8_t)(id + (uint16_t)value + check);
	return PLANNER_SUCCESS;
}

static void
monitor(void *ctx, const struct planner_event *ev)
{
	(void)ctx;
	GPIOR2 = ev->kind;
}
#endif

int
main(void)
{
#if BENCH_PART >= 2
	struct plan_error err;

	if (plan_open(&plan, plan_bytes, GPIOR1, &err) != PLAN_OK)
		sink = err.code;
#endif
#if BENCH_PART >= 1
	{
		struct planner_io io = { sense, action, monitor, 0 };

		if (planner_init(&pl, &plan, state, sizeof state, &io) == 0)
			for (;;) {
				planner_tick(&pl, GPIOR0);
				sink = (uint8_t)planner_cycle(&pl);
			}
	}
#endif
	for (;;)
		;
}
