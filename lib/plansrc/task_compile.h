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
#include "yaml/ydoc.h"

/*
 * 1 when a loaded document is a task source: its top level is a mapping
 * with a `task` or an `initialAction` key.  plancc loads a YAML or JSON
 * file once (ydoc_load) and asks this to pick the reader.
 */
int plansrc_task_doc_is_task(const struct ydoc *doc);

/* Compile a loaded document as plansrc_task_compile does. */
int plansrc_task_compile_doc(const struct ydoc *doc, struct diag *d, uint8_t **out,
    uint32_t *size);

/*
 * Compile buf into a plan image: 0 with *out (malloc'd) and *size, or -1
 * when diagnostics made it fail (they went to d, with line:col).
 */
int plansrc_task_compile(const char *buf, size_t len, struct diag *d, uint8_t **out,
    uint32_t *size);

#endif
