/*
 * run8.c - the plan cycle for plans with 8-bit ids: descend.h and
 * select.h compiled with the width fixed at one byte, so field offsets and
 * width tests fold away on the hot path.  planner_cycle (cycle.c) calls it.
 */
#include "internal.h"

#if PLANNER_WIDTHS & 1
#define W 1
#if PLANNER_WIDTHS == 1 && !PLANNER_QUIET_BUILDS
#define PLANNER_CYCLE_W planner_cycle	/* the only build: no dispatch */
#define PLANNER_TICK_W planner_tick
#else
#define PLANNER_CYCLE_W planner_cycle_8
#define PLANNER_TICK_W planner_tick_8
#endif
#include "descend.h"
#include "select.h"
#else
typedef int planner_run8_unused;	/* ISO C wants a declaration */
#endif
