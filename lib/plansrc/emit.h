/*
 * emit.h - writing a validated plan back out: as YAML (plancc -d), as
 * Instinct commands (--emit inst) or as a Graphviz graph (--emit dot).
 * Everything is written from the decoded .plan, so what is shown is what
 * the robot gets.  Called by plancc.
 */
#ifndef SPINE_EMIT_H
#define SPINE_EMIT_H

#include <stdio.h>

#include "host/diag.h"
#include "plan/plan.h"

/*
 * dot only, for planview's pictures: per element, an extra label line
 * (counts) and a fill colour (its last outcome); either may be left NULL.
 */
typedef void emit_mark_fn(void *ctx, int type, uint16_t index,
    const char **note, const char **fill);

struct emit_options {
	const char *source;	/* shown in the header comment */
	int sort_by_id;		/* YAML: every element by id, for diffs */
	const char *command;	/* what made it, for the YAML header:
				 * "plancc -d" (the default, NULL) or
				 * "plancc --emit yaml" */
	emit_mark_fn *mark;	/* dot: NULL for plancc */
	void *mark_ctx;
	int per_drive;		/* dot, for planview's pages: one graph per
				   drive (highest priority first) with its
				   whole tree, shared elements drawn in each;
				   node ids "<tag><index>.D<drive>", edge ids
				   "<from>-<to>.D<drive>"; then graph "U" of
				   the elements no drive reaches, if any */
};

/*
 * The one outcome table (outcome.c): each outcome an element can report,
 * by its monitor event kind (the letter is vocab's: plan_event_letter),
 * with the word and the colour every picture of a run shows it in --
 * plancc --emit dot's legend, planview's terminal, page and SVG.  The
 * colours are the Okabe-Ito set (told apart with any colour vision);
 * term is the nearest of the eight terminal colours (curses COLOR_*
 * numbers), named in planview(1).  The plan source's monitor keyword for
 * P ("pending", plan_event_word) is a keyword, not what views say.
 */
struct emit_outcome {
	uint8_t kind;		/* PLANNER_EV_EXECUTED .. PLANNER_EV_ERROR */
	const char *words;	/* "executed", "success", "in progress", ... */
	const char *colour;	/* #rrggbb */
	uint8_t term;		/* 0..7: black red green yellow blue magenta
				   cyan white */
};
#define EMIT_NOUTCOMES 5
extern const struct emit_outcome plansrc_emit_outcomes[EMIT_NOUTCOMES];

/* The entry of an outcome letter (E S P F Z), or NULL for any other. */
const struct emit_outcome *plansrc_emit_outcome_of(char letter);

/*
 * Each returns 0, or -1 when the plan cannot be written in that form
 * (reported to d) or memory ran out.
 */
int plansrc_emit_yaml(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d);
int plansrc_emit_inst(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d);
int plansrc_emit_dot(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d);

#endif
