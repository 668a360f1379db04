/*
 * run16.c - the plan cycle for plans with 16-bit ids: descend.h and
 * select.h compiled with the width fixed at two bytes (see run8.c).
 * planner_cycle (cycle.c) calls it.
 */
#include "internal.h"

#if PLANNER_WIDTHS & 2
#define W 2
#if PLANNER_WIDTHS == 2 && !PLANNER_QUIET_BUILDS
#define PLANNER_CYCLE_W planner_cycle	/* the only build: no dispatch */
#define PLANNER_TICK_W planner_tick
#else
#define PLANNER_CYCLE_W planner_cycle_16
#define PLANNER_TICK_W planner_tick_16
#endif
#include "descend.h"
#include "select.h"
#else
typedef int planner_run16_unused;	/* ISO C wants a declaration */
#endif
