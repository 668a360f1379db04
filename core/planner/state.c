/*
 * state.c - the planner's runtime state: its size from a plan header, its
 * layout in the caller's block, reset, and the accessors planrun and the
 * robot use to show counters, drives and monitor flags.
 */
#include <string.h>

#include "internal.h"

/*
 * Layout, 16-bit arrays first so one 2-byte alignment serves them all
 * (N = all elements, counted per type in enum plan_type order):
 *   u16 exec[N] succ[N] d_prio[D] d_interval[D] d_ramp[D] d_order[D]
 *       d_flags[D] c_current[C] ap_current[AP] ce_state[CE] c_top[C]
 *       ap_first[AP] c_touched[C] ape_next[APE] d_running
 *   u8  monitor[N] ape_done[APE] a_check[A]
 */
static uint32_t
wide_words(const uint16_t n[PLAN_NTYPES], uint32_t total)
{
	return 2 * total + 5u * n[PLAN_D] + 3u * n[PLAN_C] +
	    2u * n[PLAN_AP] + n[PLAN_CE] + n[PLAN_APE] + 1;
}

static uint32_t
total_elements(const uint16_t n[PLAN_NTYPES])
{
	uint32_t total = 0;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		total += n[t];
	return total;
}

uint32_t
planner_state_size_for(const uint16_t n[PLAN_NTYPES])
{
	uint32_t total = total_elements(n);

	return 2 * wide_words(n, total) + total + n[PLAN_APE] + n[PLAN_A];
}

uint32_t
planner_state_size(const uint8_t *header)
{
	uint16_t n[PLAN_NTYPES];

	if (plan_header_counts(header, n) != PLAN_OK)
		return 0;
	return planner_state_size_for(n);
}

/* Points the handle's arrays into the block. */
static void
lay_out(struct planner *pl, uint8_t *block)
{
	const uint16_t *n = pl->plan->count;
	uint32_t total = total_elements(n);
	uint16_t *exec = (uint16_t *)(void *)block, *succ = exec + total, *u;
	uint8_t *mon = block + 2 * wide_words(n, total);
	int t;

	for (t = 0; t < PLAN_NTYPES; t++) {
		pl->exec_of[t] = exec;
		pl->succ_of[t] = succ;
		pl->mon_of[t] = mon;
		exec += n[t];
		succ += n[t];
		mon += n[t];
	}
	u = succ;
	pl->d_prio = u;
	pl->d_interval = u += n[PLAN_D];
	pl->d_ramp = u += n[PLAN_D];
	pl->d_order = u += n[PLAN_D];
	pl->d_flags = u += n[PLAN_D];
	pl->c_current = u += n[PLAN_D];
	pl->ap_current = u += n[PLAN_C];
	pl->ce_state = u += n[PLAN_AP];
	pl->c_top = u += n[PLAN_CE];
	pl->ap_first = u += n[PLAN_C];
	pl->c_touched = u += n[PLAN_AP];
	pl->ape_next = u += n[PLAN_C];
	pl->d_running = u + n[PLAN_APE];
	pl->ape_done = mon;
	pl->a_check = mon + n[PLAN_APE];
}

int
planner_init(struct planner *pl, const struct plan *plan, void *state,
    uint32_t state_size, const struct planner_io *io)
{
	int t;

	if (state == NULL ||
	    (uintptr_t)state % PLANNER_STATE_ALIGN != 0 ||
	    state_size < planner_state_size_for(plan->count) ||
	    !(PLANNER_WIDTHS & plan->id_width))
		return -1;
	memset(pl, 0, sizeof *pl);
	pl->plan = plan;
	pl->io = *io;
	pl->w = plan->id_width;
	pl->recursive = (plan->flags & PLAN_F_RECURSION) != 0;
	pl->no_ces = plan->count[PLAN_CE] == 0;
	pl->maxid = (uint16_t)PLAN_MAXID(plan->id_width);
	for (t = 0; t < PLAN_NTYPES; t++) {
		pl->table[t] = plan->table[t];
		pl->rec_size[t] = plan->rec_size[t];
	}
	lay_out(pl, state);
	planner_reset(pl);
	return 0;
}

/* Where each type keeps its monitor byte. */
static uint8_t
monitor_offset(uint8_t type, uint8_t w)
{
	switch (type) {
	case PLAN_AP:
		return PLAN_AP_MONITOR(w);
	case PLAN_APE:
		return PLAN_APE_MONITOR(w);
	case PLAN_C:
		return PLAN_C_MONITOR(w);
	case PLAN_CE:
		return PLAN_CE_MONITOR(w);
	case PLAN_D:
		return PLAN_D_MONITOR(w);
	default:
		return PLAN_A_MONITOR(w);
	}
}

