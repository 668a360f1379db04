/*
 * rows.c - planview's tree, row by row: a walk down from every drive (by
 * priority), competences' elements by priority, patterns' steps in run
 * order, with what each row says beside its name.  Called by tree.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "planview/tree.h"
#include "plansrc/expr.h"
#include "plansrc/owner.h"
#include "plansrc/view.h"

static void
releaser_text(const struct planview_tree *t, const struct plan_releaser *r,
    char *buf, size_t size)
{
	struct when_expr e;

	memset(&e, 0, sizeof e);
	e.cmp = r->cmp;
	e.value = r->value;
	if (r->cmp != PLAN_TR && r->cmp != PLAN_FL && r->sense < t->nsense &&
	    t->sense[r->sense])
		snprintf(e.sense, sizeof e.sense, "%s", t->sense[r->sense]);
	if (plansrc_when_format(&e, buf, size) == 0)
		snprintf(buf, size, "?");
}

static char *
info_for(const struct planview_tree *t, uint8_t type, uint16_t i, unsigned step)
{
	char buf[256], rel[128];
	const struct plan *p = t->p;

	buf[0] = '\0';
	if (type == PLAN_D) {
		struct plan_drive d;

		plan_get_drive(p, i, &d);
		releaser_text(t, &d.rel, rel, sizeof rel);
		snprintf(buf, sizeof buf, "p%u when %s", (unsigned)d.priority,
		    rel);
	} else if (type == PLAN_C) {
		struct plan_comp c;

		plan_get_comp(p, i, &c);
		snprintf(buf, sizeof buf, "%s", c.use_or ? "OR" : "AND");
	} else if (type == PLAN_CE) {
		struct plan_ce c;

		plan_get_ce(p, i, &c);
		releaser_text(t, &c.rel, rel, sizeof rel);
		snprintf(buf, sizeof buf, "p%u when %s", (unsigned)c.priority,
		    rel);
	} else if (type == PLAN_AP) {
		struct plan_ap a;

		plan_get_ap(p, i, &a);
		snprintf(buf, sizeof buf, "%u steps", (unsigned)a.count);
	} else if (type == PLAN_APE) {
		snprintf(buf, sizeof buf, "step %u", step);
	} else if (type == PLAN_A) {
		struct plan_action a;
		const char *n;

		plan_get_action(p, i, &a);
		n = a.action < t->names.nids ? t->names.action[a.action] : NULL;
		if (n)
			snprintf(buf, sizeof buf, "%s %d", n, (int)a.value);
		else
			snprintf(buf, sizeof buf, "action %u %d",
			    (unsigned)a.action, (int)a.value);
	}
	return strdup(buf);
}

struct walk {
	struct planview_tree *t;
	size_t cap;
	struct plan_ref path[PLANVIEW_MAX_DEPTH];
};

static int add(struct walk *w, uint8_t type, uint16_t i, int depth,
    unsigned step);

/* A competence's elements, highest priority first; a pattern's steps as
 * they run (by order, ties in record order). */
static int
members(struct walk *w, uint8_t type, uint16_t i, int depth)
{
	const struct plan *p = w->t->p;
	struct view_key key[256 * 4];
	uint16_t first, count, k;

	if (type == PLAN_C) {
		struct plan_comp c;

		plan_get_comp(p, i, &c);
		first = c.first;
		count = c.count;
	} else {
		struct plan_ap a;

		plan_get_ap(p, i, &a);
		first = a.first;
		count = a.count;
	}
	if (count > sizeof key / sizeof key[0])
		count = sizeof key / sizeof key[0];
	for (k = 0; k < count; k++) {
		uint16_t at = (uint16_t)(first + k);

		if (type == PLAN_C) {
			struct plan_ce e;

			key[k].index = plan_ce_at(p, at);
			plan_get_ce(p, key[k].index, &e);
			key[k].key = e.priority;
		} else {
			struct plan_ape e;

			key[k].index = plan_ape_at(p, at);
			plan_get_ape(p, key[k].index, &e);
			key[k].key = e.order;
		}
	}
	plansrc_view_sort(key, count, type == PLAN_C);
	for (k = 0; k < count; k++)
		if (add(w, type == PLAN_C ? PLAN_CE : PLAN_APE, key[k].index,
		    depth + 1, (unsigned)k + 1) < 0)
			return -1;
	return 0;
}

static int
below(struct walk *w, uint8_t type, uint16_t i, int depth)
{
	struct plan_ref child = { PLAN_NO_TYPE, 0 };

	if (type == PLAN_C || type == PLAN_AP)
		return members(w, type, i, depth);
	if (type == PLAN_D) {
		struct plan_drive d;

		plan_get_drive(w->t->p, i, &d);
		child = d.child;
	} else if (type == PLAN_CE) {
		struct plan_ce e;

		plan_get_ce(w->t->p, i, &e);
		child = e.child;
	} else if (type == PLAN_APE) {
		struct plan_ape e;

		plan_get_ape(w->t->p, i, &e);
		child = e.child;
	}
	if (child.type == PLAN_NO_TYPE)
		return 0;
	return add(w, child.type, child.index, depth + 1, 0);
}

static int
add(struct walk *w, uint8_t type, uint16_t i, int depth, unsigned step)
{
	struct planview_tree *t = w->t;
	struct planview_row *r;
	int k;

	if (depth >= PLANVIEW_MAX_DEPTH || t->nrows >= PLANVIEW_MAX_ROWS)
		return 0;
	for (k = 0; k < depth; k++)	/* a recursive plan: stop at a loop */
		if (w->path[k].type == type && w->path[k].index == i)
			return 0;
	if (t->nrows == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 64;
		struct planview_row *n = realloc(t->row, cap * sizeof *n);

		if (n == NULL)
			return -1;
		t->row = n;
		w->cap = cap;
	}
	r = &t->row[t->nrows];
	r->type = type;
	r->index = i;
	r->depth = (uint8_t)depth;
	if ((r->info = info_for(t, type, i, step)) == NULL)
		return -1;
	t->nrows++;
	w->path[depth].type = type;
	w->path[depth].index = i;
	return below(w, type, i, depth);
}

int planview_tree_rows(struct planview_tree *t);

int
planview_tree_rows(struct planview_tree *t)
{
	struct walk w;
	uint16_t *order = calloc((size_t)t->p->count[PLAN_D] + 1,
	    sizeof *order);
	uint16_t k;
	int rc = -1;

	memset(&w, 0, sizeof w);
	w.t = t;
	if (order == NULL || plansrc_plan_drive_order(t->p, order) < 0)
		goto out;
	for (k = 0; k < t->p->count[PLAN_D]; k++)
		if (add(&w, PLAN_D, order[k], 0, 0) < 0)
			goto out;
	rc = 0;
out:
	free(order);
	return rc;
}
