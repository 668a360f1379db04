/*
 * run8q.c - the plan cycle for 8-bit ids when no monitor is attached:
 * run8.c's build with every event test compiled away (MON 0).
 * planner_cycle (cycle.c) calls it; left out where PLANNER_QUIET_BUILDS is 0.
 */
#define MON 0
#include "internal.h"

#if PLANNER_QUIET_BUILDS && (PLANNER_WIDTHS & 1)
#define W 1
#define PLANNER_CYCLE_W planner_cycle_8q
#include "descend.h"
#include "select.h"
#else
typedef int planner_run8q_unused;	/* ISO C wants a declaration */
#endif
