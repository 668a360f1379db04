/*
 * logcsv.h - the thin adapter from an event log to planview's events:
 * bytes in as they arrive (a pipe is never waited on), whole lines out,
 * names checked against the plan.  Reads today's planrun CSV log and the
 * columns of the shared event-log format by header name.  Used by
 * cmd/planview; the one place to switch to the shared reader.
 */
#ifndef SPINE_PLANVIEW_LOGCSV_H
#define SPINE_PLANVIEW_LOGCSV_H

#include <stddef.h>

#include "planview/event.h"
#include "planview/tree.h"

enum pv_col {
	PVC_CYCLE, PVC_TIME, PVC_EVENT, PVC_TYPE, PVC_NAME, PVC_SENSE,
	PVC_VALUE, PVC_RELEASED, PVC_LATCH, PVC_REASON, PVC_N
};

#define PV_LINE_MAX 4096

struct pv_log {
	const struct pv_tree *t;
	long line;		/* lines taken so far */
	int col[PVC_N];		/* field of each column, -1 when absent */
	int header_seen;
	char part[PV_LINE_MAX];	/* a line not yet ended */
	size_t plen;
	int overlong;		/* the current line is past PV_LINE_MAX */
	char error[200];	/* why pv_log_feed failed ... */
	long error_line;	/* ... and on which line */
};

typedef int pv_event_fn(void *ctx, const struct pv_event *e);

void pv_log_init(struct pv_log *l, const struct pv_tree *t);
/*
 * Take n more bytes; fn gets each whole line's event (a nonzero return
 * stops the feed with that value).  0, or -1 with l->error (bad data: a
 * line that is no event, or names the plan does not have).
 */
int pv_log_feed(struct pv_log *l, const char *bytes, size_t n,
    pv_event_fn *fn, void *ctx);
/* At the end of input: 1 when a last line was cut short (dropped). */
int pv_log_truncated(const struct pv_log *l);

#endif
