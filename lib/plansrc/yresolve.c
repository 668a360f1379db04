/*
 * yresolve.c - the YAML reader's bookkeeping and its last pass: element
 * names to ids (through a sorted index, so a 65,535-element plan resolves
 * in n log n), senses and actions to the robot's ids.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/vocab.h"
#include "plansrc/expr.h"
#include "host/suggest.h"
#include "plansrc/yreader.h"

int
plansrc_yreader_init(struct yreader *r, struct plan_model *m, struct diag *d)
{
	memset(r, 0, sizeof *r);
	r->m = m;
	r->d = d;
	return 0;
}

void
plansrc_yreader_free(struct yreader *r)
{
	size_t i;

	for (i = 0; i < r->m->nelem && r->refs; i++) {
		free(r->refs[i].sense.text);
		free(r->refs[i].action.text);
	}
	free(r->refs);
	r->refs = NULL;
}

int
plansrc_yreader_new_elem(struct yreader *r, int type, const struct ynode *label,
    size_t *k)
{
	struct src_pos pos;
	struct plan_elem *e;
	struct elem_refs *refs;

	if (r->m->nelem == r->refs_cap) {
		size_t c = r->refs_cap ? r->refs_cap * 2 : 64;

		if ((refs = realloc(r->refs, c * sizeof *refs)) == NULL) {
			diag_error(r->d, 0, 0, "out of memory");
			return -1;
		}
		r->refs = refs;
		r->refs_cap = c;
	}
	memset(&pos, 0, sizeof pos);
	if (label) {
		pos.line = label->line;
		pos.col = label->col;
	}
	if ((e = plansrc_model_add(r->m, type, &pos)) == NULL) {
		diag_error(r->d, 0, 0, "out of memory");
		return -1;
	}
	e->id = ++r->counter;
	*k = r->m->nelem - 1;
	refs = &r->refs[*k];
	memset(refs, 0, sizeof *refs);
	refs->label = label ? label->text : NULL;
	refs->parent_index = -1;
	return 0;
}

void
plansrc_yreader_want_label(struct yreader *r, struct label_ref *ref,
    const char *text, const struct ynode *at, int mode)
{
	free(ref->text);
	if ((ref->text = strdup(text)) == NULL)
		ydoc_error(r->d, at, "out of memory");
	ref->at = at;
	ref->mode = mode;
}

/* A name and what it stands for (a model index or a robot id). */
struct entry {
	const char *name;
	long value;
	long line;
};