/*
 * The member with the greatest key, + 1, when no other member has that key
 * (else 0): a competence's top priority, a pattern's last order.  When it
 * succeeds nothing can follow it, and the planner need not search.
 */
static uint16_t
alone_at_top(const struct planner *pl, const uint8_t *list, uint16_t first,
    uint16_t count, uint8_t type, uint8_t key_at)
{
	uint16_t k, best = 0, best_key = 0, m, key;
	int shared = 0;

	for (k = first; k < first + count; k++) {
		m = get_w(list + (size_t)k * pl->w, pl->w);
		key = get_w(record(pl, type, m) + key_at, pl->w);
		if (best == 0 || key > best_key) {
			best = (uint16_t)(m + 1);
			best_key = key;
			shared = 0;
		} else if (key == best_key) {
			shared = 1;
		}
	}
	return shared ? 0 : best;
}

/* Patterns up to this long are chained from their orders copied to the
 * stack (8 bytes a member), longer ones by the search. */
#define CHAIN_COPY 16

/* The order key of a pattern's k-th member, and the member in *e. */
static uint16_t
member_order(const struct planner *pl, uint16_t k, uint16_t *e)
{
	*e = get_w(pl->plan->ape_list + (size_t)k * pl->w, pl->w);
	return get_w(record(pl, PLAN_APE, *e) + PLAN_APE_ORDER(pl->w), pl->w);
}

/*
 * The search below picks the lowest order not yet run, the first listed
 * of equals: a stable sort by order, leaving out PLAN_MAXID.  Done so on a
 * copy, each record is read once rather than once a pick, which an 8-bit
 * robot notices at every commit.  0 when the pattern is too long for the
 * copy, or its members are not listed once each in table order as
 * plan_open checks (the search copes with anything).
 */
static int
chain_sorted(struct planner *pl, uint16_t ap, uint16_t first, uint16_t count)
{
	uint16_t e[CHAIN_COPY], o[CHAIN_COPY], ek, ok, k, j, n = 0;
	uint16_t last = 0;

	if (count > CHAIN_COPY)
		return 0;
	for (k = 0; k < count; k++) {
		ok = member_order(pl, (uint16_t)(first + k), &ek);
		if (k > 0 && ek <= last)
			return 0;
		last = ek;
		if (ok >= pl->maxid)
			continue;
		for (j = n; j > 0 && o[j - 1] > ok; j--) {
			o[j] = o[j - 1];
			e[j] = e[j - 1];
		}
		o[j] = ok;
		e[j] = ek;
		n++;
	}
	for (j = 0; j < n; j++) {
		if (j == 0)
			pl->ap_first[ap] = (uint16_t)(e[0] + 1);
		else
			pl->ape_next[e[j - 1]] = (uint16_t)(e[j] + 1);
	}
	return 1;
}

/*
 * A pattern's elements run in order of (order, table position), one after
 * the other, never one of order PLAN_MAXID (§6.1): the chain through
 * ape_next, from ap_first.  Built by picking, again and again, the next
 * element the way the original's search does.
 */
static void
chain_pattern(struct planner *pl, uint16_t ap)
{
	const uint8_t *q = record(pl, PLAN_AP, ap);
	uint8_t w = pl->w;
	uint16_t first = get_w(q + PLAN_AP_FIRST(w), w), count = get_w(q +
	    PLAN_AP_COUNT(w), w), k, e, prev = PLAN_NONE, order, from = 0;

	if (chain_sorted(pl, ap, first, count))
		return;
	for (;;) {
		uint16_t best = PLAN_NONE, best_order = pl->maxid;

		for (k = first; k < first + count; k++) {
			order = member_order(pl, k, &e);
			if (pl->ape_done[e] || order < from ||
			    order >= best_order)
				continue;
			best = e;
			best_order = order;
		}
		if (best == PLAN_NONE)
			break;
		pl->ape_done[best] = 1;
		if (prev == PLAN_NONE)
			pl->ap_first[ap] = (uint16_t)(best + 1);
		else
			pl->ape_next[prev] = (uint16_t)(best + 1);
		prev = best;
		from = best_order;
	}
	for (k = first; k < first + count; k++)
		pl->ape_done[get_w(pl->plan->ape_list + (size_t)k * w, w)] = 0;
}

