/*
 * html.c - writing planview's replay page: the graph, the controls, and
 * the run as JSON data the page's script reads (html_page.c holds that
 * script and the style).  Called by cmd/planview --html.
 */
#include <stdlib.h>
#include <string.h>

#include "planview/html.h"
#include "plansrc/emit.h"

int
pv_run_add(struct pv_run *r, const struct pv_event *e)
{
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 1024;
		struct pv_event *n = realloc(r->ev, cap * sizeof *n);

		if (n == NULL)
			return -1;
		r->ev = n;
		r->cap = cap;
	}
	r->ev[r->n++] = *e;
	return 0;
}

void
pv_run_free(struct pv_run *r)
{
	free(r->ev);
	memset(r, 0, sizeof *r);
}

/* Text inside HTML (and inside a JSON string inside a script: no '<'). */
static void
put_html(FILE *fp, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '&': fputs("&amp;", fp); break;
		case '"': fputs("&quot;", fp); break;
		default: fputc(*s, fp);
		}
}

/* A JSON string; UTF-8 passes as it is (the page is UTF-8). */
static void
put_json(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c < 0x20 || c == 0x7f || c == '<' || c == '>' ||
		    c == '&')	/* a script element cannot be closed early */
			fprintf(fp, "\\u%04x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

/* Elements: key (the graph's node id), type tag, name; the drives in
   tree order, and each drive's priority in the plan (the page shows the
   runtime one beside it once a Q event sets it). */
static void
put_elements(FILE *fp, const struct pv_tree *t)
{
	const char *sep = "";
	unsigned i;
	int ty;

	fputs("\"elements\":{", fp);
	for (ty = 0; ty < PLAN_NTYPES; ty++)
		for (i = 0; i < t->p->count[ty]; i++) {
			fprintf(fp, "%s\"%s%u\":", sep, pv_type_tag(ty), i);
			put_json(fp, t->name[ty][i]);
			sep = ",";
		}
	fputs("},\"drives\":[", fp);
	for (i = 0, sep = ""; i < t->nrows; i++)
		if (t->row[i].depth == 0) {
			fprintf(fp, "%s\"D%u\"", sep, t->row[i].index);
			sep = ",";
		}
	fputs("],\"priority\":{", fp);
	for (i = 0, sep = ""; i < t->p->count[PLAN_D]; i++) {
		struct plan_drive d;

		plan_get_drive(t->p, (uint16_t)i, &d);
		fprintf(fp, "%s\"D%u\":%u", sep, i, (unsigned)d.priority);
		sep = ",";
	}
	fputs("}", fp);
}

/* Events: [cycle, time, letter, element key, sense, value (R: read,
 * Q: the new priority), released, latch, reason]; null where a field
 * does not apply. */
static void
put_events(FILE *fp, const struct pv_tree *t, const struct pv_run *r)
{
	size_t k;

	fputs(",\"events\":[", fp);
	for (k = 0; k < r->n; k++) {
		const struct pv_event *e = &r->ev[k];

		fprintf(fp, "%s[%ld,%ld,\"%c\",", k ? ",\n" : "", e->cycle,
		    e->time_ms, e->event);
		if (e->event == PV_IDLE || e->event == PV_RUN) {
			/* a run boundary: how the run began, as its reason */
			fputs("null,null,null,null,null,", fp);
			if (e->reason[0])
				put_json(fp, e->reason);
			else
				fputs("null", fp);
			fputc(']', fp);
			continue;
		}
		fprintf(fp, "\"%s%u\",", pv_type_tag(e->type), e->index);
		if (e->has_sense)
			put_json(fp, t->sense[e->sense]);
		else
			fputs("null", fp);
		if (e->event == PV_RELEASER || e->event == PV_PRIORITY)
			fprintf(fp, ",%ld,", e->value);
		else
			fputs(",null,", fp);
		fprintf(fp, e->released < 0 ? "null," : "%d,", e->released);
		fprintf(fp, e->latch < 0 ? "null," : "%d,", e->latch);
		if (e->reason[0])
			put_json(fp, e->reason);
		else
			fputs("null", fp);
		fputc(']', fp);
	}
	fputs("]", fp);
}

/* The outcome colours, the same as the legend's (emit_dot.c). */
static void
put_outcome_style(FILE *fp)
{
	int k;

	for (k = 0; k < EMIT_NOUTCOMES; k++) {
		char c = emit_outcomes[k].event;

		fprintf(fp, "#graph g.node.o-%c>polygon,#graph g.node.o-%c>"
		    "ellipse,#graph g.node.o-%c>path{fill:%s}", c, c, c,
		    emit_outcomes[k].colour);
	}
}

/* Graphviz's SVG from its <svg element on (no prolog, no doctype). */
static void
put_svg(FILE *fp, const char *svg)
{
	const char *s = strstr(svg, "<svg");

	fputs(s ? s : "<p>no graph</p>", fp);
}

static const char controls[] =
    "<div id=\"bar\">"
    "<button id=\"play\" type=\"button\">play</button> "
    "<input id=\"slider\" type=\"range\" min=\"0\" max=\"0\" value=\"0\"> "
    "<span id=\"where\"></span> "
    "<label>speed <select id=\"speed\"><option value=\"1\">1 cycle/s"
    "</option><option value=\"4\" selected>4</option><option value=\"16\">"
    "16</option><option value=\"64\">64</option></select></label>"
    "</div>\n<canvas id=\"timeline\" height=\"28\"></canvas>"
    "<div id=\"drives\"></div>\n";

static const char filters[] =
    "<div id=\"filters\">element <input id=\"f-elem\" type=\"search\" "
    "placeholder=\"name contains\"> events "
    "<label><input type=\"checkbox\" id=\"f-E\" checked>E executed</label>"
    "<label><input type=\"checkbox\" id=\"f-S\" checked>S success</label>"
    "<label><input type=\"checkbox\" id=\"f-P\" checked>P in progress"
    "</label>"
    "<label><input type=\"checkbox\" id=\"f-F\" checked>F fail</label>"
    "<label><input type=\"checkbox\" id=\"f-Z\" checked>Z error</label>"
    "<label><input type=\"checkbox\" id=\"f-R\" checked>R releaser"
    "</label>"
    "<label><input type=\"checkbox\" id=\"f-Q\" checked>Q priority set"
    "</label></div>\n"
    "<table id=\"events\"><thead><tr><th>cycle</th><th>time ms</th>"
    "<th>event</th><th>type</th><th>element</th><th>sense</th>"
    "<th>value</th><th>released</th><th>latch</th><th>reason</th></tr>"
    "</thead><tbody></tbody></table>\n";

int
pv_html_write(FILE *fp, const struct pv_tree *t, const char *svg,
    const struct pv_run *r, const char *title)
{
	size_t k;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8"
	    "\">\n<title>planview: ", fp);
	put_html(fp, title);
	fprintf(fp, "</title>\n<style>%s", pv_html_style);
	put_outcome_style(fp);
	fputs("</style>\n</head><body>\n<h1>", fp);
	put_html(fp, title);
	fputs("</h1>\n", fp);
	if (r->truncated)
		fputs("<p class=\"warn\">The log ends in the middle of a line "
		    "(truncated): it is shown up to its last whole line.</p>\n",
		    fp);
	fputs(controls, fp);
	fputs("<div id=\"graph\">", fp);
	put_svg(fp, svg);
	fputs("</div>\n", fp);
	fputs(filters, fp);
	fputs("<script type=\"application/json\" id=\"run\">{", fp);
	put_elements(fp, t);
	put_events(fp, t, r);
	fputs("}</script>\n<script>", fp);
	for (k = 0; pv_html_script[k]; k++)
		fputs(pv_html_script[k], fp);
	fputs("</script>\n</body></html>\n", fp);
	return ferror(fp) ? -1 : 0;
}
