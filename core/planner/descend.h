/*
 * descend.h - executing a drive's subtree (spec §5, §6): competences with
 * their priority groups and retries, action patterns one element a cycle,
 * actions.  A code template: run8.c and run16.c include it with W (the id
 * width in bytes) fixed, so every field offset folds to a constant.  One
 * recursive function, descend(), with the rest inlined into it: this is
 * the planner's hot path.  Each element's state is one record
 * (internal.h), found once.
 */
#ifndef W
#error "descend.h is included by run8.c / run16.c with W defined"
#endif

/* Plan record i of a type at this width: the record size is a constant. */
static inline const uint8_t *
rec(const struct planner *pl, uint8_t type, uint16_t i)
{
	static const uint8_t size[PLAN_NTYPES] = PLAN_RECORD_SIZES(W);

	return pl->table[type] + (size_t)i * size[type];
}

/* A W-byte field of the plan. */
static inline uint16_t
field(const uint8_t *p)
{
	return get_w(p, W);
}

static uint8_t descend(struct planner *pl, const uint8_t *ref, uint8_t ds,
    uint8_t depth);

/* ---- actions (§6.2) --------------------------------------------------- */

static uint8_t
run_action(struct planner *pl, uint16_t a)
{
	const uint8_t *q = rec(pl, PLAN_A, a);
	struct st_a *s = ST_A(pl, a);
	uint8_t r;

	ENTER(pl, s, PLAN_A, a);
	r = pl->io.action(pl->io.ctx, field(q + PLAN_A_ACTION(W)),
	    (int16_t)get_u16(q + PLAN_A_VALUE(W)), s->check);
	s->check = PLANNER_CODE(r) == PLANNER_IN_PROGRESS;
	REPORT(pl, s, PLAN_A, a, r, PLANNER_WHY_ACTION);
	return r;
}

/*
 * The child link at ref.  Actions, the commonest children, are run right
 * here rather than one call further down.
 */
static inline uint8_t
run_child(struct planner *pl, const uint8_t *ref, uint8_t ds, uint8_t depth)
{
	if (get_u8(ref) == PLAN_A && depth <= PLANNER_MAX_DEPTH)
		return run_action(pl, field(ref + PLAN_REF_INDEX));
	return descend(pl, ref, ds, depth);
}

/*
 * Why the child at ref failed, as its parent reports it: the child itself
 * when it ran (it says more in its own event), else why it never started
 * (descend's refusals below, a competence in a plan without elements).
 * Only worked out when the event is reported.
 */
static uint8_t
child_why(const struct planner *pl, const uint8_t *ref, uint8_t depth)
{
	uint8_t type = get_u8(ref);

	if (type == PLAN_NO_TYPE)
		return PLANNER_WHY_NO_CHILD;
	if (depth + (type != PLAN_A) > PLANNER_MAX_DEPTH)
		return PLANNER_WHY_DEPTH;
	if (type == PLAN_C && pl->plan->count[PLAN_CE] == 0)
		return PLANNER_WHY_EMPTY;
	return PLANNER_WHY_CHILD;
}

/*
 * Checking a releaser (§2), in two steps so that little has to survive
 * the sense callback: sense_of reads its sense (TR and FL read none, and
 * give 0), then verdict decides.
 */
static inline int16_t
sense_of(struct planner *pl, const uint8_t *rel)
{
	if (get_u8(rel + PLAN_REL_CMP(W)) >= PLAN_TR)
		return 0;
	return pl->io.sense(pl->io.ctx, field(rel + PLAN_REL_SENSE));
}

/*
 * The owner's flags f with RELEASED (its latch) set when the releaser at
 * rel releases on the value v, as the latch after a check always is; ds
 * is the executing drive's status.  Only GT and LT look at the latch as
 * it was: while it is set, and the drive was running or interrupted, the
 * threshold moves by the hysteresis (the flexible one when interrupted).
 * 32-bit arithmetic: exact near the 16-bit limits.  A leaf, so that its
 * callers keep their registers.
 */
