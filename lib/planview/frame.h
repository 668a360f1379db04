/*
 * frame.h - planview's picture of a run as lines of text: a title line
 * (cycle, the drive with attention, which run, time, rate), one line per
 * tree row (glow, outcome, name, what it is, counters, latch), the senses'
 * last values (those the plan reads first); which rows to show (a filter
 * with subtrees, drives folded).  The terminal view colours these lines;
 * plain frames print them as they are.  Used by cmd/planview.
 */
#ifndef SPINE_PLANVIEW_FRAME_H
#define SPINE_PLANVIEW_FRAME_H

#include <stddef.h>
#include <stdio.h>

#include "planview/state.h"

/* The glow marks, from dark (0) to just lit (3). */
#define PLANVIEW_GLOW_MARKS " .+#"

/*
 * The title: `flags` first (such as "[paused]", may be ""), then the
 * cycle, the drive with attention, the run (after a boundary), the time
 * and the rate (when the log gives times), and the events, each only if
 * it fits in `width` columns whole (a long drive name is cut to fit).
 * Returns the length.
 */
size_t planview_frame_title(const struct planview_state *s, const char *flags,
    size_t width, char *buf, size_t size);
/* Row k of the tree; *glow gets 0..3 and *last the outcome letter (or 0). */
size_t planview_frame_row(const struct planview_state *s, size_t k, long now,
    char *buf, size_t size, int *glow, char *last);
/* "senses:" and name=value of the senses the plan's releasers read, in
   tree order ("?" before a value came), then any other sense the log
   gave a value for; a sense the plan only names is left out. */
size_t planview_frame_senses(const struct planview_state *s, char *buf, size_t size);

/* Does row k's name hold filter, in any case ("" matches all)? */
int planview_frame_match(const struct planview_state *s, size_t k, const char *filter);

/*
 * The rows to show, in tree order, into out[] (room for every row):
 * with a filter, the rows whose name holds it and everything under them;
 * with fold, drives other than drive `open` (a drive index, -1: none)
 * stand alone, their subtrees hidden (folded[i], if not NULL, gets how
 * many rows out[i] hides, else 0).  Returns how many.
 */
size_t planview_frame_rows(const struct planview_state *s, const char *filter, int fold,
    int open, size_t *out, size_t *folded);

/* A whole frame, for output that is not a terminal (every row the filter
   shows, nothing folded). */
void planview_frame_print(FILE *fp, const struct planview_state *s, long now,
    const char *filter);

#endif
