/*
 * link.c - plansrc_plan_link: run the checks of checks.c over a model, then lay the
 * elements out as the encoder wants them (per-type tables in source order,
 * links as type + index, names sorted by kind and key).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/vocab.h"
#include "plansrc/link_ctx.h"

const char *
plansrc_link_describe(const struct plan_elem *e, char *buf, size_t size)
{
	if (e->name)
		snprintf(buf, size, "%s '%s'", plan_type_word(e->type),
		    e->name);
	else
		snprintf(buf, size, "%s #%ld", plan_type_word(e->type), e->id);
	return buf;
}

/* An error, or a warning of class wclass; a Dia object is named. */
static void
vreport(struct link_ctx *c, enum diag_level level, unsigned wclass,
    const struct src_pos *pos, const char *fmt, va_list ap)
{
	char msg[1024], where[64] = "";
	long line = 0, col = 0;
	unsigned errors;

	/* after an error, "unreachable" and the like are mostly its echoes
	 * (not after a warning that -Werror=class made an error) */
	if (level == DIAG_WARNING && c->d->errors > c->warning_errors)
		return;
	vsnprintf(msg, sizeof msg, fmt, ap);
	if (pos && pos->object[0]) {
		snprintf(where, sizeof where, "object %s: ", pos->object);
	} else if (pos) {
		line = pos->line;
		col = pos->col;
	}
	if (level == DIAG_WARNING) {
		errors = c->d->errors;
		diag_wreport(c->d, wclass, line, col, "%s%s", where, msg);
		c->warning_errors += c->d->errors - errors;
	} else
		diag_report(c->d, level, line, col, "%s%s", where, msg);
}

void
plansrc_link_vreport_at(struct link_ctx *c, enum diag_level level,
    const struct src_pos *pos, const char *fmt, va_list ap)
{
	vreport(c, level, PW_NONE, pos, fmt, ap);
}

void
plansrc_link_report_at(struct link_ctx *c, enum diag_level level,
    const struct src_pos *pos, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(c, level, PW_NONE, pos, fmt, ap);
	va_end(ap);
}

void
plansrc_link_report(struct link_ctx *c, enum diag_level level,
    const struct plan_elem *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(c, level, PW_NONE, e ? &e->pos : NULL, fmt, ap);
	va_end(ap);
}

void
plansrc_link_warn_at(struct link_ctx *c, enum plan_warning wclass,
    const struct src_pos *pos, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(c, DIAG_WARNING, wclass, pos, fmt, ap);
	va_end(ap);
}

void
plansrc_link_warn(struct link_ctx *c, enum plan_warning wclass,
    const struct plan_elem *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(c, DIAG_WARNING, wclass, e ? &e->pos : NULL, fmt, ap);
	va_end(ap);
}

/* Element ids must be unique: by_id maps each to its model index. */
static void
index_ids(struct link_ctx *c)
{
	const struct plan_model *m = c->m;
	size_t i;

	for (i = 0; i <= (size_t)c->id_limit; i++)
		c->by_id[i] = -1;
	for (i = 0; i < m->nelem; i++) {
		const struct plan_elem *e = &m->elem[i];
		char who[96];

		c->type_index[i] = c->count[e->type]++;
		if (e->id < 1 || e->id > LINK_MAX_ID) {
			plansrc_link_describe(e, who, sizeof who);
			plansrc_link_report(c, DIAG_ERROR, e, "%s: id %ld is outside "
			    "1..65535", who, e->id);
		} else if (c->by_id[e->id] >= 0) {
			const struct plan_elem *f = &m->elem[c->by_id[e->id]];

			plansrc_link_describe(e, who, sizeof who);
			plansrc_link_report(c, DIAG_ERROR, e, "%s: id %ld is already "
			    "used by %s '%s'", who, e->id,
			    plan_type_word(f->type), f->name ? f->name : "");
		} else {
			c->by_id[e->id] = (int32_t)i;
		}
	}
}

static struct plan_ref
ref_to(const struct link_ctx *c, int32_t k)
{
	struct plan_ref r;

	if (k < 0) {
		r.type = PLAN_NO_TYPE;
		r.index = PLAN_NONE;
	} else {
		r.type = (uint8_t)c->m->elem[k].type;
		r.index = c->type_index[k];
	}
	return r;
}

static uint16_t
index_of(const struct link_ctx *c, int32_t k)
{
	return k < 0 ? PLAN_NONE : c->type_index[k];
}

static struct plan_releaser
releaser_of(const struct plan_elem *e)
{
	struct plan_releaser r;

	r.sense = (uint16_t)e->sense;
	r.cmp = (uint8_t)e->cmp;
	r.value = (int16_t)e->value;
	r.hysteresis = (int16_t)e->hysteresis;
	r.flex = (int16_t)e->flex;
	return r;
}

