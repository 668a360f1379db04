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
rec(const struct planner *pl, uint8_t type, elem_t i)
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
run_action(struct planner *pl, elem_t a)
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

#if PLANNER_SMALL
/* The child link at ref (descend, at the end, follows it). */
#define run_child descend
#else
/*
 * The child link at ref.  Actions, the commonest children, are run right
 * here rather than one call further down (where flash is not short).
 */
static inline uint8_t
run_child(struct planner *pl, const uint8_t *ref, uint8_t ds, uint8_t depth)
{
	if (get_u8(ref) == PLAN_A && depth <= PLANNER_MAX_DEPTH)
		return run_action(pl, (elem_t)field(ref + PLAN_REF_INDEX));
	return descend(pl, ref, ds, depth);
}
#endif

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
static SMALL_NOINLINE uint8_t
verdict(const uint8_t *rel, int16_t v, uint8_t f, uint8_t ds)
{
	uint8_t cmp = get_u8(rel + PLAN_REL_CMP(W)), yes;
	/* v - threshold, moved by the hysteresis while the latch is set */
	int32_t d = (int32_t)v - (int16_t)get_u16(rel + PLAN_REL_VALUE(W));

	if (cmp >= PLAN_GT && cmp <= PLAN_LT && ds != PLANNER_NOTRUNNING &&
	    (f & RELEASED)) {
		int16_t h = (int16_t)get_u16(rel + (ds == PLANNER_INTERRUPTED ?
		    PLAN_REL_FLEX(W) : PLAN_REL_HYST(W)));

		d += cmp == PLAN_GT ? h : -h;
	}
	switch (cmp) {
	case PLAN_EQ:
		yes = d == 0;
		break;
	case PLAN_NE:
		yes = d != 0;
		break;
	case PLAN_GT:
		yes = d > 0;
		break;
	case PLAN_LT:
		yes = d < 0;
		break;
	default:
		yes = cmp == PLAN_TR;
		break;
	}
	return yes ? (uint8_t)(f | RELEASED) : (uint8_t)(f & ~RELEASED);
}

/* The members of a competence or pattern: list entries first..end-1. */
struct members {
	const uint8_t *list;
	elem_t first, end;
};

static void
members_of(const uint8_t *list, const uint8_t *first, struct members *m)
{
	m->list = list;
	m->first = (elem_t)field(first);
	m->end = (elem_t)(m->first + field(first + W));
}

/* ---- action patterns (§6.1) ------------------------------------------ */

/*
 * A pattern's elements run along its chain (state.c), sorted by (order,
 * table position).  In a plan without recursion the elements done are
 * always the ones before the current, so the next is its successor,
 * exactly as the original's search would find.  A recursive plan may run
 * a pattern inside itself, which disturbs that order, so it keeps done
 * flags as the original does and takes the first element along the chain
 * not done with order >= from: the original's search (the smallest such
 * order, the first in the table on ties).  Order PLAN_MAXID is never in
 * the chain, never chosen (§11.3).
 */
static elem_t
walk_chain(struct planner *pl, elem_t ap, prio_t from, uint8_t clear)
{
	elem_t x, e;

	for (x = ST_AP(pl, ap)->first; x != 0; x = ST_APE(pl, e)->next) {
		e = (elem_t)(x - 1);
		if (clear)
			ST_APE(pl, e)->done = 0;
		else if (!ST_APE(pl, e)->done && field(rec(pl, PLAN_APE, e) +
		    PLAN_APE_ORDER(W)) >= from)
			return e;
	}
	return ELEM_NONE;
}

/* The element a fresh pass starts with. */
static elem_t
first_element(struct planner *pl, elem_t ap)
{
	if (RECURSIVE(pl))
		walk_chain(pl, ap, 0, 1);
	return (elem_t)(ST_AP(pl, ap)->first - 1);	/* NONE if 0 */
}

/* The element after e (whose plan record is q) in this pass. */
static elem_t
element_after(struct planner *pl, elem_t ap, elem_t e, const uint8_t *q)
{
	if (!RECURSIVE(pl))
		return (elem_t)(ST_APE(pl, e)->next - 1);	/* NONE if 0 */
	ST_APE(pl, e)->done = 1;
	return walk_chain(pl, ap, (prio_t)field(q + PLAN_APE_ORDER(W)), 0);
}

static uint8_t
run_pattern(struct planner *pl, elem_t ap, uint8_t ds, uint8_t depth)
{
	struct st_ap *s = ST_AP(pl, ap);
	elem_t e, next;
	uint8_t r, why = PLANNER_WHY_CHILD;

	ENTER(pl, s, PLAN_AP, ap);
	e = s->current != 0 ? (elem_t)(s->current - 1) :
	    first_element(pl, ap);
	if (e == ELEM_NONE) {
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
			s->current = (elem_t)(e + 1);
		} else if (PLANNER_CODE(r) == PLANNER_SUCCESS &&
		    (next = element_after(pl, ap, e, q)) != ELEM_NONE) {
			s->current = (elem_t)(next + 1);
			r = recode(r, PLANNER_IN_PROGRESS);	/* more to do */
		}
	}
	if (PLANNER_CODE(r) != PLANNER_IN_PROGRESS) {
		/* done with this pass (only the search keeps flags) */
		s->current = 0;
		if (RECURSIVE(pl))
			walk_chain(pl, ap, 0, 1);
	}
	REPORT(pl, s, PLAN_AP, ap, r, why);
	return r;
}

