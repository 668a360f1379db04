/*
 * outputs.h - a run's files: the statistics and the trace (tables
 * streamed a whole tick at a time), the pictures (gnuplot) and the event
 * logs, opened, put in place, fed each tick and closed.  Used by worldsim.
 */
#ifndef SPINE_WORLD_OUTPUTS_H
#define SPINE_WORLD_OUTPUTS_H

#include <stdint.h>
#include <time.h>

#include "world/logs.h"
#include "world/plot.h"
#include "world/status.h"
#include "world/stream.h"
#include "world/tables.h"

/* What to write: paths as the user gave them, NULL for none. */
struct world_outputs_setup {
	const char *stats;	/* "-": stdout */
	const char *trace;
	const char *gif, *frames;
	struct world_logs *logs;	/* opened by world_sim_build */
	struct diag *d;		/* where complaints go */
	uint32_t seed;		/* for the statistics' rows */
	int header;		/* the tables' header lines */
	long stats_every;	/* a statistics row every k ticks, 0 none */
	long frame_every;	/* a picture every k ticks */
	long ticks;		/* the run's length */
	double rate;		/* the GIF's frames a second (0: 8) */
	int px;			/* pixels a cell */
};

struct world_outputs {
	struct world_outputs_setup o;
	struct world_stream stats_file;
	struct world_stats_table stats;
	struct world_plot pic;
	struct world_stream trace_file;
	struct table trace;
	int want_stats, want_pic, want_trace;
	struct timespec flushed;	/* the tables' last flush */
};

/* Open the outputs beside their targets (close them whatever this says). */
enum world_status world_outputs_open(struct world_outputs *out,
    const struct world_outputs_setup *o, const struct world *w);
/* The run starts: every table and log in place. */
enum world_status world_outputs_publish(struct world_outputs *out);
/* Tick t is done: its trace rows, its picture and statistics row when
   due (the last tick's row is world_outputs_stats'). */
enum world_status world_outputs_tick(struct world_outputs *out,
    const struct world *w, long t);
/* The trace and the logs flushed, ten times a second at most (or now):
   readers follow them, an interrupt keeps whole ticks. */
enum world_status world_outputs_flush(struct world_outputs *out, int now);
/* A statistics row, flushed at once (when there are statistics). */
enum world_status world_outputs_stats(struct world_outputs *out,
    const struct world *w);
/* The pictures finished (kept if rc is WORLD_OK or keep); the outcome. */
enum world_status world_outputs_end_pictures(struct world_outputs *out,
    enum world_status rc, int keep);
/* The tables put in place (rc WORLD_OK, or keep: an interrupted run) or
   dropped; rc, or WORLD_IO on a write error. */
enum world_status world_outputs_close(struct world_outputs *out,
    enum world_status rc, int keep);

#endif
