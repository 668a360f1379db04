/*
 * sesslog.c - the per-robot logs of armctl session --log-dir (sesslog.h).
 * Every EVENTS frame on the link reaches the tap, whatever command is
 * running, and goes out named and flushed a line at a time, so a log
 * read while the session runs (tail -f) is never behind or cut mid-line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "plan/plan.h"
#include "sesslog.h"

/* "armsim 0.1.0" on "/dev/ttyACM0": "armsim_0.1.0@ttyACM0.csv". */
static void
log_name(char *out, size_t cap, const char *dir, const char *firmware,
    const char *port)
{
	const char *base = strrchr(port, '/');
	char name[200];
	size_t k = 0;

	base = strncmp(port, "tcp:", 4) == 0 ? port + 4 : base ? base + 1 :
	    port;
	for (; *firmware && k < 80; firmware++)
		name[k++] = strchr(" /:\\", *firmware) ? '_' : *firmware;
	name[k++] = '@';
	for (; *base && k < sizeof name - 1; base++)
		name[k++] = strchr(" /:\\[]", *base) ? '_' : *base;
	name[k] = '\0';
	snprintf(out, cap, "%s/%s.csv", dir, name);
}

/* The log's writes: a failure said once, and remembered. */
static void
flushed(struct sesslog *l)
{
	if (l->failed || evlog_flush(&l->log) == 0)
		return;
	warnx_tool("session: %s: writing the log failed: %s", l->path,
	    strerror(errno));
	l->failed = 1;
}

static void
log_event(void *ctx, const struct evlog_event *e)
{
	struct sesslog *l = ctx;

	if (l->fp == NULL)
		return;
	evlog_write(&l->log, e);
	flushed(l);
}

/* Append to path, which must be a plain file, not a link to another. */
static int
open_log(struct sesslog *l, const char *path)
{
	int r, empty;

	if (l->fp && strcmp(path, l->path) == 0)
		return 0;	/* the same robot back again */
	if (l->fp)
		fclose(l->fp);
	l->fp = NULL;
	snprintf(l->path, sizeof l->path, "%s", path);
	if ((r = append_open(path, &l->fp, &empty)) != 0) {
		if (r == -1)
			warnx_tool("%s: %s", path, errno == ELOOP ?
			    "a symbolic link: not followed" : strerror(errno));
		else
			warnx_tool("%s: not a file a log can be appended to",
			    path);
		l->fp = NULL;
		l->path[0] = '\0';
		return EXIT_IOERR;
	}
	evlog_open(&l->log, l->fp, EVLOG_CSV, empty);
	l->log.t.flush_rows = 1;
	return 0;
}

int
sesslog_resume(struct sesslog *l, struct ctl *link)
{
	return l->dir ? ctl_exit(client_follow(link->cl, &l->follow, -1)) : 0;
}

int
sesslog_attach(struct sesslog *l, struct ctl *link)
{
	char path[sizeof l->path];
	int r;

	if (l->dir == NULL)
		return 0;
	if (mkdir(l->dir, 0777) != 0 && errno != EEXIST) {
		warnx_tool("--log-dir %s: %s", l->dir, strerror(errno));
		return EXIT_IOERR;
	}
	log_name(path, sizeof path, l->dir, link->cl->hello.firmware,
	    link->port_name);
	l->follow.events.fn = log_event;
	l->follow.events.ctx = l;
	if ((r = open_log(l, path)) != 0)
		return r;
	return ctl_exit(client_follow(link->cl, &l->follow, l->attached++ ?
	    EVLOG_RUN_RECONNECT : EVLOG_RUN_JOIN));
}

int
sesslog_close(struct sesslog *l)
{
	if (l->fp && fclose(l->fp) != 0 && !l->failed) {
		warnx_tool("session: %s: %s", l->path, strerror(errno));
		l->failed = 1;
	}
	l->fp = NULL;
	return l->failed ? EXIT_IOERR : 0;
}
