/*
 * state.c - the planner's runtime state: its size from a plan header, its
 * records in the caller's block, reset, the monitor's flags, and the
 * accessors planrun and the robot use to show counters, drives and
 * elements.
 */
#include <string.h>

#include "internal.h"

static const uint8_t st_size[PLAN_NTYPES] = ST_SIZES;

/* planner.h's PLANNER_STATE_BYTES agrees with the records (C99's static
   assertion: an array of -1 elements does not compile). */
typedef char planner_state_bytes_agree[PLANNER_STATE_BYTES(1, 0, 0, 0, 0,
    0) == sizeof (struct st_ap) && PLANNER_STATE_BYTES(0, 1, 0, 0, 0, 0) ==
    sizeof (struct st_ape) && PLANNER_STATE_BYTES(0, 0, 1, 0, 0, 0) ==
    sizeof (struct st_c) && PLANNER_STATE_BYTES(0, 0, 0, 1, 0, 0) ==
    sizeof (struct st_ce) && PLANNER_STATE_BYTES(0, 0, 0, 0, 1, 0) ==
    sizeof (struct st_d) && PLANNER_STATE_BYTES(0, 0, 0, 0, 0, 1) ==
    sizeof (struct st_a) ? 1 : -1];

uint32_t
planner_state_size_for(const uint16_t n[PLAN_NTYPES])
{
	uint32_t size = 0;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		size += (uint32_t)n[t] * st_size[t];
	return size;
}

uint32_t
planner_state_size(const uint8_t *header)
{
	uint16_t n[PLAN_NTYPES];

	if (plan_header_counts(header, n) != PLAN_OK)
		return 0;
	return planner_state_size_for(n);
}

#if PLANNER_COUNTERS || PLANNER_ELEMENT_FLAGS
/* State record i of a type, and its monitor flags' byte. */
static uint8_t *
state_of(const struct planner *pl, uint8_t type, uint16_t i)
{
	return pl->st[type] + (size_t)i * st_size[type];
}

#endif

#if PLANNER_ELEMENT_FLAGS
/* An element's monitor flags, in the head of its state record. */
static uint8_t *
mon_of(const struct planner *pl, uint8_t type, uint16_t i)
{
	return &HEAD(state_of(pl, type, i))->mon;
}

#endif

/* Events may be wanted: a monitor, and a flag set somewhere. */
static void
update_watch(struct planner *pl)
{
	pl->watch = pl->io.monitor != NULL && (pl->global_monitor != 0 ||
	    pl->flagged != 0);
}

int
planner_init(struct planner *pl, const struct plan *plan, void *state,
    uint32_t state_size, const struct planner_io *io)
{
#if PLANNER_WIDTHS == 1
	uint16_t used = 0;	/* at most 255 records */
#else
	uint32_t used = 0;
#endif
	uint8_t t;

	if (state == NULL ||
	    (uintptr_t)state % PLANNER_STATE_ALIGN != 0 ||
	    !(PLANNER_WIDTHS & plan->id_width) ||
	    (!PLANNER_RECURSION && (plan->flags & PLAN_F_RECURSION)))
		return -1;
	memset(pl, 0, sizeof *pl);
	for (t = 0; t < PLAN_NTYPES; t++) {
		pl->table[t] = plan->table[t];
		pl->st[t] = (uint8_t *)state + used;
		used += plan->count[t] * st_size[t];
	}
	if (used > state_size)
		return -1;
	pl->size = used;
	pl->plan = plan;
	pl->io = *io;
	pl->w = plan->id_width;
	pl->recursive = PLANNER_RECURSION &&
	    (plan->flags & PLAN_F_RECURSION) != 0;
	planner_reset(pl);
	return 0;
}

