/*
 * stream.h - worldsim's table outputs (statistics, trace, event logs) as
 * streams: beside the target until the run starts, then in place, whole
 * ticks only.  Used by worldsim and world/logs.c.
 */
#ifndef SPINE_WORLD_STREAM_H
#define SPINE_WORLD_STREAM_H

#include <sys/types.h>

#include "host/atomic.h"
#include "host/diag.h"

/*
 * The caller writes through its own buffer (a table, an event log) into
 * af.fp and flushes it before each call below, ignoring how that went: a
 * write error leaves the FILE's error set, and the stream says it (with
 * the file's name), marks itself failed and cuts the file back.
 */
struct world_stream {
	struct atomic_file af;
	char *name;		/* for messages */
	off_t whole;		/* bytes up to the last whole tick */
	int open, failed;
	struct diag *d;		/* where complaints go */
};

/* Open beside path ("-": stdout), complaints now and later through d;
   -1 after a message. */
int world_stream_open(struct world_stream *s, const char *path,
    struct diag *d);
/* The run starts: put the file in place; -1 after a message. */
int world_stream_publish(struct world_stream *s);
/* A tick is done: flush it; -1 after a message on a write error. */
int world_stream_tick(struct world_stream *s);
/* Close: whole (ok) or dropped if never published; a failed stream is
   cut back to its last whole tick.  -1 after a message on an error. */
int world_stream_close(struct world_stream *s, int ok);

#endif
