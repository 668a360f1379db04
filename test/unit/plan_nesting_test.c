/*
 * plan_nesting_test.c - plan_open refuses a pattern or competence that a
 * drive reaches and that contains itself, unless the plan allows
 * recursion: small cases worked by hand, long chains past the search's
 * path, and random graphs against a plain recursive search.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plan/plan.h"

#define MAXN 300		/* patterns + competences */
#define MAXE 1200		/* members */

/*
 * A plan as a graph: nodes 0..nap-1 are patterns, nap..n-1 competences;
 * member e of node from[e] runs node to[e] (-1: an action).  The drives
 * run the nodes in root[].
 */
struct graph {
	int nap, n, ne, nroot;
	int from[MAXE], to[MAXE], root[8];
	uint8_t width, flags;
};

static struct plan_ap aps[MAXN];
static struct plan_comp comps[MAXN];
static struct plan_ape apes[MAXE];
static struct plan_ce ces[MAXE];
static struct plan_drive drives[8];
static struct plan_action act = { 1, 1, 0, 0 };
static uint8_t image[64000];

static struct plan_ref
ref_to(const struct graph *g, int v)
{
	struct plan_ref r = { PLAN_A, 0 };

	if (v >= 0 && v < g->nap) {
		r.type = PLAN_AP;
		r.index = (uint16_t)v;
	} else if (v >= g->nap) {
		r.type = PLAN_C;
		r.index = (uint16_t)(v - g->nap);
	}
	return r;
}

/* Encodes g; ids: 1 the action, then every record in turn. */
static uint32_t
build(const struct graph *g)
{
	struct plan_spec s;
	uint16_t id = 2;
	int i, nape = 0, nce = 0;

	memset(&s, 0, sizeof s);
	for (i = 0; i < g->n; i++) {
		if (i < g->nap) {
			memset(&aps[i], 0, sizeof aps[i]);
			aps[i].id = id++;
		} else {
			memset(&comps[i - g->nap], 0, sizeof comps[0]);
			comps[i - g->nap].id = id++;
		}
	}
	for (i = 0; i < g->ne; i++) {
		if (g->from[i] < g->nap) {
			struct plan_ape *e = &apes[nape++];

			memset(e, 0, sizeof *e);
			e->id = id++;
			e->parent = (uint16_t)g->from[i];
			e->child = ref_to(g, g->to[i]);
			e->order = 1;
		} else {
			struct plan_ce *e = &ces[nce++];

			memset(e, 0, sizeof *e);
			e->id = id++;
			e->parent = (uint16_t)(g->from[i] - g->nap);
			e->child = ref_to(g, g->to[i]);
			e->priority = 1;
			e->rel.cmp = PLAN_TR;
		}
	}
	for (i = 0; i < g->nroot; i++) {
		memset(&drives[i], 0, sizeof drives[i]);
		drives[i].id = id++;
		drives[i].child = ref_to(g, g->root[i]);
		drives[i].priority = 1;
		drives[i].rel.cmp = PLAN_TR;
	}
	s.id_width = g->width;
	s.flags = g->flags;
	s.count[PLAN_AP] = (uint16_t)g->nap;
	s.count[PLAN_C] = (uint16_t)(g->n - g->nap);
	s.count[PLAN_APE] = (uint16_t)nape;
	s.count[PLAN_CE] = (uint16_t)nce;
	s.count[PLAN_D] = (uint16_t)g->nroot;
	s.count[PLAN_A] = 1;
	s.ap = aps;
	s.comp = comps;
	s.ape = apes;
	s.ce = ces;
	s.drive = drives;
	s.action = &act;
	return plan_encode(&s, image, sizeof image);
}

static int
open_graph(const struct graph *g, struct plan_error *err)
{
	struct plan p;
	uint32_t size = build(g);

	CHECK(size > 0);
	return plan_open(&p, image, size, err);
}

/* The second method: colour search by recursion, from the roots. */
static int
reaches_cycle(const struct graph *g, int v, char *colour)
{
	int e;

	if (colour[v] == 2)
		return 0;
	if (colour[v] == 1)
		return 1;
	colour[v] = 1;
	for (e = 0; e < g->ne; e++)
		if (g->from[e] == v && g->to[e] >= 0 &&
		    reaches_cycle(g, g->to[e], colour))
			return 1;
	colour[v] = 2;
	return 0;
}

static int
has_cycle(const struct graph *g)
{
	char colour[MAXN] = { 0 };
	int i;

	for (i = 0; i < g->nroot; i++)
		if (g->root[i] >= 0 && reaches_cycle(g, g->root[i], colour))
			return 1;
	return 0;
}

static void
edge(struct graph *g, int from, int to)
{
	g->from[g->ne] = from;
	g->to[g->ne++] = to;
}

