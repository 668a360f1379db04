/*
 * html.c - writing planview's page: the drives' graphs, the containers
 * the script fills, the plan and the packed events as data, the style and
 * the script (page.css, page.js).  Called by cmd/planview (--html,
 * --compare) and serve.c (the live page).
 */
#include <string.h>

#include "planview/html.h"

void
planview_html_text(FILE *fp, const char *s)
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

void
planview_html_json(FILE *fp, const char *s)
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

/* The graph's key in Graphviz's SVG: the id of its class="graph" group
 * ends in "G.<key>" (dot puts a page prefix before it on every graph but
 * the first of a run). */
static void
graph_key(const char *svg, const char *end, char *key, size_t size)
{
	const char *g = strstr(svg, "class=\"graph\""), *id = NULL, *p;
	size_t n = 0;

	key[0] = '\0';
	if (g == NULL || g > end)
		return;
	for (p = svg; (p = strstr(p, "id=\"")) != NULL && p < g; p += 4)
		id = p + 4;
	if (id == NULL)
		return;
	for (p = id; *p && *p != '"'; p++)
		if (p[0] == 'G' && p[1] == '.')
			id = p + 2;
	for (; *id && *id != '"' && n + 1 < size; id++)
		key[n++] = *id;
	key[n] = '\0';
}

/* Each of dot's <svg> elements (no prolog, no doctype) in a section the
 * script heads with the drive's name, state and share of attention. */
static void
put_graphs(FILE *fp, const char *svg)
{
	const char *s = svg ? strstr(svg, "<svg") : NULL;

	if (s == NULL) {
		fputs("<p>no graph</p>", fp);
		return;
	}
	for (; s; s = strstr(s, "<svg")) {
		const char *e = strstr(s, "</svg>");
		char key[32];

		if (e == NULL)
			break;
		e += 6;
		graph_key(s, e, key, sizeof key);
		fputs("<section class=\"drive\" data-drive=\"", fp);
		planview_html_text(fp, key);
		fputs("\"><h2 class=\"dh\"></h2><div class=\"gv\">", fp);
		fwrite(s, 1, (size_t)(e - s), fp);
		fputs("</div></section>\n", fp);
		s = e;
	}
}

static void
put_run(FILE *fp, const struct planview_page_run *r, int k)
{
	fprintf(fp, "<script type=\"text/plain\" id=\"ev%d\" data-name=\"", k);
	planview_html_text(fp, r->name ? r->name : "");
	fprintf(fp, "\" data-truncated=\"%d\">", r->truncated ? 1 : 0);
	if (r->len)
		fwrite(r->events, 1, r->len, fp);
	fputs("</script>\n", fp);
}

static void
put_head(FILE *fp, const struct planview_page *pg)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8"
	    "\">\n<title>planview: ", fp);
	planview_html_text(fp, pg->title);
	fprintf(fp, "</title>\n<style>%s</style>\n</head><body>\n"
	    "<header id=\"top\"><h1>", planview_page_css);
	planview_html_text(fp, pg->title);
	fputs("</h1><span id=\"status\"></span></header>\n", fp);
}

int
planview_html_write(FILE *fp, const struct planview_page *pg)
{
	int k;

	put_head(fp, pg);
	for (k = 0; k < pg->nruns; k++)
		if (pg->run[k].truncated) {
			fputs("<p class=\"warn\">", fp);
			planview_html_text(fp, pg->run[k].name);
			fputs(" ends in the middle of a line (truncated): it is "
			    "shown up to its last whole line.</p>\n", fp);
		}
	fputs("<div id=\"bar\"></div>\n<div id=\"tl\"></div>\n"
	    "<div id=\"main\"><div id=\"graph\">", fp);
	put_graphs(fp, pg->svg);
	fputs("</div><div id=\"side\"></div></div>\n"
	    "<script type=\"application/json\" id=\"plan\">", fp);
	planview_html_plan(fp, pg->t);
	fputs("</script>\n<script type=\"application/json\" id=\"opts\">{",
	    fp);
	fprintf(fp, "\"live\":%s,\"compare\":%s}</script>\n",
	    pg->live ? pg->live : "null", pg->compare ? pg->compare : "null");
	for (k = 0; k < pg->nruns; k++)
		put_run(fp, &pg->run[k], k);
	fprintf(fp, "<script>%s</script>\n</body></html>\n", planview_page_js);
	return ferror(fp) ? -1 : 0;
}
