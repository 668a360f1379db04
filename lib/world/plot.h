/*
 * plot.h - the world's frames drawn by gnuplot: an animated GIF, or a
 * folder of PNG frames, each file checked whole before it is put in
 * place.  Used by worldsim (--gif, --frames).
 */
#ifndef SPINE_WORLD_PLOT_H
#define SPINE_WORLD_PLOT_H

#include <stdio.h>
#include <sys/types.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "world/status.h"
#include "world/world.h"

struct world_plot {
	FILE *pipe;		/* gnuplot's input */
	pid_t pid;
	const char *gif;	/* target, or NULL */
	struct atomic_file gif_file;
	int gif_open;
	FILE *scratch;		/* the GIF for a target not a regular file */
	int out;		/* gnuplot's output, or -1 */
	const char *dir;	/* the frames' folder, or NULL */
	char *private_dir;	/* where gnuplot draws the frames */
	long frames;
	int px;			/* pixels per cell */
	struct diag *d;		/* where complaints go */
};

/*
 * Open the outputs (the GIF gif, else PNG frames in the folder dir) and
 * start gnuplot: px pixels a cell, the GIF at rate frames a second (0:
 * the original's 8); complaints now and later through d.
 */
enum world_status world_plot_begin(struct world_plot *p, const char *gif,
    const char *dir, const struct world *w, double rate, int px,
    struct diag *d);
/* One frame: the world as it stands. */
void world_plot_frame(struct world_plot *p, const struct world *w);
/* Wait for gnuplot, check what it wrote and put it in place if rc is
   WORLD_OK, else drop it; the outcome. */
enum world_status world_plot_end(struct world_plot *p, enum world_status rc);

/* ---- imgcheck.c: did gnuplot finish its file? -------------------------- */

/* 1 if fp (from its start) is a GIF that runs to its trailer. */
int world_gif_whole(FILE *fp);
/* 1 if fp (from its start) is a PNG that runs to its IEND chunk. */
int world_png_whole(FILE *fp);

#endif
