/*
 * outcome.c - the one outcome table (emit.h): an element's outcome, its
 * word and its colour, for plancc --emit dot's legend and for planview's
 * terminal view, replay page, live page and SVG.
 */
#include "plan/vocab.h"
#include "planner/planner.h"
#include "plansrc/emit.h"

const struct emit_outcome plansrc_emit_outcomes[EMIT_NOUTCOMES] = {
	{ PLANNER_EV_EXECUTED, "executed", "#f0e442", 3 },	/* yellow */
	{ PLANNER_EV_SUCCESS, "success", "#009e73", 2 },	/* green */
	{ PLANNER_EV_PENDING, "in progress", "#56b4e9", 6 },	/* cyan */
	{ PLANNER_EV_FAIL, "fail", "#cc79a7", 5 },		/* magenta */
	{ PLANNER_EV_ERROR, "error", "#d55e00", 1 },		/* red */
};

const struct emit_outcome *
plansrc_emit_outcome_of(char letter)
{
	int k;

	for (k = 0; k < EMIT_NOUTCOMES; k++)
		if (plan_event_letter(plansrc_emit_outcomes[k].kind) == letter)
			return &plansrc_emit_outcomes[k];
	return NULL;
}
