/*
 * logs.c - --log DIR: one transparency log per robot and per plan, in the
 * project's one event-log format (lib/evlog), named as the original
 * names them: RobLog-<nn>.csv for the first plan, RobMonLog-<nn>.csv for
 * the monitor.  Cycles are ticks; time is simulated, 125 ms a tick (the
 * original's default 8 ticks a second), so logs are deterministic.  The
 * logs are streams (stream.c): in place from the first tick, whole ticks.
 * Used by worldsim (logs.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/diag.h"
#include "plan/vocab.h"
#include "world/logs.h"

#define LOG_TICK_MS 125
#define LOG_NAME_ROUND 806	/* names the original gives before repeating */

/* Room for 2 files per robot: raise the soft limit as far as allowed. */
static int
enough_files(uint32_t n)
{
	struct rlimit rl;
	rlim_t need = (rlim_t)2 * n + 32;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return 0;
	if (rl.rlim_cur < need && rl.rlim_max != rl.rlim_cur) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY ||
		    rl.rlim_max > need ? need : rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	return rl.rlim_cur >= need;
}

/*
 * Robot k's log: RobLog-<second><char>.csv as the original names it
 * (spec 2.1).  Those names come round again every 806 robots, so from
 * robot 806 on the round is added: robot 806 logs to RobLog-aa-2.csv.
 */
static void
log_path(char *buf, size_t n, const char *dir, uint32_t k, int monitor)
{
	uint32_t round = k / LOG_NAME_ROUND + 1;
	int len = snprintf(buf, n, "%s/%s-%c%c", dir, monitor ? "RobMonLog" :
	    "RobLog", world_robot_char2(k), world_robot_char(k));

	if (round > 1 && len > 0 && (size_t)len < n)
		len += snprintf(buf + len, n - (size_t)len, "-%lu",
		    (unsigned long)round);
	if (len > 0 && (size_t)len < n)
		snprintf(buf + len, n - (size_t)len, ".csv");
}

static enum world_status
open_one(struct world_logs *l, uint32_t k, int monitor)
{
	struct world_log *rl = &l->log[2 * k + (uint32_t)monitor];
	size_t n = strlen(l->dir) + 48;
	char *path = malloc(n);
	enum world_status rc = WORLD_OK;

	if (path == NULL) {
		diag_plain(l->d, "out of memory");
		return WORLD_IO;
	}
	log_path(path, n, l->dir, k, monitor);
	if (world_stream_open(&rl->file, path, l->d) < 0) {
		rc = WORLD_IO;
	} else {
		rl->open = 1;
		evlog_open(&rl->ev, rl->file.af.fp, EVLOG_CSV, 1);
		evlog_write_run(&rl->ev, EVLOG_RUN_START, 0);
	}
	free(path);
	return rc;
}

enum world_status
world_logs_open(struct world_logs *l, const char *dir, uint32_t robots,
    const struct plan *plan, const struct plan *monitor, struct diag *d)
{
	uint32_t k;
	enum world_status rc;

	memset(l, 0, sizeof *l);
	l->d = d;
	l->dir = dir;
	l->n = robots;
	l->monitor = monitor != NULL;
	if (!enough_files(robots)) {
		diag_plain(l->d, "--log: %lu robots need %lu open files, more "
		    "than allowed here (--log-robots)", (unsigned long)robots,
		    (unsigned long)(2 * robots));
		return WORLD_IO;
	}
	if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
		diag_plain(l->d, "%s: %s", dir, strerror(errno));
		return WORLD_IO;
	}
	if ((l->log = calloc((size_t)2 * robots, sizeof *l->log)) == NULL ||
	    evlog_names_init(&l->names, plan) < 0 ||
	    (monitor && evlog_names_init(&l->mon_names, monitor) < 0)) {
		diag_plain(l->d, "out of memory");
		return WORLD_IO;
	}
	for (k = 0; k < robots; k++)
		if ((rc = open_one(l, k, 0)) != WORLD_OK ||
		    (monitor && (rc = open_one(l, k, 1)) != WORLD_OK))
			return rc;
	return WORLD_OK;
}

