/*
 * task_compile.h - compiling a task machine source (YAML, or JSON in the
 * shape of BrainJS's instructions.json) into a .plan image holding a
 * task section.  Called by plancc; man/plan-yaml.5 has the schema.
 */
#ifndef SPINE_TASK_COMPILE_H
#define SPINE_TASK_COMPILE_H

#include <stddef.h>
#include <stdint.h>

#include "host/diag.h"

/*
 * 1 when buf is a task source: one document whose top level is a mapping
 * with a `task` or an `initialAction` key.  0 otherwise, also when it
 * does not parse (the caller's reader will say why).
 */
int task_source_sniff(const char *buf, size_t len);

/*
 * Compile buf into a plan image: 0 with *out (malloc'd) and *size, or -1
 * when diagnostics made it fail (they went to d, with line:col).
 */
int task_compile(const char *buf, size_t len, struct diag *d, uint8_t **out,
    uint32_t *size);

#endif
