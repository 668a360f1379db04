/*
 * task_link.c - from a task as written (tsrc_task) to its task section:
 * objects and variables numbered in order of first use, names resolved,
 * steps and limits checked, then the records for plan_task_encode.
 * Called by task_compile.c.
 */
#include <stdarg.h>
#include <string.h>

#include "plansrc/pwarn.h"
#include "plansrc/task_link.h"

struct tlink {
	const struct tsrc_task *m;
	struct diag *d;
	const char *object[TASK_MAX_OBJECTS];
	size_t nobjects;
	const char *var[TASK_MAX_VARIABLES];
	size_t nvars;
	size_t points, decisions, checks, records;
};

static void
error_at(struct tlink *l, const struct tpos *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void
error_at(struct tlink *l, const struct tpos *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vreport(l->d, DIAG_ERROR, p->line, p->col, fmt, ap);
	va_end(ap);
}

static long
find(const char *const *names, size_t n, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
			return (long)i;
	return -1;
}

static long
find_action(const struct tsrc_task *m, const char *s)
{
	size_t i;

	for (i = 0; i < m->nactions; i++)
		if (strcmp(m->act[i].name, s) == 0)
			return (long)i;
	return -1;
}

/* An object used at p: known, or numbered now when none are declared. */
static int
use_object(struct tlink *l, const char *name, const struct tpos *p)
{
	if (find(l->object, l->nobjects, name, strlen(name)) >= 0)
		return 0;
	if (l->m->objects_declared) {
		error_at(l, p, "object '%s' is not among the declared "
		    "objects", name);
		return -1;
	}
	if (l->nobjects == TASK_MAX_OBJECTS) {
		error_at(l, p, "more than %d objects", TASK_MAX_OBJECTS);
		return -1;
	}
	l->object[l->nobjects++] = name;
	return 0;
}

/* Objects and variables in order of first use, action by action. */
static int
number_names(struct tlink *l)
{
	const struct tsrc_task *m = l->m;
	size_t a, i, j;
	int rc = 0;

	for (i = 0; i < m->nobjects; i++)
		l->object[l->nobjects++] = m->object[i];
	for (a = 0; a < m->nactions; a++)
		for (i = 0; i < m->act[a].ndecisions; i++) {
			const struct tsrc_decision *d = &m->act[a].dec[i];

			for (j = 0; j < d->nchecks; j++)
				rc |= use_object(l, d->check[j].object,
				    &d->check[j].pos);
			for (j = 0; j < d->nrecords; j++) {
				const struct tsrc_record *r = &d->rec[j];

				if (r->source)
					rc |= use_object(l, r->source,
					    &r->source_pos);
				if (find(l->var, l->nvars, r->var,
				    strlen(r->var)) >= 0)
					continue;
				if (l->nvars == TASK_MAX_VARIABLES) {
					error_at(l, &r->pos, "more than %d "
					    "variables", TASK_MAX_VARIABLES);
					return -1;
				}
				l->var[l->nvars++] = r->var;
			}
		}
	return rc;
}

static int
check_ref(struct tlink *l, const struct tsrc_comp *c)
{
	if (c->kind != TASK_VAR ||
	    find(l->var, l->nvars, c->var, c->var_len) >= 0)
		return 0;
	error_at(l, &c->pos, "variable '%.*s' is never recorded (no "
	    "decision has record: {%.*s: ...})", (int)c->var_len, c->var,
	    (int)c->var_len, c->var);
	return -1;
}

/* A whole point written as $v fills every axis from one reference. */
static int
same_ref(const struct tsrc_comp *a, const struct tsrc_comp *b)
{
	return a->kind == TASK_VAR && b->kind == TASK_VAR &&
	    a->pos.line == b->pos.line && a->pos.col == b->pos.col;
}

/* Point references: one message per reference, not one per axis. */
static int
check_points(struct tlink *l, const struct tsrc_action *act)
{
	size_t i, n = act->npoints * l->m->naxes;
	int rc = 0;

	for (i = 0; i < n; i++)
		if (i % l->m->naxes == 0 ||
		    !same_ref(&act->point[i - 1], &act->point[i]))
			rc |= check_ref(l, &act->point[i]);
	return rc;
}

static int
check_target(struct tlink *l, const struct tsrc_target *t)
{
	if (t->kind != TASK_T_ACTION || find_action(l->m, t->action) >= 0)
		return 0;
	error_at(l, &t->pos, "no action named '%s'", t->action);
	return -1;
}

static int
check_decision(struct tlink *l, const struct tsrc_action *a,
    const struct tsrc_decision *d)
{
	uint8_t k, axes = l->m->naxes;
	size_t j;
	int rc = 0;

	if (d->after >= (long)a->npoints) {
		error_at(l, &d->pos, "after: step %ld, but action '%s' has "
		    "steps 0 to %zu", d->after, a->name, a->npoints - 1);
		rc = -1;
	}
	for (k = 0; k < axes; k++)
		rc |= check_ref(l, &d->arm[k]);
	for (j = 0; j < d->nchecks; j++)
		for (k = 0; k < axes; k++)
			rc |= check_ref(l, &d->check[j].comp[k]);
	rc |= check_target(l, &d->match);
	rc |= check_target(l, &d->mismatch);
	return rc;
}

static int
check_actions(struct tlink *l)
{
	const struct tsrc_task *m = l->m;
	size_t a, i;
	int rc = 0;

	if (find_action(m, m->start) < 0) {
		error_at(l, &m->start_pos, "no action named '%s' to start "
		    "with", m->start);
		rc = -1;
	}
	for (a = 0; a < m->nactions; a++) {
		const struct tsrc_action *act = &m->act[a];

		rc |= check_points(l, act);
		if (act->reset_limit)
			rc |= check_target(l, &act->reset);
		for (i = 0; i < act->ndecisions; i++)
			rc |= check_decision(l, act, &act->dec[i]);
		l->points += act->npoints;
		l->decisions += act->ndecisions;
		for (i = 0; i < act->ndecisions; i++) {
			l->checks += act->dec[i].nchecks;
			l->records += act->dec[i].nrecords;
		}
	}
	if (l->points > 0xFFFF || l->decisions > 0xFFFF ||
	    l->checks > 0xFFFF || l->records > 0xFFFF) {
		diag_error(l->d, 0, 0, "the task is too large (at most 65535 "
		    "points, decisions, object checks and records)");
		rc = -1;
	}
	return rc;
}

/* Actions no decision or reset can ever start: probably a mistake. */
static void
warn_unreachable(struct tlink *l)
{
	const struct tsrc_task *m = l->m;
	unsigned char reach[TASK_MAX_ACTIONS] = { 0 };
	size_t a, i;
	int grew = 1;

	reach[find_action(m, m->start)] = 1;
	while (grew) {
		grew = 0;
		for (a = 0; a < m->nactions; a++) {
			const struct tsrc_action *act = &m->act[a];
			const struct tsrc_target *t[3];
			int k;

			if (!reach[a])
				continue;
			for (i = 0; i < act->ndecisions; i++) {
				t[0] = &act->dec[i].match;
				t[1] = &act->dec[i].mismatch;
				t[2] = &act->reset;
				for (k = 0; k < 3; k++) {
					long to = t[k]->kind == TASK_T_ACTION ?
					    find_action(m, t[k]->action) : -1;

					if (to >= 0 && !reach[to])
						grew = reach[to] = 1;
				}
			}
		}
	}
	for (a = 0; a < m->nactions; a++)
		if (!reach[a])
			diag_wreport(l->d, PW_UNUSED, m->act[a].pos.line,
			    m->act[a].pos.col, "action '%s' is never started",
			    m->act[a].name);
}

int
plansrc_task_link(const struct tsrc_task *m, struct diag *d, struct task_linked *out)
{
	struct tlink l;

	memset(&l, 0, sizeof l);
	memset(out, 0, sizeof *out);
	l.m = m;
	l.d = d;
	if (number_names(&l) < 0 || check_actions(&l) < 0)
		return -1;
	warn_unreachable(&l);
	if (plansrc_task_fill_spec(m, l.object, l.nobjects, l.var, l.nvars, out) < 0) {
		plansrc_task_linked_free(out);
		diag_error(d, 0, 0, "out of memory");
		return -1;
	}
	return 0;
}
