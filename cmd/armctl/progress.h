/*
 * progress.h - a one-line progress bar on stderr, drawn only when stderr is
 * a terminal (so logs and pipes stay clean).  Used by push, pull (bytes)
 * and run (steps).
 */
#ifndef ARMCTL_PROGRESS_H
#define ARMCTL_PROGRESS_H

#include <stdint.h>

struct progress {
	const char *label;
	const char *units;	/* "bytes" unless progress_begin_units */
	int on;
	int last_pct;
};

void progress_begin(struct progress *p, const char *label);
void progress_begin_units(struct progress *p, const char *label,
    const char *units);
void progress_update(struct progress *p, uint32_t done, uint32_t total);
void progress_end(struct progress *p);

#endif