static uint8_t
verdict(const uint8_t *rel, int16_t v, uint8_t f, uint8_t ds)
{
	uint8_t cmp = get_u8(rel + PLAN_REL_CMP(W)), yes;
	int16_t value = (int16_t)get_u16(rel + PLAN_REL_VALUE(W));
	int32_t t = value;

	if (cmp >= PLAN_TR) {
		yes = cmp == PLAN_TR;
	} else if (cmp <= PLAN_NE) {
		yes = (uint8_t)((v == value) ^ cmp);
	} else {
		if (ds != PLANNER_NOTRUNNING && (f & RELEASED)) {
			int16_t h = (int16_t)get_u16(rel +
			    (ds == PLANNER_INTERRUPTED ? PLAN_REL_FLEX(W) :
			    PLAN_REL_HYST(W)));

			t = cmp == PLAN_GT ? t - h : t + h;
		}
		yes = cmp == PLAN_GT ? v > t : v < t;
	}
	return yes ? (uint8_t)(f | RELEASED) : (uint8_t)(f & ~RELEASED);
}

/*
 * After a check of the releaser at rel of element `owner` (PLAN_D or
 * PLAN_CE): its R event, naming the owner (§13.5).  old and f are its
 * flags before and after; held: the hysteresis moved the threshold.
 */
static void
sense_event(struct planner *pl, const uint8_t *rel, uint8_t owner_type,
    uint16_t owner, int16_t v, uint8_t old, uint8_t f, uint8_t ds)
{
	uint8_t cmp = get_u8(rel + PLAN_REL_CMP(W));

	planner_emit_sense(pl, rel, owner_type, owner, v, (f & RELEASED) != 0,
	    (cmp == PLAN_GT || cmp == PLAN_LT) && ds != PLANNER_NOTRUNNING &&
	    (old & RELEASED));
}

/* The members of a competence or pattern: list entries first..end-1. */
struct members {
	const uint8_t *list;
	uint16_t first, end;
};

static void
members_of(const uint8_t *list, const uint8_t *first, struct members *m)
{
	m->list = list;
	m->first = field(first);
	m->end = (uint16_t)(m->first + field(first + W));
}

/* ---- action patterns (§6.1) ------------------------------------------ */

/*
 * A plan without recursion follows the pattern's chain (state.c): the
 * elements done are always the ones before the current, so the next is
 * its successor, exactly as the original's search would find.  A
 * recursive plan may run a pattern inside itself, which disturbs that
 * order, so it searches the done flags as the original does: the element
 * not yet done with order >= from and the smallest order (the first in
 * the table on ties); order PLAN_MAXID is never chosen (§11.3).
 */
static uint16_t
search_element(struct planner *pl, uint16_t ap, uint16_t from)
{
	struct members m;
	const uint8_t *tab = pl->table[PLAN_APE] + PLAN_APE_ORDER(W);
	uint16_t k, e, order, best = PLAN_NONE, best_order = PLAN_MAXID(W);

	members_of(pl->plan->ape_list, rec(pl, PLAN_AP, ap) + PLAN_AP_FIRST(W),
	    &m);
	for (k = m.first; k < m.end; k++) {
		e = list_at(m.list, W, k);
		if (ST_APE(pl, e)->done)
			continue;
		order = field(tab + (size_t)e * PLAN_APE_SIZE(W));
		if (order >= from && order < best_order) {
			best = e;
			best_order = order;
		}
	}
	return best;
}

/* Every element of pattern ap not done (the search's flags). */
static void
restart_elements(struct planner *pl, uint16_t ap)
{
	struct members m;
	uint16_t k;

	members_of(pl->plan->ape_list, rec(pl, PLAN_AP, ap) + PLAN_AP_FIRST(W),
	    &m);
	for (k = m.first; k < m.end; k++)
		ST_APE(pl, list_at(m.list, W, k))->done = 0;
}

/* The element a fresh pass starts with. */
static uint16_t
first_element(struct planner *pl, uint16_t ap)
{
	if (!pl->recursive)
		return (uint16_t)(ST_AP(pl, ap)->first - 1);	/* NONE if 0 */
	restart_elements(pl, ap);
	return search_element(pl, ap, 0);
}

/* The element after e (whose plan record is q) in this pass. */
static uint16_t
element_after(struct planner *pl, uint16_t ap, uint16_t e, const uint8_t *q)
{
	if (!pl->recursive)
		return (uint16_t)(ST_APE(pl, e)->next - 1);	/* NONE if 0 */
	ST_APE(pl, e)->done = 1;
	return search_element(pl, ap, field(q + PLAN_APE_ORDER(W)));
}

