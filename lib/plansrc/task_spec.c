/*
 * task_spec.c - laying out a checked task as the records of its section:
 * actions in source order, their points and decisions back to back,
 * names in string-table order.  Called by task_link.c.
 */
#include <stdlib.h>
#include <string.h>

#include "plansrc/task_link.h"

static uint16_t
index_of(const char *const *names, size_t n, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
			break;
	return (uint16_t)i;
}

static void
fill_comp(const struct tsrc_comp *src, const char *const *var, size_t nvars,
    struct plan_task_comp *c)
{
	memset(c, 0, sizeof *c);
	c->kind = src->kind;
	if (src->kind == TASK_ANY)
		return;
	c->threshold = src->threshold;
	if (src->kind == TASK_VALUE) {
		c->value = src->value;
		return;
	}
	c->var = index_of(var, nvars, src->var, src->var_len);
	c->axis = src->axis;
}

static struct plan_task_target
target(const struct tsrc_task *m, const struct tsrc_target *t)
{
	struct plan_task_target out;
	size_t i;

	out.kind = t->kind;
	out.action = TASK_NO_ACTION;
	out.delay = t->kind == TASK_T_NONE ? 0 : (uint16_t)t->delay;
	if (t->kind == TASK_T_ACTION)
		for (i = 0; i < m->nactions; i++)
			if (strcmp(m->act[i].name, t->action) == 0)
				out.action = (uint16_t)i;
	return out;
}

static void
set_name(struct plan_task_name *n, const char *s)
{
	n->len = (uint8_t)strlen(s);
	n->text = (const uint8_t *)s;
}

static int
allocate(struct task_linked *o, const struct tsrc_task *m, size_t nnames)
{
	struct plan_task_spec *s = &o->spec;
	size_t d = m->naxes;

	o->action = calloc(s->actions + 1u, sizeof *o->action);
	o->point = calloc(s->points * d + 1u, sizeof *o->point);
	o->decision = calloc(s->decisions + 1u, sizeof *o->decision);
	o->arm = calloc(s->decisions * d + 1u, sizeof *o->arm);
	o->check = calloc(s->checks + 1u, sizeof *o->check);
	o->check_comp = calloc(s->checks * d + 1u, sizeof *o->check_comp);
	o->record = calloc(s->records + 1u, sizeof *o->record);
	o->name = calloc(nnames, sizeof *o->name);
	if (!o->action || !o->point || !o->decision || !o->arm ||
	    !o->check || !o->check_comp || !o->record || !o->name)
		return -1;
	s->action = o->action;
	s->point = o->point;
	s->decision = o->decision;
	s->arm = o->arm;
	s->check = o->check;
	s->check_comp = o->check_comp;
	s->record = o->record;
	s->name = o->name;
	return 0;
}

static void
count(const struct tsrc_task *m, struct plan_task_spec *s)
{
	size_t a, i;

	for (a = 0; a < m->nactions; a++) {
		s->points = (uint16_t)(s->points + m->act[a].npoints);
		s->decisions = (uint16_t)(s->decisions +
		    m->act[a].ndecisions);
		for (i = 0; i < m->act[a].ndecisions; i++) {
			s->checks = (uint16_t)(s->checks +
			    m->act[a].dec[i].nchecks);
			s->records = (uint16_t)(s->records +
			    m->act[a].dec[i].nrecords);
		}
	}
}

