/*
 * html.h - planview's page: one self-contained HTML file (no network, no
 * external scripts or fonts) with a graph per drive as inline SVG, the
 * attention timeline with marks and sense charts, counters, "why not",
 * search and breakpoints, the selected cycle's events.  The same page is
 * the replay (--html), the A/B comparison (--compare) and, served by
 * serve.c with its events streamed, the live view (--serve).  Called by
 * cmd/planview and serve.c; the SVG comes from Graphviz.
 */
#ifndef SPINE_PLANVIEW_HTML_H
#define SPINE_PLANVIEW_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "planview/pack.h"
#include "planview/tree.h"

/* One run on the page: its events (pack.h) and what to call it. */
struct planview_page_run {
	const char *name;		/* the log's name */
	const char *events;		/* packed; "" for none */
	size_t len;
	int truncated;			/* its last line was cut short */
};

struct planview_page {
	const struct planview_tree *t;
	const char *title;
	const char *svg;	/* dot's output for plansrc_emit_dot's per_drive
				   graphs: one <svg> each, in that order */
	struct planview_page_run run[2];	/* [1]: --compare's second run */
	int nruns;
	const char *live;	/* NULL, or the live page's settings as a
				   JSON object (serve.c) */
	const char *compare;	/* NULL, or --compare's findings as a JSON
				   object (compare.c) */
};

/* The page; 0, or -1 on a write error. */
int planview_html_write(FILE *fp, const struct planview_page *pg);

/* The plan as the page's script reads it (html_plan.c): every element
 * with its record's fields, the senses, the outcome table, the reasons. */
void planview_html_plan(FILE *fp, const struct planview_tree *t);

/* A JSON string; UTF-8 passes as it is, nothing that ends a script. */
void planview_html_json(FILE *fp, const char *s);
/* Text inside HTML. */
void planview_html_text(FILE *fp, const char *s);

/* The page's style and script, as written in page.css and page.js
 * (assets.c). */
extern const char planview_page_css[];
extern const char planview_page_js[];

#endif