void
planner_reset_monitors(struct planner *pl)
{
#if PLANNER_ELEMENT_FLAGS
	static const uint8_t size1[PLAN_NTYPES] = PLAN_RECORD_SIZES(1);
	static const uint8_t size2[PLAN_NTYPES] = PLAN_RECORD_SIZES(2);
	const uint8_t *rs = WIDTH(pl) == 1 ? size1 : size2, *q;
	uint16_t n, flagged = 0;
	uint8_t t, *m;

	/* a record's monitor flags are its last byte */
	for (t = 0; t < PLAN_NTYPES; t++) {
		q = pl->table[t] + rs[t] - 1;
		m = &HEAD(pl->st[t])->mon;
		for (n = pl->plan->count[t]; n > 0; n--) {
			flagged += (*m = get_u8(q)) != 0;
			q += rs[t];
			m += st_size[t];
		}
	}
	pl->flagged = flagged;
#endif
	update_watch(pl);
}

/* A W-byte field of a plan record (called from many places: once). */
static NOINLINE uint16_t
field_of(const struct planner *pl, uint8_t type, uint16_t i, uint8_t at)
{
	return get_w(record(pl, type, i) + at, WIDTH(pl));
}

/* Entry k of a member list. */
static NOINLINE elem_t
member(const struct planner *pl, const uint8_t *list, elem_t k)
{
	(void)pl;	/* a constant width needs no plan */
	return list_at(list, WIDTH(pl), k);
}

#if !PLANNER_SMALL
/*
 * The member with the greatest priority, + 1, when no other member has
 * that priority (else 0): when it succeeds nothing can follow it, and the
 * planner need not search.
 */
static elem_t
alone_at_top(const struct planner *pl, elem_t c)
{
	uint8_t w = WIDTH(pl);
	elem_t first = (elem_t)field_of(pl, PLAN_C, c, PLAN_C_FIRST(w));
	elem_t end = (elem_t)(first + field_of(pl, PLAN_C, c,
	    PLAN_C_COUNT(w))), k, m, best = 0;
	prio_t p, best_p = 0;
	uint8_t shared = 0;

	for (k = first; k < end; k++) {
		m = member(pl, pl->plan->ce_list, k);
		p = (prio_t)field_of(pl, PLAN_CE, m, PLAN_CE_PRIORITY(w));
		if (best == 0 || p > best_p) {
			best = (elem_t)(m + 1);
			best_p = p;
			shared = 0;
		} else if (p == best_p) {
			shared = 1;
		}
	}
	return shared ? 0 : best;
}
#endif

/*
 * A pattern's elements run in order of (order, table position), one after
 * the other, never one of order PLAN_MAXID (§6.1): the chain from its
 * first through each element's next.  The APE list holds each pattern's
 * elements in table order (as plan_open checks), so inserting each after
 * those of its order or lower is a stable sort by order.
 */
static void
chain_patterns(struct planner *pl)
{
	const struct plan *p = pl->plan;
	uint8_t w = WIDTH(pl);
	elem_t k, e, *link, n = (elem_t)get_u16(p->base + PLAN_H_APE_LIST);
	prio_t o;

	for (k = 0; k < n; k++) {
		e = member(pl, p->ape_list, k);
		o = (prio_t)field_of(pl, PLAN_APE, e, PLAN_APE_ORDER(w));
		if (o == PLAN_MAXID(w))
			continue;
		link = &ST_AP(pl, field_of(pl, PLAN_APE, e,
		    PLAN_APE_PARENT(w)))->first;
		while (*link != 0 && field_of(pl, PLAN_APE, *link - 1,
		    PLAN_APE_ORDER(w)) <= o)
			link = &ST_APE(pl, *link - 1)->next;
		ST_APE(pl, e)->next = *link;
		*link = (elem_t)(e + 1);
	}
}

/*
 * The drives at their base priority, in drive selection's order (runtime
 * priority descending, table order on ties): from all at 0 in table
 * order, each drive given its priority moves up past those it beats, an
 * insertion sort.  And the timed drives (with an interval or a ramp)
 * listed for planner_tick.
 */