/* One decision with its arm components, checks and records. */
static void
fill_decision(struct task_linked *o, const struct tsrc_task *m,
    const struct tsrc_decision *sd, const char *const *object,
    size_t nobjects, const char *const *var, size_t nvars)
{
	struct plan_task_spec *s = &o->spec;
	struct plan_task_decision *d = &o->decision[s->decisions];
	size_t j, d_axes = m->naxes;
	uint8_t k;

	d->after = (uint16_t)sd->after;
	d->match = target(m, &sd->match);
	d->mismatch = target(m, &sd->mismatch);
	d->first_check = s->checks;
	d->nchecks = (uint8_t)sd->nchecks;
	d->first_record = s->records;
	d->nrecords = (uint8_t)sd->nrecords;
	for (k = 0; k < d_axes; k++)
		fill_comp(&sd->arm[k], var, nvars,
		    &o->arm[s->decisions * d_axes + k]);
	for (j = 0; j < sd->nchecks; j++, s->checks++) {
		const struct tsrc_check *c = &sd->check[j];

		o->check[s->checks].object = (uint8_t)index_of(object,
		    nobjects, c->object, strlen(c->object));
		for (k = 0; k < d_axes; k++)
			fill_comp(&c->comp[k], var, nvars,
			    &o->check_comp[s->checks * d_axes + k]);
	}
	for (j = 0; j < sd->nrecords; j++, s->records++) {
		const struct tsrc_record *r = &sd->rec[j];

		o->record[s->records].var = index_of(var, nvars, r->var,
		    strlen(r->var));
		o->record[s->records].source = r->source ?
		    (uint8_t)index_of(object, nobjects, r->source,
		    strlen(r->source)) : TASK_SOURCE_ARM;
	}
	s->decisions++;
}

static void
fill_action(struct task_linked *o, const struct tsrc_task *m, size_t a,
    const char *const *object, size_t nobjects, const char *const *var,
    size_t nvars)
{
	struct plan_task_spec *s = &o->spec;
	const struct tsrc_action *sa = &m->act[a];
	struct plan_task_action *pa = &o->action[a];
	size_t i;

	pa->first_point = s->points;
	pa->npoints = (uint16_t)sa->npoints;
	pa->first_decision = s->decisions;
	pa->ndecisions = (uint16_t)sa->ndecisions;
	pa->verify = (uint8_t)sa->verify;
	pa->tolerance = sa->verify ? sa->tolerance : 0;
	pa->misses = sa->verify ? (uint16_t)sa->misses : 0;
	pa->reset_limit = (uint16_t)sa->reset_limit;
	pa->reset = target(m, &sa->reset);
	for (i = 0; i < sa->npoints * m->naxes; i++)
		fill_comp(&sa->point[i], var, nvars,
		    &o->point[(size_t)s->points * m->naxes + i]);
	s->points = (uint16_t)(s->points + sa->npoints);
	for (i = 0; i < sa->ndecisions; i++)
		fill_decision(o, m, &sa->dec[i], object, nobjects, var,
		    nvars);
}

int
plansrc_task_fill_spec(const struct tsrc_task *m, const char *const *object,
    size_t nobjects, const char *const *var, size_t nvars,
    struct task_linked *o)
{
	struct plan_task_spec *s = &o->spec;
	size_t nnames = 1 + m->naxes + nobjects + m->nactions + nvars, i, n;

	memset(o, 0, sizeof *o);
	s->axes = m->naxes;
	s->objects = (uint8_t)nobjects;
	s->actions = (uint16_t)m->nactions;
	s->variables = (uint16_t)nvars;
	count(m, s);
	if (allocate(o, m, nnames) < 0)
		return -1;
	s->start = 0;
	for (i = 0; i < m->nactions; i++)
		if (strcmp(m->act[i].name, m->start) == 0)
			s->start = (uint16_t)i;
	s->points = s->decisions = s->checks = s->records = 0;
	for (i = 0; i < m->nactions; i++)
		fill_action(o, m, i, object, nobjects, var, nvars);
	n = 0;
	set_name(&o->name[n++], m->name);
	for (i = 0; i < m->naxes; i++)
		set_name(&o->name[n++], m->axis[i]);
	for (i = 0; i < nobjects; i++)
		set_name(&o->name[n++], object[i]);
	for (i = 0; i < m->nactions; i++)
		set_name(&o->name[n++], m->act[i].name);
	for (i = 0; i < nvars; i++)
		set_name(&o->name[n++], var[i]);
	return 0;
}

void
plansrc_task_linked_free(struct task_linked *o)
{
	free(o->action);
	free(o->point);
	free(o->decision);
	free(o->arm);
	free(o->check);
	free(o->check_comp);
	free(o->record);
	free(o->name);
	memset(o, 0, sizeof *o);
}