/* ---- competences (§5) ------------------------------------------------ */

static prio_t
priority_of(const struct planner *pl, elem_t ce)
{
	return (prio_t)field(rec(pl, PLAN_CE, ce) + PLAN_CE_PRIORITY(W));
}

static void
set_status(struct planner *pl, elem_t ce, uint8_t status)
{
	struct st_ce *s = ST_CE(pl, ce);

	s->flags = (uint8_t)((s->flags & ~CES_STATUS) | status);
}

static uint8_t
status_of(const struct planner *pl, elem_t ce)
{
	return ST_CE(pl, ce)->flags & CES_STATUS;
}

/*
 * Members back to untested: all of them, or (retest) those marked not
 * released at priority p.
 */
static void
unmark(struct planner *pl, const struct members *m, uint8_t retest,
    prio_t p)
{
	elem_t k, e;

	for (k = m->first; k < m->end; k++) {
		e = list_at(m->list, W, k);
		if (!retest || (status_of(pl, e) == PLANNER_NOT_RELEASED &&
		    priority_of(pl, e) == p))
			set_status(pl, e, PLANNER_NOT_TESTED);
	}
}

/* Statuses as a set, for candidate. */
#define UNTESTED (1u << PLANNER_NOT_TESTED)
#define UNTESTED_OR_NOT_RELEASED (UNTESTED | 1u << PLANNER_NOT_RELEASED)

/*
 * The member whose status is in the set `wanted` and whose priority is
 * from lo to hi: the greatest (topCandidate) or the smallest
 * (nextCandidate), the first in the list on ties.  The smallest is never
 * one at the largest priority the width holds (§11.3).
 */
static SMALL_NOINLINE elem_t
candidate(const struct planner *pl, const struct members *m, uint8_t wanted,
    prio_t lo, prio_t hi, uint8_t greatest)
{
	elem_t k, ce, best = ELEM_NONE;
	prio_t q, best_q = 0;

	for (k = m->first; k < m->end; k++) {
		ce = list_at(m->list, W, k);
		q = priority_of(pl, ce);
		if (!((wanted >> status_of(pl, ce)) & 1u) || q < lo || q > hi ||
		    (!greatest && q == PLAN_MAXID(W)))
			continue;
		if (best == ELEM_NONE || (greatest ? q > best_q : q < best_q)) {
			best = ce;
			best_q = q;
		}
	}
	return best;
}

/* Checks ce's releaser for a drive whose status is ds. */
static uint8_t
released(struct planner *pl, elem_t ce, uint8_t ds)
{
	int16_t v = sense_of(pl, rec(pl, PLAN_CE, ce) + PLAN_CE_RELEASER(W));
	const uint8_t *rel = rec(pl, PLAN_CE, ce) + PLAN_CE_RELEASER(W);
	struct st_ce *s = ST_CE(pl, ce);
	uint8_t old = s->flags, f = verdict(rel, v, old, ds);

	s->flags = f;
	if (watching(pl))
		planner_emit_sense(pl, rel, PLAN_CE, ce, v, old, f, ds);
	return (f & RELEASED) != 0;
}

/*
 * Setting a status in competence c.  touched remembers the one element
 * that has a status in this attempt, so that finishing clears just that
 * one; a second element, or any not-released mark, makes it ELEM_NONE
 * (many) and finishing clears them all.
 */
static void
touch(struct planner *pl, struct st_c *s, elem_t ce, uint8_t status)
{
	elem_t t = s->touched;

	set_status(pl, ce, status);
	s->touched = status == PLANNER_NOT_RELEASED ||
	    (t != 0 && t != (elem_t)(ce + 1)) ? ELEM_NONE : (elem_t)(ce + 1);
}

/* The competence is done with this attempt: every status back to untested. */
static void
finish_attempt(struct planner *pl, struct st_c *s, const struct members *m)
{
	elem_t t = s->touched;

	if (t == ELEM_NONE)
		unmark(pl, m, 0, 0);
	else if (t != 0)
		set_status(pl, (elem_t)(t - 1), PLANNER_NOT_TESTED);
	s->touched = 0;
}

/*
 * initial: from the top priority down to the first released element;
 * those passed on the way are marked not released.  The element to run,
 * or ELEM_NONE: the competence fails.
 */
