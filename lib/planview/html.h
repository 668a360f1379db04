/*
 * html.h - planview's replay page: one self-contained HTML file (no
 * network, no external scripts or fonts) with the plan's graph as inline
 * SVG, a timeline of cycles by the drive with attention, a slider and
 * play/pause, the selected cycle's events, filters.  Called by
 * cmd/planview (--html); the SVG comes from Graphviz.
 */
#ifndef SPINE_PLANVIEW_HTML_H
#define SPINE_PLANVIEW_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "planview/event.h"
#include "planview/tree.h"

struct pv_run {
	struct pv_event *ev;
	size_t n, cap;
	int truncated;		/* the log's last line was cut short */
};

/* Append one event; 0, or -1 when out of memory. */
int pv_run_add(struct pv_run *r, const struct pv_event *e);
void pv_run_free(struct pv_run *r);

/* The page; 0, or -1 on a write error.  svg is Graphviz's output (its
 * XML prolog is skipped); title names the run. */
int pv_html_write(FILE *fp, const struct pv_tree *t, const char *svg,
    const struct pv_run *r, const char *title);

/* The page's style and script (html_page.c). */
extern const char pv_html_style[];
extern const char *const pv_html_script[];	/* NULL-terminated */

#endif
