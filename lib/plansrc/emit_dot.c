/*
 * emit_dot.c - a plan as a Graphviz graph (plancc --emit dot, planview's
 * pictures): drives in the first column, a cluster per drive's subtree, a
 * legend, one shape per element type, releasers, priorities and step
 * numbers in the labels, member edges dashed and child edges solid.
 */
#include <stdlib.h>
#include <string.h>

#include "plan/vocab.h"
#include "plansrc/emit.h"
#include "plansrc/expr.h"
#include "plansrc/model.h"
#include "plansrc/owner.h"
#include "plansrc/view.h"

/* Compact shapes: a left-to-right graph is as wide as the sum of its
 * columns, and diamonds, hexagons and houses are half again as wide as
 * their text. */
static const struct {
	const char *shape, *style, *fill;
} look[PLAN_NTYPES] = {
	{ "component", "filled", "#fff2cc" },		/* AP */
	{ "ellipse", "filled", "#fffaf0" },		/* APE */
	{ "folder", "filled", "#d9ead3" },		/* C */
	{ "box", "filled,diagonals", "#eef7ea" },	/* CE */
	{ "box, peripheries=2", "filled", "#f4cccc" },	/* D */
	{ "box", "rounded,filled", "#cfe2f3" },		/* A */
};

/* Text inside a DOT string: quotes and backslashes escaped, non-UTF-8
 * bytes replaced. */
static void
put_text(FILE *fp, const char *s)
{
	if (!plansrc_view_utf8_ok(s)) {
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
	const char *name = plansrc_view_sense(v, r->sense);
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
	if (plansrc_when_format(&e, text, sizeof text) > 0) {
		fputs("\\n", fp);
		put_text(fp, text);
	}
}

/* What is drawn for one node beyond the plan: planview's marks. */
struct node_ctx {
	FILE *fp;
	const struct plan *p;
	const struct plan_view *v;
	const uint16_t *seq;
	const struct emit_options *o;
	const char *suffix;	/* after each node id: "" or ".D<drive>" */
};

/* A node's first label line: its name; unnamed steps get none. */
static void
node_start(const struct node_ctx *c, int t, uint16_t i, const char **note)
{
	const char *fill = look[t].fill;

	*note = NULL;
	if (c->o->mark)
		c->o->mark(c->o->mark_ctx, t, i, note, &fill);
	fprintf(c->fp, "\t%s%u [id=\"%s%u%s\", shape=%s, style=\"%s\", "
	    "fillcolor=\"%s\", label=\"", plan_type_tag(t), (unsigned)i,
	    plan_type_tag(t), (unsigned)i, c->suffix, look[t].shape, look[t].style,
	    fill ? fill : look[t].fill);
	if (t != PLAN_APE || c->v->named[t][i])
		put_text(c->fp, c->v->label[t][i]);
}

static void
node_end(const struct node_ctx *c, const char *note)
{
	if (note && *note) {
		fputs("\\n", c->fp);
		put_text(c->fp, note);
	}
	fputs("\"];\n", c->fp);
}

static void
put_node(const struct node_ctx *c, int t, uint16_t i)
{
	FILE *fp = c->fp;
	const char *note;

	node_start(c, t, i, &note);
	switch (t) {
	case PLAN_D: {
		struct plan_drive r;

		plan_get_drive(c->p, i, &r);
		fprintf(fp, "\\npriority %u", (unsigned)r.priority);
		put_releaser(fp, c->v, &r.rel);
		break;
	}
	case PLAN_C: {
		struct plan_comp r;

		plan_get_comp(c->p, i, &r);
		fprintf(fp, "\\n%s", r.use_or ? "OR" : "AND");
		break;
	}
	case PLAN_CE: {
		struct plan_ce r;

		plan_get_ce(c->p, i, &r);
		fprintf(fp, "\\npriority %u", (unsigned)r.priority);
		put_releaser(fp, c->v, &r.rel);
		if (r.retry)
			fprintf(fp, "\\nretries %u", (unsigned)r.retry);
		break;
	}
	case PLAN_APE:
		/* the step's place in its pattern, as the planner runs it
		   (the order field alone is often 1 for every step) */
		fprintf(fp, "%sstep %u", c->v->named[t][i] ? "\\n" : "",
		    (unsigned)c->seq[i]);
		break;
	case PLAN_A: {
		struct plan_action r;
		const char *name;

		plan_get_action(c->p, i, &r);
		fputs("\\n", fp);
		if ((name = plansrc_view_action(c->v, r.action)) != NULL)
			put_text(fp, name);
		else
			fprintf(fp, "action %u", (unsigned)r.action);
		fprintf(fp, " %d", (int)r.value);
		break;
	}
	default:
		break;
	}
	node_end(c, note);
}

/* A cluster per drive around the elements it reaches first; elements no
 * drive reaches stay outside. */
static void
put_clusters(const struct node_ctx *c, uint16_t *const owner[PLAN_NTYPES],
    const uint16_t *order)
{
	uint16_t k, i;
	int t;

	for (k = 0; k < c->p->count[PLAN_D]; k++) {
		fprintf(c->fp, "\tsubgraph cluster_D%u {\n\t\tlabel=\"",
		    (unsigned)order[k]);
		put_text(c->fp, c->v->label[PLAN_D][order[k]]);
		fputs("\"; style=\"rounded,dashed\"; color=\"#999999\";\n",
		    c->fp);
		for (t = 0; t < PLAN_NTYPES; t++)
			for (i = 0; i < c->p->count[t]; i++)
				if (owner[t][i] == order[k]) {
					fputc('\t', c->fp);
					put_node(c, t, i);
				}
		fputs("\t}\n", c->fp);
	}
	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < c->p->count[t]; i++)
			if (owner[t][i] == PLAN_NONE)
				put_node(c, t, i);
}

