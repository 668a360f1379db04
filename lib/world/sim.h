/*
 * sim.h - a world made ready to run from worldsim's inputs: the map (the
 * original's, or a file), the plans checked against the bindings (the
 * original's, or a profile's), the Mate drive, the logs, the memory.
 * Used by worldsim; the plans are loaded by the caller.
 */
#ifndef SPINE_WORLD_SIM_H
#define SPINE_WORLD_SIM_H

#include <stdint.h>

#include "host/diag.h"
#include "world/load.h"
#include "world/logs.h"
#include "world/status.h"
#include "world/world.h"

/* What the world is made of (names and paths as the user gave them). */
struct world_setup {
	const char *plan_path, *monitor_path;	/* for messages */
	const struct plan *plan, *monitor;	/* monitor: NULL for none */
	const char *profile;		/* a profile file, or NULL */
	const char *log;		/* a folder for the logs, or NULL */
	const char *mate_drive, *mate_above;	/* drive names */
	long robots, seed, log_robots, mate_range;
};

struct world_sim {
	struct world_map_file mf;
	struct world_map map;
	uint8_t default_cells[WORLD_DEFAULT_W * WORLD_DEFAULT_H];
	struct world_cell_xy default_start;
	struct world_bind dsense[10], daction[10];
	struct world_profile profile;
	struct world_config cfg;
	struct world w;
	struct world_logs logs;
	void *mem;
	struct diag *d;		/* where complaints go (world_sim_map's) */
};

/* The map: the text map at path, or the original's when path is NULL;
   complaints, now and in world_sim_build, through d.  s must be zeroed
   first. */
enum world_status world_sim_map(struct world_sim *s, const char *path,
    struct diag *d);

/* Everything else, after world_sim_map: the robots are made. */
enum world_status world_sim_build(struct world_sim *s,
    const struct world_setup *o);

/* Free what the world holds (the logs are closed by world_logs_close). */
void world_sim_free(struct world_sim *s);

#endif
