/*
 * pattern.c - action patterns, their elements and actions (spec §6.1,
 * §6.2), and the child link every drive, CE and APE follows.  One element
 * of a pattern runs per cycle; the pattern remembers where it is.
 */
#include "internal.h"

static uint8_t
run_action(struct planner *pl, uint16_t a)
{
	const uint8_t *q = record(pl, PLAN_A, a);
	uint16_t slot = (uint16_t)(pl->slot[PLAN_A] + a);
	uint8_t w = pl->w, r;

	enter(pl, PLAN_A, a, slot);
	r = pl->io.action(pl->io.ctx, rd_w(q + A_ACTION(w), w),
	    (int16_t)rd_u16(q + A_VALUE(w)), pl->a_check[a]);
	pl->a_check[a] = PLANNER_CODE(r) == PLANNER_IN_PROGRESS;
	report(pl, PLAN_A, a, slot, r);
	return r;
}

/*
 * The next element to run: not yet done, order >= from, the smallest order
 * (the first in the table on ties).  Order PLAN_MAXID is never chosen, as
 * in the original (§11.3).
 */
static uint16_t
next_element(const struct planner *pl, uint16_t first, uint16_t count,
    uint16_t from)
{
	const uint8_t *list = pl->plan->ape_list;
	uint16_t k, best = PLAN_NONE, best_order = pl->maxid;
	uint8_t w = pl->w;

	for (k = first; k < first + count; k++) {
		uint16_t e = list_at(list, w, k), order;

		if (pl->ape_done[e])
			continue;
		order = rd_w(record(pl, PLAN_APE, e) + APE_ORDER(w), w);
		if (order >= from && order < best_order) {
			best = e;
			best_order = order;
		}
	}
	return best;
}

static void
restart_elements(struct planner *pl, uint16_t first, uint16_t count)
{
	const uint8_t *list = pl->plan->ape_list;
	uint16_t k;

	for (k = first; k < first + count; k++)
		pl->ape_done[list_at(list, pl->w, k)] = 0;
}

static uint8_t
run_element(struct planner *pl, uint16_t e, uint8_t ds, uint8_t depth)
{
	uint16_t slot = (uint16_t)(pl->slot[PLAN_APE] + e);
	uint8_t r;

	enter(pl, PLAN_APE, e, slot);
	r = planner_run_child(pl, record(pl, PLAN_APE, e) + APE_CHILD(pl->w),
	    ds, (uint8_t)(depth + 1));
	report(pl, PLAN_APE, e, slot, r);
	return r;
}

static uint8_t
run_pattern(struct planner *pl, uint16_t ap, uint8_t ds, uint8_t depth)
{
	const uint8_t *q = record(pl, PLAN_AP, ap);
	uint16_t slot = (uint16_t)(pl->slot[PLAN_AP] + ap);
	uint8_t w = pl->w, r;
	uint16_t first = rd_w(q + AP_FIRST(w), w), count = rd_w(q +
	    AP_COUNT(w), w), e, next;

	enter(pl, PLAN_AP, ap, slot);
	if (pl->ap_current[ap] != 0) {
		e = (uint16_t)(pl->ap_current[ap] - 1);
	} else {
		restart_elements(pl, first, count);
		e = next_element(pl, first, count, 0);
	}
	if (e == PLAN_NONE) {		/* an empty pattern is an error */
		r = PLANNER_ERROR;
	} else {
		r = run_element(pl, e, ds, (uint8_t)(depth + 1));
		if (PLANNER_CODE(r) == PLANNER_IN_PROGRESS) {
			pl->ap_current[ap] = (uint16_t)(e + 1);
		} else if (PLANNER_CODE(r) == PLANNER_SUCCESS) {
			pl->ape_done[e] = 1;
			next = next_element(pl, first, count, rd_w(record(pl,
			    PLAN_APE, e) + APE_ORDER(w), w));
			if (next != PLAN_NONE) {	/* more to do */
				pl->ap_current[ap] = (uint16_t)(next + 1);
				r = recode(r, PLANNER_IN_PROGRESS);
			}
		}
	}
	if (PLANNER_CODE(r) != PLANNER_IN_PROGRESS) {
		pl->ap_current[ap] = 0;
		restart_elements(pl, first, count);
	}
	report(pl, PLAN_AP, ap, slot, r);
	return r;
}

uint8_t
planner_run_child(struct planner *pl, const uint8_t *ref, uint8_t ds,
    uint8_t depth)
{
	uint8_t type = ref[0];
	uint16_t i = rd_w(ref + 1, pl->w);

	if (type == PLAN_NO_TYPE)
		return PLANNER_ERROR;
	/* a pattern or competence brings its elements one level deeper */
	if (depth + (type != PLAN_A) > PLANNER_MAX_DEPTH) {
		pl->depth_exceeded = 1;
		return PLANNER_ERROR;
	}
	if (type == PLAN_A)
		return run_action(pl, i);
	if (type == PLAN_AP)
		return run_pattern(pl, i, ds, depth);
	return planner_competence(pl, i, ds, depth);
}
