/*
 * run16q.c - the plan cycle for 16-bit ids when no monitor is attached:
 * run16.c's build with every event test compiled away (MON 0).
 * planner_cycle (cycle.c) calls it; left out where PLANNER_QUIET_BUILDS is 0.
 */
#define MON 0
#include "internal.h"

#if PLANNER_QUIET_BUILDS && (PLANNER_WIDTHS & 2)
#define W 2
#define PLANNER_CYCLE_W planner_cycle_16q
#include "descend.h"
#include "select.h"
#else
typedef int planner_run16q_unused;	/* ISO C wants a declaration */
#endif
