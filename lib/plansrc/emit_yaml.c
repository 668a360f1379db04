/*
 * emit_yaml.c - a plan as YAML (plancc -d).  The output compiles back to
 * the same bytes: ids are written where document order would not give
 * them, competence elements and steps are nested in their parents when the
 * record order allows it and listed flat otherwise, and every phrase is
 * parsed back before it is trusted.  plan-yaml(5) is the schema.
 */
#include <stdlib.h>
#include <string.h>

#include "plan/vocab.h"
#include "plansrc/emit.h"
#include "plansrc/expr.h"
#include "plansrc/model.h"
#include "plansrc/view.h"
#include "yaml/ywrite.h"

struct ywriter {
	FILE *fp;
	const struct plan *p;
	struct plan_view v;
	const struct emit_options *o;
	long *number[PLAN_NTYPES];	/* document position, from 1 */
	uint16_t *order[PLAN_NTYPES];	/* records in the order written */
	int nested_ce, nested_ape;	/* elements inside their parents */
	int names;			/* the plan has a name table */
};

/* --- order and numbering -------------------------------------------------- */

/* Members grouped by parent in table order, none without a parent? */
static int
list_in_table_order(const struct plan *p, int member)
{
	uint16_t (*at)(const struct plan *, uint16_t) = member == PLAN_CE ?
	    plan_ce_at : plan_ape_at;
	uint16_t k, n = p->count[member];

	for (k = 0; k < n; k++) {
		if (member == PLAN_CE) {
			struct plan_ce e;

			plan_get_ce(p, k, &e);
			if (e.parent == PLAN_NONE)
				return 0;
		} else {
			struct plan_ape e;

			plan_get_ape(p, k, &e);
			if (e.parent == PLAN_NONE)
				return 0;
		}
		if (at(p, k) != k)
			return 0;
	}
	return 1;
}

