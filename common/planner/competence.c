/*
 * competence.c - competences and their elements (spec §5): priority
 * groups under AND or OR, one released element's subtree per cycle, retry
 * limits, and the current element that persists between cycles.
 */
#include "internal.h"

/* A competence's members: its record fields, unpacked once per call. */
struct members {
	const uint8_t *list;
	uint16_t first, count;
	uint8_t use_or;
};

static uint16_t
priority_of(const struct planner *pl, uint16_t ce)
{
	return rd_w(record(pl, PLAN_CE, ce) + CE_PRIORITY(pl->w), pl->w);
}

static uint8_t
status_of(const struct planner *pl, uint16_t ce)
{
	return pl->ce_flags[ce] & CEF_STATUS;
}

static void
set_status(struct planner *pl, uint16_t ce, uint8_t status)
{
	pl->ce_flags[ce] = (uint8_t)((pl->ce_flags[ce] & ~CEF_STATUS) |
	    status);
}

static void
restart_members(struct planner *pl, const struct members *m)
{
	uint16_t k;

	for (k = m->first; k < m->first + m->count; k++)
		set_status(pl, list_at(m->list, pl->w, k), PLANNER_NOT_TESTED);
}

/*
 * topCandidate: untested, priority <= limit (0 = no limit), the greatest
 * priority, first on ties.  Priority 0 is never chosen.
 */
static uint16_t
top_candidate(const struct planner *pl, const struct members *m,
    uint16_t limit)
{
	uint16_t k, best = PLAN_NONE, best_p = 0;

	for (k = m->first; k < m->first + m->count; k++) {
		uint16_t ce = list_at(m->list, pl->w, k), p;

		if (status_of(pl, ce) != PLANNER_NOT_TESTED)
			continue;
		p = priority_of(pl, ce);
		if ((limit == 0 || p <= limit) && p > best_p) {
			best = ce;
			best_p = p;
		}
	}
	return best;
}

/*
 * nextCandidate: untested (or not released, when asked), priority above
 * (or at least) p, the smallest priority, first on ties.  The largest
 * priority the width holds is never chosen.
 */
static uint16_t
next_candidate(const struct planner *pl, const struct members *m, uint16_t p,
    uint8_t strictly_above, uint8_t include_not_released)
{
	uint16_t k, best = PLAN_NONE, best_p = pl->maxid;

	for (k = m->first; k < m->first + m->count; k++) {
		uint16_t ce = list_at(m->list, pl->w, k), q;
		uint8_t st = status_of(pl, ce);

		if (st != PLANNER_NOT_TESTED && !(include_not_released &&
		    st == PLANNER_NOT_RELEASED))
			continue;
		q = priority_of(pl, ce);
		if ((strictly_above ? q > p : q >= p) && q < best_p) {
			best = ce;
			best_p = q;
		}
	}
	return best;
}

/* executeCE: the element's child, then its retry rule. */
static uint8_t
run_ce(struct planner *pl, uint16_t ce, uint8_t ds, uint8_t depth)
{
	const uint8_t *q = record(pl, PLAN_CE, ce);
	uint16_t slot = (uint16_t)(pl->slot[PLAN_CE] + ce);
	uint8_t r, limit;

	enter(pl, PLAN_CE, ce, slot);
	r = planner_run_child(pl, q + CE_CHILD(pl->w), ds,
	    (uint8_t)(depth + 1));
	switch (PLANNER_CODE(r)) {
	case PLANNER_SUCCESS:
		pl->ce_retry[ce] = 0;
		break;
	case PLANNER_FAIL:
		limit = q[CE_RETRY(pl->w)];
		if (limit > 0 && pl->ce_retry[ce] < limit) {
			pl->ce_retry[ce]++;	/* try again next cycle */
			r = recode(r, PLANNER_IN_PROGRESS);
		} else {
			pl->ce_retry[ce] = 0;
		}
		break;
	}
	report(pl, PLAN_CE, ce, slot, r);
	return r;
}

