/*
 * descend.h - executing a drive's subtree (spec §5, §6): competences with
 * their priority groups and retries, action patterns one element a cycle,
 * actions.  A code template: run8.c and run16.c include it with W (the id
 * width in bytes) fixed, so every field offset folds to a constant.  One
 * recursive function, descend(), with the rest inlined into it: this is
 * the planner's hot path.  Loops copy what they use into locals: a store
 * to a state word could otherwise alias it and force a reload.
 */
#ifndef W
#error "descend.h is included by run8.c / run16.c with W defined"
#endif

static uint8_t descend(struct planner *pl, const uint8_t *ref, uint8_t ds,
    uint8_t depth);

/* ---- actions (§6.2) --------------------------------------------------- */

static uint8_t
run_action(struct planner *pl, uint16_t a)
{
	const uint8_t *q = record_w(pl, PLAN_A, a, W);
	uint8_t r;

	enter(pl, PLAN_A, a);
	r = pl->io.action(pl->io.ctx, get_w(q + PLAN_A_ACTION(W), W),
	    (int16_t)get_u16(q + PLAN_A_VALUE(W)), pl->a_check[a]);
	pl->a_check[a] = PLANNER_CODE(r) == PLANNER_IN_PROGRESS;
	report(pl, PLAN_A, a, r, PLANNER_WHY_ACTION);
	return r;
}

/*
 * The child link at ref.  Actions, the commonest children, are run right
 * here rather than one call further down.
 */
static inline uint8_t
run_child(struct planner *pl, const uint8_t *ref, uint8_t ds, uint8_t depth)
{
	if (ref[0] == PLAN_A && depth <= PLANNER_MAX_DEPTH)
		return run_action(pl, get_w(ref + 1, W));
	return descend(pl, ref, ds, depth);
}

/*
 * Why the child at ref failed, as its parent reports it: the child itself
 * when it ran (it says more in its own event), else why it never started
 * (descend's refusals below, a competence in a plan without elements).
 */
static inline uint8_t
child_why(const struct planner *pl, const uint8_t *ref, uint8_t depth)
{
	if (ref[0] == PLAN_NO_TYPE)
		return PLANNER_WHY_NO_CHILD;
	if (depth + (ref[0] != PLAN_A) > PLANNER_MAX_DEPTH)
		return PLANNER_WHY_DEPTH;
	if (ref[0] == PLAN_C && pl->no_ces)
		return PLANNER_WHY_EMPTY;
	return PLANNER_WHY_CHILD;
}

/* The members of a competence or pattern: list entries first..end-1. */
struct members {
	const uint8_t *list;
	unsigned first, end;
	uint8_t use_or;
};

static void
members_of(const struct planner *pl, uint8_t type, const uint8_t *q,
    struct members *m)
{
	if (type == PLAN_C) {
		m->list = pl->plan->ce_list;
		m->first = get_w(q + PLAN_C_FIRST(W), W);
		m->end = m->first + get_w(q + PLAN_C_COUNT(W), W);
		m->use_or = q[PLAN_C_FLAGS(W)] & 1u;
	} else {
		m->list = pl->plan->ape_list;
		m->first = get_w(q + PLAN_AP_FIRST(W), W);
		m->end = m->first + get_w(q + PLAN_AP_COUNT(W), W);
		m->use_or = 0;
	}
}

/*
 * Statuses are cleared whenever a pattern or competence finishes, so on a
 * fresh start they are already clear -- unless the plan is recursive and
 * this very element is still part-way through further up the stack.
 */
static uint8_t
may_recurse(const struct planner *pl)
{
	return pl->recursive;
}

/* ---- action patterns (§6.1) ------------------------------------------ */

/*
 * The next element to run: not yet done, order >= from, the smallest order
 * (the first in the table on ties).  Order PLAN_MAXID is never chosen, as
 * in the original (§11.3).
 */
