/*
 * log.c - the robot's event log while a connection is kept (log.h).
 * Every EVENTS frame on the link reaches the tap, whatever command is
 * running, and goes out named and flushed a line at a time, so a log
 * read while the session runs (tail -f) is never behind or cut mid-line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "client/log.h"
#include "host/atomic.h"

void
client_log_name(char *out, size_t cap, const char *dir, const char *firmware,
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
flushed(struct client_log *l)
{
	if (l->failed || evlog_flush(&l->log) == 0)
		return;
	client_say(l->cl, "session: %s: writing the log failed: %s", l->path,
	    strerror(errno));
	l->failed = 1;
}

static void
log_event(void *ctx, const struct evlog_event *e)
{
	struct client_log *l = ctx;

	if (l->fp == NULL)
		return;
	evlog_write(&l->log, e);
	flushed(l);
}

/* Append to path, which must be a plain file, not a link to another. */
static enum client_status
open_log(struct client_log *l, const char *path)
{
	int r, empty;

	if (l->fp && strcmp(path, l->path) == 0)
		return CLIENT_OK;	/* the same robot back again */
	if (l->fp)
		fclose(l->fp);
	l->fp = NULL;
	snprintf(l->path, sizeof l->path, "%s", path);
	if ((r = append_open(path, &l->fp, &empty)) != 0) {
		if (r == -1)
			client_say(l->cl, "%s: %s", path, errno == ELOOP ?
			    "a symbolic link: not followed" : strerror(errno));
		else
			client_say(l->cl, "%s: not a file a log can be "
			    "appended to", path);
		l->fp = NULL;
		l->path[0] = '\0';
		return CLIENT_LOCAL_IO;
	}
	evlog_open(&l->log, l->fp, EVLOG_CSV, empty);
	l->log.t.flush_rows = 1;
	return CLIENT_OK;
}

enum client_status
client_log_resume(struct client_log *l)
{
	return l->dir && l->cl ? client_follow(l->cl, &l->follow, -1) :
	    CLIENT_OK;
}

enum client_status
client_log_attach(struct client_log *l, struct client *cl)
{
	char path[sizeof l->path];
	enum client_status st;

	if (l->dir == NULL)
		return CLIENT_OK;
	l->cl = cl;
	if (mkdir(l->dir, 0777) != 0 && errno != EEXIST) {
		client_say(cl, "--log-dir %s: %s", l->dir, strerror(errno));
		return CLIENT_LOCAL_IO;
	}
	client_log_name(path, sizeof path, l->dir, cl->hello.firmware,
	    cl->port_name ? cl->port_name : "?");
	l->follow.events.fn = log_event;
	l->follow.events.ctx = l;
	if ((st = open_log(l, path)) != CLIENT_OK)
		return st;
	return client_follow(cl, &l->follow, l->attached++ ?
	    EVLOG_RUN_RECONNECT : EVLOG_RUN_JOIN);
}

enum client_status
client_log_close(struct client_log *l)
{
	if (l->fp && fclose(l->fp) != 0 && !l->failed) {
		client_say(l->cl, "session: %s: %s", l->path, strerror(errno));
		l->failed = 1;
	}
	l->fp = NULL;
	return l->failed ? CLIENT_LOCAL_IO : CLIENT_OK;
}
