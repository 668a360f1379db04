/*
 * select.h - one plan cycle (spec §3.2): drive selection by runtime
 * priority, frequency limits, interruption, the drive's own execution;
 * and the passing of time (§3.1).  A code template: run8.c and run16.c
 * include it after descend.h with W (the id width in bytes) fixed and
 * PLANNER_CYCLE_W naming the entry (PLANNER_TICK_W, the monitored builds
 * only, the timers').
 */
#ifndef W
#error "select.h is included by run8.c / run16.c with W defined"
#endif

/*
 * Runs drive d (status ds, plan record q), found runnable; the drive's
 * result byte.  Every other RUNNING drive becomes INTERRUPTED first.
 * Only the drive that ran can be left RUNNING, so there is at most one:
 * pl->running remembers which drive that may be.
 */
static uint8_t
run_selected(struct planner *pl, elem_t d, const uint8_t *q, uint8_t ds)
{
	struct st_d *s = ST_D(pl, d);
	elem_t x = (elem_t)pl->running;
	uint8_t r;

	if (x != 0 && x != (elem_t)(d + 1)) {
		struct st_d *o = ST_D(pl, (elem_t)(x - 1));

		if ((o->flags & DF_STATUS) == PLANNER_RUNNING)
			o->flags = (uint8_t)((o->flags & ~DF_STATUS) |
			    PLANNER_INTERRUPTED);
	}
	/* executeDrive: E, the child (seeing the status as it was), S/P/F/Z */
	ENTER(pl, s, PLAN_D, d);
	r = run_child(pl, q + PLAN_D_CHILD(W), ds, 2);
	if (COUNTED(pl, s, r))
		planner_emit_result(pl, PLAN_D, d, r, child_why(pl,
		    q + PLAN_D_CHILD(W), 2));
	if (PLANNER_CODE(r) == PLANNER_IN_PROGRESS) {
		s->flags = (uint8_t)((s->flags & ~DF_STATUS) |
		    PLANNER_RUNNING);
		pl->running = (elem_t)(d + 1);
		return r;
	}
	s->flags &= (uint8_t)~(DF_STATUS | RELEASED);
	/* a ramping drive that succeeded starts again from its base */
	if (PLANNER_CODE(r) == PLANNER_SUCCESS &&
	    field(q + PLAN_D_RAMP_INTERVAL(W)) != 0) {
		s->prio = (prio_t)field(q + PLAN_D_PRIORITY(W));
		planner_reposition(pl, d);
	}
	return r;
}

/*
 * Drive selection in the original takes the best unchecked drive again
 * and again; nothing changes a priority while it does, so walking the
 * drive order (runtime priority descending, table order on ties; kept so
 * by planner_reposition) is the same walk.  Drives at priority 0 are
 * never selected (§11.3): they come last, after the first `live`.
 */
uint16_t
PLANNER_CYCLE_W(struct planner *pl)
{
	uint16_t interval;
	elem_t k, d;
	uint8_t ds, old, f;
	int16_t v;

	for (k = 0; k < pl->live; k++) {
		const uint8_t *q;
		struct st_d *s;

		d = ST_D(pl, k)->order;
		q = rec(pl, PLAN_D, d);
		s = ST_D(pl, d);
		/*
		 * frequencyOK: a running drive is never throttled; others
		 * wait for the interval counter, and being considered
		 * re-arms it even if the releaser then says no.  (Without
		 * an interval the counter stays 0.)
		 */
		ds = s->flags & DF_STATUS;
		if (ds != PLANNER_RUNNING &&
		    (interval = get_u16(q + PLAN_D_INTERVAL(W))) != 0) {
			if (s->interval != 0)
				goto not_runnable;
			s->interval = interval;
		}
		v = sense_of(pl, q + PLAN_D_RELEASER(W));
		q = rec(pl, PLAN_D, d);
		s = ST_D(pl, d);
		old = s->flags;
		s->flags = f = verdict(q + PLAN_D_RELEASER(W), v, old, ds);
		if (watching(pl))
			planner_emit_sense(pl, q + PLAN_D_RELEASER(W), PLAN_D, d,
			    v, old, f, ds);
		if (f & RELEASED)
			return run_selected(pl, d, q, ds);
not_runnable:
		s->flags &= (uint8_t)~(DF_STATUS | RELEASED);
	}
	return PLANNER_IDLE;
}