static void
find_tops(struct planner *pl)
{
	const struct plan *p = pl->plan;
	uint8_t w = pl->w;
	uint16_t i;

	for (i = 0; i < p->count[PLAN_C]; i++) {
		const uint8_t *q = record(pl, PLAN_C, i);

		pl->c_top[i] = alone_at_top(pl, p->ce_list,
		    get_w(q + PLAN_C_FIRST(w), w),
		    get_w(q + PLAN_C_COUNT(w), w), PLAN_CE,
		    (uint8_t)PLAN_CE_PRIORITY(w));
	}
	for (i = 0; i < p->count[PLAN_AP]; i++)
		chain_pattern(pl, i);
}

void
planner_reset_monitors(struct planner *pl)
{
	const struct plan *p = pl->plan;
	uint16_t i;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < p->count[t]; i++)
			pl->mon_of[t][i] = record(pl, (uint8_t)t, i)[
			    monitor_offset((uint8_t)t, pl->w)];
}

void
planner_reset(struct planner *pl)
{
	const struct plan *p = pl->plan;
	uint8_t w = pl->w;
	uint16_t i;

	memset(pl->exec_of[0], 0, planner_state_size_for(p->count));
	planner_reset_monitors(pl);
	for (i = 0; i < p->count[PLAN_D]; i++)
		pl->d_prio[i] = get_w(record(pl, PLAN_D, i) +
		    PLAN_D_PRIORITY(w), w);
	find_tops(pl);
	pl->global_monitor = p->global_monitor;
	pl->depth_exceeded = 0;
	pl->errors = 0;
	pl->order_stale = 1;
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
planner_emit_sense(struct planner *pl, const uint8_t *rel, uint8_t owner_type,
    uint16_t owner, int16_t value, uint8_t latch, uint8_t held)
{
	struct planner_event ev;

	if (!((pl->global_monitor | pl->mon_of[owner_type][owner]) &
	    (1u << PLANNER_EV_SENSE)))
		return;
	memset(&ev, 0, sizeof ev);
	ev.kind = PLANNER_EV_SENSE;
	ev.type = owner_type;
	ev.index = owner;
	ev.sense = get_w(rel, pl->w);
	ev.cmp = rel[PLAN_REL_CMP(pl->w)];
	ev.latch = latch;
	ev.held = held;
	ev.value = value;
	pl->io.monitor(pl->io.ctx, &ev);
}

void
planner_set_global_monitor(struct planner *pl, uint8_t flags)
{
	pl->global_monitor = flags & PLAN_MON_ALL;
}

void
planner_set_monitor(struct planner *pl, uint8_t type, uint16_t index,
    uint8_t flags)
{
	pl->mon_of[type][index] = flags & PLAN_MON_ALL;
}

uint8_t
planner_monitor(const struct planner *pl, uint8_t type, uint16_t index)
{
	return pl->mon_of[type][index];
}

uint16_t
planner_executions(const struct planner *pl, uint8_t type, uint16_t index)
{
	return pl->exec_of[type][index];
}

uint16_t
planner_successes(const struct planner *pl, uint8_t type, uint16_t index)
{
	return pl->succ_of[type][index];
}

void
planner_drive_state(const struct planner *pl, uint16_t d,
    struct planner_drive_state *out)
{
	out->status = (uint8_t)(pl->d_flags[d] & DF_STATUS);
	out->latch = (pl->d_flags[d] & DF_LATCH) != 0;
	out->priority = pl->d_prio[d];
	out->interval_counter = pl->d_interval[d];
	out->ramp_counter = pl->d_ramp[d];
}

void
planner_set_priority(struct planner *pl, uint16_t d, uint16_t priority)
{
	pl->d_prio[d] = priority > pl->maxid ? pl->maxid : priority;
	pl->order_stale = 1;
}

uint16_t
planner_current(const struct planner *pl, uint8_t type, uint16_t index)
{
	uint16_t cur = type == PLAN_C ? pl->c_current[index] :
	    pl->ap_current[index];

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
	uint16_t ap, cur, x;

	if (pl->recursive)
		return pl->ape_done[e];
	ap = get_w(record(pl, PLAN_APE, e) + pl->w, pl->w);	/* parent */
	if (ap == (pl->w == 1 ? 0xFFu : 0xFFFFu) ||
	    (cur = pl->ap_current[ap]) == 0)
		return 0;
	for (x = pl->ap_first[ap]; x != 0 && x != cur; x = pl->ape_next[x - 1])
		if (x == e + 1)
			return 1;
	return 0;
}

uint8_t
planner_element_status(const struct planner *pl, uint8_t type,
    uint16_t index)
{
	if (type == PLAN_CE)
		return pl->ce_state[index] & CES_STATUS;
	return element_done(pl, index) ? PLANNER_CE_SUCCESS :
	    PLANNER_NOT_TESTED;
}
