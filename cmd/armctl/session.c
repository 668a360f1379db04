/*
 * session.c - armctl session: one connection, a console of armctl
 * command lines on stdin (@FILE includes, # comments), an on-connect
 * script run whenever the robot (re)connects, and per-robot logs
 * (sesslog.c).  main.c's armctl_line runs each line on the link.
 */
#define _GNU_SOURCE		/* program_invocation_short_name */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "client/keep.h"
#include "ctl.h"
#include "sesslog.h"
#include "host/input.h"
#include "host/lines.h"
#include "host/words.h"

#define INCLUDE_DEPTH 8		/* @FILE within @FILE, at most */
#define IDLE_MS 250		/* how often an idle session looks at the link */
#define DROPS_IN_A_ROW 5	/* reconnections with no good line between */

struct session {
	struct ctl *link;
	struct sesslog log;
	int up;			/* the link works, as far as we know */
	int in_on_connect;	/* running the on-connect script */
	int drops;		/* reconnections since a line went well */
	int status;		/* the last failed line's exit status */
	int fatal;		/* nonzero: end the session with this */
	uint64_t last_ask;	/* when the robot last answered */
};

static int run_file(struct session *ss, const char *path, int depth);

/* The link again, and the handshake's mirrors; 0 or an exit status. */
static int
reconnect(struct session *ss)
{
	int r;

	warnx_tool("session: the link is lost; reconnecting");
	if ((r = ctl_exit(client_reconnect(ss->link->cl))) == 0) {
		ss->link->port = ss->link->cl->port;
		ss->link->hello = ss->link->cl->hello;
	}
	return r;
}

/* A new handshake: the log, then the on-connect script.  The log's own
   failures (a folder, a file) end the session: they are ours, not the
   robot's, and another try would fail the same. */
static int
connected(struct session *ss)
{
	int r;

	ss->up = 1;
	ss->last_ask = client_now(ss->link->cl);
	if (ss->link->verbose || ss->drops)
		warnx_tool("session: connected to %s on %s",
		    ss->link->cl->hello.firmware, ss->link->port_name);
	if ((r = sesslog_attach(&ss->log, ss->link)) != 0) {
		if (!client_link_broke(ss->link->cl))
			ss->fatal = r;
		return r;
	}
	if (ss->link->on_connect == NULL)
		return 0;
	ss->in_on_connect = 1;
	r = run_file(ss, ss->link->on_connect, 1);
	ss->in_on_connect = 0;
	return r;
}

/* Before a line: a link that is down comes back (and says hello with
   the on-connect script), or the session ends.  0 when it is up. */
static int
ensure_link(struct session *ss)
{
	int r;

	while (!ss->up && !ss->fatal && !ss->in_on_connect) {
		if (++ss->drops > DROPS_IN_A_ROW) {
			warnx_tool("session: the robot keeps dropping the "
			    "link; giving up");
			ss->fatal = EXIT_IOERR;
		} else if ((r = reconnect(ss)) != 0) {
			ss->fatal = r;
		} else if ((r = connected(ss)) != 0) {
			if (r == CTL_INTERRUPTED)
				ss->fatal = r;
			else if (client_link_broke(ss->link->cl))
				ss->up = 0;
			ss->status = r;
		}
	}
	return ss->up && !ss->fatal ? 0 : -1;
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
		ss->status = EXIT_USAGE;
	} else if (w.n > 0 && w.v[0][0] == '@') {
		if (w.n != 1 || w.v[0][1] == '\0') {
			diag_error(&d, src->line, 0, "want @FILE alone");
			ss->status = EXIT_USAGE;
		} else {
			/* relative to the including file's folder */
			input_beside(src->name, w.v[0] + 1, path, sizeof path);
			if ((r = run_file(ss, path, depth + 1)) != 0)
				ss->status = r;
		}
	} else if (w.n > 0 && ensure_link(ss) == 0) {
		r = run_words(ss, src->name, src->line, &w);
		if (r == CTL_INTERRUPTED)
			ss->fatal = r;
		else if (r != 0)
			ss->status = r;
		if (client_link_broke(ss->link->cl))
			ss->up = 0;	/* shake hands before the next line */
		else if (r == 0 && !ss->in_on_connect)
			ss->drops = 0;
		if (ss->up && !ss->fatal && (r = sesslog_resume(&ss->log,
		    ss->link)) != 0 && client_link_broke(ss->link->cl))
			ss->up = 0;
		ss->last_ask = client_now(ss->link->cl);
	}
	words_free(&w);
}

/* The link while nobody types (client/keep.h). */
static void
watch_idle(struct session *ss)
{
	if (ss->up && !ss->fatal && client_keepalive(ss->link->cl,
	    &ss->last_ask) != CLIENT_OK)
		ss->up = 0;
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
	while (!ss->fatal && (!ss->in_on_connect || ss->up)) {
		if (top && !ss->up)
			ensure_link(ss);	/* at once, even while idle */
		if (ss->link->interrupted && *ss->link->interrupted)
			ss->fatal = CTL_INTERRUPTED;
		r = lines_next(&src, text, sizeof text, top ? IDLE_MS : -1);
		if (r == -1)
			break;
		if (r == 0)
			watch_idle(ss);
		else if (r == -2)
			diag_error(&d, src.line, 0, "line too long");
		else if (r == -3) {
			diag_error(&d, src.line, 0, "no end of line in a "
			    "mebibyte: the rest of the file is skipped");
			ss->status = EXIT_DATAERR;
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
	if ((r = connected(&ss)) != 0) {
		if (r == CTL_INTERRUPTED || ss.fatal || !client_link_broke(c->cl))
			goto done;
		ss.up = 0;
		ss.status = r;
	}
	run_file(&ss, "-", 0);
	r = ss.fatal ? ss.fatal : ss.status;
done:
	if ((r2 = sesslog_close(&ss.log)) != 0 && r == 0)
		r = r2;
	return r;
}