static void
start_drives(struct planner *pl)
{
	struct st_d *s = ST_D(pl, 0);
	elem_t i, n = (elem_t)pl->plan->count[PLAN_D];
	uint8_t w = WIDTH(pl);

	pl->live = 0;
	pl->timed = 0;
	for (i = 0; i < n; i++)
		s[i].order = s[i].pos = i;
	for (i = 0; i < n; i++) {
		const uint8_t *q = record(pl, PLAN_D, i);

		s[i].prio = (prio_t)get_w(q + PLAN_D_PRIORITY(w), w);
		planner_reposition(pl, i);
		if (get_u16(q + PLAN_D_INTERVAL(w)) != 0 ||
		    get_w(q + PLAN_D_RAMP_INTERVAL(w), w) != 0)
			s[pl->timed++].timed = i;
	}
}

void
planner_reset(struct planner *pl)
{
	const struct plan *p = pl->plan;
#if !PLANNER_SMALL
	uint16_t i;
#endif

	memset(pl->st[0], 0, pl->size);
	pl->running = 0;
	pl->global_monitor = p->global_monitor;
	planner_reset_monitors(pl);
	start_drives(pl);
	chain_patterns(pl);
#if !PLANNER_SMALL
	for (i = 0; i < p->count[PLAN_C]; i++)
		ST_C(pl, i)->top = alone_at_top(pl, (elem_t)i);
#endif
	pl->depth_exceeded = 0;
	pl->errors = 0;
}

void
planner_emit(struct planner *pl, uint8_t kind, uint8_t type, uint16_t index,
    uint8_t why)
{
	struct planner_event ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = kind;
	ev.type = type;
	ev.index = index;
	ev.why = why;
	pl->io.monitor(pl->io.ctx, &ev);
}

void
planner_emit_result(struct planner *pl, uint8_t type, uint16_t index,
    uint8_t r, uint8_t why)
{
	uint8_t kind = event_of(r);

	planner_emit(pl, kind, type, index, kind == PLANNER_EV_FAIL ||
	    kind == PLANNER_EV_ERROR ? why : PLANNER_WHY_NONE);
}

#if PLANNER_SMALL
void
planner_enter(struct planner *pl, void *rec, uint8_t type, uint16_t index)
{
	enter_inline(pl, rec, type, index);
}

uint8_t
planner_counted(struct planner *pl, void *rec, uint8_t r)
{
	return counted_inline(pl, rec, r);
}

void
planner_report(struct planner *pl, void *rec, uint8_t type, uint16_t index,
    uint8_t r, uint8_t why)
{
	if (planner_counted(pl, rec, r))
		planner_emit_result(pl, type, index, r, why);
}
#endif

void
planner_emit_sense(struct planner *pl, const uint8_t *rel, uint8_t owner_type,
    uint16_t owner, int16_t v, uint8_t old, uint8_t f, uint8_t ds)
{
	struct planner_event ev;
	uint8_t cmp = get_u8(rel + PLAN_REL_CMP(WIDTH(pl)));

	if (!((pl->global_monitor | planner_monitor(pl, owner_type, owner)) &
	    (1u << PLANNER_EV_SENSE)))
		return;
	memset(&ev, 0, sizeof ev);
	ev.kind = PLANNER_EV_SENSE;
	ev.type = owner_type;
	ev.index = owner;
	ev.sense = get_w(rel + PLAN_REL_SENSE, WIDTH(pl));
	ev.cmp = cmp;
	ev.latch = (f & RELEASED) != 0;
	/* the hysteresis moved the threshold (GT and LT, latch held) */
	ev.held = (cmp == PLAN_GT || cmp == PLAN_LT) &&
	    ds != PLANNER_NOTRUNNING && (old & RELEASED);
	ev.value = v;
	pl->io.monitor(pl->io.ctx, &ev);
}

