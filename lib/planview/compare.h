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

struct pv_timeline {
	long *cycle;		/* each cycle's number, in log order */
	int *att;		/* the drive (record index) with attention,
				   -1 when none ran */
	size_t n, cap;
	int boundary;		/* a run boundary: the next event starts a
				   cycle, whatever its number */
};

/* Fold one event in; 0, or -1 when out of memory. */
int pv_timeline_add(struct pv_timeline *t, const struct pv_event *e);
void pv_timeline_free(struct pv_timeline *t);

struct pv_diff {
	long index;		/* the first cycle (position) where they
				   differ, or -1 when they never do */
	long cycle[2];		/* its number in each run, -1 past the end */
	int att[2];		/* its drive in each, -1 none (or ended) */
};

void pv_compare(const struct pv_timeline *a, const struct pv_timeline *b,
    struct pv_diff *d);
/* The finding in one line (no newline) into buf: where the runs of n
   cycles (A's) first differ and each one's drive there, or that they
   never do. */
void pv_diff_text(const struct pv_tree *tr, const struct pv_diff *d,
    size_t n, char *buf, size_t size);

/* Cycles drive d had attention in the run. */
size_t pv_timeline_count(const struct pv_timeline *t, int d);

#endif