#if MON
/* A count of drives; a priority in the plan's id width. */
typedef elem_t drives_t;
#if W == 1
typedef uint8_t ramp_t;
#else
typedef uint16_t ramp_t;
#endif

static void tick_from(struct planner *pl, const struct st_d *t, uint16_t dt,
    drives_t n);

/*
 * Drive s, whose priority a timer only raised, keeps its place in the drive
 * order: it was live (its priority was above 0: among the first
 * pl->live) and the one before it still beats it.  The common case by far
 * (a ramp climbing between its neighbours, or the first), checked here for
 * the cost of a full planner_reposition's call; a tie goes the long way.
 */
static inline uint8_t
stays(const struct planner *pl, const struct st_d *s, uint8_t was_live)
{
	elem_t k = s->pos;

	return was_live && (k == 0 ||
	    ST_D(pl, ST_D(pl, (elem_t)(k - 1))->order)->prio > s->prio);
}

/*
 * The priority of timed drive t (of n) changed, or urgency (a latched
 * drive's) multiplies it by 1 + u/32, at most the largest id: mend the
 * drive order, then go on with the next timed drives.  Few arguments, so
 * that tick_from's calls to it are its last.
 */
static NOINLINE void
moved(struct planner *pl, const struct st_d *t, uint16_t dt, drives_t n)
{
	elem_t d = t->timed;
	struct st_d *s = ST_D(pl, d);
	uint32_t p = s->prio;
	uint16_t urgency;

	if ((s->flags & RELEASED) && (urgency = field(rec(pl, PLAN_D, d) +
	    PLAN_D_URGENCY(W))) != 0) {
		p += p * urgency / 32;
		s->prio = p > PLAN_MAXID(W) ? (prio_t)PLAN_MAXID(W) : (prio_t)p;
	}
	planner_reposition(pl, d);
	if (n > 1)
		tick_from(pl, t + 1, dt, (drives_t)(n - 1));
}

/*
 * processTimers (§3.1) from timed entry t on, n of them: interval
 * counters, and ramps, which raise the priority by the increment (times
 * 1 + u/32 if latched).  Its only calls end it, so it keeps no
 * registers: a changed priority (rare once it saturates) goes round.
 */
static void
tick_from(struct planner *pl, const struct st_d *t, uint16_t dt, drives_t n)
{
	for (; n != 0; t++, n--) {
		elem_t d = t->timed;
		prio_t ramp_interval, old;
		ramp_t p;
		struct st_d *s = ST_D(pl, d);
		const uint8_t *q = rec(pl, PLAN_D, d);

		if (get_u16(q + PLAN_D_INTERVAL(W)) != 0)
			s->interval = s->interval > dt ?
			    (uint16_t)(s->interval - dt) : 0;
		if ((ramp_interval = (prio_t)field(q +
		    PLAN_D_RAMP_INTERVAL(W))) == 0)
			continue;
		if (s->ramp > dt) {
			s->ramp = (prio_t)(s->ramp - dt);
			continue;
		}
		s->ramp = ramp_interval;
		old = s->prio;
		/* in the id's own width, saturating where the sum wraps */
		p = (ramp_t)(old + field(q + PLAN_D_RAMP_INC(W)));
		s->prio = (prio_t)(p < (ramp_t)old ? PLAN_MAXID(W) : p);
		if ((s->flags & RELEASED) &&
		    field(q + PLAN_D_URGENCY(W)) != 0) {
			moved(pl, t, dt, n);
			return;
		}
		if (s->prio != old) {
			if (stays(pl, s, old != 0))
				continue;
			if (n == 1)
				planner_reposition(pl, d);	/* the last */
			else
				moved(pl, t, dt, n);
			return;
		}
	}
}

/* processTimers: only the drives with an interval or a ramp are timed. */
void
PLANNER_TICK_W(struct planner *pl, uint16_t dt)
{
	tick_from(pl, ST_D(pl, 0), dt, (drives_t)pl->timed);
}
#endif
