/*
 * task_emit.h - writing a task section back as YAML source, or drawing it
 * as a Graphviz graph, for plancc's -d and --emit on task plans.
 * Recompiling the YAML gives the same bytes whenever every variable used
 * is also recorded.
 */
#ifndef SPINE_TASK_EMIT_H
#define SPINE_TASK_EMIT_H

#include <stdio.h>

#include "plan/task.h"

/* Write t as a task source; 0, or -1 if writing failed. */
int plansrc_task_emit_yaml(FILE *fp, const struct plan_task *t);

/* Draw t in DOT (task_dot.c); 0, or -1 if writing failed. */
int plansrc_task_emit_dot(FILE *fp, const struct plan_task *t);

#endif
