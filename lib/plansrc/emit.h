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
};

/*
 * The outcome colours of the legend, shared by every picture of a run
 * (planview's terminal, page and SVG): letter, words, colour.
 */
struct emit_outcome {
	char event;
	const char *words, *colour;
};
#define EMIT_NOUTCOMES 5
extern const struct emit_outcome emit_outcomes[EMIT_NOUTCOMES];

/*
 * Each returns 0, or -1 when the plan cannot be written in that form
 * (reported to d) or memory ran out.
 */
int emit_yaml(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d);
int emit_inst(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d);
int emit_dot(FILE *fp, const struct plan *p, const struct emit_options *o,
    struct diag *d);

#endif