static uint16_t
next_element(const struct planner *pl, const struct members *m,
    uint16_t from)
{
	const uint8_t *list = m->list, *done = pl->ape_done;
	const uint8_t *tab = pl->table[PLAN_APE] + PLAN_APE_ORDER(W);
	unsigned k, end = m->end;
	uint16_t best = PLAN_NONE, best_order = PLAN_MAXID(W);

	for (k = m->first; k < end; k++) {
		uint16_t e = list_at(list, W, (uint16_t)k), order;

		if (done[e])
			continue;
		order = get_w(tab + (size_t)e * PLAN_APE_SIZE(W), W);
		if (order >= from && order < best_order) {
			best = e;
			best_order = order;
		}
	}
	return best;
}

static void
restart_elements(struct planner *pl, const struct members *m)
{
	const uint8_t *list = m->list;
	uint8_t *done = pl->ape_done;
	unsigned k, end = m->end;

	for (k = m->first; k < end; k++)
		done[list_at(list, W, (uint16_t)k)] = 0;
}

/*
 * The element to run and the one after it.  A plan without recursion
 * follows the pattern's chain (state.c): the elements done are always the
 * ones before the current, so the next is its successor, exactly as the
 * search would find.  A recursive plan may run a pattern inside itself,
 * which disturbs that order, so it searches the done flags as the
 * original does.
 */
static uint16_t
first_element(struct planner *pl, uint16_t ap)
{
	struct members m;

	if (!may_recurse(pl))
		return (uint16_t)(pl->ap_first[ap] - 1);	/* NONE if 0 */
	members_of(pl, PLAN_AP, record_w(pl, PLAN_AP, ap, W), &m);
	restart_elements(pl, &m);
	return next_element(pl, &m, 0);
}

static uint16_t
element_after(struct planner *pl, uint16_t ap, uint16_t e, const uint8_t *q)
{
	struct members m;

	if (!may_recurse(pl))
		return (uint16_t)(pl->ape_next[e] - 1);	/* NONE if 0 */
	members_of(pl, PLAN_AP, record_w(pl, PLAN_AP, ap, W), &m);
	pl->ape_done[e] = 1;
	return next_element(pl, &m, get_w(q + PLAN_APE_ORDER(W), W));
}

/* The pattern is done with this pass (only the search keeps flags). */
static void
finish_pass(struct planner *pl, uint16_t ap)
{
	struct members m;

	pl->ap_current[ap] = 0;
	if (may_recurse(pl)) {
		members_of(pl, PLAN_AP, record_w(pl, PLAN_AP, ap, W), &m);
		restart_elements(pl, &m);
	}
}

static uint8_t
run_pattern(struct planner *pl, uint16_t ap, uint8_t ds, uint8_t depth)
{
	uint16_t e, next;
	uint8_t r, why = PLANNER_WHY_CHILD;

	enter(pl, PLAN_AP, ap);
	e = pl->ap_current[ap] != 0 ? (uint16_t)(pl->ap_current[ap] - 1) :
	    first_element(pl, ap);
	if (e == PLAN_NONE) {
		r = PLANNER_ERROR;	/* an empty pattern (§6.5) */
		why = PLANNER_WHY_EMPTY;
	} else {
		/* the element: E, its child, its S/P/F/Z */
		const uint8_t *q = record_w(pl, PLAN_APE, e, W);

		enter(pl, PLAN_APE, e);
		r = run_child(pl, q + PLAN_APE_CHILD(W), ds,
		    (uint8_t)(depth + 2));
		report(pl, PLAN_APE, e, r, child_why(pl, q + PLAN_APE_CHILD(W),
		    (uint8_t)(depth + 2)));
		if (PLANNER_CODE(r) == PLANNER_IN_PROGRESS) {
			pl->ap_current[ap] = (uint16_t)(e + 1);
		} else if (PLANNER_CODE(r) == PLANNER_SUCCESS &&
		    (next = element_after(pl, ap, e, q)) != PLAN_NONE) {
			pl->ap_current[ap] = (uint16_t)(next + 1);
			r = recode(r, PLANNER_IN_PROGRESS);	/* more to do */
		}
	}
	if (PLANNER_CODE(r) != PLANNER_IN_PROGRESS)
		finish_pass(pl, ap);
	report(pl, PLAN_AP, ap, r, why);
	return r;
}