void
planner_set_global_monitor(struct planner *pl, uint8_t flags)
{
	pl->global_monitor = flags & PLAN_MON_ALL;
	update_watch(pl);
}

void
planner_set_monitor(struct planner *pl, uint8_t type, uint16_t index,
    uint8_t flags)
{
#if PLANNER_ELEMENT_FLAGS
	uint8_t *m = mon_of(pl, type, index);

	pl->flagged -= *m != 0;
	*m = flags & PLAN_MON_ALL;
	pl->flagged += *m != 0;
	update_watch(pl);
#else
	(void)pl;
	(void)type;
	(void)index;
	(void)flags;
#endif
}

uint8_t
planner_monitor(const struct planner *pl, uint8_t type, uint16_t index)
{
#if PLANNER_ELEMENT_FLAGS
	return *mon_of(pl, type, index);
#else
	(void)pl;
	(void)type;
	(void)index;
	return 0;
#endif
}

/* Counter k (0 executions, 1 successes) of an element. */
static uint16_t
counter(const struct planner *pl, uint8_t type, uint16_t index, int k)
{
#if PLANNER_COUNTERS
	const struct st_head *h = HEAD(state_of(pl, type, index));

	return k == 0 ? h->exec : h->succ;
#else
	(void)pl;
	(void)type;
	(void)index;
	(void)k;
	return 0;
#endif
}

uint16_t
planner_executions(const struct planner *pl, uint8_t type, uint16_t index)
{
	return counter(pl, type, index, 0);
}

uint16_t
planner_successes(const struct planner *pl, uint8_t type, uint16_t index)
{
	return counter(pl, type, index, 1);
}

void
planner_drive_state(const struct planner *pl, uint16_t d,
    struct planner_drive_state *out)
{
	const struct st_d *s = ST_D(pl, d);

	out->status = s->flags & DF_STATUS;
	out->latch = (s->flags & RELEASED) != 0;
	out->priority = s->prio;
	out->interval_counter = s->interval;
	out->ramp_counter = s->ramp;
}

void
planner_set_priority(struct planner *pl, uint16_t d, uint16_t priority)
{
	uint16_t maxid = (uint16_t)PLAN_MAXID(WIDTH(pl));

	ST_D(pl, d)->prio = (prio_t)(priority > maxid ? maxid : priority);
	planner_reposition(pl, (elem_t)d);
}

uint16_t
planner_current(const struct planner *pl, uint8_t type, uint16_t index)
{
	elem_t cur = type == PLAN_C ? ST_C(pl, index)->current :
	    ST_AP(pl, index)->current;

	return cur ? (uint16_t)(cur - 1) : PLAN_NONE;
}

/*
 * An APE is done when it ran in this pass of its pattern: recursive plans
 * keep a flag per element; the others run the chain, in which the done
 * elements are exactly those before the pattern's current one.
 */
static uint8_t
element_done(const struct planner *pl, uint16_t e)
{
	uint16_t ap;
	elem_t cur, x;

	if (RECURSIVE(pl))
		return ST_APE(pl, e)->done;
	ap = field_of(pl, PLAN_APE, (elem_t)e, PLAN_APE_PARENT(WIDTH(pl)));
	if (ap == none_w(WIDTH(pl)) || (cur = ST_AP(pl, ap)->current) == 0)
		return 0;
	for (x = ST_AP(pl, ap)->first; x != 0 && x != cur;
	    x = ST_APE(pl, (elem_t)(x - 1))->next)
		if (x == (elem_t)(e + 1))
			return 1;
	return 0;
}

uint8_t
planner_element_status(const struct planner *pl, uint8_t type,
    uint16_t index)
{
	if (type == PLAN_CE)
		return ST_CE(pl, index)->flags & CES_STATUS;
	return element_done(pl, index) ? PLANNER_CE_SUCCESS :
	    PLANNER_NOT_TESTED;
}
