/*
 * task_dot.c - a task machine as a Graphviz graph, for plancc --emit dot
 * on task plans: one box per action, an edge per decision outcome (solid
 * on a match, dashed on a mismatch, dotted for the reset rule).
 */
#include <stdio.h>

#include "plansrc/task_emit.h"

/* A name from the string table inside a DOT string; the section's names
 * are checked identifiers, but -d also reads plans we did not write. */
static void
put_name(FILE *fp, const struct plan_task *t, uint8_t kind, uint16_t i)
{
	uint8_t len = 0, k;
	const uint8_t *s = plan_task_name(t, kind, i, &len);

	for (k = 0; s && k < len; k++) {
		if (s[k] == '"' || s[k] == '\\')
			fputc('\\', fp);
		fputc(s[k] >= 0x20 && s[k] < 0x7f ? s[k] : '?', fp);
	}
}

/* The node an edge to g ends at: an action, or the shared end nodes. */
static void
put_target_node(FILE *fp, const struct plan_task_target *g)
{
	if (g->kind == TASK_T_ACTION)
		fprintf(fp, "a%u", (unsigned)g->action);
	else
		fputs(g->kind == TASK_T_DONE ? "done" : "abort", fp);
}

/* One edge from action `from`; nothing for a target of NONE. */
static void
put_edge(FILE *fp, uint16_t from, const struct plan_task_target *g,
    const char *style, const char *label, unsigned n)
{
	if (g->kind == TASK_T_NONE)
		return;
	fprintf(fp, "  a%u -> ", (unsigned)from);
	put_target_node(fp, g);
	fprintf(fp, " [style=%s, label=\"%s %u", style, label, n);
	if (g->delay)
		fprintf(fp, " +%u", (unsigned)g->delay);
	fputs("\"];\n", fp);
}

static void
put_action(FILE *fp, const struct plan_task *t, uint16_t i)
{
	struct plan_task_action a;
	struct plan_task_decision d;
	uint16_t j;

	plan_task_get_action(t, i, &a);
	fprintf(fp, "  a%u [label=\"", (unsigned)i);
	put_name(fp, t, TASK_NAME_ACTION, i);
	fprintf(fp, "\\n%u step%s%s\"%s];\n", (unsigned)a.npoints,
	    a.npoints == 1 ? "" : "s", a.verify ? ", verified" : "",
	    i == t->start ? ", penwidth=2" : "");
	for (j = 0; j < a.ndecisions; j++) {
		plan_task_get_decision(t, a.first_decision + j, &d);
		put_edge(fp, i, &d.match, "solid", "match after", d.after);
		put_edge(fp, i, &d.mismatch, "dashed", "mismatch after",
		    d.after);
	}
	if (a.reset_limit)
		put_edge(fp, i, &a.reset, "dotted", "reset past",
		    a.reset_limit);
}

int
plansrc_task_emit_dot(FILE *fp, const struct plan_task *t)
{
	uint16_t i;

	fputs("digraph \"", fp);
	put_name(fp, t, TASK_NAME_TASK, 0);
	fputs("\" {\n  node [shape=box, style=\"rounded,filled\", "
	    "fillcolor=\"#cfe2f3\"];\n"
	    "  start [shape=point];\n"
	    "  done [shape=doublecircle, fillcolor=\"#d9ead3\"];\n"
	    "  abort [shape=octagon, fillcolor=\"#f4cccc\"];\n", fp);
	fprintf(fp, "  start -> a%u;\n", (unsigned)t->start);
	for (i = 0; i < t->actions; i++)
		put_action(fp, t, i);
	fputs("}\n", fp);
	return ferror(fp) ? -1 : 0;
}
