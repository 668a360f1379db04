/*
 * load.h - reading a .plan file whole and validating it, for the host
 * tools that take one (planrun, armctl push and monitor --names): a
 * damaged plan is refused with the decoder's reason.
 */
#ifndef SPINE_RUN_LOAD_H
#define SPINE_RUN_LOAD_H

#include <stdint.h>

#include "plan/plan.h"
#include "run/status.h"

struct loaded_plan {
	const char *path;
	uint8_t *bytes;
	uint32_t size;
	struct plan plan;
};

/* Read ("-": stdin) and validate; RUN_OK, or RUN_NO_INPUT, RUN_BAD_DATA
   (not a plan, or too large to be one) or RUN_IO after a message through
   say (NULL: stderr), at file:line:col where there is one. */
struct diag;
enum run_status run_plan_load(const char *path, struct loaded_plan *lp,
    struct diag *say);
void run_plan_unload(struct loaded_plan *lp);

#endif
