/*
 * brk.h - breakpoints: conditions on a run that stop the view (or, through
 * the steering table, pause the robot) at the cycle where they come true.
 * Written as words, the same in planview --break, the live page and
 * planview(1):
 *
 *	fail [NAME]		the element fails or errors (any: no name)
 *	attention NAME		the drive gets attention (it did not have it
 *				the cycle before)
 *	sense NAME > VALUE	the sense's value read crosses the value
 *	sense NAME < VALUE	(from not holding, or unknown, to holding)
 *	priority [NAME]		a drive's runtime priority is set (Q)
 *	boundary		a run boundary (the plan restarted)
 *
 * The page's search across time finds the same conditions (page.js).
 * Used by serve.c.
 */
#ifndef SPINE_PLANVIEW_BRK_H
#define SPINE_PLANVIEW_BRK_H

#include <stddef.h>
#include <stdint.h>

#include "planview/event.h"
#include "planview/tree.h"

enum planview_brk_kind {
	PLANVIEW_BRK_FAIL, PLANVIEW_BRK_ATTENTION, PLANVIEW_BRK_SENSE, PLANVIEW_BRK_PRIORITY,
	PLANVIEW_BRK_BOUNDARY
};

#define PLANVIEW_BRK_TEXT 160

struct planview_brk {
	int id;			/* given by whoever keeps the list */
	enum planview_brk_kind kind;
	int any;		/* FAIL, PRIORITY: no element named */
	uint8_t type;		/* the element */
	uint16_t index;
	uint16_t sense;		/* SENSE: the sense, '>' or '<', the value */
	char op;
	long value;
	char text[PLANVIEW_BRK_TEXT];	/* the condition in its words */
};

/* Read a condition; 0, or -1 with why in err (a line for the user). */
int planview_brk_parse(struct planview_brk *b, const struct planview_tree *t, const char *s,
    char *err, size_t errsize);

/* What the conditions need to remember from event to event. */
struct planview_brk_watch {
	long cycle;		/* the cycle of the last event */
	int started;
	int att, prev_att;	/* drive with attention: this cycle, the last */
	long *sense;		/* last value read, per sense id */
	unsigned char *seen;
	size_t nsense;
};

int planview_brk_watch_open(struct planview_brk_watch *w, const struct planview_tree *t);
void planview_brk_watch_free(struct planview_brk_watch *w);

/* Fold e into w: the index in list[0..n-1] of the first breakpoint it
 * makes true, or -1. */
int planview_brk_check(struct planview_brk_watch *w, const struct planview_brk *list,
    size_t n, const struct planview_event *e);

#endif
