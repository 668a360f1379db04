/*
 * logs.h - worldsim --log DIR: one event log (lib/evlog) per robot and
 * per plan, named as the original names them, fed by the world's event
 * and priority callbacks.  Used by worldsim.
 */
#ifndef SPINE_WORLD_LOGS_H
#define SPINE_WORLD_LOGS_H

#include <stdint.h>

#include "evlog/evlog.h"
#include "evlog/names.h"
#include "host/diag.h"
#include "world/status.h"
#include "world/stream.h"
#include "world/world.h"

struct world_log {
	struct world_stream file;
	struct evlog ev;
	int open;
};

struct world_logs {
	const char *dir;
	const struct world *w;		/* set by the caller before the run */
	uint32_t n;			/* robots logged */
	int monitor;
	struct names names, mon_names;
	struct world_log *log;		/* 2 per robot: plan, monitor */
	struct diag *d;			/* where complaints go */
};

/* Open the logs of the first `robots` robots in dir (made if need be),
   complaints now and later through d. */
enum world_status world_logs_open(struct world_logs *l, const char *dir,
    uint32_t robots, const struct plan *plan, const struct plan *monitor,
    struct diag *d);
/* The world's event callback (world_event_fn, ctx: struct world_logs). */
void world_logs_event(void *ctx, uint32_t robot, int monitor,
    const struct planner_event *ev);
/* The world's priority callback (world_priority_fn, same ctx). */
void world_logs_priority(void *ctx, uint32_t robot, uint16_t drive,
    uint16_t priority, uint64_t cycle);
/* The run starts: every log in place, each its own file. */
enum world_status world_logs_publish(struct world_logs *l);
/* A tick is done: flush it. */
enum world_status world_logs_tick(struct world_logs *l);
/* Close the logs: whole if rc is WORLD_OK or keep (an interrupted run),
   dropped if the run never started; rc, or WORLD_IO on a write error. */
enum world_status world_logs_close(struct world_logs *l,
    enum world_status rc, int keep);

#endif
