/*
 * load.h - worldsim's input files read whole and handed to lib/world's
 * parsers: a text map (worldsim-map(5)) and a robot profile
 * (worldsim-profile(5)), complaints at file:line:col.  Used by worldsim.
 */
#ifndef SPINE_WORLD_LOAD_H
#define SPINE_WORLD_LOAD_H

#include <stdint.h>

#include "host/diag.h"

#include "world/status.h"
#include "world/world.h"

struct world_map_file {
	struct world_map map;
	uint8_t *cells;
	struct world_cell_xy *start;
};

/* Read and parse the text map at path ("-": stdin); complaints through
   d (its file set to path for those at line:col). */
enum world_status world_map_load(struct world_map_file *mf, const char *path,
    struct diag *d);
void world_map_file_free(struct world_map_file *mf);

/* Read the profile at path against plan p (names resolve through its
   name table), complaints through d as above; free it with
   world_profile_free. */
enum world_status world_profile_load(struct world_profile *pf,
    const char *path, const struct plan *p, struct diag *d);

#endif
