/*
 * nesting.c - plan_check_nesting: unless the plan allows recursion, no
 * pattern or competence a drive reaches may contain itself, however deep.
 * Called by plan_open once records and lists are sound.  No allocation.
 *
 * Finding a cycle in a graph needs memory for its nodes; this takes two
 * bits per pattern or competence and a short path (PLAN_NEST_PATH steps),
 * both on the C stack.  A depth-first search runs in rounds: a node whose
 * members all end in actions or finished nodes is finished; a member found
 * on the current path is a cycle; where the path is full, the node is
 * judged from what is known and its unknown members become roots of a
 * later round.  Each round finishes at least one node of an acyclic plan,
 * so a round that finishes none and reaches nothing new leaves only nodes
 * on or above a cycle.  A round is linear in the plan; plans nested less
 * than PLAN_NEST_PATH deep (every real one) take one or two.
 */
#include <string.h>

#include "bytes.h"
#include "nesting.h"
#include "plan.h"

/*
 * Patterns plus competences this build checks (2 bits each); a plan with
 * more is refused.  A robot's plan RAM bounds them: the AVR firmware's
 * 2032 bytes hold fewer than 300 (at most 255 with 8-bit ids).
 */
#ifndef PLAN_NEST_NODES
#ifdef __AVR__
#define PLAN_NEST_NODES 512u
#else
#define PLAN_NEST_NODES 65535u
#endif
#endif

/* Steps of the search path (6 bytes each): only a speed-memory trade. */
#ifndef PLAN_NEST_PATH
#ifdef __AVR__
#define PLAN_NEST_PATH 8
#else
#define PLAN_NEST_PATH 64
#endif
#endif

/* A node's state: never reached, reached but not yet searched this round,
   searched this round but not finished, finished. */
enum { NEW = 0, REACHED = 1, VISITED = 2, DONE = 3 };

struct step {
	uint16_t node;
	uint16_t next, end;	/* members still to look at, in its list */
	uint8_t pending;	/* a member is not finished */
};

struct nest {
	const struct plan *p;
	uint16_t nap;		/* nodes: patterns 0..nap-1, then comps */
	uint32_t n;
	uint8_t progress;	/* this round finished a node */
	uint8_t grew;		/* this round reached a new node */
	uint8_t depth;
	struct step path[PLAN_NEST_PATH];
	uint8_t mark[(PLAN_NEST_NODES + 3) / 4];
};

static uint8_t
state(const struct nest *s, uint16_t v)
{
	return (uint8_t)(s->mark[v >> 2] >> ((v & 3u) * 2) & 3u);
}

static void
set_state(struct nest *s, uint16_t v, uint8_t st)
{
	unsigned sh = (v & 3u) * 2;

	s->mark[v >> 2] = (uint8_t)((s->mark[v >> 2] & ~(3u << sh)) |
	    (unsigned)st << sh);
}

/* A W-byte field of the plan. */
static uint16_t
field(const struct nest *s, const uint8_t *q)
{
	return get_w(q, s->p->id_width);
}

/* The node the child link at q leads to; PLAN_NONE for an action or
   nothing. */
static uint16_t
node_of(const struct nest *s, const uint8_t *q)
{
	uint8_t type = get_u8(q + PLAN_REF_TYPE);
	uint16_t i = field(s, q + PLAN_REF_INDEX);

	if (type == PLAN_AP)
		return i;
	if (type == PLAN_C)
		return (uint16_t)(s->nap + i);
	return PLAN_NONE;
}

/* Record i of a type. */
static const uint8_t *
rec(const struct nest *s, uint8_t type, uint16_t i)
{
	return s->p->table[type] + (uint32_t)i * s->p->rec_size[type];
}

/* Where node v's members are in its list (APE list or CE list). */
static void
span(const struct nest *s, uint16_t v, uint16_t *first, uint16_t *end)
{
	uint8_t w = s->p->id_width;
	const uint8_t *q = v < s->nap ? rec(s, PLAN_AP, v) + PLAN_AP_FIRST(w) :
	    rec(s, PLAN_C, (uint16_t)(v - s->nap)) + PLAN_C_FIRST(w);

	*first = field(s, q);
	*end = (uint16_t)(*first + field(s, q + w));
}

/* The node list entry k of node v's kind leads to. */
static uint16_t
member(const struct nest *s, uint16_t v, uint16_t k)
{
	uint8_t w = s->p->id_width;

	if (v < s->nap)
		return node_of(s, rec(s, PLAN_APE, field(s, s->p->ape_list +
		    (uint32_t)k * w)) + PLAN_APE_CHILD(w));
	return node_of(s, rec(s, PLAN_CE, field(s, s->p->ce_list +
	    (uint32_t)k * w)) + PLAN_CE_CHILD(w));
}

