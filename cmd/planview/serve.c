/*
 * serve.c - planview --serve [ADDR:]PORT PLAN SOURCE: the drives' graphs
 * laid out once, the source opened (a log file being written, '-', or a
 * robot on --port: lib/planview's robot.h), SIGINT/SIGTERM/SIGHUP to
 * stop, and the rest to lib/planview's server.  Called by main.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "client/status.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/signals.h"
#include "host/usage.h"
#include "planview.h"
#include "planview/robot.h"
#include "planview/serve.h"

static volatile sig_atomic_t stop;

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* Without SA_RESTART: a signal ends the server's bounded wait at once. */
static void
catch_signals(void)
{
	sig_catch_endings(on_signal, SIG_KEEP_NONE);
	sig_ignore_pipe();
}

/* [ADDR:]PORT, the address numeric (IPv6 in brackets); 0 or -1. */
int
serve_address(const char *s, char *addr, size_t size, unsigned *port)
{
	const char *colon = strrchr(s, ':'), *p = colon ? colon + 1 : s;
	long n;

	snprintf(addr, size, "127.0.0.1");
	if (colon) {
		size_t len = (size_t)(colon - s);

		if (len >= 2 && s[0] == '[' && s[len - 1] == ']') {
			s++;
			len -= 2;
		}
		if (len == 0 || len >= size)
			return -1;
		memcpy(addr, s, len);
		addr[len] = '\0';
	}
	if (num_long(p, 0, 65535, &n) != 0)
		return -1;
	*port = (unsigned)n;
	return 0;
}

/* The robot on --port as the source, steered by the page. */
static int
robot_source(struct viewer *v, struct planview_robot *r,
    struct planview_serve_options *so)
{
	enum client_status st;

	memset(r, 0, sizeof *r);
	client_init(&r->cl);
	r->cl.interrupted = &stop;
	st = planview_robot_start(r, v->o->port, v->o->plan, &v->lp.plan);
	if (st != CLIENT_OK)
		return client_status_exit(st);
	so->fd = r->rfd;
	so->is_file = 0;
	so->steer = &r->steer;
	return EXIT_OK;
}

int
serve_run(struct viewer *v)
{
	struct planview_robot robot;
	struct planview_serve_options so;
	struct planview_serve_error err;
	enum planview_serve_status st;
	struct stat sb;
	char addr[128], title[512], *svg = NULL;
	int rc;

	memset(&so, 0, sizeof so);
	if (serve_address(v->o->serve, addr, sizeof addr, &so.port) < 0)
		return usage_error("--serve: '%s' is not [ADDR:]PORT",
		    v->o->serve);
	if ((rc = page_graph(v, &svg)) != EXIT_OK)
		return rc;
	page_title(v, title, sizeof title);
	so.addr = addr;
	so.title = title;
	so.source = v->o->log;
	so.fd = v->fd;
	so.is_file = v->fd >= 0 && fstat(v->fd, &sb) == 0 &&
	    S_ISREG(sb.st_mode);
	so.svg = svg;
	so.breaks = v->o->breaks;
	so.nbreaks = v->o->nbreaks;
	so.stop = &stop;
	so.announce = stdout;
	catch_signals();
	if (v->o->port && (rc = robot_source(v, &robot, &so)) != EXIT_OK) {
		planview_robot_end(&robot);
		free(svg);
		return rc;
	}
	st = planview_serve(&v->tree, &so, &err);
	if (v->o->port)
		planview_robot_end(&robot);
	free(svg);
	if (st == PLANVIEW_SERVE_BAD_LOG) {
		struct diag d = diag_for(strcmp(v->o->log, "-") == 0 ?
		    "<stdin>" : v->o->log);

		if (err.other_plan)
			diag_error(&d, err.line, err.col, "%s (is this a log "
			    "of %s?)", err.text, v->o->plan);
		else
			diag_error(&d, err.line, err.col, "%s", err.text);
	} else if (st != PLANVIEW_SERVE_OK)
		warnx_tool("%s", err.text);
	return planview_serve_exit(st);
}
