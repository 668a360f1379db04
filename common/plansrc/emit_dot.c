/*
 * emit_dot.c - a plan as a Graphviz graph (--emit dot): drives on the top
 * rank, one shape per element type, releasers and priorities in the
 * labels, member edges (competence -> element, pattern -> step) dashed and
 * child edges solid.  plancc robot.yaml --emit dot | dot -Tpng > plan.png
 */
#include <stdlib.h>
#include <string.h>

#include "plan/vocab.h"
#include "plansrc/emit.h"
#include "plansrc/expr.h"
#include "plansrc/model.h"
#include "plansrc/view.h"

static const struct {
	const char *shape, *style, *fill;
} look[PLAN_NTYPES] = {
	{ "component", "filled", "#fff2cc" },		/* AP */
	{ "ellipse", "filled", "#fffaf0" },		/* APE */
	{ "hexagon", "filled", "#d9ead3" },		/* C */
	{ "diamond", "filled", "#eef7ea" },		/* CE */
	{ "house", "filled", "#f4cccc" },		/* D */
	{ "box", "rounded,filled", "#cfe2f3" },		/* A */
};

/* Text inside a DOT string: quotes and backslashes escaped, non-UTF-8
 * bytes replaced. */
static void
put_text(FILE *fp, const char *s)
{
	if (!view_utf8_ok(s)) {
		for (; *s; s++)
			fputc((unsigned char)*s >= 0x80 ? '?' : *s, fp);
		return;
	}
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', fp);
		fputc(*s, fp);
	}
}

static void
put_releaser(FILE *fp, const struct plan_view *v,
    const struct plan_releaser *r)
{
	const char *name = view_sense(v, r->sense);
	struct when_expr e;
	char text[EXPR_NAME_MAX + 40];

	memset(&e, 0, sizeof e);
	e.cmp = r->cmp;
	e.value = r->value;
	if (name)
		snprintf(e.sense, sizeof e.sense, "%s", name);
	else if (!(r->sense == 0 && r->value == 0 && r->cmp >= PLAN_TR))
		snprintf(e.sense, sizeof e.sense, "sense %u",
		    (unsigned)r->sense);
	if (when_format(&e, text, sizeof text) > 0) {
		fputs("\\n", fp);
		put_text(fp, text);
	}
}

/* A node's first label line: its name; unnamed steps get none. */
static void
node_start(FILE *fp, const struct plan_view *v, int t, uint16_t i)
{
	fprintf(fp, "\t%s%u [shape=%s, style=\"%s\", fillcolor=\"%s\", "
	    "label=\"", plan_type_tag(t), (unsigned)i, look[t].shape,
	    look[t].style, look[t].fill);
	if (t != PLAN_APE || v->named[t][i])
		put_text(fp, v->label[t][i]);
	else
		fputs("step", fp);
}

static void
put_nodes(FILE *fp, const struct plan *p, const struct plan_view *v,
    const uint16_t *seq)
{
	uint16_t i;

	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive r;

		plan_get_drive(p, i, &r);
		node_start(fp, v, PLAN_D, i);
		fprintf(fp, "\\npriority %u", (unsigned)r.priority);
		put_releaser(fp, v, &r.rel);
		fputs("\"];\n", fp);
	}
	for (i = 0; i < p->count[PLAN_C]; i++) {
		struct plan_comp r;

		plan_get_comp(p, i, &r);
		node_start(fp, v, PLAN_C, i);
		fprintf(fp, "\\n%s\"];\n", r.use_or ? "OR" : "AND");
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce r;

		plan_get_ce(p, i, &r);
		node_start(fp, v, PLAN_CE, i);
		fprintf(fp, "\\npriority %u", (unsigned)r.priority);
		put_releaser(fp, v, &r.rel);
		if (r.retry)
			fprintf(fp, "\\nretries %u", (unsigned)r.retry);
		fputs("\"];\n", fp);
	}
	for (i = 0; i < p->count[PLAN_AP]; i++) {
		node_start(fp, v, PLAN_AP, i);
		fputs("\"];\n", fp);
	}
	for (i = 0; i < p->count[PLAN_APE]; i++) {
		struct plan_ape r;

		plan_get_ape(p, i, &r);
		node_start(fp, v, PLAN_APE, i);
		if (seq[i])
			fprintf(fp, "%s%u", v->named[PLAN_APE][i] ? "\\nstep " :
			    " ", (unsigned)seq[i]);
		fprintf(fp, "\\norder %u\"];\n", (unsigned)r.order);
	}
	for (i = 0; i < p->count[PLAN_A]; i++) {
		struct plan_action r;
		const char *name;

		plan_get_action(p, i, &r);
		node_start(fp, v, PLAN_A, i);
		fputs("\\n", fp);
		if ((name = view_action(v, r.action)) != NULL)
			put_text(fp, name);
		else
			fprintf(fp, "action %u", (unsigned)r.action);
		fprintf(fp, " %d\"];\n", (int)r.value);
	}
}

static void
child_edge(FILE *fp, int t, uint16_t i, const struct plan_ref *r)
{
	if (r->type == PLAN_NO_TYPE)
		return;
	fprintf(fp, "\t%s%u -> %s%u;\n", plan_type_tag(t), (unsigned)i,
	    plan_type_tag(r->type), (unsigned)r->index);
}

