/*
 * frame.h - planview's picture of a run as lines of text: a title line
 * (cycle, rate, the drive with attention), one line per tree row (glow,
 * outcome, name, what it is, counters, latch), the senses' last values.
 * The terminal view colours these lines; plain frames print them as they
 * are.  Used by cmd/planview.
 */
#ifndef SPINE_PLANVIEW_FRAME_H
#define SPINE_PLANVIEW_FRAME_H

#include <stddef.h>
#include <stdio.h>

#include "planview/state.h"

/* The glow marks, from dark (0) to just lit (3). */
#define PV_GLOW_MARKS " .+#"

size_t pv_frame_title(const struct pv_state *s, char *buf, size_t size);
/* Row k of the tree; *glow gets 0..3 and *last the outcome letter (or 0). */
size_t pv_frame_row(const struct pv_state *s, size_t k, long now,
    char *buf, size_t size, int *glow, char *last);
size_t pv_frame_senses(const struct pv_state *s, char *buf, size_t size);

/* Does row k match a filter (a substring of its name; "" matches all)? */
int pv_frame_match(const struct pv_state *s, size_t k, const char *filter);

/* A whole frame, for output that is not a terminal. */
void pv_frame_print(FILE *fp, const struct pv_state *s, long now,
    const char *filter);

#endif