/* Fills record ti of e's type table. */
static void
put_record(const struct link_ctx *c, struct linked_plan *lp, size_t i)
{
	const struct plan_elem *e = &c->m->elem[i];
	uint16_t ti = c->type_index[i];
	uint8_t mon = (uint8_t)e->monitor;

	switch (e->type) {
	case PLAN_AP:
		lp->ap[ti].id = (uint16_t)e->id;
		lp->ap[ti].monitor = mon;
		break;
	case PLAN_APE:
		lp->ape[ti].id = (uint16_t)e->id;
		lp->ape[ti].parent = index_of(c, c->parent[i]);
		lp->ape[ti].child = ref_to(c, c->child[i]);
		lp->ape[ti].order = (uint16_t)e->priority;
		lp->ape[ti].monitor = mon;
		break;
	case PLAN_C:
		lp->comp[ti].id = (uint16_t)e->id;
		lp->comp[ti].use_or = (uint8_t)e->use_or;
		lp->comp[ti].monitor = mon;
		break;
	case PLAN_CE:
		lp->ce[ti].id = (uint16_t)e->id;
		lp->ce[ti].parent = index_of(c, c->parent[i]);
		lp->ce[ti].child = ref_to(c, c->child[i]);
		lp->ce[ti].priority = (uint16_t)e->priority;
		lp->ce[ti].retry = (uint8_t)e->retry;
		lp->ce[ti].rel = releaser_of(e);
		lp->ce[ti].monitor = mon;
		break;
	case PLAN_D:
		lp->drive[ti].id = (uint16_t)e->id;
		lp->drive[ti].child = ref_to(c, c->child[i]);
		lp->drive[ti].priority = (uint16_t)e->priority;
		lp->drive[ti].interval = (uint16_t)e->interval;
		lp->drive[ti].rel = releaser_of(e);
		lp->drive[ti].ramp_inc = (uint16_t)e->ramp_inc;
		lp->drive[ti].urgency = (uint16_t)e->urgency;
		lp->drive[ti].ramp_interval = (uint16_t)e->ramp_interval;
		lp->drive[ti].monitor = mon;
		break;
	case PLAN_A:
		lp->action[ti].id = (uint16_t)e->id;
		lp->action[ti].action = (uint16_t)e->action;
		lp->action[ti].value = (int16_t)e->action_value;
		lp->action[ti].monitor = mon;
		break;
	}
}

static int
by_label_id(const void *a, const void *b)
{
	const struct plan_label *x = *(const struct plan_label *const *)a;
	const struct plan_label *y = *(const struct plan_label *const *)b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* Name entries for labels, sorted by id. */
static size_t
put_label_names(const struct plan_label *l, size_t n, uint8_t kind,
    struct plan_name *out)
{
	const struct plan_label **v = malloc((n + 1) * sizeof *v);
	size_t i;

	if (v == NULL)
		return (size_t)-1;
	for (i = 0; i < n; i++)
		v[i] = &l[i];
	qsort(v, n, sizeof *v, by_label_id);
	for (i = 0; i < n; i++) {
		out[i].kind = kind;
		out[i].key = (uint16_t)v[i]->id;
		out[i].len = (uint8_t)strlen(v[i]->name);
		out[i].text = (const uint8_t *)v[i]->name;
	}
	free(v);
	return n;
}

static int
name_fits(struct link_ctx *c, const char *name, const struct src_pos *pos)
{
	size_t len = strlen(name);
	const unsigned char *s = (const unsigned char *)name;

	if (len == 0 || len > 255) {
		plansrc_link_report_at(c, DIAG_ERROR, pos, "name '%.40s%s' must be 1 "
		    "to 255 bytes long", name, len > 40 ? "..." : "");
		return 0;
	}
	for (; *s; s++)
		if (*s < 0x20 || *s == 0x7f) {
			plansrc_link_report_at(c, DIAG_ERROR, pos, "name '%.40s' "
			    "contains a control character", name);
			return 0;
		}
	return 1;
}

/* The name table: elements by (type, index), then senses and actions. */
static int
put_names(struct link_ctx *c, struct linked_plan *lp)
{
	const struct plan_model *m = c->m;
	size_t i, n = 0, got;
	int t;

	lp->names = calloc(m->nelem + m->nsense + m->naction + 1,
	    sizeof *lp->names);
	if (lp->names == NULL)
		return -1;
	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < m->nelem; i++) {
			const struct plan_elem *e = &m->elem[i];

			if (e->type != t || e->name == NULL ||
			    !name_fits(c, e->name, &e->pos))
				continue;
			lp->names[n].kind = (uint8_t)t;
			lp->names[n].key = c->type_index[i];
			lp->names[n].len = (uint8_t)strlen(e->name);
			lp->names[n++].text = (const uint8_t *)e->name;
		}
	for (i = 0; i < m->nsense; i++)
		name_fits(c, m->sense[i].name, &m->sense[i].pos);
	for (i = 0; i < m->naction; i++)
		name_fits(c, m->action[i].name, &m->action[i].pos);
	if ((got = put_label_names(m->sense, m->nsense, PLAN_NAME_SENSE,
	    lp->names + n)) == (size_t)-1)
		return -1;
	n += got;
	if ((got = put_label_names(m->action, m->naction, PLAN_NAME_ACTION,
	    lp->names + n)) == (size_t)-1)
		return -1;
	lp->spec.names = lp->names;
	lp->spec.nnames = (uint32_t)(n + got);
	return 0;
}

