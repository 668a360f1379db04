/*
 * worldsim.h - the pieces of worldsim and how they meet: inputs (map,
 * profile), the outputs (statistics, terminal frames, gnuplot pictures,
 * logs) around the world engine of lib/world.
 */
#ifndef WORLDSIM_H
#define WORLDSIM_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "evlog/evlog.h"
#include "host/atomic.h"
#include "host/table.h"
#include "evlog/names.h"
#include "plan/plan.h"
#include "world/world.h"

/* ---- stream.c: the table outputs, row by row -------------------------- */

struct stream {
	struct atomic_file af;
	char *name;		/* for messages */
	off_t whole;		/* bytes up to the last whole tick */
	int open, failed;
};

/* Open beside path ("-": stdout); -1 after a message. */
int stream_open(struct stream *s, const char *path);
/* The run starts: put the file in place; -1 after a message. */
int stream_publish(struct stream *s);
/* A tick is done: flush it; -1 after a message on a write error. */
int stream_tick(struct stream *s);
/* Close: whole (ok) or dropped if never published; a failed stream is
   cut back to its last whole tick.  -1 after a message on an error. */
int stream_close(struct stream *s, int ok);

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

/* Read a profile against plan p (names resolve through its name table);
   an exit status after a message. */
int profile_load(struct world_profile *pf, const char *path,
    const struct plan *p);

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
	struct stream file;
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
/* The run starts: every log in place, each its own file; an exit status. */
int logs_publish(struct logs *l);
/* A tick is done: flush it; an exit status. */
int logs_tick(struct logs *l);
/* Close the logs: whole if rc is OK or keep (an interrupted run), dropped
   if the run never started; the exit status. */
int logs_close(struct logs *l, int rc, int keep);

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
	FILE *pipe;		/* gnuplot's input */
	pid_t pid;
	const char *gif;	/* target, or NULL */
	struct atomic_file gif_file;
	int gif_open;
	FILE *scratch;		/* the GIF for a target not a regular file */
	int out;		/* gnuplot's output, or -1 */
	const char *dir;	/* --frames, or NULL */
	char *private_dir;	/* where gnuplot draws the frames */
	long frames;
	int px;			/* pixels per cell */
};

/* Open the outputs and start gnuplot; an exit status after a message. */
int picture_begin(struct picture *p, const char *gif, const char *dir,
    const struct world *w, double rate, int px);
void picture_frame(struct picture *p, const struct world *w);
/* Wait for gnuplot, check what it wrote and put it in place if rc is
   EXIT_OK, else drop it; the exit status. */
int picture_end(struct picture *p, int rc);

/* ---- imgcheck.c: did gnuplot finish its file? -------------------------- */

/* 1 if fp (from its start) is a GIF that runs to its trailer. */
int gif_whole(FILE *fp);
/* 1 if fp (from its start) is a PNG that runs to its IEND chunk. */
int png_whole(FILE *fp);

#endif
