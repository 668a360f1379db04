/*
 * session.c - armctl session: one connection, a console of armctl
 * command lines on stdin (@FILE includes, # comments), an on-connect
 * script run whenever the robot (re)connects, and per-robot logs
 * (lib/client/log.c); the link kept up by lib/client/console.c.  main.c's
 * armctl_line runs each line on the link.
 */
#define _GNU_SOURCE		/* program_invocation_short_name */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "client/console.h"
#include "client/log.h"
#include "ctl.h"
#include "host/input.h"
#include "host/lines.h"
#include "host/words.h"

#define INCLUDE_DEPTH 8		/* @FILE within @FILE, at most */
#define IDLE_MS 250		/* how often an idle session looks at the link */

struct session {
	struct ctl *link;
	struct client_log log;	/* --log-dir (client/log.h) */
	struct client_console k;	/* the link kept up (client/console.h) */
};

static int run_file(struct session *ss, const char *path, int depth);

/* After each handshake: the mirrors, then the log.  The log's own
   failures (a folder, a file) end the session: they are ours, not the
   robot's, and another try would fail the same. */
static int
attach(void *ctx)
{
	struct session *ss = ctx;

	ss->link->port = ss->link->cl->port;
	ss->link->hello = ss->link->cl->hello;
	return ctl_exit(client_log_attach(&ss->log, ss->link->cl));
}

/* Then the on-connect script. */
static int
greet(void *ctx)
{
	struct session *ss = ctx;

	return ss->link->on_connect ? run_file(ss, ss->link->on_connect, 1) :
	    0;
}

/* After a line: the log's names and monitor stream again. */
static int
resume(void *ctx)
{
	struct session *ss = ctx;

	return ctl_exit(client_log_resume(&ss->log));
}

/* argv[0] "armctl", then the words: one command line, on the link. */
static int
run_words(struct session *ss, const char *file, long line, struct words *w)
{
	char *saved = program_invocation_short_name, where[300];
	char **argv;
	int i, r;

	if ((argv = calloc((size_t)w->n + 2, sizeof *argv)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	argv[0] = saved;
	for (i = 0; i < w->n; i++)
		argv[i + 1] = w->v[i];
	/* Every message the line's command prints, wherever it is made,
	   starts "armctl: FILE:LINE:" so a script's author finds the line. */
	snprintf(where, sizeof where, "%s: %s:%ld", saved, file, line);
	program_invocation_short_name = where;
	r = armctl_line(ss->link, w->n + 1, argv);
	program_invocation_short_name = saved;
	free(argv);
	return r;
}

static void
run_line(struct session *ss, const struct lines *src, char *text,
    int depth)
{
	struct diag d = diag_for(src->name);	/* the session's errors */
	char err[200], path[4096];
	struct words w;
	int r;

	if (words_split(text, &w, err, sizeof err) != 0) {
		diag_error(&d, src->line, 0, "%s", err);
		ss->k.status = EXIT_USAGE;
	} else if (w.n > 0 && w.v[0][0] == '@') {
		if (w.n != 1 || w.v[0][1] == '\0') {
			diag_error(&d, src->line, 0, "want @FILE alone");
			ss->k.status = EXIT_USAGE;
		} else {
			/* relative to the including file's folder */
			input_beside(src->name, w.v[0] + 1, path, sizeof path);
			if ((r = run_file(ss, path, depth + 1)) != 0)
				ss->k.status = r;
		}
	} else if (w.n > 0 && client_console_ready(&ss->k) == 0)
		client_console_ran(&ss->k, run_words(ss, src->name, src->line,
		    &w));
	words_free(&w);
}

static int
run_file(struct session *ss, const char *path, int depth)
{
	static char text[LINES_MAX];
	struct lines src;
	struct diag d;
	int r, top = depth == 0;

	if (depth > INCLUDE_DEPTH) {
		warnx_tool("@%s: more than %d includes deep", path,
		    INCLUDE_DEPTH);
		return EXIT_USAGE;
	}
	if (lines_open(&src, path) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_NOINPUT;
	}
	d = diag_for(src.name);
	while (client_console_more(&ss->k, top)) {
		r = lines_next(&src, text, sizeof text, top ? IDLE_MS : -1);
		if (r == -1)
			break;
		if (r == 0)
			client_console_idle(&ss->k);
		else if (r == -2)
			diag_error(&d, src.line, 0, "line too long");
		else if (r == -3) {
			diag_error(&d, src.line, 0, "no end of line in a "
			    "mebibyte: the rest of the file is skipped");
			ss->k.status = EXIT_DATAERR;
			break;
		} else
			run_line(ss, &src, text, depth);
	}
	lines_close(&src);
	return 0;
}

int
cmd_session(struct ctl *c, int argc, char **argv)
{
	struct session ss;
	int r, r2;

	if (argc != 1) {
		warnx_tool("session: unexpected argument: %s (commands come "
		    "from stdin)", argv[1]);
		return EXIT_USAGE;
	}
	memset(&ss, 0, sizeof ss);
	ss.link = c;
	ss.log.dir = c->log_dir;
	ss.log.follow.names_file = c->names;
	ss.log.follow.force = c->force;
	if ((r = ctl_connect(c)) != 0)
		return r;
	client_console_init(&ss.k, c->cl);
	ss.k.ctx = &ss;
	ss.k.attach = attach;
	ss.k.greet = greet;
	ss.k.resume = resume;
	ss.k.code = ctl_exit;
	ss.k.interrupted = CTL_INTERRUPTED;
	if (client_console_begin(&ss.k) == 0)
		run_file(&ss, "-", 0);
	r = client_console_end(&ss.k);
	if ((r2 = ctl_exit(client_log_close(&ss.log))) != 0 && r == 0)
		r = r2;
	return r;
}