/* Shapes and outcome colours, drawn in a row of their own. */
static void
put_legend(FILE *fp)
{
	static const int by_depth[PLAN_NTYPES] = {
		PLAN_D, PLAN_C, PLAN_CE, PLAN_AP, PLAN_APE, PLAN_A
	};
	int k;

	fputs("\tsubgraph cluster_legend {\n\t\tlabel=\"legend\"; "
	    "rank=same; style=rounded; color=\"#bbbbbb\"; fontsize=9;\n", fp);
	for (k = 0; k < PLAN_NTYPES; k++) {
		int t = by_depth[k];

		fprintf(fp, "\t\tlegend%d [shape=%s, style=\"%s\", "
		    "fillcolor=\"%s\", fontsize=9, label=\"%s\"];\n", k,
		    look[t].shape, look[t].style, look[t].fill,
		    plan_type_word((uint8_t)t));
	}
	fputs("\t\tlegend6 [shape=plaintext, fontsize=9, label=<<table "
	    "border=\"0\" cellspacing=\"2\"><tr><td>outcome</td></tr>", fp);
	for (k = 0; k < EMIT_NOUTCOMES; k++)
		fprintf(fp, "<tr><td bgcolor=\"%s\">%s</td></tr>",
		    plansrc_emit_outcomes[k].colour, plansrc_emit_outcomes[k].words);
	fputs("</table>>];\n\t}\n", fp);
}

/* An edge into another drive's subtree (a shared element) does not pull
 * ranks: the graph stays as wide as the deepest tree. */
static void
child_edge(FILE *fp, uint16_t *const owner[PLAN_NTYPES], int t, uint16_t i,
    const struct plan_ref *r)
{
	if (r->type == PLAN_NO_TYPE)
		return;
	fprintf(fp, "\t%s%u -> %s%u%s;\n", plan_type_tag(t), (unsigned)i,
	    plan_type_tag(r->type), (unsigned)r->index,
	    owner[t][i] != owner[r->type][r->index] ?
	    " [constraint=false]" : "");
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
		plansrc_view_sort(s, a.count, 0);
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
		plansrc_view_sort(ces + c.first, c.count, 1);
	}
}

/* Drives in the first column, highest priority on top. */
static void
put_drive_rank(FILE *fp, const struct plan *p, const uint16_t *order)
{
	uint16_t i;

	fputs("\t{ rank=source;", fp);
	for (i = 0; i < p->count[PLAN_D]; i++)
		fprintf(fp, " D%u;", (unsigned)order[i]);
	for (i = 1; i < p->count[PLAN_D]; i++)
		fprintf(fp, " D%u -> D%u [style=invis];",
		    (unsigned)order[i - 1], (unsigned)order[i]);
	fputs(" }\n", fp);
}