/* ---- competences (§5) ------------------------------------------------ */

static uint16_t
priority_of(const struct planner *pl, uint16_t ce)
{
	return get_w(record_w(pl, PLAN_CE, ce, W) + PLAN_CE_PRIORITY(W), W);
}

static void
set_status(struct planner *pl, uint16_t ce, uint8_t status)
{
	pl->ce_state[ce] = (uint16_t)((pl->ce_state[ce] & ~CES_STATUS) |
	    status);
}

static void
restart_members(struct planner *pl, const struct members *m)
{
	const uint8_t *list = m->list;
	uint16_t *state = pl->ce_state;
	unsigned k, end = m->end;

	for (k = m->first; k < end; k++)
		state[list_at(list, W, (uint16_t)k)] &= (uint16_t)~CES_STATUS;
}

/*
 * nextCandidate: untested (or not released, when asked), priority above
 * (or at least) p, the smallest priority, first on ties.  The largest
 * priority the width holds is never chosen (§11.3).
 */
static uint16_t
next_candidate(const struct planner *pl, const struct members *m, uint16_t p,
    uint8_t strictly_above, uint8_t include_not_released)
{
	const uint8_t *list = m->list;
	const uint8_t *tab = pl->table[PLAN_CE] + PLAN_CE_PRIORITY(W);
	const uint16_t *state = pl->ce_state;
	/* the statuses that qualify, as a bit set; the lowest priority */
	unsigned wanted = 1u << PLANNER_NOT_TESTED |
	    (include_not_released ? 1u << PLANNER_NOT_RELEASED : 0);
	unsigned k, end = m->end, low = (unsigned)p + (strictly_above != 0);
	uint16_t best = PLAN_NONE, best_p = PLAN_MAXID(W);

	for (k = m->first; k < end; k++) {
		uint16_t ce = list_at(list, W, (uint16_t)k), q;

		if (!((wanted >> (state[ce] & CES_STATUS)) & 1u))
			continue;
		q = get_w(tab + (size_t)ce * PLAN_CE_SIZE(W), W);
		if (q >= low && q < best_p) {
			best = ce;
			best_p = q;
		}
	}
	return best;
}

/* Checks ce's releaser for a drive whose status is ds. */
static uint8_t
released(struct planner *pl, uint16_t ce, uint8_t ds)
{
	int16_t v = releaser_read(pl, record_w(pl, PLAN_CE, ce, W) +
	    PLAN_CE_RELEASER(W), W);
	uint16_t f = pl->ce_state[ce];
	uint8_t yes = releaser_decide(pl, record_w(pl, PLAN_CE, ce, W) +
	    PLAN_CE_RELEASER(W), v, &f, CES_LATCH, ds, PLAN_CE, ce, W);

	pl->ce_state[ce] = f;
	return yes;
}

/*
 * The untested element with the greatest priority <= limit (0: no limit),
 * the first on ties; priority 0 never (topCandidate).
 */
static uint16_t
top_candidate(const struct planner *pl, const struct members *m,
    uint16_t limit)
{
	const uint8_t *list = m->list;
	const uint8_t *tab = pl->table[PLAN_CE] + PLAN_CE_PRIORITY(W);
	const uint16_t *state = pl->ce_state;
	unsigned k, end = m->end;
	uint16_t best = PLAN_NONE, best_p = 0;

	for (k = m->first; k < end; k++) {
		uint16_t ce = list_at(list, W, (uint16_t)k), p;

		if ((state[ce] & CES_STATUS) != PLANNER_NOT_TESTED)
			continue;
		p = get_w(tab + (size_t)ce * PLAN_CE_SIZE(W), W);
		if ((limit == 0 || p <= limit) && p > best_p) {
			best = ce;
			best_p = p;
		}
	}
	return best;
}

/*
 * Setting a status in competence c.  c_touched remembers the one element
 * that has a status in this attempt, so that finishing clears just that
 * one; a second element, or any not-released mark, makes it PLANNER_MANY
 * and finishing clears them all.
 */