static uint8_t
run_pattern(struct planner *pl, uint16_t ap, uint8_t ds, uint8_t depth)
{
	struct st_ap *s = ST_AP(pl, ap);
	uint16_t e, next;
	uint8_t r, why = PLANNER_WHY_CHILD;

	ENTER(pl, s, PLAN_AP, ap);
	e = s->current != 0 ? (uint16_t)(s->current - 1) :
	    first_element(pl, ap);
	if (e == PLAN_NONE) {
		r = PLANNER_ERROR;	/* an empty pattern (§6.5) */
		why = PLANNER_WHY_EMPTY;
	} else {
		/* the element: E, its child, its S/P/F/Z */
		const uint8_t *q = rec(pl, PLAN_APE, e);
		struct st_ape *es = ST_APE(pl, e);

		ENTER(pl, es, PLAN_APE, e);
		r = run_child(pl, q + PLAN_APE_CHILD(W), ds,
		    (uint8_t)(depth + 2));
		if (COUNTED(pl, es, r))
			planner_emit_result(pl, PLAN_APE, e, r, child_why(pl,
			    q + PLAN_APE_CHILD(W), (uint8_t)(depth + 2)));
		if (PLANNER_CODE(r) == PLANNER_IN_PROGRESS) {
			s->current = (uint16_t)(e + 1);
		} else if (PLANNER_CODE(r) == PLANNER_SUCCESS &&
		    (next = element_after(pl, ap, e, q)) != PLAN_NONE) {
			s->current = (uint16_t)(next + 1);
			r = recode(r, PLANNER_IN_PROGRESS);	/* more to do */
		}
	}
	if (PLANNER_CODE(r) != PLANNER_IN_PROGRESS) {
		/* done with this pass (only the search keeps flags) */
		s->current = 0;
		if (pl->recursive)
			restart_elements(pl, ap);
	}
	REPORT(pl, s, PLAN_AP, ap, r, why);
	return r;
}

/* ---- competences (§5) ------------------------------------------------ */

static uint16_t
priority_of(const struct planner *pl, uint16_t ce)
{
	return field(rec(pl, PLAN_CE, ce) + PLAN_CE_PRIORITY(W));
}

static void
set_status(struct planner *pl, uint16_t ce, uint8_t status)
{
	struct st_ce *s = ST_CE(pl, ce);

	s->flags = (uint8_t)((s->flags & ~CES_STATUS) | status);
}

static uint8_t
status_of(const struct planner *pl, uint16_t ce)
{
	return ST_CE(pl, ce)->flags & CES_STATUS;
}

