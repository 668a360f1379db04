/*
 * planview.h - what planview's files share: the options, the plan and its
 * tree, and the ways of showing a run (live.c, page.c).
 */
#ifndef PLANVIEW_H
#define PLANVIEW_H

#include "run/load.h"
#include "planview/compare.h"
#include "planview/html.h"
#include "planview/logfeed.h"
#include "planview/state.h"
#include "planview/tree.h"

struct options {
	const char *plan, *log;		/* "-": stdin */
	const char *log2;		/* --compare: the second log */
	const char *html, *svg;		/* pages instead of the live view */
	const char *serve;		/* --serve [ADDR:]PORT */
	const char *port;		/* --port P: the source a robot */
	const char **breaks;		/* --break, for --serve */
	size_t nbreaks;
	int compare;
	const char *filter;		/* elements whose name contains it */
	const char *types;		/* page: event letters shown at first */
	long until;			/* stop reading after this cycle; -1 */
	int plain;			/* text frames even on a terminal */
	long fade_ms;			/* --fade, in ms */
};

struct viewer {
	const struct options *o;
	struct loaded_plan lp;
	struct planview_tree tree;
	struct planview_state state;
	struct planview_log log;
	int fd;			/* the log */
	int eof, stopped;	/* input ended; --until reached */
	int log_clock;		/* fade by the log's time, not the wall's */
	size_t got;		/* bytes the last read took */
	struct planview_pack *pack;	/* pages: every event kept, or NULL */
	struct planview_timeline *timeline;	/* --compare: attention, or NULL */
	int timeline_failed;	/* ... and memory ran out */
	int defer_errors;	/* the screen is up: keep messages ... */
	char *deferred;		/* ... here, for viewer_errors */
	size_t deferred_len;
};

/* Read what is there (at most one chunk); 1 at end of input or
 * --until, 0 for more, or an exit status on bad data / read errors. */
int viewer_read(struct viewer *v, int wait_ms, long now);
/* Print the messages kept while the screen was up. */
void viewer_errors(struct viewer *v);
/* At the end: the truncated-log notice; an exit status. */
int viewer_finish(struct viewer *v);
long clock_ms(void);


int live_run(struct viewer *v);		/* live.c */
int plain_run(struct viewer *v);	/* live.c */

/* page.c */
int page_run(struct viewer *v);		/* --html, --svg */
int page_graph(struct viewer *v, char **svg);	/* dot's SVG */
int page_compare(struct viewer *v, struct viewer *w, const char *text,
    long index);
void page_title(struct viewer *v, char *title, size_t size);
/* The whole log through the viewer; an exit status. */
int viewer_load(struct viewer *v);

int compare_run(struct viewer *v);	/* compare.c */
int serve_run(struct viewer *v);	/* serve.c */

#endif
