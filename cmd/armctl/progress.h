/*
 * progress.h - a one-line progress bar on stderr, drawn only when stderr is
 * a terminal (so logs and pipes stay clean), fed by lib/client's progress
 * hook.  Used by push, pull (bytes) and run (steps).
 */
#ifndef ARMCTL_PROGRESS_H
#define ARMCTL_PROGRESS_H

#include <stdint.h>

#include "client/client.h"

struct progress {
	const char *label;
	const char *units;
	int on;
	int last_pct;
};

/* Start a bar counting `units`; the hook lib/client calls as it goes. */
struct client_progress progress_begin(struct progress *p, const char *label,
    const char *units);
void progress_end(struct progress *p);

#endif