/* Every member's status back to untested. */
static void
restart_members(struct planner *pl, const struct members *m)
{
	uint16_t k;

	for (k = m->first; k < m->end; k++)
		set_status(pl, list_at(m->list, W, k), PLANNER_NOT_TESTED);
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
	const uint8_t *tab = pl->table[PLAN_CE] + PLAN_CE_PRIORITY(W);
	/* the statuses that qualify, as a bit set; the lowest priority */
	uint8_t wanted = (uint8_t)(1u << PLANNER_NOT_TESTED |
	    (include_not_released ? 1u << PLANNER_NOT_RELEASED : 0));
	uint16_t k, ce, q, low = (uint16_t)(p + (strictly_above != 0));
	uint16_t best = PLAN_NONE, best_p = PLAN_MAXID(W);

	if (low < p)
		return PLAN_NONE;	/* nothing is above the largest */
	for (k = m->first; k < m->end; k++) {
		ce = list_at(m->list, W, k);
		if (!((wanted >> status_of(pl, ce)) & 1u))
			continue;
		q = field(tab + (size_t)ce * PLAN_CE_SIZE(W));
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
	int16_t v = sense_of(pl, rec(pl, PLAN_CE, ce) + PLAN_CE_RELEASER(W));
	const uint8_t *rel = rec(pl, PLAN_CE, ce) + PLAN_CE_RELEASER(W);
	struct st_ce *s = ST_CE(pl, ce);
	uint8_t old = s->flags, f = verdict(rel, v, old, ds);

	s->flags = f;
	if (watching(pl))
		sense_event(pl, rel, PLAN_CE, ce, v, old, f, ds);
	return (f & RELEASED) != 0;
}

/*
 * The untested element with the greatest priority <= limit (0: no limit),
 * the first on ties; priority 0 never (topCandidate).
 */
static uint16_t
top_candidate(const struct planner *pl, const struct members *m,
    uint16_t limit)
{
	const uint8_t *tab = pl->table[PLAN_CE] + PLAN_CE_PRIORITY(W);
	uint16_t k, ce, p, best = PLAN_NONE, best_p = 0;

	for (k = m->first; k < m->end; k++) {
		ce = list_at(m->list, W, k);
		if (status_of(pl, ce) != PLANNER_NOT_TESTED)
			continue;
		p = field(tab + (size_t)ce * PLAN_CE_SIZE(W));
		if ((limit == 0 || p <= limit) && p > best_p) {
			best = ce;
			best_p = p;
		}
	}
	return best;
}

/*
 * Setting a status in competence c.  touched remembers the one element
 * that has a status in this attempt, so that finishing clears just that
 * one; a second element, or any not-released mark, makes it PLANNER_MANY
 * and finishing clears them all.
 */
static void
touch(struct planner *pl, struct st_c *s, uint16_t ce, uint8_t status)
{
	uint16_t t = s->touched;

	set_status(pl, ce, status);
	s->touched = status == PLANNER_NOT_RELEASED ||
	    (t != 0 && t != ce + 1) ? PLANNER_MANY : (uint16_t)(ce + 1);
}

/* The competence is done with this attempt: every status back to untested. */
static void
finish_attempt(struct planner *pl, struct st_c *s, const struct members *m)
{
	uint16_t t = s->touched;

	if (t == PLANNER_MANY)
		restart_members(pl, m);
	else if (t != 0)
		set_status(pl, (uint16_t)(t - 1), PLANNER_NOT_TESTED);
	s->touched = 0;
}

/*
 * initial: from the top priority down to the first released element;
 * those passed on the way are marked not released.  The element to run,
 * or PLAN_NONE: the competence fails.
 */
static uint16_t
initial(struct planner *pl, struct st_c *s, const struct members *m,
    uint8_t ds)
{
	uint16_t ce, limit = 0;

	while ((ce = top_candidate(pl, m, limit)) != PLAN_NONE &&
	    !released(pl, ce, ds)) {
		touch(pl, s, ce, PLANNER_NOT_RELEASED);
		limit = priority_of(pl, ce);
	}
	return ce;
}

/* 1 when ce's child is an action pattern in the middle of its sequence. */
static uint8_t
pattern_running(const struct planner *pl, uint16_t ce)
{
	const uint8_t *ref = rec(pl, PLAN_CE, ce) + PLAN_CE_CHILD(W);

	return get_u8(ref) == PLAN_AP &&
	    ST_AP(pl, field(ref + PLAN_REF_INDEX))->current != 0;
}

/* Not-released marks of priority p become untested again. */
static void
retest_group(struct planner *pl, const struct members *m, uint16_t p)
{
	uint16_t k, e;

	for (k = m->first; k < m->end; k++) {
		e = list_at(m->list, W, k);
		if (status_of(pl, e) == PLANNER_NOT_RELEASED &&
		    priority_of(pl, e) == p)
			set_status(pl, e, PLANNER_NOT_TESTED);
	}
}

/*
 * subsequent: carry on with the current element, re-checking only its
 * releaser (not even that while its pattern is part-way).  AND: a miss
 * fails the competence.  OR: untested siblings of its group are tried in
 * the same cycle.  The element to run, or PLAN_NONE.
 */
static uint16_t
subsequent(struct planner *pl, struct st_c *s, const struct members *m,
    uint8_t use_or, uint8_t ds)
{
	uint16_t ce = (uint16_t)(s->current - 1), p, next;

	p = priority_of(pl, ce);
	if (s->touched == PLANNER_MANY)		/* there may be marks */
		retest_group(pl, m, p);
	for (;;) {
		if (pattern_running(pl, ce) || released(pl, ce, ds))
			return ce;
		touch(pl, s, ce, PLANNER_NOT_RELEASED);
		if (!use_or)
			return PLAN_NONE;
		next = next_candidate(pl, m, p, 0, 0);
		if (next == PLAN_NONE || priority_of(pl, next) != p)
			return PLAN_NONE;
		s->current = (uint16_t)(next + 1);
		ce = next;
	}
}

/* executeCE (at depth `depth`): E, the child, the retry rule, S/P/F/Z. */
static uint8_t
run_ce(struct planner *pl, uint16_t ce, uint8_t ds, uint8_t depth)
{
	const uint8_t *q = rec(pl, PLAN_CE, ce);
	struct st_ce *s = ST_CE(pl, ce);
	uint8_t r, limit;

	ENTER(pl, s, PLAN_CE, ce);
	r = run_child(pl, q + PLAN_CE_CHILD(W), ds, (uint8_t)(depth + 1));
	limit = get_u8(q + PLAN_CE_RETRY(W));
	if (PLANNER_CODE(r) == PLANNER_FAIL && s->retries < limit) {
		s->retries++;
		r = recode(r, PLANNER_IN_PROGRESS);	/* again */
	} else if (PLANNER_CODE(r) != PLANNER_IN_PROGRESS &&
	    PLANNER_CODE(r) != PLANNER_ERROR) {
		s->retries = 0;		/* success, or the last failure */
	}
	if (COUNTED(pl, s, r))
		planner_emit_result(pl, PLAN_CE, ce, r, PLANNER_CODE(r) ==
		    PLANNER_FAIL && limit > 0 ? PLANNER_WHY_RETRIES :
		    child_why(pl, q + PLAN_CE_CHILD(W), (uint8_t)(depth + 1)));
	return r;
}

/* afterCE: what the competence does next, given its element's result. */
static uint8_t
after_ce(struct planner *pl, struct st_c *s, const struct members *m,
    uint8_t use_or, uint16_t ce, uint8_t r)
{
	uint16_t p = priority_of(pl, ce), next;

	switch (PLANNER_CODE(r)) {
	case PLANNER_SUCCESS:
		touch(pl, s, ce, PLANNER_CE_SUCCESS);
		/* AND: what is left at this level or above; OR: above.
		   Nothing, when ce is alone at the top. */
		next = s->top == ce + 1 ? PLAN_NONE :
		    next_candidate(pl, m, p, use_or, 1);
		if (next != PLAN_NONE) {
			s->current = (uint16_t)(next + 1);
			r = recode(r, PLANNER_IN_PROGRESS);
		}
		break;
	case PLANNER_IN_PROGRESS:
		touch(pl, s, ce, PLANNER_CE_IN_PROGRESS);
		s->current = (uint16_t)(ce + 1);
		break;
	default:
		touch(pl, s, ce, PLANNER_CODE(r) == PLANNER_FAIL ?
		    PLANNER_CE_FAILED : PLANNER_CE_ERROR);
		if (!use_or)
			break;
		/* OR: a sibling of the same group gets the next cycle */
		next = next_candidate(pl, m, p, 0, 1);
		if (next != PLAN_NONE && priority_of(pl, next) == p) {
			s->current = (uint16_t)(next + 1);
			r = PLANNER_IN_PROGRESS;	/* data dropped */
		}
		break;
	}
	return r;
}

static uint8_t
run_competence(struct planner *pl, uint16_t c, uint8_t ds, uint8_t depth)
{
	const uint8_t *q = rec(pl, PLAN_C, c);
	struct st_c *s = ST_C(pl, c);
	struct members m;
	uint16_t ce;
	uint8_t r, why = PLANNER_WHY_RELEASE_LOST;
	uint8_t use_or = get_u8(q + PLAN_C_FLAGS(W)) & 1u;

	if (pl->plan->count[PLAN_CE] == 0)
		return PLANNER_ERROR;	/* as the original: no events (§11.13) */
	ENTER(pl, s, PLAN_C, c);
	members_of(pl->plan->ce_list, q + PLAN_C_FIRST(W), &m);
	if (s->current != 0) {
		ce = subsequent(pl, s, &m, use_or, ds);
	} else {
		if (pl->recursive) {
			restart_members(pl, &m);
			s->touched = 0;
		}
		ce = initial(pl, s, &m, ds);
		why = PLANNER_WHY_NONE_RELEASED;
	}
	if (ce == PLAN_NONE) {
		r = PLANNER_FAIL;
	} else {
		r = after_ce(pl, s, &m, use_or, ce, run_ce(pl, ce, ds,
		    (uint8_t)(depth + 1)));
		why = PLANNER_WHY_CHILD;
	}
	if (PLANNER_CODE(r) != PLANNER_IN_PROGRESS) {
		s->current = 0;
		finish_attempt(pl, s, &m);
	}
	REPORT(pl, s, PLAN_C, c, r, why);
	return r;
}

/* ---- the child link ---------------------------------------------------- */

static uint8_t
descend(struct planner *pl, const uint8_t *ref, uint8_t ds, uint8_t depth)
{
	uint8_t type = get_u8(ref);
	uint16_t i = field(ref + PLAN_REF_INDEX);

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
