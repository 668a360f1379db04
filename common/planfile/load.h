/*
 * load.h - reading a .plan file whole and validating it, for the host
 * tools that take one (planrun, armctl push and monitor --names): a
 * damaged plan is refused with the decoder's reason, exit 65.
 */
#ifndef SPINE_PLANFILE_LOAD_H
#define SPINE_PLANFILE_LOAD_H

#include <stdint.h>

#include "plan/plan.h"

struct loaded_plan {
	const char *path;
	uint8_t *bytes;
	uint32_t size;
	struct plan plan;
};

/* Read ("-": stdin) and validate; an exit status (0, 66, 65, 74) after a
 * message. */
int plan_load(const char *path, struct loaded_plan *lp);
void plan_unload(struct loaded_plan *lp);

#endif
