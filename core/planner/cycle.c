/*
 * cycle.c - the planner's entries for time and cycles, which pick the
 * build of select.h for the plan's width, and the drive order that drive
 * selection walks, kept sorted as priorities change.
 */
#include "internal.h"

/* The drive at place k of the order comes before drive d. */
static NOINLINE uint8_t
before(const struct st_d *s, elem_t k, elem_t d)
{
	elem_t x = s[k].order;

	return s[x].prio > s[d].prio || (s[x].prio == s[d].prio && x < d);
}

/*
 * Drive d's priority changed: move it along the drive order, which stays
 * sorted by runtime priority descending and table order on ties (a drive
 * passes those with a lower priority, and those of its own priority that
 * come after it in the table).  Drives at priority 0 come last: live
 * counts the others, so a drive from beyond them now above 0 adds one,
 * and one among them now at 0 takes one away.  Entry k of the order is
 * in drive k's record, with each drive's place.
 */
void
planner_reposition(struct planner *pl, elem_t d)
{
	struct st_d *s = ST_D(pl, 0);
	elem_t k = s[d].pos, n = (elem_t)pl->plan->count[PLAN_D], j, x;

	if (s[d].prio != 0 && k >= pl->live)
		pl->live++;
	else if (s[d].prio == 0 && k < pl->live)
		pl->live--;
	for (;;) {
		if (k > 0 && !before(s, (elem_t)(k - 1), d))
			j = (elem_t)(k - 1);
		else if (k + 1u < n && before(s, (elem_t)(k + 1), d))
			j = (elem_t)(k + 1);
		else
			break;
		x = s[j].order;
		s[k].order = x;
		s[x].pos = k;
		k = j;
	}
	s[k].order = d;
	s[d].pos = k;
}

/* With one width and one build, run8.c or run16.c is the entry itself. */
#if PLANNER_WIDTHS == 3 || PLANNER_QUIET_BUILDS
void
planner_tick(struct planner *pl, uint16_t dt)
{
#if PLANNER_WIDTHS & 1
	if (pl->w == 1) {
		planner_tick_8(pl, dt);
		return;
	}
#endif
#if PLANNER_WIDTHS & 2
	planner_tick_16(pl, dt);
#endif
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
#endif