static void
put_edges(FILE *fp, const struct plan *p, const struct view_key *runs,
    const struct view_key *ces, uint16_t *const owner[PLAN_NTYPES])
{
	uint16_t i, k, n = 0;

	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive r;

		plan_get_drive(p, i, &r);
		child_edge(fp, owner, PLAN_D, i, &r.child);
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
		child_edge(fp, owner, PLAN_CE, i, &r.child);
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
		child_edge(fp, owner, PLAN_APE, i, &r.child);
	}
}

static void
free_owners(uint16_t *owner[PLAN_NTYPES])
{
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		free(owner[t]);
}

/* owner[] and order[] for the clusters; 0 or -1 (out of memory). */
static int
group(const struct plan *p, uint16_t *owner[PLAN_NTYPES], uint16_t **order)
{
	int t;

	for (t = 0; t < PLAN_NTYPES; t++)
		owner[t] = calloc((size_t)p->count[t] + 1, sizeof *owner[t]);
	*order = calloc((size_t)p->count[PLAN_D] + 1, sizeof **order);
	for (t = 0; t < PLAN_NTYPES; t++)
		if (owner[t] == NULL)
			return -1;
	if (*order == NULL || plansrc_plan_owners(p, owner) < 0 ||
	    plansrc_plan_drive_order(p, *order) < 0)
		return -1;
	return 0;
}

/* An edge of drive graph `d`, with an id the page lights it by. */
static void
drive_edge(FILE *fp, int t, uint16_t i, int ct, uint16_t ci, unsigned d,
    int member)
{
	fprintf(fp, "\t%s%u -> %s%u [id=\"%s%u-%s%u.D%u\"%s];\n",
	    plan_type_tag(t), (unsigned)i, plan_type_tag(ct), (unsigned)ci,
	    plan_type_tag(t), (unsigned)i, plan_type_tag(ct), (unsigned)ci, d,
	    member ? ", style=dashed" : "");
}

static void
drive_child(FILE *fp, int t, uint16_t i, const struct plan_ref *r, unsigned d)
{
	if (r->type != PLAN_NO_TYPE)
		drive_edge(fp, t, i, r->type, r->index, d, 0);
}

/* The edges among the elements drive d reaches (reach[t][i] == d). */
static void
put_drive_edges(FILE *fp, const struct plan *p, const struct view_key *runs,
    const struct view_key *ces, uint16_t *const reach[PLAN_NTYPES],
    uint16_t d)
{
	uint16_t i, k, n = 0;

	for (i = 0; i < p->count[PLAN_D]; i++)
		if (reach[PLAN_D][i] == d) {
			struct plan_drive r;

			plan_get_drive(p, i, &r);
			drive_child(fp, PLAN_D, i, &r.child, d);
		}
	for (i = 0; i < p->count[PLAN_C]; i++) {
		struct plan_comp c;

		plan_get_comp(p, i, &c);
		if (reach[PLAN_C][i] == d)
			for (k = 0; k < c.count; k++)
				drive_edge(fp, PLAN_C, i, PLAN_CE,
				    ces[c.first + k].index, d, 1);
	}
	for (i = 0; i < p->count[PLAN_CE]; i++)
		if (reach[PLAN_CE][i] == d) {
			struct plan_ce r;

			plan_get_ce(p, i, &r);
			drive_child(fp, PLAN_CE, i, &r.child, d);
		}
	for (i = 0; i < p->count[PLAN_AP]; i++) {
		struct plan_ap a;

		plan_get_ap(p, i, &a);
		if (reach[PLAN_AP][i] == d)
			for (k = 0; k < a.count; k++)
				drive_edge(fp, PLAN_AP, i, PLAN_APE,
				    runs[n + k].index, d, 1);
		n = (uint16_t)(n + a.count);
	}
	for (i = 0; i < p->count[PLAN_APE]; i++)
		if (reach[PLAN_APE][i] == d) {
			struct plan_ape r;

			plan_get_ape(p, i, &r);
			drive_child(fp, PLAN_APE, i, &r.child, d);
		}
}

static void
put_graph_start(FILE *fp, const char *name)
{
	fprintf(fp, "digraph %s {\n\tgraph [id=\"G.%s\", rankdir=LR, "
	    "ordering=out, nodesep=0.12, ranksep=0.3, "
	    "fontname=\"Helvetica\"];\n"
	    "\tnode [fontname=\"Helvetica\", fontsize=10, "
	    "margin=\"0.06,0.03\"];\n"
	    "\tedge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6];\n",
	    name, name);
}

