/*
 * worldsim.h - worldsim's own piece around lib/world: --show, the world
 * drawn as text in the terminal (show.c), called by main.c.
 */
#ifndef WORLDSIM_H
#define WORLDSIM_H

#include <stdio.h>
#include <time.h>

#include "world/world.h"

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

#endif
