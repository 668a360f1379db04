/*
 * serve.h - planview --serve: a small local HTTP server (libmicrohttpd)
 * that serves the page (html.c) with the run read so far and streams the
 * rest as it comes (Server-Sent Events): the graphs lit as the plan runs,
 * the timeline growing, counters, the senses' last values.  Breakpoints
 * stop the view (and, through the steering table, the robot); one page
 * at a time may steer.  The source is a log being written, a pipe, or
 * (through steer.h) a robot.  One thread; every wait bounded.  Called by
 * cmd/planview.
 *
 * The protocol (planview(1)):
 *	GET /			the page, with the events read so far
 *	GET /events?from=B	text/event-stream from byte B of the packed
 *				events (pack.h); events "hello" {client,
 *				breaks}, "ev" (packed tokens, id: the next
 *				byte), "view" {limit, paused, cycle, reason,
 *				source, ended}, "breaks" [{id, text}]
 *	GET /state		the same as JSON, for scripts
 *	POST /control		cmd=pause|resume|step (n=N)|prio (drive=NAME
 *				value=N)|mon (elem=NAME flags=ESPFZR)|rate
 *				(hz=N): {"ok", "text"}
 *	POST /break		spec=WORDS (brk.h): {"ok", "text", "breaks"}
 *	DELETE /break?id=N	remove one
 * Steering requests carry the page's client number (X-Planview-Client);
 * while one page steers, another's are refused with 409.
 */
#ifndef SPINE_PLANVIEW_SERVE_H
#define SPINE_PLANVIEW_SERVE_H

#include <signal.h>
#include <stdio.h>

#include "planview/steer.h"
#include "planview/tree.h"

struct planview_serve_options {
	const char *addr;	/* numeric address to bind; "127.0.0.1" */
	unsigned port;		/* 0: any free port */
	const char *title;	/* the page's */
	const char *source;	/* the log's name ("-": stdin) */
	int fd;			/* ... open; -1 when the source is a robot */
	int is_file;		/* a file being written: read on at its end */
	const char *svg;	/* dot's SVG of the drives' graphs */
	const struct planview_steer *steer;	/* NULL: steer the view only */
	const char *const *breaks;	/* breakpoints to start with */
	size_t nbreaks;
	volatile sig_atomic_t *stop;	/* set (by a signal) to end */
	FILE *announce;		/* gets "http://ADDR:PORT/" once bound */
};

enum planview_serve_status {
	PLANVIEW_SERVE_OK,		/* stopped as asked */
	PLANVIEW_SERVE_BAD_LOG,	/* the source is no log of this plan */
	PLANVIEW_SERVE_BAD_BREAK,	/* a breakpoint given at the start */
	PLANVIEW_SERVE_NO_SERVER,	/* cannot bind or start the server */
	PLANVIEW_SERVE_IO,		/* reading failed, or out of memory */
};

struct planview_serve_error {
	char text[256];		/* what went wrong, for one line */
	long line, col;		/* BAD_LOG: where in the log (col 0: the
				   whole line) */
	int other_plan;		/* ... an event, of another plan */
};

enum planview_serve_status planview_serve(const struct planview_tree *t,
    const struct planview_serve_options *o, struct planview_serve_error *err);

/* The exit status for a status (lib/host/exits.h). */
int planview_serve_exit(enum planview_serve_status st);

#endif