/*
 * planview's pages: a graph per drive, highest priority first, holding
 * its whole tree (an element several drives reach is drawn in each, so
 * it lights inside the drive that ran it), then one of the elements no
 * drive reaches, if any.
 */
static int
put_drive_graphs(struct node_ctx *c, const uint16_t *order,
    const struct view_key *runs, const struct view_key *ces,
    uint16_t *const owner[PLAN_NTYPES])
{
	const struct plan *p = c->p;
	uint16_t *reach[PLAN_NTYPES] = { NULL };
	char name[16], suffix[16];
	uint16_t k, i;
	int t, rc = -1, stray = 0;

	for (t = 0; t < PLAN_NTYPES; t++)
		if ((reach[t] = calloc((size_t)p->count[t] + 1,
		    sizeof *reach[t])) == NULL)
			goto out;
	c->suffix = suffix;
	for (k = 0; k < p->count[PLAN_D]; k++) {
		if (plansrc_plan_reach(p, order[k], reach) < 0)
			goto out;
		snprintf(name, sizeof name, "D%u", (unsigned)order[k]);
		snprintf(suffix, sizeof suffix, ".D%u", (unsigned)order[k]);
		put_graph_start(c->fp, name);
		for (t = 0; t < PLAN_NTYPES; t++)
			for (i = 0; i < p->count[t]; i++)
				if (reach[t][i] == order[k])
					put_node(c, t, i);
		put_drive_edges(c->fp, p, runs, ces, reach, order[k]);
		fputs("}\n", c->fp);
	}
	for (t = 0; t < PLAN_NTYPES; t++)
		for (i = 0; i < p->count[t]; i++)
			stray |= owner[t][i] == PLAN_NONE;
	if (stray) {
		snprintf(suffix, sizeof suffix, ".U");
		put_graph_start(c->fp, "U");
		for (t = 0; t < PLAN_NTYPES; t++)
			for (i = 0; i < p->count[t]; i++)
				if (owner[t][i] == PLAN_NONE)
					put_node(c, t, i);
		fputs("}\n", c->fp);
	}
	rc = 0;
out:
	free_owners(reach);
	return rc;
}

/*
 * Left to right (drives in the first column, their trees growing right)
 * keeps large plans narrow: their width is the depth of the tree, not the
 * number of its leaves.
 */
static void
put_header(FILE *fp, const struct emit_options *o)
{
	fputs("digraph plan {\n\tgraph [label=\"", fp);
	put_text(fp, o->source ? o->source : "plan");
	fputs("\", labelloc=t, rankdir=LR, newrank=true, ordering=out, "
	    "nodesep=0.12, ranksep=0.3, fontname=\"Helvetica\"];\n"
	    "\tnode [fontname=\"Helvetica\", fontsize=10, margin=\"0.06,0.03\"];\n"
	    "\tedge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6];\n",
	    fp);
}

int
plansrc_emit_dot(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d)
{
	struct plan_view v;
	uint16_t *seq = calloc((size_t)p->count[PLAN_APE] + 1, sizeof *seq);
	struct view_key *runs = calloc((size_t)p->count[PLAN_APE] + 1,
	    sizeof *runs);
	struct view_key *ces = calloc((size_t)p->count[PLAN_CE] + 1,
	    sizeof *ces);
	uint16_t *owner[PLAN_NTYPES] = { NULL }, *order = NULL;
	struct node_ctx c;
	int rc = -1;

	if (plansrc_view_open(&v, p) < 0 || seq == NULL || runs == NULL ||
	    ces == NULL || group(p, owner, &order) < 0) {
		diag_error(d, 0, 0, "out of memory");
		goto out;
	}
	run_order(p, seq, runs);
	priority_order(p, ces);
	c.fp = fp;
	c.p = p;
	c.v = &v;
	c.seq = seq;
	c.o = o;
	c.suffix = "";
	if (o->per_drive) {
		if ((rc = put_drive_graphs(&c, order, runs, ces, owner)) < 0)
			diag_error(d, 0, 0, "out of memory");
		goto out;
	}
	put_header(fp, o);
	put_legend(fp);
	if (p->count[PLAN_D])
		put_drive_rank(fp, p, order);
	put_clusters(&c, owner, order);
	put_edges(fp, p, runs, ces, owner);
	fputs("}\n", fp);
	rc = 0;
out:
	plansrc_view_free(&v);
	free(seq);
	free(runs);
	free(ces);
	free(order);
	free_owners(owner);
	return rc;
}
