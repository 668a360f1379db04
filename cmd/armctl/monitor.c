/*
 * monitor.c - armctl monitor: the robot's monitor stream (the planner's
 * transparency events, Instinct paper section 2.5, lib/client/monitor.c)
 * printed as the event log (lib/evlog), each event as it comes.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "client/control.h"
#include "client/monitor.h"
#include "host/diag.h"
#include "host/exits.h"
#include "plan/plan.h"
#include "ctl.h"

static void
print_event(void *ctx, const struct evlog_event *e)
{
	evlog_write(ctx, e);
}

/* After each wait: out with the events. */
static int
flush_log(void *ctx)
{
	return ctl_flushed(evlog_flush(ctx) != 0, "monitor");
}

int
cmd_monitor(struct ctl *c, int argc, char **argv)
{
	static struct client_monitor m;
	struct evlog log;
	int r;

	if ((r = ctl_no_operands(argc, argv)) != 0)
		return r;
	memset(&m, 0, sizeof m);
	m.mask = PLAN_MON_ALL;	/* every kind, unless --events says */
	if (c->events && client_event_mask(c->events, &m.mask) != 0) {
		warnx_tool("--events %s: use the letters E S P F Z R",
		    c->events);
		return EXIT_USAGE;
	}
	if ((r = ctl_connect(c)) != 0)
		return r;
	if (c->check)
		return ctl_names(c);
	evlog_open(&log, stdout, c->format, 1);
	log.t.flush_rows = 1;	/* each event as it comes */
	m.start = c->start_plan;
	m.rate = (uint16_t)c->rate;
	m.names_file = c->names;
	m.force = c->force;
	m.events.fn = print_event;
	m.events.ctx = m.listen.ctx = &log;
	m.listen.count = c->count;
	m.listen.duration = c->duration;
	m.listen.flush = flush_log;
	r = ctl_exit(client_monitor(c->cl, &m));
	c->stdout_gone = m.listen.gone;
	if (!c->stdout_gone && evlog_flush(&log) != 0 && r == 0) {
		warnx_tool("monitor: writing the output failed");
		r = EXIT_IOERR;
	}
	if (m.events.lost)
		warnx_tool("monitor: %lu events lost on the line",
		    m.events.lost);
	return r;
}
