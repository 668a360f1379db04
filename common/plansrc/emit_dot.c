/*
 * emit_dot.c - a plan as a Graphviz graph (--emit dot): drives on the top
 * rank, one shape per element type, releasers and priorities in the
 * labels, member edges (competence -> element, pattern -> step) dashed and
 * child edges solid.  plancc robot.yaml --emit dot | dot -Tpng > plan.png
 */
#include <string.h>

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

static void
node_start(FILE *fp, const struct plan_view *v, int t, uint16_t i)
{
	fprintf(fp, "\t%s%u [shape=%s, style=\"%s\", fillcolor=\"%s\", "
	    "label=\"", model_type_tag(t), (unsigned)i, look[t].shape,
	    look[t].style, look[t].fill);
	put_text(fp, v->label[t][i]);
}

static void
put_nodes(FILE *fp, const struct plan *p, const struct plan_view *v)
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
		node_start(fp, v, PLAN_APE, i);
		fputs("\"];\n", fp);
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
	fprintf(fp, "\t%s%u -> %s%u;\n", model_type_tag(t), (unsigned)i,
	    model_type_tag(r->type), (unsigned)r->index);
}

static void
put_edges(FILE *fp, const struct plan *p)
{
	uint16_t i;

	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive r;

		plan_get_drive(p, i, &r);
		child_edge(fp, PLAN_D, i, &r.child);
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce r;

		plan_get_ce(p, i, &r);
		if (r.parent != PLAN_NONE)
			fprintf(fp, "\tC%u -> CE%u [style=dashed, label=\"%u\"];"
			    "\n", (unsigned)r.parent, (unsigned)i,
			    (unsigned)r.priority);
		child_edge(fp, PLAN_CE, i, &r.child);
	}
	for (i = 0; i < p->count[PLAN_APE]; i++) {
		struct plan_ape r;

		plan_get_ape(p, i, &r);
		if (r.parent != PLAN_NONE)
			fprintf(fp, "\tAP%u -> APE%u [style=dashed, "
			    "label=\"%u\"];\n", (unsigned)r.parent,
			    (unsigned)i, (unsigned)r.order);
		child_edge(fp, PLAN_APE, i, &r.child);
	}
}

int
emit_dot(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d)
{
	struct plan_view v;
	uint16_t i;

	if (view_open(&v, p) < 0) {
		diag_error(d, 0, 0, "out of memory");
		view_free(&v);
		return -1;
	}
	fputs("digraph plan {\n\tgraph [label=\"", fp);
	put_text(fp, o->source ? o->source : "plan");
	fputs("\", labelloc=t, fontname=\"Helvetica\"];\n"
	    "\tnode [fontname=\"Helvetica\", fontsize=10];\n"
	    "\tedge [fontname=\"Helvetica\", fontsize=9];\n", fp);
	if (p->count[PLAN_D]) {
		fputs("\t{ rank=source;", fp);
		for (i = 0; i < p->count[PLAN_D]; i++)
			fprintf(fp, " D%u;", (unsigned)i);
		fputs(" }\n", fp);
	}
	put_nodes(fp, p, &v);
	put_edges(fp, p);
	fputs("}\n", fp);
	view_free(&v);
	return 0;
}