static void
reach(struct nest *s, uint16_t v)
{
	if (v != PLAN_NONE && state(s, v) == NEW) {
		set_state(s, v, REACHED);
		s->grew = 1;
	}
}

static int
on_path(const struct nest *s, uint16_t v)
{
	uint8_t i;

	for (i = 0; i < s->depth; i++)
		if (s->path[i].node == v)
			return 1;
	return 0;
}

static int
cycle(const struct nest *s, uint16_t v, struct plan_error *err)
{
	const struct plan *p = s->p;
	uint8_t type = v < s->nap ? PLAN_AP : PLAN_C;
	uint16_t i = v < s->nap ? v : (uint16_t)(v - s->nap);

	err->code = PLAN_E_CYCLE;
	err->type = type;
	err->index = i;
	err->offset = (uint32_t)(p->table[type] - p->base) +
	    (uint32_t)i * p->rec_size[type];
	return PLAN_E_CYCLE;
}

/* Node v where the path is full: finished if its members are. */
static void
judge(struct nest *s, uint16_t v, uint8_t *pending)
{
	uint16_t k, end, c;
	int all = 1;

	set_state(s, v, VISITED);
	span(s, v, &k, &end);
	for (; k < end; k++) {
		if ((c = member(s, v, k)) == PLAN_NONE || state(s, c) == DONE)
			continue;
		all = 0;
		reach(s, c);
	}
	if (all) {
		set_state(s, v, DONE);
		s->progress = 1;
	} else {
		*pending = 1;
	}
}

static void
push(struct nest *s, uint16_t v)
{
	struct step *t = &s->path[s->depth++];

	set_state(s, v, VISITED);
	t->node = v;
	t->pending = 0;
	span(s, v, &t->next, &t->end);
}

/* The part of the search that starts at root r. */
static int
search(struct nest *s, uint16_t r, struct plan_error *err)
{
	s->depth = 0;
	push(s, r);
	while (s->depth > 0) {
		struct step *t = &s->path[s->depth - 1];
		uint16_t c;
		uint8_t st;

		if (t->next == t->end) {
			s->depth--;
			if (!t->pending) {
				set_state(s, t->node, DONE);
				s->progress = 1;
			} else if (s->depth > 0) {
				s->path[s->depth - 1].pending = 1;
			}
			continue;
		}
		if ((c = member(s, t->node, t->next++)) == PLAN_NONE ||
		    (st = state(s, c)) == DONE)
			continue;
		if (st == VISITED) {
			if (on_path(s, c))
				return cycle(s, c, err);
			t->pending = 1;
		} else if (s->depth == PLAN_NEST_PATH) {
			judge(s, c, &t->pending);
		} else {
			push(s, c);
		}
	}
	return PLAN_OK;
}

/* One round from every reached node; then what is left unfinished. */
static int
one_round(struct nest *s, uint32_t *left, uint16_t *some,
    struct plan_error *err)
{
	uint32_t v;
	int rc;

	s->progress = s->grew = 0;
	for (v = 0; v < s->n; v++)
		if (state(s, (uint16_t)v) == REACHED &&
		    (rc = search(s, (uint16_t)v, err)) != PLAN_OK)
			return rc;
	*left = 0;
	for (v = s->n; v-- > 0;) {
		uint8_t st = state(s, (uint16_t)v);

		if (st == VISITED)
			set_state(s, (uint16_t)v, REACHED);
		if (st == VISITED || st == REACHED) {
			++*left;
			*some = (uint16_t)v;
		}
	}
	return PLAN_OK;
}

int
plan_check_nesting(const struct plan *p, struct plan_error *err)
{
	struct nest s;
	uint32_t left;
	uint16_t i, some = 0;
	int rc;

	if (p->flags & PLAN_F_RECURSION)
		return PLAN_OK;
	s.p = p;
	s.nap = p->count[PLAN_AP];
	s.n = (uint32_t)p->count[PLAN_AP] + p->count[PLAN_C];
	if (s.n > PLAN_NEST_NODES) {
		err->code = PLAN_E_COUNT;
		err->type = PLAN_NO_TYPE;
		err->index = 0;
		err->offset = 0;
		return PLAN_E_COUNT;
	}
	memset(s.mark, 0, (s.n + 3) / 4);
	for (i = 0; i < p->count[PLAN_D]; i++)
		reach(&s, node_of(&s, rec(&s, PLAN_D, i) +
		    PLAN_D_CHILD(p->id_width)));
	do {
		if ((rc = one_round(&s, &left, &some, err)) != PLAN_OK)
			return rc;
	} while (left > 0 && (s.progress || s.grew));
	return left > 0 ? cycle(&s, some, err) : PLAN_OK;
}