/*
 * Each pattern's steps in the order they run (by order, ties in record
 * order): seq[ape] = 1, 2, ...; *runs lists them pattern by pattern.
 */
static void
run_order(const struct plan *p, uint16_t *seq, struct view_key *runs)
{
	uint16_t i, k, n = 0;

	for (i = 0; i < p->count[PLAN_AP]; i++) {
		struct plan_ap a;
		struct view_key *s = runs + n;

		plan_get_ap(p, i, &a);
		for (k = 0; k < a.count; k++) {
			struct plan_ape r;

			s[k].index = plan_ape_at(p, (uint16_t)(a.first + k));
			plan_get_ape(p, s[k].index, &r);
			s[k].key = r.order;
		}
		view_sort(s, a.count, 0);
		for (k = 0; k < a.count; k++)
			seq[s[k].index] = (uint16_t)(k + 1);
		n = (uint16_t)(n + a.count);
	}
}

/* Each competence's elements by priority, competence by competence. */
static void
priority_order(const struct plan *p, struct view_key *ces)
{
	uint16_t i, k;

	for (i = 0; i < p->count[PLAN_C]; i++) {
		struct plan_comp c;

		plan_get_comp(p, i, &c);
		for (k = 0; k < c.count; k++) {
			struct plan_ce r;
			struct view_key *s = &ces[c.first + k];

			s->index = plan_ce_at(p, (uint16_t)(c.first + k));
			plan_get_ce(p, s->index, &r);
			s->key = r.priority;
		}
		view_sort(ces + c.first, c.count, 1);
	}
}

/* Drives on the top rank, highest priority on the left. */
static int
put_drive_rank(FILE *fp, const struct plan *p)
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
	view_sort(v, p->count[PLAN_D], 1);
	fputs("\t{ rank=source;", fp);
	for (i = 0; i < p->count[PLAN_D]; i++)
		fprintf(fp, " D%u;", (unsigned)v[i].index);
	for (i = 1; i < p->count[PLAN_D]; i++)
		fprintf(fp, " D%u -> D%u [style=invis];",
		    (unsigned)v[i - 1].index, (unsigned)v[i].index);
	fputs(" }\n", fp);
	free(v);
	return 0;
}

static void
put_edges(FILE *fp, const struct plan *p, const struct view_key *runs,
    const struct view_key *ces)
{
	uint16_t i, k, n = 0;

	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive r;

		plan_get_drive(p, i, &r);
		child_edge(fp, PLAN_D, i, &r.child);
	}
	for (i = 0; i < p->count[PLAN_C]; i++) {
		struct plan_comp c;

		plan_get_comp(p, i, &c);
		for (k = 0; k < c.count; k++)
			fprintf(fp, "\tC%u -> CE%u [style=dashed];\n",
			    (unsigned)i, (unsigned)ces[c.first + k].index);
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce r;

		plan_get_ce(p, i, &r);
		child_edge(fp, PLAN_CE, i, &r.child);
	}
	for (i = 0; i < p->count[PLAN_AP]; i++) {
		struct plan_ap a;

		plan_get_ap(p, i, &a);
		for (k = 0; k < a.count; k++)	/* left to right as they run */
			fprintf(fp, "\tAP%u -> APE%u [style=dashed];\n",
			    (unsigned)i, (unsigned)runs[n + k].index);
		n = (uint16_t)(n + a.count);
	}
	for (i = 0; i < p->count[PLAN_APE]; i++) {
		struct plan_ape r;

		plan_get_ape(p, i, &r);
		child_edge(fp, PLAN_APE, i, &r.child);
	}
}

int
emit_dot(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d)
{
	struct plan_view v;
	uint16_t *seq = calloc((size_t)p->count[PLAN_APE] + 1, sizeof *seq);
	struct view_key *runs = calloc((size_t)p->count[PLAN_APE] + 1,
	    sizeof *runs);
	struct view_key *ces = calloc((size_t)p->count[PLAN_CE] + 1,
	    sizeof *ces);
	int rc = -1;

	if (view_open(&v, p) < 0 || seq == NULL || runs == NULL ||
	    ces == NULL) {
		diag_error(d, 0, 0, "out of memory");
		goto out;
	}
	run_order(p, seq, runs);
	priority_order(p, ces);
	fputs("digraph plan {\n\tgraph [label=\"", fp);
	put_text(fp, o->source ? o->source : "plan");
	fputs("\", labelloc=t, ordering=out, fontname=\"Helvetica\"];\n"
	    "\tnode [fontname=\"Helvetica\", fontsize=10];\n"
	    "\tedge [fontname=\"Helvetica\", fontsize=9];\n", fp);
	if (p->count[PLAN_D] && put_drive_rank(fp, p) < 0) {
		diag_error(d, 0, 0, "out of memory");
		goto out;
	}
	put_nodes(fp, p, &v, seq);
	put_edges(fp, p, runs, ces);
	fputs("}\n", fp);
	rc = 0;
out:
	view_free(&v);
	free(seq);
	free(runs);
	free(ces);
	return rc;
}