static int
by_name(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

static const struct entry *
find(const struct entry *v, size_t n, const char *name)
{
	while (n > 0) {		/* lower bound: the first of equal names */
		size_t half = n / 2;
		int c = strcmp(v[half].name, name);

		if (c < 0) {
			v += half + 1;
			n -= half + 1;
		} else {
			n = half;
		}
	}
	/* the slot after the last entry is zeroed: name NULL */
	return v->name && strcmp(v->name, name) == 0 ? v : NULL;
}

/* Sorted index of element labels; duplicates reported.  NULL: no memory. */
static struct entry *
index_labels(struct yreader *r, size_t *count)
{
	struct plan_model *m = r->m;
	struct entry *v = calloc(m->nelem + 1, sizeof *v);
	size_t i, n = 0;

	if (v == NULL)
		return NULL;
	for (i = 0; i < m->nelem; i++)
		if (r->refs[i].label) {
			v[n].name = r->refs[i].label;
			v[n].value = (long)i;
			v[n++].line = m->elem[i].pos.line;
		}
	qsort(v, n, sizeof *v, by_name);
	for (i = 1; i < n; i++)
		if (strcmp(v[i].name, v[i - 1].name) == 0) {
			const struct plan_elem *e = &m->elem[v[i].value];

			diag_error(r->d, e->pos.line, e->pos.col, "the name "
			    "'%s' is already used at line %ld", v[i].name,
			    v[i - 1].line);
		}
	*count = n;
	return v;
}

static struct entry *
index_robot(const struct plan_label *l, size_t n)
{
	struct entry *v = calloc(n + 1, sizeof *v);
	size_t i;

	if (v == NULL)
		return NULL;
	for (i = 0; i < n; i++) {
		v[i].name = l[i].name;
		v[i].value = l[i].id;
		v[i].line = l[i].pos.line;
	}
	qsort(v, n, sizeof *v, by_name);
	return v;
}

/*
 * The entry name nearest to a misspelt one (suggest.c), among those
 * `fits` accepts (NULL: all): "; did you mean 'X'?", or "".
 */
static void
nearest(const struct entry *v, size_t n, const char *typed,
    int (*fits)(const struct plan_model *, const struct entry *),
    const struct plan_model *m, char *out, size_t size)
{
	const char **words = calloc(n + 1, sizeof *words);
	const char *hit;
	size_t i, k = 0;

	out[0] = '\0';
	if (words == NULL)
		return;
	for (i = 0; i < n; i++)
		if (fits == NULL || fits(m, &v[i]))
			words[k++] = v[i].name;
	if ((hit = suggest_word(typed, words, k)) != NULL)
		snprintf(out, size, "; did you mean '%.60s'?", hit);
	free(words);
}

/* An element a do: can name: an act, a pattern or a competence. */
static int
runnable(const struct plan_model *m, const struct entry *e)
{
	int t = m->elem[e->value].type;

	return t == PLAN_A || t == PLAN_AP || t == PLAN_C;
}

/* A sense or action reference to its robot id; -1 after reporting. */
static long
robot_id(struct yreader *r, const struct label_ref *ref,
    const struct entry *v, size_t n, const char *kind)
{
	const struct entry *hit;
	char hint[80];
	long id;

	if (ref->mode != REF_ID && (hit = find(v, n, ref->text)) != NULL)
		return hit->value;
	if (ref->mode != REF_NAME && plansrc_expr_is_integer(ref->text, &id)) {
		if (id >= 0 && id <= 65535)
			return id;
		ydoc_error(r->d, ref->at, "%s id %ld is outside 0..65535", kind,
		    id);
		return -1;
	}
	nearest(v, n, ref->text, NULL, NULL, hint, sizeof hint);
	ydoc_error(r->d, ref->at, "no %s is named '%s'%s (declare it under "
	    "%ss:)", kind, ref->text, hint, kind);
	return -1;
}

static void
set_link(struct plan_elem *e, long id, const struct ynode *at, int child)
{
	struct src_pos *pos = child ? &e->child_pos : &e->parent_pos;

	if (child)
		e->child = id;
	else
		e->parent = id;
	if (at) {
		pos->line = at->line;
		pos->col = at->col;
	}
}

static void
resolve_element(struct yreader *r, size_t k, const struct entry *labels,
    size_t nlabels)
{
	struct plan_model *m = r->m;
	struct plan_elem *e = &m->elem[k];
	const struct elem_refs *f = &r->refs[k];
	const struct entry *hit;
	char hint[80];

	if (f->label && !f->unnamed && plansrc_model_set_name(e, f->label) < 0)
		diag_error(r->d, 0, 0, "out of memory");
	if (f->parent_index >= 0)
		set_link(e, m->elem[f->parent_index].id, NULL, 0);
	if (f->parent) {
		if ((hit = find(labels, nlabels, f->parent->text)) == NULL) {
			nearest(labels, nlabels, f->parent->text, NULL, m,
			    hint, sizeof hint);
			ydoc_error(r->d, f->parent, "no element is named "
			    "'%s'%s", f->parent->text, hint);
		} else
			set_link(e, m->elem[hit->value].id, f->parent, 0);
	}
	if (f->child) {
		if ((hit = find(labels, nlabels, f->child->text)) == NULL) {
			nearest(labels, nlabels, f->child->text, runnable, m,
			    hint, sizeof hint);
			ydoc_error(r->d, f->child, "do: no act, pattern or "
			    "competence is named '%s'%s", f->child->text, hint);
		} else
			set_link(e, m->elem[hit->value].id, f->child, 1);
	}
}

static int
by_id_then_index(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->line != y->line)		/* the id */
		return x->line < y->line ? -1 : 1;
	return x->value < y->value ? -1 : x->value > y->value;
}

/* Ids must be unique; said here, where written and automatic ones are
 * told apart, rather than by the linker. */
static void
check_ids(struct yreader *r)
{
	struct plan_model *m = r->m;
	struct entry *v = calloc(m->nelem + 1, sizeof *v);
	size_t i;

	if (v == NULL) {
		diag_error(r->d, 0, 0, "out of memory");
		return;
	}
	for (i = 0; i < m->nelem; i++) {
		v[i].line = m->elem[i].id;
		v[i].value = (long)i;
	}
	qsort(v, m->nelem, sizeof *v, by_id_then_index);
	for (i = 1; i < m->nelem; i++) {
		const struct plan_elem *e = &m->elem[v[i].value];
		const struct plan_elem *f = &m->elem[v[i - 1].value];
		const char *elabel = r->refs[v[i].value].label;
		const char *flabel = r->refs[v[i - 1].value].label;

		if (v[i].line != v[i - 1].line)
			continue;
		diag_error(r->d, e->pos.line, e->pos.col, "%s '%s': id %ld is "
		    "already used by %s '%s'%s", plan_type_word(e->type),
		    elabel ? elabel : "", e->id, plan_type_word(f->type),
		    flabel ? flabel : "", r->refs[v[i].value].explicit_id ?
		    "" : " (an element without id: takes its place in the "
		    "document as its id)");
	}
	free(v);
}

void
plansrc_yreader_resolve(struct yreader *r)
{
	struct plan_model *m = r->m;
	struct entry *labels, *senses, *actions;
	size_t i, nlabels = 0;
	long id;

	check_ids(r);
	labels = index_labels(r, &nlabels);
	senses = index_robot(m->sense, m->nsense);
	actions = index_robot(m->action, m->naction);
	if (labels == NULL || senses == NULL || actions == NULL) {
		diag_error(r->d, 0, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < m->nelem; i++) {
		const struct elem_refs *f = &r->refs[i];

		resolve_element(r, i, labels, nlabels);
		if (f->sense.text && (id = robot_id(r, &f->sense, senses,
		    m->nsense, "sense")) >= 0)
			m->elem[i].sense = id;
		if (f->action.text && (id = robot_id(r, &f->action, actions,
		    m->naction, "action")) >= 0)
			m->elem[i].action = id;
	}
out:
	free(labels);
	free(senses);
	free(actions);
}
