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

struct emit_options {
	const char *source;	/* shown in the header comment */
	int sort_by_id;		/* YAML: every element by id, for diffs */
	const char *command;	/* what made it, for the YAML header:
				 * "plancc -d" (the default, NULL) or
				 * "plancc --emit yaml" */
};

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
