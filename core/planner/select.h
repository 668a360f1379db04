/*
 * select.h - one plan cycle (spec §3.2): drive selection by runtime
 * priority, frequency limits, interruption, the drive's own execution.
 * A code template: run8.c and run16.c include it after descend.h with W
 * (the id width in bytes) fixed and PLANNER_CYCLE_W naming the entry.
 */
#ifndef W
#error "select.h is included by run8.c / run16.c with W defined"
#endif

/*
 * The order in which drive selection looks at drives: runtime priority
 * descending, table order on ties (a stable insertion sort).  Selection in
 * the original takes the best unchecked drive again and again; nothing
 * changes a priority while it does, so walking this order is the same
 * walk.  Re-sorted only after a priority changed.
 */
static void
sort_drives(struct planner *pl, uint16_t n)
{
	uint16_t i, j;

	for (i = 0; i < n; i++) {
		for (j = i; j > 0 && pl->d_prio[pl->d_order[j - 1]] <
		    pl->d_prio[i]; j--)
			pl->d_order[j] = pl->d_order[j - 1];
		pl->d_order[j] = i;
	}
	/* a drive at priority 0 is never selected (§11.3): they come last */
	for (pl->live = n; pl->live > 0 &&
	    pl->d_prio[pl->d_order[pl->live - 1]] == 0; pl->live--)
		;
	pl->order_stale = 0;
}

/*
 * Runs drive d (status ds), found runnable; the drive's result byte.
 * Every other RUNNING drive becomes INTERRUPTED first.  Only the drive
 * that ran can be left RUNNING, so there is at most one: *d_running
 * remembers which drive that may be.
 */
static uint8_t
run_selected(struct planner *pl, uint16_t d, const uint8_t *q, uint8_t ds)
{
	uint16_t x = *pl->d_running;
	uint8_t r;

	if (x != 0 && x != d + 1 &&
	    (pl->d_flags[x - 1] & DF_STATUS) == PLANNER_RUNNING)
		pl->d_flags[x - 1] = (uint16_t)((pl->d_flags[x - 1] &
		    ~DF_STATUS) | PLANNER_INTERRUPTED);
	/* executeDrive: E, the child (seeing the status as it was), S/P/F/Z */
	enter(pl, PLAN_D, d);
	r = run_child(pl, q + PLAN_D_CHILD(W), ds, 2);
	report(pl, PLAN_D, d, r, child_why(pl, q + PLAN_D_CHILD(W), 2));
	if (PLANNER_CODE(r) == PLANNER_IN_PROGRESS) {
		pl->d_flags[d] = (uint16_t)((pl->d_flags[d] & ~DF_STATUS) |
		    PLANNER_RUNNING);
		*pl->d_running = (uint16_t)(d + 1);
		return r;
	}
	pl->d_flags[d] &= (uint16_t)~(DF_STATUS | DF_LATCH);
	/* a ramping drive that succeeded starts again from its base */
	if (PLANNER_CODE(r) == PLANNER_SUCCESS &&
	    get_w(q + PLAN_D_RAMP_INTERVAL(W), W) != 0) {
		pl->d_prio[d] = get_w(q + PLAN_D_PRIORITY(W), W);
		pl->order_stale = 1;
	}
	return r;
}

uint16_t
PLANNER_CYCLE_W(struct planner *pl)
{
	uint16_t k, d, f, interval;
	int16_t v;

	if (pl->order_stale)
		sort_drives(pl, pl->plan->count[PLAN_D]);
	for (k = 0; k < pl->live; k++) {
		const uint8_t *q = record_w(pl, PLAN_D, d = pl->d_order[k], W);

		/*
		 * frequencyOK: a running drive is never throttled; others
		 * wait for the interval counter, and being considered
		 * re-arms it even if the releaser then says no.  (Without
		 * an interval the counter stays 0.)
		 */
		if ((pl->d_flags[d] & DF_STATUS) != PLANNER_RUNNING &&
		    (interval = get_u16(q + PLAN_D_INTERVAL(W))) != 0) {
			if (pl->d_interval[d] != 0)
				goto not_runnable;
			pl->d_interval[d] = interval;
		}
		v = releaser_read(pl, q + PLAN_D_RELEASER(W), W);
		q = record_w(pl, PLAN_D, d, W);
		f = pl->d_flags[d];
		if (releaser_decide(pl, q + PLAN_D_RELEASER(W), v, &f, DF_LATCH,
		    (uint8_t)(f & DF_STATUS), PLAN_D, d, W)) {
			pl->d_flags[d] = f;
			return run_selected(pl, d, q, (uint8_t)(f & DF_STATUS));
		}
not_runnable:
		pl->d_flags[d] &= (uint16_t)~(DF_STATUS | DF_LATCH);
	}
	return PLANNER_IDLE;
}
