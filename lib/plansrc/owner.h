/*
 * owner.h - which drive's subtree each element belongs to (the first drive,
 * by priority, whose tree reaches it), so a graph can group each drive's
 * elements, or draw each drive's whole tree.  Used by emit_dot.c (plancc
 * --emit dot, planview --svg/--html/--serve).
 */
#ifndef SPINE_OWNER_H
#define SPINE_OWNER_H

#include <stdint.h>

#include "plan/plan.h"

/*
 * owner[t][i] = drive index, or PLAN_NONE for elements no drive reaches.
 * The caller gives one array per type, count[t] long.  0, or -1 when out
 * of memory.  Cycles (--allow-recursion plans) are visited once.
 */
int plansrc_plan_owners(const struct plan *p, uint16_t *owner[PLAN_NTYPES]);

/*
 * The elements drive `drive` reaches, shared ones included: reach[t][i] =
 * drive for those, PLAN_NONE for the rest (arrays as for plansrc_plan_owners).
 * 0, or -1 when out of memory.
 */
int plansrc_plan_reach(const struct plan *p, uint16_t drive,
    uint16_t *reach[PLAN_NTYPES]);

/* Drive indices by priority, highest first (ties in record order).
 * order[] holds count[PLAN_D] entries.  0, or -1 when out of memory. */
int plansrc_plan_drive_order(const struct plan *p, uint16_t *order);

#endif
