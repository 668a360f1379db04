/*
 * owner.c - each element's owning drive: a walk down from every drive in
 * priority order, an element kept by the first that reaches it.  Called by
 * emit_dot.c to draw one cluster per drive.
 */
#include <stdlib.h>

#include "plansrc/owner.h"
#include "plansrc/view.h"

struct walk {
	const struct plan *p;
	uint16_t **owner;
	struct plan_ref *stack;
	size_t n;
};

static void
push(struct walk *w, uint8_t type, uint16_t index, uint16_t drive)
{
	if (type >= PLAN_NTYPES || index >= w->p->count[type] ||
	    w->owner[type][index] != PLAN_NONE)
		return;
	w->owner[type][index] = drive;
	w->stack[w->n].type = type;
	w->stack[w->n].index = index;
	w->n++;
}

/* Push an element's children: members of Cs and APs, the child of others. */
static void
children(struct walk *w, const struct plan_ref *r, uint16_t drive)
{
	const struct plan *p = w->p;
	uint16_t k;

	switch (r->type) {
	case PLAN_C: {
		struct plan_comp c;

		plan_get_comp(p, r->index, &c);
		for (k = 0; k < c.count; k++)
			push(w, PLAN_CE, plan_ce_at(p, (uint16_t)(c.first + k)),
			    drive);
		break;
	}
	case PLAN_AP: {
		struct plan_ap a;

		plan_get_ap(p, r->index, &a);
		for (k = 0; k < a.count; k++)
			push(w, PLAN_APE,
			    plan_ape_at(p, (uint16_t)(a.first + k)), drive);
		break;
	}
	case PLAN_CE: {
		struct plan_ce e;

		plan_get_ce(p, r->index, &e);
		push(w, e.child.type, e.child.index, drive);
		break;
	}
	case PLAN_APE: {
		struct plan_ape e;

		plan_get_ape(p, r->index, &e);
		push(w, e.child.type, e.child.index, drive);
		break;
	}
	case PLAN_D: {
		struct plan_drive d;

		plan_get_drive(p, r->index, &d);
		push(w, d.child.type, d.child.index, drive);
		break;
	}
	default:
		break;
	}
}

int
plansrc_plan_drive_order(const struct plan *p, uint16_t *order)
{
	struct view_key *v = calloc((size_t)p->count[PLAN_D] + 1, sizeof *v);
	uint16_t i;

	if (v == NULL)
		return -1;
	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive r;

		plan_get_drive(p, i, &r);
		v[i].index = i;
		v[i].key = r.priority;
	}
	plansrc_view_sort(v, p->count[PLAN_D], 1);
	for (i = 0; i < p->count[PLAN_D]; i++)
		order[i] = v[i].index;
	free(v);
	return 0;
}

/* The walk from each drive of order[0..n-1], in turn. */
static int
walk_from(const struct plan *p, uint16_t *owner[PLAN_NTYPES],
    const uint16_t *order, uint16_t n)
{
	struct walk w;
	size_t total = 1;
	uint16_t i;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++) {
		total += p->count[t];
		for (i = 0; i < p->count[t]; i++)
			owner[t][i] = PLAN_NONE;
	}
	w.p = p;
	w.owner = owner;
	w.n = 0;
	if ((w.stack = calloc(total, sizeof *w.stack)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		push(&w, PLAN_D, order[i], order[i]);
		while (w.n > 0) {	/* each element is pushed once */
			struct plan_ref r = w.stack[--w.n];

			children(&w, &r, order[i]);
		}
	}
	free(w.stack);
	return 0;
}

int
plansrc_plan_owners(const struct plan *p, uint16_t *owner[PLAN_NTYPES])
{
	uint16_t *order = calloc((size_t)p->count[PLAN_D] + 1, sizeof *order);
	int rc = -1;

	if (order != NULL && plansrc_plan_drive_order(p, order) == 0)
		rc = walk_from(p, owner, order, p->count[PLAN_D]);
	free(order);
	return rc;
}

int
plansrc_plan_reach(const struct plan *p, uint16_t drive,
    uint16_t *reach[PLAN_NTYPES])
{
	return walk_from(p, reach, &drive, drive < p->count[PLAN_D] ? 1 : 0);
}
