/*
 * task_link.h - checking a task as written and laying it out as the
 * records plan_task_encode takes.  Internal to lib/plansrc
 * (task_link.c checks, task_spec.c lays out, task_compile.c calls).
 */
#ifndef SPINE_TASK_LINK_H
#define SPINE_TASK_LINK_H

#include "host/diag.h"
#include "plan/task.h"
#include "plansrc/task_src.h"

/* The encoder's input and the arrays behind it (names point into m). */
struct task_linked {
	struct plan_task_spec spec;
	struct plan_task_action *action;
	struct plan_task_comp *point, *arm, *check_comp;
	struct plan_task_decision *decision;
	struct plan_task_check *check;
	struct plan_task_record *record;
	struct plan_task_name *name;
};

/*
 * Check m (diagnostics to d) and fill *out.  0, or -1 when errors were
 * reported.  m must outlive *out.
 */
int plansrc_task_link(const struct tsrc_task *m, struct diag *d,
    struct task_linked *out);

/* The records, once the objects and variables are numbered. */
int plansrc_task_fill_spec(const struct tsrc_task *m, const char *const *object,
    size_t nobjects, const char *const *var, size_t nvars,
    struct task_linked *out);

void plansrc_task_linked_free(struct task_linked *l);

#endif