/* afterCE: what the competence does next, given its element's result. */
static uint8_t
after_ce(struct planner *pl, uint16_t c, const struct members *m,
    uint16_t ce, uint8_t r)
{
	uint16_t p = priority_of(pl, ce), next;

	switch (PLANNER_CODE(r)) {
	case PLANNER_SUCCESS:
		set_status(pl, ce, PLANNER_CE_SUCCESS);
		next = next_candidate(pl, m, p, m->use_or, 1);
		if (next != PLAN_NONE) {	/* more to do */
			pl->c_current[c] = (uint16_t)(next + 1);
			r = recode(r, PLANNER_IN_PROGRESS);
		}
		break;
	case PLANNER_IN_PROGRESS:
		set_status(pl, ce, PLANNER_CE_IN_PROGRESS);
		pl->c_current[c] = (uint16_t)(ce + 1);
		break;
	default:
		set_status(pl, ce, PLANNER_CODE(r) == PLANNER_FAIL ?
		    PLANNER_CE_FAILED : PLANNER_CE_ERROR);
		if (!m->use_or)
			break;
		/* OR: a sibling of the same group gets the next cycle */
		next = next_candidate(pl, m, p, 0, 1);
		if (next != PLAN_NONE && priority_of(pl, next) == p) {
			pl->c_current[c] = (uint16_t)(next + 1);
			r = PLANNER_IN_PROGRESS;	/* data dropped */
		}
		break;
	}
	return r;
}

static uint8_t
released(struct planner *pl, uint16_t ce, uint8_t ds)
{
	return planner_check(pl, record(pl, PLAN_CE, ce) + CE_RELEASER(pl->w),
	    &pl->ce_flags[ce], CEF_LATCH, ds, PLAN_CE, ce);
}

/* First entry: from the top priority down to the first released element. */
static uint8_t
initial(struct planner *pl, uint16_t c, const struct members *m, uint8_t ds,
    uint8_t depth)
{
	uint16_t limit = 0, ce;

	while ((ce = top_candidate(pl, m, limit)) != PLAN_NONE) {
		if (released(pl, ce, ds))
			return after_ce(pl, c, m, ce,
			    run_ce(pl, ce, ds, (uint8_t)(depth + 1)));
		set_status(pl, ce, PLANNER_NOT_RELEASED);
		limit = priority_of(pl, ce);
	}
	return PLANNER_FAIL;
}

/* 1 when ce's child is an action pattern in the middle of its sequence. */
static uint8_t
pattern_running(const struct planner *pl, uint16_t ce)
{
	const uint8_t *ref = record(pl, PLAN_CE, ce) + CE_CHILD(pl->w);

	return ref[0] == PLAN_AP && pl->ap_current[rd_w(ref + 1, pl->w)] != 0;
}

/* Later cycles: carry on with the current element (§5 "subsequent"). */
static uint8_t
subsequent(struct planner *pl, uint16_t c, const struct members *m,
    uint8_t ds, uint8_t depth)
{
	uint16_t ce = (uint16_t)(pl->c_current[c] - 1), p, k, next;

	p = priority_of(pl, ce);
	for (k = m->first; k < m->first + m->count; k++) {
		uint16_t e = list_at(m->list, pl->w, k);

		if (status_of(pl, e) == PLANNER_NOT_RELEASED &&
		    priority_of(pl, e) == p)
			set_status(pl, e, PLANNER_NOT_TESTED);
	}
	for (;;) {
		if (pattern_running(pl, ce) || released(pl, ce, ds))
			return after_ce(pl, c, m, ce,
			    run_ce(pl, ce, ds, (uint8_t)(depth + 1)));
		set_status(pl, ce, PLANNER_NOT_RELEASED);
		if (!m->use_or)
			return PLANNER_FAIL;	/* AND: one miss fails */
		/* OR: an untested sibling of the group, this same cycle */
		next = next_candidate(pl, m, p, 0, 0);
		if (next == PLAN_NONE || priority_of(pl, next) != p)
			return PLANNER_FAIL;
		pl->c_current[c] = (uint16_t)(next + 1);
		ce = next;
	}
}

uint8_t
planner_competence(struct planner *pl, uint16_t c, uint8_t ds, uint8_t depth)
{
	const uint8_t *q = record(pl, PLAN_C, c);
	uint16_t slot = (uint16_t)(pl->slot[PLAN_C] + c);
	struct members m;
	uint8_t w = pl->w, r;

	if (pl->plan->count[PLAN_CE] == 0)
		return PLANNER_ERROR;	/* as the original: no events (§11.13) */
	m.list = pl->plan->ce_list;
	m.first = rd_w(q + C_FIRST(w), w);
	m.count = rd_w(q + C_COUNT(w), w);
	m.use_or = q[C_FLAGS(w)] & 1u;
	enter(pl, PLAN_C, c, slot);
	if (pl->c_current[c] != 0) {
		r = subsequent(pl, c, &m, ds, depth);
	} else {
		restart_members(pl, &m);
		r = initial(pl, c, &m, ds, depth);
	}
	if (PLANNER_CODE(r) != PLANNER_IN_PROGRESS) {
		pl->c_current[c] = 0;
		restart_members(pl, &m);
	}
	report(pl, PLAN_C, c, slot, r);
	return r;
}
