/*
 * logfeed.h - an event log to planview's events as its bytes arrive: a
 * pipe is never waited on, whole lines go through the shared reader
 * (lib/evlog) batch by batch, and every element and sense is checked
 * against the plan.  Used by cmd/planview.
 */
#ifndef SPINE_PLANVIEW_LOGFEED_H
#define SPINE_PLANVIEW_LOGFEED_H

#include <stddef.h>

#include "planview/event.h"
#include "planview/tree.h"

#define PLANVIEW_LINE_MAX 4096

struct planview_log {
	const struct planview_tree *t;
	long line;		/* lines taken so far */
	char head[PLANVIEW_LINE_MAX + 1];	/* the CSV header, "" for JSON lines */
	size_t hlen;
	int started;		/* the first line has been seen */
	char part[PLANVIEW_LINE_MAX];	/* a line not yet ended */
	size_t plen;
	char *batch;		/* the header and the whole lines of a feed */
	size_t blen, bcap;
	long batch_lines;
	long last_cycle;	/* the run's last cycle, across batches */
	long implied_line;	/* the first line the reader took as a new
				   run with no B line before it, or 0 */
	char error[200];	/* why planview_log_feed failed ... */
	long error_line;	/* ... on which line ... */
	long error_col;		/* ... and where in it (0: the whole line) */
	int other_plan;		/* the line is an event, of another plan */
};

typedef int planview_event_fn(void *ctx, const struct planview_event *e);

void planview_log_init(struct planview_log *l, const struct planview_tree *t);
void planview_log_free(struct planview_log *l);
/*
 * Take n more bytes; fn gets each whole line's event (a nonzero return
 * stops the feed with that value).  0, or -1 with l->error (bad data: a
 * first line that is no header, a line that is no event, an element or
 * sense the plan does not have, a NUL byte, a line longer than
 * PLANVIEW_LINE_MAX: the last two at once, before the line ends).
 */
int planview_log_feed(struct planview_log *l, const char *bytes, size_t n,
    planview_event_fn *fn, void *ctx);
/* The input has ended: 0, or -1 with l->error when it held no event log
   (nothing at all, or a first line cut short that is no header). */
int planview_log_end(struct planview_log *l);
/* At the end of input: 1 when a last line was cut short (dropped). */
int planview_log_truncated(const struct planview_log *l);

#endif
