/*
 * yamlplan.h - reading plans written in YAML (the schema of plan-yaml(5))
 * into a plan model.  Called by plancc and the fuzz harnesses.
 */
#ifndef SPINE_YAMLPLAN_H
#define SPINE_YAMLPLAN_H

#include <stddef.h>

#include "host/diag.h"
#include "plansrc/model.h"
#include "yaml/ydoc.h"

/*
 * Read the plan in buf[0..len) into m.  Diagnostics go to d (which names
 * the file); the caller checks diag_failed.  plancc reads the source whole
 * first, since its top level tells a plan from a task machine.
 */
int plansrc_yaml_read_mem(const unsigned char *buf, size_t len,
    struct plan_model *m, struct diag *d);

/* The same for a document already loaded (plancc loads a file once, then
 * asks plansrc_task_doc_is_task which reader it is for). */
int plansrc_yaml_read_doc(const struct ydoc *doc, struct plan_model *m,
    struct diag *d);

#endif