static int
build(struct link_ctx *c, struct linked_plan *lp)
{
	struct plan_spec *s = &lp->spec;
	size_t i;
	int t;

	lp->ap = calloc(c->count[PLAN_AP] + 1, sizeof *lp->ap);
	lp->ape = calloc(c->count[PLAN_APE] + 1, sizeof *lp->ape);
	lp->comp = calloc(c->count[PLAN_C] + 1, sizeof *lp->comp);
	lp->ce = calloc(c->count[PLAN_CE] + 1, sizeof *lp->ce);
	lp->drive = calloc(c->count[PLAN_D] + 1, sizeof *lp->drive);
	lp->action = calloc(c->count[PLAN_A] + 1, sizeof *lp->action);
	if (!lp->ap || !lp->ape || !lp->comp || !lp->ce || !lp->drive ||
	    !lp->action)
		return -1;
	for (i = 0; i < c->m->nelem; i++)
		put_record(c, lp, i);
	s->id_width = (uint8_t)c->width;
	s->flags = c->o->allow_recursion ? PLAN_F_RECURSION : 0;
	s->global_monitor = (uint8_t)(c->m->global_monitor & PLAN_MON_ALL);
	for (t = 0; t < PLAN_NTYPES; t++)
		s->count[t] = c->count[t];
	s->ap = lp->ap;
	s->ape = lp->ape;
	s->comp = lp->comp;
	s->ce = lp->ce;
	s->drive = lp->drive;
	s->action = lp->action;
	if (c->o->strip_names)
		return 0;
	return put_names(c, lp);
}

int
plansrc_plan_link(const struct plan_model *m, const struct link_options *o,
    struct diag *d, struct linked_plan *out)
{
	struct link_options eff = *o;
	struct link_ctx c;
	size_t n = m->nelem + 1, k;
	int rc = -1;

	/* the command line overrides the width; flags add up */
	if (eff.id_width == 0)
		eff.id_width = m->id_width;
	eff.allow_recursion |= m->allow_recursion;
	eff.strip_names |= m->strip_names;
	memset(out, 0, sizeof *out);
	if (m->nelem > LINK_MAX_ID) {
		diag_error(d, 0, 0, "%zu elements: a plan holds at most %ld",
		    m->nelem, LINK_MAX_ID);
		return -1;
	}
	memset(&c, 0, sizeof c);
	c.m = m;
	c.o = &eff;
	c.d = d;
	/* by_id only as large as the ids: small plans stay cheap */
	for (k = 0; k < m->nelem; k++)
		if (m->elem[k].id > c.id_limit && m->elem[k].id <= LINK_MAX_ID)
			c.id_limit = m->elem[k].id;
	c.by_id = malloc((size_t)(c.id_limit + 1) * sizeof *c.by_id);
	c.type_index = malloc(n * sizeof *c.type_index);
	c.child = malloc(n * sizeof *c.child);
	c.parent = malloc(n * sizeof *c.parent);
	c.first_member = malloc(n * sizeof *c.first_member);
	c.next_member = malloc(n * sizeof *c.next_member);
	if (!c.by_id || !c.type_index || !c.child || !c.parent ||
	    !c.first_member || !c.next_member) {
		diag_error(d, 0, 0, "out of memory");
		goto out;
	}
	if (m->global_monitor < 0 || m->global_monitor > PLAN_MON_ALL)
		diag_error(d, 0, 0, "global monitor flags %ld are outside "
		    "0..63", m->global_monitor);
	index_ids(&c);
	plansrc_link_check_names(&c);
	plansrc_link_resolve(&c);
	plansrc_link_check_shape(&c);
	plansrc_link_check_recursion(&c);
	plansrc_link_check_labels(&c);
	plansrc_link_check_ranges(&c);
	if (diag_failed(d))
		goto out;
	if (build(&c, out) < 0)
		diag_error(d, 0, 0, "out of memory");
	else
		rc = diag_failed(d) ? -1 : 0;
out:
	free(c.by_id);
	free(c.type_index);
	free(c.child);
	free(c.parent);
	free(c.first_member);
	free(c.next_member);
	if (rc != 0)
		plansrc_linked_plan_free(out);
	return rc;
}

void
plansrc_linked_plan_free(struct linked_plan *lp)
{
	free(lp->ap);
	free(lp->ape);
	free(lp->comp);
	free(lp->ce);
	free(lp->drive);
	free(lp->action);
	free(lp->names);
	memset(lp, 0, sizeof *lp);
}