static void
touch(struct planner *pl, uint16_t c, uint16_t ce, uint8_t status)
{
	uint16_t t = pl->c_touched[c];

	set_status(pl, ce, status);
	pl->c_touched[c] = status == PLANNER_NOT_RELEASED ||
	    (t != 0 && t != ce + 1) ? PLANNER_MANY : (uint16_t)(ce + 1);
}

static void
mark_not_released(struct planner *pl, uint16_t c, uint16_t ce)
{
	touch(pl, c, ce, PLANNER_NOT_RELEASED);
}

/* The competence is done with this attempt: every status back to untested. */
static void
finish_attempt(struct planner *pl, uint16_t c, const struct members *m)
{
	uint16_t t = pl->c_touched[c];

	if (t == PLANNER_MANY)
		restart_members(pl, m);
	else if (t != 0)
		pl->ce_state[t - 1] &= (uint16_t)~CES_STATUS;
	pl->c_touched[c] = 0;
}

/*
 * initial: from the top priority down to the first released element;
 * those passed on the way are marked not released.  The element to run,
 * or PLAN_NONE: the competence fails.
 */
static uint16_t
initial(struct planner *pl, uint16_t c, const struct members *m, uint8_t ds)
{
	uint16_t ce, limit = 0;

	while ((ce = top_candidate(pl, m, limit)) != PLAN_NONE &&
	    !released(pl, ce, ds)) {
		mark_not_released(pl, c, ce);
		limit = priority_of(pl, ce);
	}
	return ce;
}

/* 1 when ce's child is an action pattern in the middle of its sequence. */
static uint8_t
pattern_running(const struct planner *pl, uint16_t ce)
{
	const uint8_t *ref = record_w(pl, PLAN_CE, ce, W) + PLAN_CE_CHILD(W);

	return ref[0] == PLAN_AP && pl->ap_current[get_w(ref + 1, W)] != 0;
}

/* Not-released marks of priority p become untested again. */
static void
retest_group(struct planner *pl, const struct members *m, uint16_t p)
{
	const uint8_t *list = m->list;
	const uint8_t *tab = pl->table[PLAN_CE] + PLAN_CE_PRIORITY(W);
	uint16_t *state = pl->ce_state;
	unsigned k, end = m->end;

	for (k = m->first; k < end; k++) {
		uint16_t e = list_at(list, W, (uint16_t)k);

		if ((state[e] & CES_STATUS) == PLANNER_NOT_RELEASED &&
		    get_w(tab + (size_t)e * PLAN_CE_SIZE(W), W) == p)
			state[e] &= (uint16_t)~CES_STATUS;
	}
}

/*
 * subsequent: carry on with the current element, re-checking only its
 * releaser (not even that while its pattern is part-way).  AND: a miss
 * fails the competence.  OR: untested siblings of its group are tried in
 * the same cycle.  The element to run, or PLAN_NONE.
 */
static uint16_t
subsequent(struct planner *pl, uint16_t c, const struct members *m,
    uint8_t ds)
{
	uint16_t ce = (uint16_t)(pl->c_current[c] - 1), p, next;

	p = priority_of(pl, ce);
	if (pl->c_touched[c] == PLANNER_MANY)	/* there may be marks */
		retest_group(pl, m, p);
	for (;;) {
		if (pattern_running(pl, ce) || released(pl, ce, ds))
			return ce;
		mark_not_released(pl, c, ce);
		if (!m->use_or)
			return PLAN_NONE;
		next = next_candidate(pl, m, p, 0, 0);
		if (next == PLAN_NONE || priority_of(pl, next) != p)
			return PLAN_NONE;
		pl->c_current[c] = (uint16_t)(next + 1);
		ce = next;
	}
}

