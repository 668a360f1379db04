/*
 * cycle.c - the planner's entries for time and cycles, which pick the
 * build of select.h for the plan's width, and the drive order that drive
 * selection walks, kept sorted as priorities change.
 */
#include "internal.h"

/*
 * Drive d's priority changed: move it along the drive order, which stays
 * sorted by runtime priority descending and table order on ties (a drive
 * passes those with a lower priority, and those of its own priority that
 * come after it in the table).  Drives at priority 0 come last: live
 * counts the others, so a drive from beyond them now above 0 adds one,
 * and one among them now at 0 takes one away.  Entry k of the order is
 * in drive k's record, with each drive's place.
 */
/* Drive x comes before drive d of priority p in the order. */
static uint8_t
before(const struct st_d *s, uint16_t x, uint16_t d, uint16_t p)
{
	return s[x].prio > p || (s[x].prio == p && x < d);
}

/* Drive d, at k, moves up while it should come first. */
static NOINLINE void
move_up(struct st_d *s, uint16_t d, uint16_t k)
{
	uint16_t x, p = s[d].prio;

	while (k > 0 && !before(s, x = s[k - 1].order, d, p)) {
		s[k].order = x;
		s[x].pos = k--;
	}
	s[k].order = d;
	s[d].pos = k;
}

/* Drive d, at k of n, moves down while another should come first. */
static NOINLINE void
move_down(struct st_d *s, uint16_t d, uint16_t k, uint16_t n)
{
	uint16_t x, p = s[d].prio;

	while (k + 1u < n && before(s, x = s[k + 1].order, d, p)) {
		s[k].order = x;
		s[x].pos = k++;
	}
	s[k].order = d;
	s[d].pos = k;
}

void
planner_raised(struct planner *pl, uint16_t d)
{
	struct st_d *s = ST_D(pl, 0);
	uint16_t k = s[d].pos;

	if (k >= pl->live)
		pl->live++;		/* it was at 0 */
	if (k > 0 && !before(s, s[k - 1].order, d, s[d].prio))
		move_up(s, d, k);
}

void
planner_reposition(struct planner *pl, uint16_t d)
{
	struct st_d *s = ST_D(pl, 0);
	uint16_t p = s[d].prio, k = s[d].pos, n = pl->plan->count[PLAN_D];

	if (p != 0 && k >= pl->live)
		pl->live++;
	else if (p == 0 && k < pl->live)
		pl->live--;
	if (k > 0 && !before(s, s[k - 1].order, d, p))
		move_up(s, d, k);
	else if (k + 1u < n && before(s, s[k + 1].order, d, p))
		move_down(s, d, k, n);
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
