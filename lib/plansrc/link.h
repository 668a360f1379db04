/*
 * link.h - from a plan model to an encodable plan: every check plancc
 * makes (names, links, types, reachability, recursion, ranges, id width),
 * then the records in source order with links resolved.  Called by plancc.
 */
#ifndef SPINE_PLAN_LINK_H
#define SPINE_PLAN_LINK_H

#include "host/diag.h"
#include "plan/plan.h"
#include "plansrc/model.h"

struct link_options {
	int id_width;		/* 0 = automatic; 1 or 2 bytes = forced */
	int allow_recursion;	/* cycles through competences allowed */
	int strip_names;	/* leave the name table out */
};

/* The encoder's input and the arrays behind it (names point into the model). */
struct linked_plan {
	struct plan_spec spec;
	struct plan_ap *ap;
	struct plan_ape *ape;
	struct plan_comp *comp;
	struct plan_ce *ce;
	struct plan_drive *drive;
	struct plan_action *action;
	struct plan_name *names;
};

/*
 * Check m and fill *out.  Diagnostics go to d with the elements' source
 * positions.  0 when the plan can be encoded (warnings allowed), -1 when
 * errors were reported (or memory ran out).  The model must outlive *out.
 */
int plansrc_plan_link(const struct plan_model *m, const struct link_options *o,
    struct diag *d, struct linked_plan *out);

void plansrc_linked_plan_free(struct linked_plan *lp);

#endif