/* order[t]: table order, or id order with --sort. */
static int
set_order(struct ywriter *w, int t)
{
	uint16_t i, n = w->p->count[t];
	struct view_key *k;

	if ((w->order[t] = calloc((size_t)n + 1, sizeof *w->order[t])) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		w->order[t][i] = i;
	if (!w->o->sort_by_id)
		return 0;
	if ((k = calloc((size_t)n + 1, sizeof *k)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		k[i].key = plan_id(w->p, (uint8_t)t, i);
		k[i].index = i;
	}
	plansrc_view_sort(k, n, 0);
	for (i = 0; i < n; i++)
		w->order[t][i] = k[i].index;
	free(k);
	return 0;
}

static void
number_members(struct ywriter *w, int member, uint16_t first,
    uint16_t count, long *pos)
{
	uint16_t k;

	for (k = first; k < first + count; k++)
		w->number[member][member == PLAN_CE ? plan_ce_at(w->p, k) :
		    plan_ape_at(w->p, k)] = ++*pos;
}

/*
 * The position each element will have in the document, which is the id
 * the YAML reader gives it when no id: is written.
 */
static void
number_elements(struct ywriter *w)
{
	const struct plan *p = w->p;
	long pos = 0;
	uint16_t i;

	for (i = 0; i < p->count[PLAN_D]; i++)
		w->number[PLAN_D][w->order[PLAN_D][i]] = ++pos;
	for (i = 0; i < p->count[PLAN_C]; i++) {
		struct plan_comp c;

		plan_get_comp(p, w->order[PLAN_C][i], &c);
		w->number[PLAN_C][w->order[PLAN_C][i]] = ++pos;
		if (w->nested_ce)
			number_members(w, PLAN_CE, c.first, c.count, &pos);
	}
	for (i = 0; !w->nested_ce && i < p->count[PLAN_CE]; i++)
		w->number[PLAN_CE][w->order[PLAN_CE][i]] = ++pos;
	for (i = 0; i < p->count[PLAN_AP]; i++) {
		struct plan_ap a;

		plan_get_ap(p, w->order[PLAN_AP][i], &a);
		w->number[PLAN_AP][w->order[PLAN_AP][i]] = ++pos;
		if (w->nested_ape)
			number_members(w, PLAN_APE, a.first, a.count, &pos);
	}
	for (i = 0; !w->nested_ape && i < p->count[PLAN_APE]; i++)
		w->number[PLAN_APE][w->order[PLAN_APE][i]] = ++pos;
	for (i = 0; i < p->count[PLAN_A]; i++)
		w->number[PLAN_A][w->order[PLAN_A][i]] = ++pos;
}

/* --- small pieces --------------------------------------------------------- */

static void
indent(struct ywriter *w, int level)
{
	while (level-- > 0)
		fputs("  ", w->fp);
}

static int
needs_id(const struct ywriter *w, int t, uint16_t i)
{
	return w->o->sort_by_id ||
	    w->number[t][i] != (long)plan_id(w->p, (uint8_t)t, i);
}

static int
needs_unnamed(const struct ywriter *w, int t, uint16_t i)
{
	return w->names && !w->v.named[t][i];
}

static void
put_monitor(struct ywriter *w, unsigned bits)
{
	int i, first = 1;

	if (bits == PLAN_MON_ALL) {
		fputs("all", w->fp);
		return;
	}
	fputc('[', w->fp);
	for (i = 0; i < 6; i++)
		if (bits & (1u << i)) {
			fprintf(w->fp, "%s%s", first ? "" : ", ",
			    plan_event_word((uint8_t)i));
			first = 0;
		}
	fputc(']', w->fp);
}

/* "key: value" on its own line; the value is a number. */
static void
put_number(struct ywriter *w, int level, const char *key, long v)
{
	indent(w, level);
	fprintf(w->fp, "%s: %ld\n", key, v);
}

static void
put_key(struct ywriter *w, int level, const char *name)
{
	indent(w, level);
	ywrite_scalar(w->fp, name, YS_NAME);
	fputs(":\n", w->fp);
}

/* id:, unnamed: and monitor: lines, as needed. */
static void
put_identity(struct ywriter *w, int level, int t, uint16_t i)
{
	if (needs_id(w, t, i))
		put_number(w, level, "id", plan_id(w->p, (uint8_t)t, i));
	if (needs_unnamed(w, t, i)) {
		indent(w, level);
		fputs("unnamed: true\n", w->fp);
	}
}

static void
put_monitor_line(struct ywriter *w, int level, unsigned bits)
{
	if (bits == 0)
		return;
	indent(w, level);
	fputs("monitor: ", w->fp);
	put_monitor(w, bits);
	fputc('\n', w->fp);
}

static void
put_child(struct ywriter *w, int level, const struct plan_ref *r)
{
	const char *child = plansrc_view_child(&w->v, r);

	if (child == NULL)
		return;
	indent(w, level);
	fputs("do: ", w->fp);
	ywrite_scalar(w->fp, child, YS_NAME);
	fputc('\n', w->fp);
}

/* Would a plain number n in a phrase be read as a declared name? */
static int
shadowed(const struct view_label *l, size_t count, uint16_t n)
{
	char num[8];
	size_t i;

	snprintf(num, sizeof num, "%u", (unsigned)n);
	for (i = 0; i < count; i++)
		if (strcmp(l[i].name, num) == 0)
			return 1;
	return 0;
}

/* when: as a phrase if it reads back the same, else as a mapping. */
static void
put_when(struct ywriter *w, int level, const struct plan_releaser *r)
{
	const char *name = plansrc_view_sense(&w->v, r->sense);
	struct when_expr e, back;
	char text[EXPR_NAME_MAX + 40];
	const char *why;
	int ok;

	memset(&e, 0, sizeof e);
	e.cmp = r->cmp;
	e.value = r->value;
	if (name)
		snprintf(e.sense, sizeof e.sense, "%s", name);
	else if (!(r->sense == 0 && r->value == 0 && r->cmp >= PLAN_TR))
		snprintf(e.sense, sizeof e.sense, "%u", (unsigned)r->sense);
	ok = (name || !shadowed(w->v.sense, w->v.nsense, r->sense)) &&
	    plansrc_when_format(&e, text, sizeof text) > 0 &&
	    plansrc_when_parse(text, &back, &why) == 0 &&
	    strcmp(back.sense, e.sense) == 0 && back.cmp == e.cmp &&
	    back.value == e.value;
	indent(w, level);
	fputs("when: ", w->fp);
	if (ok) {
		ywrite_scalar(w->fp, text, YS_PHRASE);
	} else {
		fputs("{sense: ", w->fp);
		if (name)
			ywrite_scalar(w->fp, name, YS_NAME);
		else
			fprintf(w->fp, "%u", (unsigned)r->sense);
		fprintf(w->fp, ", compare: %s, value: %d}", plan_cmp_word(r->cmp),
		    (int)r->value);
	}
	fputc('\n', w->fp);
}

static void
put_releaser(struct ywriter *w, int level, const struct plan_releaser *r)
{
	put_when(w, level, r);
	if (r->hysteresis != 1)
		put_number(w, level, "hysteresis", r->hysteresis);
	if (r->flex != 0)
		put_number(w, level, "flex", r->flex);
}

/* --- elements ------------------------------------------------------------- */

static void
put_drive(struct ywriter *w, uint16_t i)
{
	struct plan_drive r;

	plan_get_drive(w->p, i, &r);
	put_key(w, 1, w->v.label[PLAN_D][i]);
	put_identity(w, 2, PLAN_D, i);
	put_number(w, 2, "priority", r.priority);
	put_releaser(w, 2, &r.rel);
	if (r.interval)
		put_number(w, 2, "interval", r.interval);
	if (r.ramp_inc)
		put_number(w, 2, "ramp_increment", r.ramp_inc);
	if (r.ramp_interval)
		put_number(w, 2, "ramp_interval", r.ramp_interval);
	if (r.urgency)
		put_number(w, 2, "urgency", r.urgency);
	put_child(w, 2, &r.child);
	put_monitor_line(w, 2, r.monitor);
}

/* A competence element at `level`; flat ones name their competence. */
static void
put_ce(struct ywriter *w, int level, uint16_t i, int flat)
{
	struct plan_ce r;

	plan_get_ce(w->p, i, &r);
	put_key(w, level, w->v.label[PLAN_CE][i]);
	put_identity(w, level + 1, PLAN_CE, i);
	if (flat && r.parent != PLAN_NONE) {
		indent(w, level + 1);
		fputs("competence: ", w->fp);
		ywrite_scalar(w->fp, w->v.label[PLAN_C][r.parent], YS_NAME);
		fputc('\n', w->fp);
	}
	put_number(w, level + 1, "priority", r.priority);
	put_releaser(w, level + 1, &r.rel);
	if (r.retry)
		put_number(w, level + 1, "retries", r.retry);
	put_child(w, level + 1, &r.child);
	put_monitor_line(w, level + 1, r.monitor);
}

static void
put_competence(struct ywriter *w, uint16_t i)
{
	struct plan_comp r;
	uint16_t k;

	plan_get_comp(w->p, i, &r);
	put_key(w, 1, w->v.label[PLAN_C][i]);
	put_identity(w, 2, PLAN_C, i);
	indent(w, 2);
	fprintf(w->fp, "mode: %s\n", r.use_or ? "or" : "and");
	put_monitor_line(w, 2, r.monitor);
	if (!w->nested_ce || r.count == 0)
		return;
	indent(w, 2);
	fputs("elements:\n", w->fp);
	for (k = r.first; k < r.first + r.count; k++)
		put_ce(w, 3, plan_ce_at(w->p, k), 0);
}

/* Can step i be written as just its child's name? */
static int
bare_step(const struct ywriter *w, uint16_t i)
{
	struct plan_ape r;

	plan_get_ape(w->p, i, &r);
	return !w->v.named[PLAN_APE][i] && !needs_id(w, PLAN_APE, i) &&
	    r.order == 1 && r.monitor == 0 && r.child.type != PLAN_NO_TYPE;
}

static void
put_step(struct ywriter *w, uint16_t i, int flat)
{
	struct plan_ape r;
	const char *child;

	plan_get_ape(w->p, i, &r);
	child = plansrc_view_child(&w->v, &r.child);
	if (!flat && bare_step(w, i)) {
		ywrite_scalar(w->fp, child, YS_NAME);
		return;
	}
	fputc('{', w->fp);
	if (w->v.named[PLAN_APE][i]) {
		fputs("name: ", w->fp);
		ywrite_scalar(w->fp, w->v.label[PLAN_APE][i], YS_NAME);
		fputs(", ", w->fp);
	}
	if (needs_id(w, PLAN_APE, i))
		fprintf(w->fp, "id: %u, ", (unsigned)r.id);
	if (flat && r.parent != PLAN_NONE) {
		fputs("pattern: ", w->fp);
		ywrite_scalar(w->fp, w->v.label[PLAN_AP][r.parent], YS_NAME);
		fputs(", ", w->fp);
	}
	if (child) {
		fputs("do: ", w->fp);
		ywrite_scalar(w->fp, child, YS_NAME);
		fputs(", ", w->fp);
	}
	if (r.monitor) {
		fputs("monitor: ", w->fp);
		put_monitor(w, r.monitor);
		fputs(", ", w->fp);
	}
	fprintf(w->fp, "order: %u}", (unsigned)r.order);
}

static void
put_pattern(struct ywriter *w, uint16_t i)
{
	struct plan_ap r;
	uint16_t k;
	int simple;

	plan_get_ap(w->p, i, &r);
	simple = w->nested_ape && !needs_id(w, PLAN_AP, i) &&
	    !needs_unnamed(w, PLAN_AP, i) && r.monitor == 0;
	for (k = r.first; simple && k < r.first + r.count; k++)
		simple = bare_step(w, plan_ape_at(w->p, k));
	indent(w, 1);
	ywrite_scalar(w->fp, w->v.label[PLAN_AP][i], YS_NAME);
	if (simple) {		/* Name: [A, B, C] */
		fputs(": [", w->fp);
		for (k = r.first; k < r.first + r.count; k++) {
			fputs(k > r.first ? ", " : "", w->fp);
			put_step(w, plan_ape_at(w->p, k), 0);
		}
		fputs("]\n", w->fp);
		return;
	}
	fputs(":\n", w->fp);
	put_identity(w, 2, PLAN_AP, i);
	put_monitor_line(w, 2, r.monitor);
	if (!w->nested_ape || r.count == 0)
		return;
	indent(w, 2);
	fputs("steps:\n", w->fp);
	for (k = r.first; k < r.first + r.count; k++) {
		indent(w, 3);
		fputs("- ", w->fp);
		put_step(w, plan_ape_at(w->p, k), 0);
		fputc('\n', w->fp);
	}
}

/* An act as "Action value" if that reads back the same, else a mapping. */
static void
put_act(struct ywriter *w, uint16_t i)
{
	struct plan_action r;
	const char *name;
	struct act_expr back;
	char text[EXPR_NAME_MAX + 20], num[8];
	const char *why;
	int ok;

	plan_get_action(w->p, i, &r);
	name = plansrc_view_action(&w->v, r.action);
	snprintf(num, sizeof num, "%u", (unsigned)r.action);
	snprintf(text, sizeof text, "%s %d", name ? name : num, (int)r.value);
	ok = !needs_id(w, PLAN_A, i) && !needs_unnamed(w, PLAN_A, i) &&
	    r.monitor == 0 &&
	    (name || !shadowed(w->v.action, w->v.naction, r.action)) &&
	    plansrc_act_parse(text, &back, &why) == 0 && back.has_value &&
	    back.value == r.value &&
	    strcmp(back.action, name ? name : num) == 0;
	indent(w, 1);
	ywrite_scalar(w->fp, w->v.label[PLAN_A][i], YS_NAME);
	fputc(':', w->fp);
	if (ok) {
		fputc(' ', w->fp);
		ywrite_scalar(w->fp, text, YS_PHRASE);
		fputc('\n', w->fp);
		return;
	}
	fputc('\n', w->fp);
	put_identity(w, 2, PLAN_A, i);
	indent(w, 2);
	fputs("action: ", w->fp);
	if (name)
		ywrite_scalar(w->fp, name, YS_NAME);
	else
		fputs(num, w->fp);
	fputc('\n', w->fp);
	put_number(w, 2, "value", r.value);
	put_monitor_line(w, 2, r.monitor);
}

/* --- the document --------------------------------------------------------- */

static int
wide_field(uint16_t v)
{
	return v > 255;
}

/* A CE's hysteresis or flex: plancc widens for it outside 0..255. */
static int
wide_latch(int16_t v)
{
	return v < 0 || v > 255;
}

/* Would plancc choose 16-bit ids for this plan by itself? */
static int
needs_wide(const struct plan *p)
{
	struct plan_name n;
	uint32_t pos = 0, total = 0;
	uint16_t i;
	int t, wide = 0;

	for (t = 0; t < PLAN_NTYPES; t++) {
		total += p->count[t];
		for (i = 0; i < p->count[t]; i++)
			wide |= wide_field(plan_id(p, (uint8_t)t, i));
	}
	for (i = 0; i < p->count[PLAN_APE]; i++) {
		struct plan_ape r;

		plan_get_ape(p, i, &r);
		wide |= wide_field(r.order);
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce r;

		plan_get_ce(p, i, &r);
		wide |= wide_field(r.priority) | wide_field(r.rel.sense) |
		    wide_latch(r.rel.hysteresis) | wide_latch(r.rel.flex);
	}
	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive r;

		plan_get_drive(p, i, &r);
		wide |= wide_field(r.priority) | wide_field(r.rel.sense) |
		    wide_field(r.ramp_inc) | wide_field(r.urgency) |
		    wide_field(r.ramp_interval);
	}
	for (i = 0; i < p->count[PLAN_A]; i++) {
		struct plan_action r;

		plan_get_action(p, i, &r);
		wide |= wide_field(r.action);
	}
	while (plan_next_name(p, &pos, &n))
		wide |= n.kind >= PLAN_NTYPES && wide_field(n.key);
	return wide || total > 255;
}

static void
put_settings(struct ywriter *w)
{
	const struct plan *p = w->p;
	int auto16 = needs_wide(p);
	/* the width plancc would not choose by itself; an 8-bit plan it
	   would widen (a CE hysteresis above 255) then stays 8-bit, and
	   plancc says why it cannot compile it */
	int wide = p->id_width == 2 && !auto16;
	int narrow = p->id_width == 1 && auto16;

	if (!wide && !narrow && w->names && !(p->flags & PLAN_F_RECURSION) &&
	    p->global_monitor == 0)
		return;
	fputs("plan:\n", w->fp);
	if (wide || narrow)
		fprintf(w->fp, "  id_width: %d\n", wide ? 16 : 8);
	if (!w->names)
		fputs("  names: false\n", w->fp);
	if (p->flags & PLAN_F_RECURSION)
		fputs("  allow_recursion: true\n", w->fp);
	put_monitor_line(w, 1, p->global_monitor);
	fputc('\n', w->fp);
}

static void
put_labels(struct ywriter *w, const char *section,
    const struct view_label *l, size_t n)
{
	size_t i;

	if (n == 0)
		return;
	fprintf(w->fp, "%s:\n", section);
	for (i = 0; i < n; i++) {
		indent(w, 1);
		ywrite_scalar(w->fp, l[i].name, YS_NAME);
		fprintf(w->fp, ": %u\n", (unsigned)l[i].id);
	}
	fputc('\n', w->fp);
}

static void
put_sections(struct ywriter *w)
{
	const struct plan *p = w->p;
	uint16_t i;

	put_settings(w);
	put_labels(w, "senses", w->v.sense, w->v.nsense);
	put_labels(w, "actions", w->v.action, w->v.naction);
	if (p->count[PLAN_D])
		fputs("drives:\n", w->fp);
	for (i = 0; i < p->count[PLAN_D]; i++)
		put_drive(w, w->order[PLAN_D][i]);
	if (p->count[PLAN_C])
		fputs(p->count[PLAN_D] ? "\ncompetences:\n" : "competences:\n",
		    w->fp);
	for (i = 0; i < p->count[PLAN_C]; i++)
		put_competence(w, w->order[PLAN_C][i]);
	if (!w->nested_ce && p->count[PLAN_CE])
		fputs("\ncompetence_elements:\n", w->fp);
	for (i = 0; !w->nested_ce && i < p->count[PLAN_CE]; i++)
		put_ce(w, 1, w->order[PLAN_CE][i], 1);
	if (p->count[PLAN_AP])
		fputs("\npatterns:\n", w->fp);
	for (i = 0; i < p->count[PLAN_AP]; i++)
		put_pattern(w, w->order[PLAN_AP][i]);
	if (!w->nested_ape && p->count[PLAN_APE])
		fputs("\npattern_elements:\n", w->fp);
	for (i = 0; !w->nested_ape && i < p->count[PLAN_APE]; i++) {
		fputs("  - ", w->fp);
		put_step(w, w->order[PLAN_APE][i], 1);
		fputc('\n', w->fp);
	}
	if (p->count[PLAN_A])
		fputs("\nacts:\n", w->fp);
	for (i = 0; i < p->count[PLAN_A]; i++)
		put_act(w, w->order[PLAN_A][i]);
}

/* Every name must be UTF-8, or YAML cannot carry it. */
static int
names_fit_yaml(const struct ywriter *w, struct diag *d)
{
	size_t i;
	uint16_t k;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		for (k = 0; k < w->p->count[t]; k++)
			if (!plansrc_view_utf8_ok(w->v.label[t][k])) {
				diag_error(d, 0, 0, "the name of %s #%u is not "
				    "UTF-8 text: YAML cannot hold it (use "
				    "--emit inst)", plan_type_word(t),
				    (unsigned)plan_id(w->p, (uint8_t)t, k));
				return 0;
			}
	for (i = 0; i < w->v.nsense + w->v.naction; i++) {
		const struct view_label *l = i < w->v.nsense ?
		    &w->v.sense[i] : &w->v.action[i - w->v.nsense];

		if (!plansrc_view_utf8_ok(l->name)) {
			diag_error(d, 0, 0, "the name of %s %u is not UTF-8 "
			    "text: YAML cannot hold it (use --emit inst)",
			    i < w->v.nsense ? "sense" : "action",
			    (unsigned)l->id);
			return 0;
		}
	}
	return 1;
}

int
plansrc_emit_yaml(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d)
{
	struct ywriter w;
	uint32_t total = 0;
	int t, rc = -1;

	memset(&w, 0, sizeof w);
	w.fp = fp;
	w.p = p;
	w.o = o;
	w.names = (p->flags & PLAN_F_NAMES) != 0;
	if (plansrc_view_open(&w.v, p) < 0)
		goto nomem;
	for (t = 0; t < PLAN_NTYPES; t++) {
		total += p->count[t];
		w.number[t] = calloc((size_t)p->count[t] + 1,
		    sizeof *w.number[t]);
		if (w.number[t] == NULL || set_order(&w, t) < 0)
			goto nomem;
	}
	if (!names_fit_yaml(&w, d))
		goto out;
	w.nested_ce = !o->sort_by_id && list_in_table_order(p, PLAN_CE);
	w.nested_ape = !o->sort_by_id && list_in_table_order(p, PLAN_APE);
	number_elements(&w);
	fprintf(fp, "# %s%s %s: %lu elements, %d-bit ids%s\n",
	    o->command ? o->command : "plancc -d",
	    o->sort_by_id ? " --sort" : "", o->source ? o->source : "-",
	    (unsigned long)total, 8 * p->id_width,
	    o->sort_by_id ? ", listed by id" : "");
	fputs("# (the YAML plan format is described in plan-yaml(5))\n\n",
	    fp);
	put_sections(&w);
	rc = 0;
	goto out;
nomem:
	diag_error(d, 0, 0, "out of memory");
out:
	for (t = 0; t < PLAN_NTYPES; t++) {
		free(w.number[t]);
		free(w.order[t]);
	}
	plansrc_view_free(&w.v);
	return rc;
}
