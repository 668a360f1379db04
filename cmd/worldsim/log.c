/*
 * log.c - --log DIR: one transparency log per robot and per plan, in the
 * project's one event-log format (lib/evlog), named as the original
 * names them: RobLog-<nn>.csv for the first plan, RobMonLog-<nn>.csv for
 * the monitor.  Cycles are ticks; time is simulated, 125 ms a tick (the
 * original's default 8 ticks a second), so logs are deterministic.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include "host/diag.h"
#include "host/exits.h"
#include "plan/vocab.h"
#include "worldsim.h"

#define LOG_TICK_MS 125
#define LOG_MAX_ROBOTS 1612	/* 26 x 62 distinct names (spec 2.1) */

/* Room for 2 files per robot: raise the soft limit as far as allowed. */
static int
enough_files(uint32_t n)
{
	struct rlimit rl;
	rlim_t need = (rlim_t)2 * n + 32;

	if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
		return 0;
	if (rl.rlim_cur < need && rl.rlim_max != rl.rlim_cur) {
		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > need ?
		    need : rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	return rl.rlim_cur >= need;
}

static int
open_one(struct logs *l, uint32_t k, int monitor)
{
	struct robot_log *rl = &l->log[2 * k + (uint32_t)monitor];
	size_t n = strlen(l->dir) + 32;
	char *path = malloc(n);
	int rc = EXIT_OK;

	if (path == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	snprintf(path, n, "%s/%s-%c%c.csv", l->dir, monitor ? "RobMonLog" :
	    "RobLog", world_robot_char2(k), world_robot_char(k));
	if (atomic_open(&rl->file, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		rc = EXIT_IOERR;
	} else {
		rl->open = 1;
		evlog_open(&rl->ev, rl->file.fp, EVLOG_CSV, 1);
		evlog_write_run(&rl->ev, EVLOG_RUN_START, 0);
	}
	free(path);
	return rc;
}

int
logs_open(struct logs *l, const char *dir, uint32_t robots,
    const struct plan *plan, const struct plan *monitor)
{
	uint32_t k;
	int rc;

	memset(l, 0, sizeof *l);
	l->dir = dir;
	l->n = robots;
	l->monitor = monitor != NULL;
	if (robots > LOG_MAX_ROBOTS) {
		warnx_tool("--log: at most %d robots have their own log names "
		    "(--log-robots)", LOG_MAX_ROBOTS);
		return EXIT_USAGE;
	}
	if (!enough_files(robots)) {
		warnx_tool("--log: %lu robots need %lu open files, more than "
		    "allowed here (--log-robots)", (unsigned long)robots,
		    (unsigned long)(2 * robots));
		return EXIT_IOERR;
	}
	if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
		warnx_tool("%s: %s", dir, strerror(errno));
		return EXIT_IOERR;
	}
	if ((l->log = calloc((size_t)2 * robots, sizeof *l->log)) == NULL ||
	    names_init(&l->names, plan) < 0 ||
	    (monitor && names_init(&l->mon_names, monitor) < 0)) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	for (k = 0; k < robots; k++)
		if ((rc = open_one(l, k, 0)) != EXIT_OK ||
		    (monitor && (rc = open_one(l, k, 1)) != EXIT_OK))
			return rc;
	return EXIT_OK;
}

/* The world's event callback (world_event_fn); ev NULL: an idle cycle. */
void
logs_event(void *ctx, uint32_t robot, int monitor,
    const struct planner_event *ev)
{
	struct logs *l = ctx;
	struct robot_log *rl;
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
logs_priority(void *ctx, uint32_t robot, uint16_t drive, uint16_t priority,
    uint64_t cycle)
{
	struct logs *l = ctx;
	struct evlog_event e;
	long c = (long)cycle;

	if (robot >= l->n)
		return;
	evlog_priority(&e, plan_id(l->names.plan, PLAN_D, drive),
	    l->names.element[PLAN_D][drive], priority, c,
	    (c - 1) * LOG_TICK_MS);
	evlog_write(&l->log[2 * robot].ev, &e);
}

int
logs_close(struct logs *l, int rc)
{
	uint32_t k;

	if (l->dir == NULL)
		return rc;
	for (k = 0; l->log && k < 2 * l->n; k++) {
		struct robot_log *rl = &l->log[k];

		if (!rl->open)
			continue;
		if (rc == EXIT_OK && (evlog_flush(&rl->ev) < 0 ||
		    atomic_commit(&rl->file) < 0)) {
			warnx_tool("write error: %s", strerror(errno));
			rc = EXIT_IOERR;
		} else if (rc != EXIT_OK) {
			atomic_abort(&rl->file);
		}
	}
	free(l->log);
	l->log = NULL;
	names_free(&l->names);
	if (l->monitor)
		names_free(&l->mon_names);
	return rc;
}
