/*
 * yamlplan.h - reading plans written in YAML (the schema of plan-yaml(5))
 * into a plan model.  Called by plancc; the fuzz harness uses the memory
 * entry point.
 */
#ifndef SPINE_YAMLPLAN_H
#define SPINE_YAMLPLAN_H

#include <stddef.h>
#include <stdio.h>

#include "cli/diag.h"
#include "plansrc/model.h"

/*
 * Read the plan in fp (named `path` in messages) into m.  Diagnostics go
 * to d.  0 when the file was read (d may still hold errors), -1 on a read
 * error.
 */
int yaml_plan_read(FILE *fp, const char *path, struct plan_model *m,
    struct diag *d);

/* The same from memory. */
int yaml_plan_read_mem(const unsigned char *buf, size_t len,
    struct plan_model *m, struct diag *d);

#endif