/* The world's event callback (world_event_fn); ev NULL: an idle cycle. */
void
world_logs_event(void *ctx, uint32_t robot, int monitor,
    const struct planner_event *ev)
{
	struct world_logs *l = ctx;
	struct world_log *rl;
	struct evlog_event e;
	long cycle = (long)l->w->ticks;

	if (robot >= l->n)
		return;
	rl = &l->log[2 * robot + (uint32_t)(monitor != 0)];
	if (ev == NULL) {
		memset(&e, 0, sizeof e);
		e.cycle = cycle;
		e.time_ms = (cycle - 1) * LOG_TICK_MS;
		e.kind = PLAN_EV_IDLE;
	} else {
		evlog_from_planner(&e, monitor ? &l->mon_names : &l->names,
		    ev, cycle, (cycle - 1) * LOG_TICK_MS);
	}
	evlog_write(&rl->ev, &e);
}

/* The world's priority callback (world_priority_fn): a Q line in the
   robot's first-plan log, before the cycle it takes effect in. */
void
world_logs_priority(void *ctx, uint32_t robot, uint16_t drive,
    uint16_t priority, uint64_t cycle)
{
	struct world_logs *l = ctx;
	struct evlog_event e;
	long c = (long)cycle;

	if (robot >= l->n)
		return;
	evlog_priority(&e, plan_id(l->names.plan, PLAN_D, drive),
	    l->names.element[PLAN_D][drive], priority, c,
	    (c - 1) * LOG_TICK_MS);
	evlog_write(&l->log[2 * robot].ev, &e);
}

/*
 * Every log still its own file once all are in place?  Where names differ
 * only in case (RobLog-aA, RobLog-aa) a file system that ignores case
 * makes two robots share one file: refuse rather than mix them.
 */
static enum world_status
logs_distinct(const struct world_logs *l)
{
	uint32_t k;
	struct stat st;

	for (k = 0; k < 2 * l->n; k++) {
		const struct world_log *rl = &l->log[k];

		if (rl->open && fstat(fileno(rl->file.af.fp), &st) == 0 &&
		    st.st_nlink == 0) {
			diag_plain(l->d, "--log: %s: another robot's log took "
			    "its place (does this file system ignore case?)",
			    rl->file.name);
			return WORLD_IO;
		}
	}
	return WORLD_OK;
}

enum world_status
world_logs_publish(struct world_logs *l)
{
	uint32_t k;

	for (k = 0; k < 2 * l->n; k++) {
		if (!l->log[k].open)
			continue;
		(void)evlog_flush(&l->log[k].ev);	/* the header, whole */
		if (world_stream_publish(&l->log[k].file) < 0)
			return WORLD_IO;
	}
	return logs_distinct(l);
}

enum world_status
world_logs_tick(struct world_logs *l)
{
	uint32_t k;

	for (k = 0; k < 2 * l->n; k++) {
		if (!l->log[k].open)
			continue;
		(void)evlog_flush(&l->log[k].ev);	/* an error: the stream's */
		if (world_stream_tick(&l->log[k].file) < 0)
			return WORLD_IO;
	}
	return WORLD_OK;
}

/* Put the logs in place (rc OK, or an interrupted run) or drop them. */
enum world_status
world_logs_close(struct world_logs *l, enum world_status rc, int keep)
{
	uint32_t k;

	if (l->dir == NULL)
		return rc;
	for (k = 0; l->log && k < 2 * l->n; k++) {
		struct world_log *rl = &l->log[k];
		int ok = rc == WORLD_OK || keep;

		if (!rl->open)
			continue;
		if (ok)
			(void)evlog_flush(&rl->ev);	/* an error: the stream's */
		if (world_stream_close(&rl->file, ok) < 0 && rc == WORLD_OK)
			rc = WORLD_IO;
	}
	free(l->log);
	l->log = NULL;
	evlog_names_free(&l->names);
	if (l->monitor)
		evlog_names_free(&l->mon_names);
	return rc;
}
