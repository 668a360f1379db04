/*
 * compare.h - two runs of one plan side by side: each cycle's drive with
 * attention, and the first cycle where the two differ (what planrun
 * --replay with one priority changed is for).  Cycles are matched in
 * order: the k-th cycle of one run with the k-th of the other.  Used by
 * cmd/planview --compare.
 */
#ifndef SPINE_PLANVIEW_COMPARE_H
#define SPINE_PLANVIEW_COMPARE_H

#include <stddef.h>

#include "planview/event.h"
#include "planview/tree.h"

struct planview_timeline {
	long *cycle;		/* each cycle's number, in log order */
	int *att;		/* the drive (record index) with attention,
				   -1 when none ran */
	size_t n, cap;
	int boundary;		/* a run boundary: the next event starts a
				   cycle, whatever its number */
};

/* Fold one event in; 0, or -1 when out of memory. */
int planview_timeline_add(struct planview_timeline *t, const struct planview_event *e);
void planview_timeline_free(struct planview_timeline *t);

struct planview_diff {
	long index;		/* the first cycle (position) where they
				   differ, or -1 when they never do */
	long cycle[2];		/* its number in each run, -1 past the end */
	int att[2];		/* its drive in each, -1 none (or ended) */
};

void planview_compare(const struct planview_timeline *a, const struct planview_timeline *b,
    struct planview_diff *d);
/* The finding in one line (no newline) into buf: where the runs of n
   cycles (A's) first differ and each one's drive there, or that they
   never do. */
void planview_diff_text(const struct planview_tree *tr, const struct planview_diff *d,
    size_t n, char *buf, size_t size);

/* Cycles drive d had attention in the run. */
size_t planview_timeline_count(const struct planview_timeline *t, int d);

#endif
