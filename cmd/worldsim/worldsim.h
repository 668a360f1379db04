/*
 * worldsim.h - the pieces of worldsim and how they meet: inputs (map,
 * profile), the outputs (statistics, terminal frames, gnuplot pictures,
 * logs) around the world engine of lib/world.
 */
#ifndef WORLDSIM_H
#define WORLDSIM_H

#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "evlog/evlog.h"
#include "host/atomic.h"
#include "host/table.h"
#include "evlog/names.h"
#include "plan/plan.h"
#include "world/world.h"

/* ---- mapfile.c: --map -------------------------------------------------- */

struct map_file {
	struct world_map map;
	uint8_t *cells;
	struct world_cell_xy *start;
};

/* Read and parse a text map; an exit status after a message. */
int map_file_load(struct map_file *mf, const char *path);
void map_file_free(struct map_file *mf);

/* ---- profile.c: --profile ---------------------------------------------- */

struct profile {
	struct world_bind *sense, *action;	/* by the plan's ids */
	uint32_t nsense, naction;
};

/* Read a profile against plan p (names resolve through its name table);
   an exit status after a message. */
int profile_load(struct profile *pf, const char *path, const struct plan *p);
void profile_free(struct profile *pf);

/* ---- stats.c: --stats -------------------------------------------------- */

struct stats_out {
	struct table t;
	uint32_t seed;
};

void stats_init(struct stats_out *s, FILE *fp, uint32_t seed, int header);
void stats_row(struct stats_out *s, const struct world *w);

/* The status line of --show: the statistics in words. */
void stats_line(const struct world *w, char *buf, size_t size);

/* ---- trace.c: --trace ------------------------------------------------ */

void trace_init(struct table *t, FILE *fp, int header);
/* One row per robot for the tick just done. */
void trace_tick(struct table *t, const struct world *w);

/* ---- log.c: --log ---------------------------------------------------- */

struct robot_log {
	struct atomic_file file;
	struct evlog ev;
	int open;
};

struct logs {
	const char *dir;
	const struct world *w;
	uint32_t n;			/* robots logged */
	int monitor;
	struct names names, mon_names;
	struct robot_log *log;		/* 2 per robot: plan, monitor */
};

/* Open the logs of the first `robots` robots; an exit status. */
int logs_open(struct logs *l, const char *dir, uint32_t robots,
    const struct plan *plan, const struct plan *monitor);
/* The world's event callback (world_event_fn, ctx: struct logs). */
void logs_event(void *ctx, uint32_t robot, int monitor,
    const struct planner_event *ev);
/* The world's priority callback (world_priority_fn, ctx: struct logs). */
void logs_priority(void *ctx, uint32_t robot, uint16_t drive,
    uint16_t priority, uint64_t cycle);
/* Put the logs in place (rc OK) or drop them; the exit status. */
int logs_close(struct logs *l, int rc);

/* ---- show.c: --show ---------------------------------------------------- */

struct show {
	FILE *fp;
	int tty;
	double rate;		/* frames per second; 0: as fast as it can */
	char *buf;
	struct timespec start;
	long frames;
};

int show_init(struct show *s, FILE *fp, double rate, const struct world *w);
/* One frame; -1 on a write error. */
int show_frame(struct show *s, const struct world *w);
void show_free(struct show *s);

/* ---- picture.c: --gif, --frames (through gnuplot) ---------------------- */

struct picture {
	FILE *pipe;
	const char *gif;	/* target, or NULL */
	char *gif_tmp;
	const char *dir;	/* --frames, or NULL */
	long frames;
	int px;			/* pixels per cell */
};

/* Start gnuplot; an exit status after a message. */
int picture_begin(struct picture *p, const char *gif, const char *dir,
    const struct world *w, double rate, int px);
void picture_frame(struct picture *p, const struct world *w);
/* Wait for gnuplot and put the GIF in place; an exit status. */
int picture_end(struct picture *p);

#endif