static void
test_small(void)
{
	struct graph g;
	struct plan_error err;

	/* competence 0 runs itself: refused, naming it */
	memset(&g, 0, sizeof g);
	g.width = 1;
	g.n = 1;
	g.nroot = 1;
	edge(&g, 0, -1);
	edge(&g, 0, 0);
	CHECK(open_graph(&g, &err) == PLAN_E_CYCLE);
	CHECK(err.type == PLAN_C && err.index == 0);
	/* no patterns or steps: the C table follows the header */
	CHECK(err.offset == PLAN_HEADER_SIZE);
	CHECK(strstr(plan_strerror(PLAN_E_CYCLE), "contains itself") != NULL);
	g.flags = PLAN_F_RECURSION;
	CHECK(open_graph(&g, &err) == PLAN_OK);

	/* pattern 0 -> competence 1 -> pattern 0, 16-bit ids */
	memset(&g, 0, sizeof g);
	g.width = 2;
	g.nap = 1;
	g.n = 2;
	g.nroot = 1;
	edge(&g, 0, 1);
	edge(&g, 1, -1);
	edge(&g, 1, 0);
	CHECK(open_graph(&g, &err) == PLAN_E_CYCLE);
	/* the same with the back link to an action: a tree */
	g.to[2] = -1;
	CHECK(open_graph(&g, &err) == PLAN_OK);

	/* a cycle no drive reaches is never run: accepted */
	memset(&g, 0, sizeof g);
	g.width = 1;
	g.n = 3;
	g.nroot = 1;
	edge(&g, 0, -1);
	edge(&g, 1, 2);
	edge(&g, 2, 1);
	CHECK(open_graph(&g, &err) == PLAN_OK);
	g.root[0] = 2;
	CHECK(open_graph(&g, &err) == PLAN_E_CYCLE);
}

/* Chains longer than the search's path, in both index orders. */
static void
test_chains(void)
{
	struct graph g;
	struct plan_error err;
	int i, down;

	for (down = 0; down < 2; down++) {
		memset(&g, 0, sizeof g);
		g.width = 2;
		g.nap = 100;
		g.n = 250;
		g.nroot = 1;
		g.root[0] = down ? 0 : g.n - 1;
		for (i = 0; i + 1 < g.n; i++)
			if (down)
				edge(&g, i, i + 1);
			else
				edge(&g, i + 1, i);
		edge(&g, down ? g.n - 1 : 0, -1);
		CHECK(open_graph(&g, &err) == PLAN_OK);
		/* close it: the last node runs the first */
		g.to[g.ne - 1] = g.root[0];
		CHECK(open_graph(&g, &err) == PLAN_E_CYCLE);
	}
	/* a ladder of shared steps 200 deep: 2^200 paths, one answer */
	memset(&g, 0, sizeof g);
	g.width = 2;
	g.n = 200;
	g.nroot = 1;
	for (i = 0; i + 2 < g.n; i++) {
		edge(&g, i, i + 1);
		edge(&g, i, i + 2);
	}
	edge(&g, g.n - 2, g.n - 1);
	edge(&g, g.n - 1, -1);
	CHECK(open_graph(&g, &err) == PLAN_OK);
	g.to[g.ne - 1] = 100;
	CHECK(open_graph(&g, &err) == PLAN_E_CYCLE);
}

static unsigned long
next(unsigned long *s)
{
	*s = *s * 6364136223846793005UL + 1442695040888963407UL;
	return *s >> 33;
}

/* Random graphs: plan_open and the recursive search agree. */
static void
test_random(void)
{
	struct graph g;
	struct plan_error err;
	unsigned long seed = 11;
	int round, i, agree = 0, cyclic = 0;

	for (round = 0; round < 3000; round++) {
		memset(&g, 0, sizeof g);
		g.width = (uint8_t)(round & 1 ? 2 : 1);
		g.n = 1 + (int)(next(&seed) % (round % 3 ? 12 : 120));
		g.nap = (int)(next(&seed) % (unsigned long)(g.n + 1));
		g.nroot = 1 + (int)(next(&seed) % 3);
		for (i = 0; i < g.nroot; i++)
			g.root[i] = (int)(next(&seed) % (unsigned long)g.n);
		g.ne = 0;
		for (i = 0; i < 2 * g.n && g.ne < MAXE; i++)
			edge(&g, (int)(next(&seed) % (unsigned long)g.n),
			    next(&seed) % 4 ? (int)(next(&seed) %
			    (unsigned long)g.n) : -1);
		/* keep 8-bit plans within 255 elements */
		if (g.width == 1 && g.n + g.ne + g.nroot + 1 > 255)
			g.width = 2;
		cyclic += has_cycle(&g);
		agree += (open_graph(&g, &err) == PLAN_E_CYCLE) ==
		    has_cycle(&g);
	}
	CHECK(agree == 3000);
	CHECK(cyclic > 300 && cyclic < 2700);	/* both kinds were tried */
}

int
main(void)
{
	RUN(test_small);
	RUN(test_chains);
	RUN(test_random);
	return check_report("plan_nesting");
}
