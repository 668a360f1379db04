/*
 * cycle.c - the passing of time (spec §3.1): interval counters, and the
 * ramp and urgency that raise a waiting drive's priority.  And the plan
 * cycle's entry, which picks the build of select.h for the plan's width.
 */
#include "internal.h"

static uint16_t
saturate(uint32_t v, uint16_t maxid)
{
	return v > maxid ? maxid : (uint16_t)v;
}

/* Ramp: the priority grows by the increment, times 1 + u/32 if latched. */
static void
ramp(struct planner *pl, uint16_t d, const uint8_t *q)
{
	uint8_t w = pl->w;
	uint32_t p = (uint32_t)pl->d_prio[d] + get_w(q + PLAN_D_RAMP_INC(w), w);
	uint32_t urgency = get_w(q + PLAN_D_URGENCY(w), w);

	p = saturate(p, pl->maxid);
	if ((pl->d_flags[d] & DF_LATCH) && urgency != 0)
		p = saturate(p + p * urgency / 32, pl->maxid);
	pl->d_prio[d] = (uint16_t)p;
}

void
planner_tick(struct planner *pl, uint16_t dt)
{
	uint16_t d, n = pl->plan->count[PLAN_D];
	uint8_t w = pl->w;

	for (d = 0; d < n; d++) {
		const uint8_t *q = record(pl, PLAN_D, d);
		uint16_t ramp_interval = get_w(q + PLAN_D_RAMP_INTERVAL(w), w);

		if (get_u16(q + PLAN_D_INTERVAL(w)) != 0)
			pl->d_interval[d] = pl->d_interval[d] > dt ?
			    (uint16_t)(pl->d_interval[d] - dt) : 0;
		if (ramp_interval == 0)
			continue;
		pl->d_ramp[d] = pl->d_ramp[d] > dt ?
		    (uint16_t)(pl->d_ramp[d] - dt) : 0;
		if (pl->d_ramp[d] == 0) {
			pl->d_ramp[d] = ramp_interval;
			ramp(pl, d, q);
			pl->order_stale = 1;
		}
	}
}

/* The build of select.h for this plan's width (planner_init checked it). */
uint16_t
planner_cycle(struct planner *pl)
{
#if PLANNER_QUIET_BUILDS
	if (pl->io.monitor == NULL) {
#if PLANNER_WIDTHS & 1
		if (pl->w == 1)
			return planner_cycle_8q(pl);
#endif
#if PLANNER_WIDTHS & 2
		return planner_cycle_16q(pl);
#endif
	}
#endif
#if PLANNER_WIDTHS & 1
	if (pl->w == 1)
		return planner_cycle_8(pl);
#endif
#if PLANNER_WIDTHS & 2
	return planner_cycle_16(pl);
#else
	return PLANNER_IDLE;
#endif
}
