/*
 * planbench.c - the planner on an AVR, timed by bench/avr/avrbench in
 * simavr: one plan, fixed senses, every action succeeds.  Built by
 * scripts/bench-avr for each chip, plan and build switch, with the plan
 * and its sense paths in a generated header (BENCH_PLAN_H).
 *
 * For every path (senses held for the whole run) it times BENCH_CYCLES
 * plan cycles from a fresh start, then the same with a timer tick before
 * every cycle, and the tick alone; without a monitor, then with one that
 * wants nothing (as the robot runs when no host listens).  After each run
 * it prints how many actions ran and a hash of them, so that two builds
 * (or the original planner, built the same way) can be seen to do the
 * same work.
 */
#include <stdint.h>
#include <string.h>

#include <avr/eeprom.h>
#include <avr/io.h>
#include <avr/pgmspace.h>

#include "plan/bytes.h"
#include "plan/plan.h"
#include "planner/planner.h"

#include BENCH_PLAN_H

#ifndef BENCH_CYCLES
#define BENCH_CYCLES 1000u
#endif
/* 1: without a monitor only; 2: then with one that wants nothing. */
#ifndef BENCH_MONITOR_RUNS
#define BENCH_MONITOR_RUNS 2
#endif
/* 1: the state block at an odd address, which the AVR must accept. */
#ifndef BENCH_ODD_STATE
#define BENCH_ODD_STATE 0
#endif

#define MARK(v) (GPIOR0 = (v))

enum mode { CYCLE, TICK_AND_CYCLE, TICK };

static int16_t sense_value[BENCH_NSENSE];
static uint16_t action_hash, action_count;

/*
 * The plan, where the build reads it (plan/bytes.h): copied from flash
 * into RAM as a robot loads it from its store, left in flash, or left in
 * EEPROM and read through plan_store_byte as a robot without the RAM for
 * it would.
 */
#if PLAN_STORAGE == PLAN_IN_RAM
static const uint8_t bench_plan[BENCH_PLAN_SIZE] PROGMEM = BENCH_PLAN_BYTES;
static uint8_t plan_bytes[BENCH_PLAN_SIZE];
#elif PLAN_STORAGE == PLAN_IN_FLASH
static const uint8_t plan_bytes[BENCH_PLAN_SIZE] PROGMEM = BENCH_PLAN_BYTES;
#else
static const uint8_t plan_bytes[BENCH_PLAN_SIZE] EEMEM = BENCH_PLAN_BYTES;

uint8_t
plan_store_byte(const uint8_t *at)
{
	return eeprom_read_byte(at);
}
#endif
#define CALL(macro, args) macro args
#define STATE_BYTES CALL(PLANNER_STATE_BYTES, BENCH_COUNTS)
static uint8_t state_block[STATE_BYTES + BENCH_ODD_STATE];
static struct plan plan;
static struct planner pl;

/* simavr ends the run at a sleep with interrupts off */
static void
stop(void)
{
	for (;;)
		__asm__ volatile ("cli\n\tsleep");
}

static void
say_P(const char *s)
{
	char c;

	while ((c = (char)pgm_read_byte(s++)) != '\0')
		GPIOR1 = (uint8_t)c;
}

static void
say_hex(uint16_t v)
{
	int8_t sh;

	for (sh = 12; sh >= 0; sh -= 4)
		GPIOR1 = (uint8_t)("0123456789abcdef"[(v >> sh) & 15u]);
}

static int16_t
sense(void *ctx, uint16_t id)
{
	(void)ctx;
	return id < BENCH_NSENSE ? sense_value[id] : 0;
}

static uint8_t
action(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	(void)ctx;
	(void)check;
	action_hash = (uint16_t)(action_hash * 33u) ^ id ^
	    (uint16_t)((uint16_t)value << 4);
	action_count++;
	return PLANNER_SUCCESS;
}

static void
monitor(void *ctx, const struct planner_event *ev)
{
	(void)ctx;
	(void)ev;
}

/* A fresh start on path p, with or without a monitor. */
static void
start(uint8_t p, uint8_t with_monitor)
{
	struct planner_io io = { sense, action, NULL, NULL };
	uint8_t *state = state_block, k;

#if BENCH_ODD_STATE
	state += ((uintptr_t)state & 1u) == 0;
#endif
	if (with_monitor)
		io.monitor = monitor;
	if (planner_init(&pl, &plan, state, STATE_BYTES, &io) != 0) {
		say_P(PSTR("planner_init refused the plan\n"));
		stop();
	}
	memset(sense_value, 0, sizeof sense_value);
	for (k = 0; k < BENCH_NSETS; k++)
		if (pgm_read_byte(&bench_sets[k].path) == p)
			sense_value[pgm_read_byte(&bench_sets[k].sense)] =
			    (int16_t)pgm_read_word(&bench_sets[k].value);
	action_hash = 0;
	action_count = 0;
}

static void
run(uint8_t p, uint8_t with_monitor, enum mode mode)
{
	uint16_t k;

	start(p, with_monitor);
	for (k = 0; k < BENCH_CYCLES; k++) {
		switch (mode) {
		case CYCLE:
			MARK(1);
			planner_cycle(&pl);
			MARK(2);
			break;
		case TICK_AND_CYCLE:
			MARK(1);
			planner_tick(&pl, 1);
			planner_cycle(&pl);
			MARK(2);
			break;
		case TICK:
			MARK(1);
			planner_tick(&pl, 1);
			MARK(2);
			planner_cycle(&pl);
			break;
		}
	}
	say_P(bench_path_name[p]);
	say_P(mode == CYCLE ? PSTR(", cycle") : mode == TICK ?
	    PSTR(", timer step") : PSTR(", tick + cycle"));
	say_P(with_monitor ? PSTR(", monitor wants nothing") :
	    PSTR(", no monitor"));
	MARK(3);
	say_P(PSTR("check\t"));
	say_hex(action_count);
	GPIOR1 = ' ';
	say_hex(action_hash);
	GPIOR1 = '\n';
}

int
main(void)
{
	struct plan_error err;
	uint8_t p, m;

	MARK(1);
	MARK(2);
	say_P(PSTR("empty section"));
	MARK(3);
	MARK(4);
#if PLAN_STORAGE == PLAN_IN_RAM
	memcpy_P(plan_bytes, bench_plan, sizeof plan_bytes);
#endif
	if (plan_open(&plan, plan_bytes, BENCH_PLAN_SIZE, &err) != PLAN_OK) {
		say_P(PSTR("plan_open refused the plan\n"));
		stop();
	}
	for (m = 0; m < BENCH_MONITOR_RUNS; m++)
		for (p = 0; p < BENCH_NPATHS; p++) {
			run(p, m, CYCLE);
			run(p, m, TICK_AND_CYCLE);
			run(p, m, TICK);
		}
	stop();
	return 0;
}
