/*
 * view.c - labels for a plan's records.  Names come from the name table;
 * a record without one is labelled with its type tag and id ("CE31"), made
 * unique against every real name and every other label with a suffix.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/vocab.h"
#include "plansrc/model.h"
#include "plansrc/utf8.h"
#include "plansrc/view.h"

/* A small open-addressing set of strings, to keep labels unique. */
struct strset {
	const char **slot;
	size_t cap;
};

static size_t
hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 ^ (unsigned char)*s++;
	return h;
}

/* 1 if inserted, 0 if already there.  The set never fills (see cap). */
static int
strset_add(struct strset *set, const char *s)
{
	size_t i = hash(s) & (set->cap - 1);

	while (set->slot[i]) {
		if (strcmp(set->slot[i], s) == 0)
			return 0;
		i = (i + 1) & (set->cap - 1);
	}
	set->slot[i] = s;
	return 1;
}

static int
take_names(struct plan_view *v)
{
	const struct plan *p = v->p;
	struct plan_name n;
	uint32_t pos = 0;

	while (plan_next_name(p, &pos, &n)) {
		char *s = strndup((const char *)n.text, n.len);

		if (s == NULL)
			return -1;
		if (n.kind < PLAN_NTYPES) {
			v->label[n.kind][n.key] = s;
			v->named[n.kind][n.key] = 1;
		} else if (n.kind == PLAN_NAME_SENSE) {
			v->sense[v->nsense].id = n.key;
			v->sense[v->nsense++].name = s;
		} else {
			v->action[v->naction].id = n.key;
			v->action[v->naction++].name = s;
		}
	}
	return 0;
}

/* Made-up labels for unnamed records: "A60", or "A60_2" if that is taken. */
static int
make_labels(struct plan_view *v, struct strset *set)
{
	char buf[64];
	uint16_t i;
	int t, k;

	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < v->p->count[t]; i++)
			if (v->label[t][i])
				strset_add(set, v->label[t][i]);
	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < v->p->count[t]; i++) {
			unsigned id = plan_id(v->p, (uint8_t)t, i);
			char *s;

			if (v->label[t][i])
				continue;
			snprintf(buf, sizeof buf, "%s%u", plan_type_tag(t),
			    id);
			for (k = 2;; k++) {
				if ((s = strdup(buf)) == NULL)
					return -1;
				if (strset_add(set, s))
					break;
				free(s);
				snprintf(buf, sizeof buf, "%s%u_%d",
				    plan_type_tag(t), id, k);
			}
			v->label[t][i] = s;
		}
	return 0;
}

int
plansrc_view_open(struct plan_view *v, const struct plan *p)
{
	struct strset set;
	size_t total = 0, nnames = 0;
	struct plan_name n;
	uint32_t pos = 0;
	int t, rc = -1;

	memset(v, 0, sizeof *v);
	v->p = p;
	memset(&set, 0, sizeof set);
	while (plan_next_name(p, &pos, &n))
		nnames++;
	for (t = 0; t < PLAN_NTYPES; t++) {
		total += p->count[t];
		v->label[t] = calloc((size_t)p->count[t] + 1,
		    sizeof *v->label[t]);
		v->named[t] = calloc((size_t)p->count[t] + 1, 1);
		if (!v->label[t] || !v->named[t])
			return -1;
	}
	v->sense = calloc(nnames + 1, sizeof *v->sense);
	v->action = calloc(nnames + 1, sizeof *v->action);
	for (set.cap = 16; set.cap < 2 * (total + 1); set.cap *= 2)
		;
	set.slot = calloc(set.cap, sizeof *set.slot);
	if (v->sense && v->action && set.slot && take_names(v) == 0 &&
	    make_labels(v, &set) == 0)
		rc = 0;
	free(set.slot);
	return rc;
}

void
plansrc_view_free(struct plan_view *v)
{
	size_t i;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++) {
		if (v->label[t])
			for (i = 0; i < v->p->count[t]; i++)
				free(v->label[t][i]);
		free(v->label[t]);
		free(v->named[t]);
	}
	for (i = 0; i < v->nsense; i++)
		free(v->sense[i].name);
	for (i = 0; i < v->naction; i++)
		free(v->action[i].name);
	free(v->sense);
	free(v->action);
	memset(v, 0, sizeof *v);
}

static const char *
find_label(const struct view_label *l, size_t n, uint16_t id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {	/* the name table is sorted by id */
		size_t mid = lo + (hi - lo) / 2;

		if (l[mid].id == id)
			return l[mid].name;
		if (l[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const char *
plansrc_view_sense(const struct plan_view *v, uint16_t id)
{
	return find_label(v->sense, v->nsense, id);
}

const char *
plansrc_view_action(const struct plan_view *v, uint16_t id)
{
	return find_label(v->action, v->naction, id);
}

const char *
plansrc_view_child(const struct plan_view *v, const struct plan_ref *r)
{
	if (r->type == PLAN_NO_TYPE)
		return NULL;
	return v->label[r->type][r->index];
}

int
plansrc_view_utf8_ok(const char *s)
{
	return plansrc_utf8_first_bad(s) == NULL;
}

static int
by_key_up(const void *a, const void *b)
{
	const struct view_key *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

static int
by_key_down(const void *a, const void *b)
{
	const struct view_key *x = a, *y = b;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

void
plansrc_view_sort(struct view_key *v, size_t n, int descending)
{
	qsort(v, n, sizeof *v, descending ? by_key_down : by_key_up);
}
