/*
 * sesslog.c - the per-robot logs of armctl session --log-dir (sesslog.h).
 * Every EVENTS frame on the link reaches sesslog_tap, whatever command
 * is running, and goes out named and flushed a line at a time, so a log
 * read while the session runs (tail -f) is never behind or cut mid-line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/diag.h"
#include "host/exits.h"
#include "plan/crc32.h"
#include "plan/vocab.h"
#include "wire/msg.h"
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

static void
sesslog_tap(void *ctx, const struct wire_frame *f)
{
	struct sesslog *l = ctx;
	struct wire_events ev;
	struct evlog_event e;
	uint8_t i;

	if (l->fp == NULL || f->type != WIRE_EVENTS ||
	    wire_events_decode(&ev, f->payload, f->len) != 0)
		return;	/* SENSES frames (telemetry) are not events */
	for (i = 0; i < ev.count; i++) {
		evlog_from_wire(&e, l->have_names ? &l->names : NULL,
		    &ev.ev[i], (long)ev.cycle);
		evlog_write(&l->log, &e);
		l->events++;
	}
	evlog_flush(&l->log);
}

static void
drop_names(struct sesslog *l)
{
	if (l->have_names)
		names_free(&l->names);
	plan_unload(&l->plan);
	l->have_names = 0;
}

/* Names from --names, else from the plan the robot holds (none: ids). */
static int
take_names(struct sesslog *l, struct ctl *link)
{
	struct plan_error err;
	int r;

	drop_names(l);
	l->fetched = !l->names_file;
	l->size = l->crc = 0;
	if (l->names_file)
		r = ctl_plan_load(l->names_file, &l->plan);
	else
		r = ctl_plan_fetch(link, "names", &l->plan.bytes,
		    &l->plan.size);
	if (r != 0 || l->plan.bytes == NULL)
		return r;
	l->fetched = !l->names_file;
	l->size = l->plan.size;
	l->crc = crc32_update(0, l->plan.bytes, l->plan.size);
	if (!l->names_file && plan_open(&l->plan.plan, l->plan.bytes,
	    l->plan.size, &err) != PLAN_OK) {
		warnx_tool("session: the robot's plan does not decode: %s",
		    plan_strerror(err.code));
		plan_unload(&l->plan);
		return 0;	/* log by id */
	}
	if (names_init(&l->names, &l->plan.plan) < 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	l->have_names = 1;
	return 0;
}

static int
open_log(struct sesslog *l, const char *path)
{
	struct stat st;

	if (l->fp && strcmp(path, l->path) == 0)
		return 0;	/* the same robot back again */
	if (l->fp)
		fclose(l->fp);
	snprintf(l->path, sizeof l->path, "%s", path);
	if ((l->fp = fopen(path, "a")) == NULL) {
		warnx_tool("%s: %s", path, strerror(errno));
		l->path[0] = '\0';
		return EXIT_IOERR;
	}
	evlog_open(&l->log, l->fp, EVLOG_CSV, fstat(fileno(l->fp), &st) ==
	    0 && st.st_size == 0);
	l->log.t.flush_rows = 1;
	return 0;
}

/* Has the robot's plan changed since we took its names? */
static int
plan_changed(struct sesslog *l, struct ctl *link, int *changed)
{
	struct wire_frame reply;
	struct wire_in in;
	uint32_t size, crc;
	int r;

	*changed = 0;
	if (!l->fetched)
		return 0;
	if ((r = ctl_call(link, WIRE_PLAN_INFO, NULL, 0, &reply,
	    "session: plan info")) != 0)
		return r;
	wire_in_init(&in, reply.payload, reply.len);
	size = wire_get_u32(&in);
	crc = wire_get_u32(&in);
	*changed = size != l->size || (size && crc != l->crc);
	return 0;
}

int
sesslog_resume(struct sesslog *l, struct ctl *link)
{
	struct wire_frame reply;
	uint8_t mask = PLAN_MON_ALL;
	int r, changed;

	if (l->dir == NULL)
		return 0;
	if ((r = plan_changed(l, link, &changed)) != 0 ||
	    (changed && (r = take_names(l, link)) != 0))
		return r;
	link->s.tap = sesslog_tap;
	link->s.tap_ctx = l;
	return ctl_call(link, WIRE_MONITOR, &mask, 1, &reply, "session: "
	    "monitor");
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
	log_name(path, sizeof path, l->dir, link->hello.firmware,
	    link->port_name);
	if ((r = open_log(l, path)) != 0 || (r = take_names(l, link)) != 0)
		return r;
	return sesslog_resume(l, link);
}

void
sesslog_close(struct sesslog *l)
{
	drop_names(l);
	if (l->fp && fclose(l->fp) != 0)
		warnx_tool("%s: %s", l->path, strerror(errno));
	l->fp = NULL;
}
