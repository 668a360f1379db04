/*
 * pack.h - a run's events in the page's compact text (a few bytes an
 * event), the one form the replay page embeds and the live server streams:
 * written here, read by the page's script (page.js).  Used by html.c,
 * serve.c and cmd/planview.
 *
 * Tokens separated by one space; a token never holds a space, '<' or
 * '&', so the text sits in a script element as it is.  Elements are
 * numbered across the plan: g = (records of the types before this one)
 * + record index, types in enum plan_type order (planview_pack_element).
 *
 *	c[DC][@DT]	a new cycle: DC the cycle's step from the last one
 *			(omitted when 1; negative after a restart), DT its
 *			time's step (omitted when the same as the last step)
 *	E<g> S<g> P<g>	executed, success, in progress
 *	F<g>[:W] Z<g>[:W]  fail, error; W the reason's code (evlog_why_text)
 *	R<g>:[S]:V:B	a releaser check: S the sense id (empty: TR/FL), V
 *			the value read, B = released + 2 * latch held
 *	Q<g>:N		drive g's runtime priority set to N
 *	I		no drive ran in this cycle
 *	B[:H]		a run boundary, H how the run began (evlog_run_text);
 *			written right after the first cycle token of the new
 *			run (the log's B line comes before it, at cycle 0);
 *			any event planview does not know is a B too (a mark,
 *			never lit)
 */
#ifndef SPINE_PLANVIEW_PACK_H
#define SPINE_PLANVIEW_PACK_H

#include <stddef.h>

#include "planview/event.h"
#include "planview/tree.h"

struct planview_pack {
	char *buf;
	size_t len, cap;
	unsigned long events, cycles;
	long cycle, time_ms, step_ms;	/* the last cycle's, for the steps */
	int boundary;			/* a B waits for its run's first cycle,
					   H + 1 (0: none) */
	int failed;			/* memory ran out: buf stops short */
};

/* Element e's number across the plan. */
unsigned planview_pack_element(const struct planview_tree *t, int type, unsigned index);

/* Append one event (a cycle token first when its cycle is new); 0, or -1
 * when out of memory (then p->failed stays set). */
int planview_pack_add(struct planview_pack *p, const struct planview_tree *t,
    const struct planview_event *e);
void planview_pack_free(struct planview_pack *p);

#endif