static elem_t
initial(struct planner *pl, struct st_c *s, const struct members *m,
    uint8_t ds)
{
	elem_t ce;
	prio_t limit = 0;

	while ((ce = candidate(pl, m, UNTESTED, 1, limit ? limit :
	    PLAN_MAXID(W), 1)) != ELEM_NONE && !released(pl, ce, ds)) {
		touch(pl, s, ce, PLANNER_NOT_RELEASED);
		limit = priority_of(pl, ce);
	}
	return ce;
}

/* 1 when ce's child is an action pattern in the middle of its sequence. */
static uint8_t
pattern_running(const struct planner *pl, elem_t ce)
{
	const uint8_t *ref = rec(pl, PLAN_CE, ce) + PLAN_CE_CHILD(W);

	return get_u8(ref) == PLAN_AP &&
	    ST_AP(pl, (elem_t)field(ref + PLAN_REF_INDEX))->current != 0;
}

/*
 * subsequent: carry on with the current element, re-checking only its
 * releaser (not even that while its pattern is part-way).  AND: a miss
 * fails the competence.  OR: untested siblings of its group are tried in
 * the same cycle.  The element to run, or ELEM_NONE.
 */
static elem_t
subsequent(struct planner *pl, struct st_c *s, const struct members *m,
    uint8_t use_or, uint8_t ds)
{
	elem_t ce = (elem_t)(s->current - 1), next;
	prio_t p;

	p = priority_of(pl, ce);
	if (s->touched == ELEM_NONE)		/* there may be marks */
		unmark(pl, m, 1, p);	/* this group is tried again */
	for (;;) {
		if (pattern_running(pl, ce) || released(pl, ce, ds))
			return ce;
		touch(pl, s, ce, PLANNER_NOT_RELEASED);
		if (!use_or)
			return ELEM_NONE;
		if ((next = candidate(pl, m, UNTESTED, p, p, 0)) == ELEM_NONE)
			return ELEM_NONE;	/* none left in its group */
		s->current = (elem_t)(next + 1);
		ce = next;
	}
}

/* executeCE (at depth `depth`): E, the child, the retry rule, S/P/F/Z. */
static uint8_t
run_ce(struct planner *pl, elem_t ce, uint8_t ds, uint8_t depth)
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
    uint8_t use_or, elem_t ce, uint8_t r)
{
	prio_t p = priority_of(pl, ce);
	elem_t next;

	switch (PLANNER_CODE(r)) {
	case PLANNER_SUCCESS:
		touch(pl, s, ce, PLANNER_CE_SUCCESS);
		/* AND: what is left at this level or above; OR: above.
		   Nothing, when ce is alone at the top. */
		next = (!PLANNER_SMALL && ST_TOP(s) == (elem_t)(ce + 1)) ||
		    (use_or &&
		    p == PLAN_MAXID(W)) ? ELEM_NONE : candidate(pl, m,
		    UNTESTED_OR_NOT_RELEASED, (prio_t)(p + use_or),
		    PLAN_MAXID(W), 0);
		if (next != ELEM_NONE) {
			s->current = (elem_t)(next + 1);
			r = recode(r, PLANNER_IN_PROGRESS);
		}
		break;
	case PLANNER_IN_PROGRESS:
		touch(pl, s, ce, PLANNER_CE_IN_PROGRESS);
		s->current = (elem_t)(ce + 1);
		break;
	default:
		touch(pl, s, ce, PLANNER_CODE(r) == PLANNER_FAIL ?
		    PLANNER_CE_FAILED : PLANNER_CE_ERROR);
		if (!use_or)
			break;
		/* OR: a sibling of the same group gets the next cycle */
		next = candidate(pl, m, UNTESTED_OR_NOT_RELEASED, p, p, 0);
		if (next != ELEM_NONE) {
			s->current = (elem_t)(next + 1);
			r = PLANNER_IN_PROGRESS;	/* data dropped */
		}
		break;
	}
	return r;
}

static uint8_t
run_competence(struct planner *pl, elem_t c, uint8_t ds, uint8_t depth)
{
	const uint8_t *q = rec(pl, PLAN_C, c);
	struct st_c *s = ST_C(pl, c);
	struct members m;
	elem_t ce;
	uint8_t r, why = PLANNER_WHY_RELEASE_LOST;
	uint8_t use_or = get_u8(q + PLAN_C_FLAGS(W)) & 1u;

	if (pl->plan->count[PLAN_CE] == 0)
		return PLANNER_ERROR;	/* as the original: no events (§11.13) */
	ENTER(pl, s, PLAN_C, c);
	members_of(pl->plan->ce_list, q + PLAN_C_FIRST(W), &m);
	if (s->current != 0) {
		ce = subsequent(pl, s, &m, use_or, ds);
	} else {
		if (RECURSIVE(pl)) {
			unmark(pl, &m, 0, 0);
			s->touched = 0;
		}
		ce = initial(pl, s, &m, ds);
		why = PLANNER_WHY_NONE_RELEASED;
	}
	if (ce == ELEM_NONE) {
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
	elem_t i = (elem_t)field(ref + PLAN_REF_INDEX);

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
