/*
 * cycle.c - one plan cycle and the passing of time (spec §3): drive
 * selection by runtime priority, frequency limits, interruption, and the
 * ramp and urgency that raise a waiting drive's priority.
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
	uint32_t p = (uint32_t)pl->d_prio[d] + rd_w(q + D_RAMP_INC(w), w);
	uint32_t urgency = rd_w(q + D_URGENCY(w), w);

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
		uint16_t ramp_interval = rd_w(q + D_RAMP_INTERVAL(w), w);

		if (rd_u16(q + D_INTERVAL(w)) != 0)
			pl->d_interval[d] = pl->d_interval[d] > dt ?
			    (uint16_t)(pl->d_interval[d] - dt) : 0;
		if (ramp_interval == 0)
			continue;
		pl->d_ramp[d] = pl->d_ramp[d] > dt ?
		    (uint16_t)(pl->d_ramp[d] - dt) : 0;
		if (pl->d_ramp[d] == 0) {
			pl->d_ramp[d] = ramp_interval;
			ramp(pl, d, q);
		}
	}
}

/*
 * frequencyOK: a running drive is never throttled; otherwise the interval
 * counter must have run out, and considering the drive re-arms it.
 */
static uint8_t
frequency_ok(struct planner *pl, uint16_t d, const uint8_t *q)
{
	if ((pl->d_flags[d] & DF_STATUS) == PLANNER_RUNNING)
		return 1;
	if (pl->d_interval[d] != 0)
		return 0;
	pl->d_interval[d] = rd_u16(q + D_INTERVAL(pl->w));
	return 1;
}

/* executeDrive: the drive's child, with the drive's status as it was. */
static uint8_t
run_drive(struct planner *pl, uint16_t d, const uint8_t *q, uint8_t ds)
{
	uint16_t slot = (uint16_t)(pl->slot[PLAN_D] + d);
	uint8_t r;

	enter(pl, PLAN_D, d, slot);
	r = planner_run_child(pl, q + D_CHILD(pl->w), ds, 2);
	report(pl, PLAN_D, d, slot, r);
	return r;
}

/* The unchecked drive with the highest runtime priority (first on ties). */
static uint16_t
best_drive(const struct planner *pl, uint16_t n)
{
	uint16_t d, best = PLAN_NONE, best_p = 0;

	for (d = 0; d < n; d++)
		if (!(pl->d_flags[d] & DF_CHECKED) && pl->d_prio[d] > best_p) {
			best = d;
			best_p = pl->d_prio[d];
		}
	return best;
}

/* Runs drive d, which was found runnable; the drive's result byte. */
static uint8_t
run_selected(struct planner *pl, uint16_t d, const uint8_t *q, uint16_t n)
{
	uint8_t ds = pl->d_flags[d] & DF_STATUS, r;
	uint16_t x;

	for (x = 0; x < n; x++)
		if (x != d && (pl->d_flags[x] & DF_STATUS) == PLANNER_RUNNING)
			pl->d_flags[x] = (uint8_t)((pl->d_flags[x] &
			    ~DF_STATUS) | PLANNER_INTERRUPTED);
	r = run_drive(pl, d, q, ds);
	if (PLANNER_CODE(r) == PLANNER_IN_PROGRESS) {
		pl->d_flags[d] = (uint8_t)((pl->d_flags[d] & ~DF_STATUS) |
		    PLANNER_RUNNING);
		return r;
	}
	pl->d_flags[d] &= (uint8_t)~(DF_STATUS | DF_LATCH);
	/* a ramping drive that succeeded starts again from its base */
	if (PLANNER_CODE(r) == PLANNER_SUCCESS &&
	    rd_w(q + D_RAMP_INTERVAL(pl->w), pl->w) != 0)
		pl->d_prio[d] = rd_w(q + D_PRIORITY(pl->w), pl->w);
	return r;
}

uint16_t
planner_cycle(struct planner *pl)
{
	uint16_t d, n = pl->plan->count[PLAN_D];

	for (d = 0; d < n; d++)
		pl->d_flags[d] &= (uint8_t)~DF_CHECKED;
	while ((d = best_drive(pl, n)) != PLAN_NONE) {
		const uint8_t *q = record(pl, PLAN_D, d);

		if (frequency_ok(pl, d, q) && planner_check(pl,
		    q + D_RELEASER(pl->w), &pl->d_flags[d], DF_LATCH,
		    pl->d_flags[d] & DF_STATUS, PLAN_D, d))
			return run_selected(pl, d, q, n);
		/* not runnable: stopped, unlatched, not looked at again */
		pl->d_flags[d] = (uint8_t)((pl->d_flags[d] &
		    ~(DF_STATUS | DF_LATCH)) | DF_CHECKED);
	}
	return PLANNER_IDLE;
}