/* executeCE (at depth `depth`): E, the child, the retry rule, S/P/F/Z. */
static uint8_t
run_ce(struct planner *pl, uint16_t ce, uint8_t ds, uint8_t depth)
{
	const uint8_t *q = record_w(pl, PLAN_CE, ce, W);
	uint16_t *st = &pl->ce_state[ce];
	uint8_t r, limit, why;

	enter(pl, PLAN_CE, ce);
	r = run_child(pl, q + PLAN_CE_CHILD(W), ds, (uint8_t)(depth + 1));
	why = child_why(pl, q + PLAN_CE_CHILD(W), (uint8_t)(depth + 1));
	if (PLANNER_CODE(r) == PLANNER_SUCCESS) {
		*st &= 0xFFu;		/* retry count 0 */
	} else if (PLANNER_CODE(r) == PLANNER_FAIL) {
		limit = q[PLAN_CE_RETRY(W)];
		if (limit > 0 && (*st >> CES_RETRY_SHIFT) < limit) {
			*st = (uint16_t)(*st + (1u << CES_RETRY_SHIFT));
			r = recode(r, PLANNER_IN_PROGRESS);	/* again */
		} else {
			*st &= 0xFFu;
			if (limit > 0)
				why = PLANNER_WHY_RETRIES;
		}
	}
	report(pl, PLAN_CE, ce, r, why);
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
		touch(pl, c, ce, PLANNER_CE_SUCCESS);
		/* AND: what is left at this level or above; OR: above.
		   Nothing, when ce is alone at the top. */
		next = pl->c_top[c] == ce + 1 ? PLAN_NONE :
		    next_candidate(pl, m, p, m->use_or, 1);
		if (next != PLAN_NONE) {
			pl->c_current[c] = (uint16_t)(next + 1);
			r = recode(r, PLANNER_IN_PROGRESS);
		}
		break;
	case PLANNER_IN_PROGRESS:
		touch(pl, c, ce, PLANNER_CE_IN_PROGRESS);
		pl->c_current[c] = (uint16_t)(ce + 1);
		break;
	default:
		touch(pl, c, ce, PLANNER_CODE(r) == PLANNER_FAIL ?
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
run_competence(struct planner *pl, uint16_t c, uint8_t ds, uint8_t depth)
{
	struct members m;
	uint16_t ce;
	uint8_t r, why = PLANNER_WHY_RELEASE_LOST;

	if (pl->no_ces)
		return PLANNER_ERROR;	/* as the original: no events (§11.13) */
	enter(pl, PLAN_C, c);
	members_of(pl, PLAN_C, record_w(pl, PLAN_C, c, W), &m);
	if (pl->c_current[c] != 0) {
		ce = subsequent(pl, c, &m, ds);
	} else {
		if (may_recurse(pl)) {
			restart_members(pl, &m);
			pl->c_touched[c] = 0;
		}
		ce = initial(pl, c, &m, ds);
		why = PLANNER_WHY_NONE_RELEASED;
	}
	if (ce == PLAN_NONE) {
		r = PLANNER_FAIL;
	} else {
		r = after_ce(pl, c, &m, ce, run_ce(pl, ce, ds,
		    (uint8_t)(depth + 1)));
		why = PLANNER_WHY_CHILD;
	}
	if (PLANNER_CODE(r) != PLANNER_IN_PROGRESS) {
		pl->c_current[c] = 0;
		finish_attempt(pl, c, &m);
	}
	report(pl, PLAN_C, c, r, why);
	return r;
}

/* ---- the child link ---------------------------------------------------- */

static uint8_t
descend(struct planner *pl, const uint8_t *ref, uint8_t ds, uint8_t depth)
{
	uint8_t type = ref[0];
	uint16_t i = get_w(ref + 1, W);

	if (type == PLAN_A)
		return depth <= PLANNER_MAX_DEPTH ? run_action(pl, i) :
		    (pl->depth_exceeded = 1, PLANNER_ERROR);
	if (type == PLAN_NO_TYPE)
		return PLANNER_ERROR;
	/* a pattern or competence brings its elements one level deeper */
	if (depth + 1 > PLANNER_MAX_DEPTH) {
		pl->depth_exceeded = 1;
		return PLANNER_ERROR;
	}
	if (type == PLAN_AP)
		return run_pattern(pl, i, ds, depth);
	return run_competence(pl, i, ds, depth);
}
