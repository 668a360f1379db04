/*
 * monitor.c - armctl monitor: switch on the robot's monitor stream (the
 * planner's transparency events, Instinct paper section 2.5) and print it
 * as the event log (lib/evlog), naming elements and senses from the
 * name table of --names FILE.plan, else of the plan the robot holds.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evlog/evlog.h"
#include "host/diag.h"
#include "host/exits.h"
#include "plan/vocab.h"
#include "evlog/names.h"
#include "ctl.h"
#include "robotnames.h"

struct monitor {
	struct evlog log;
	struct loaded_plan plan;	/* bytes NULL: no names */
	struct names names;
	int have_names;
	struct robot_names robot;	/* no --names: the robot's plan's */
	long printed, limit;
	uint16_t next_number;
	int started;
	unsigned long lost;
};

static int
event_mask(const char *spec, uint8_t *mask)
{
	int k;

	*mask = 0;
	for (; *spec; spec++) {
		/* E is kind 0, ... R is kind 5: bit k enables kind k */
		if ((k = plan_event_from_letter(*spec)) < 0 ||
		    k > PLANNER_EV_SENSE) {
			warnx_tool("--events %s: use the letters E S P F Z R",
			    spec);
			return EXIT_USAGE;
		}
		*mask |= (uint8_t)(1u << k);
	}
	return 0;
}

static void
print_event(struct monitor *m, uint32_t cycle, const struct wire_event *e)
{
	struct evlog_event le;

	evlog_from_wire(&le, m->have_names ? &m->names : m->robot.have ?
	    &m->robot.names : NULL, e, (long)cycle);
	evlog_write(&m->log, &le);
	m->printed++;
}

static void
on_events(void *ctx, const struct wire_frame *f)
{
	struct monitor *m = ctx;
	struct wire_events ev;
	uint8_t i;

	if (f->type != WIRE_EVENTS ||
	    wire_events_decode(&ev, f->payload, f->len) != 0)
		return;
	/* A gap in the numbering: frames lost on the line or dropped by a
	 * robot whose UART could not keep up. */
	if (m->started && ev.number != m->next_number)
		m->lost += (uint16_t)(ev.number - m->next_number);
	m->started = 1;
	m->next_number = (uint16_t)(ev.number + ev.count);
	for (i = 0; i < ev.count; i++)
		if (m->limit == 0 || m->printed < m->limit)
			print_event(m, ev.cycle, &ev.ev[i]);
}

static int
listen(struct ctl *c, struct monitor *m)
{
	uint64_t end = c->duration > 0 ? wire_now_ms() +
	    (uint64_t)(c->duration * 1000) : 0;
	struct wire_frame reply;
	uint64_t now;
	int r;

	for (;;) {
		if (m->limit && m->printed >= m->limit)
			return 0;
		now = wire_now_ms();
		if (end && now >= end)
			return 0;
		r = wire_recv(&c->s, &reply, end && end - now < 200 ?
		    (int)(end - now) : 200);
		if (r < 0)
			return ctl_link_failed(c, "monitor");
		if (evlog_flush(&m->log) != 0) {
			if (errno != EPIPE) {
				warnx_tool("monitor: writing the output "
				    "failed: %s", strerror(errno));
				return EXIT_IOERR;
			}
			/* `armctl monitor | head`: the reader has seen
			 * enough; end the monitoring quietly. */
			c->stdout_gone = 1;
			return 0;
		}
	}
}

/* --start: (re)start the stored plan once its events are asked for, so
   the log holds the run from its first cycle (planrun --replay needs it). */
static int
start_plan(struct ctl *c)
{
	struct wire_frame reply;
	uint8_t p[2];

	p[0] = (uint8_t)c->rate;
	p[1] = (uint8_t)(c->rate >> 8);
	return ctl_call(c, WIRE_START, p, 2, &reply, "start");
}

/* --names: the plan whose names the events get. */
static int
load_names(struct monitor *m, const char *path)
{
	int r;

	if ((r = ctl_plan_load(path, &m->plan)) != 0)
		return r;
	if (names_init(&m->names, &m->plan.plan) < 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	m->have_names = 1;
	return 0;
}

int
cmd_monitor(struct ctl *c, int argc, char **argv)
{
	static struct monitor m;
	struct wire_frame reply;
	uint8_t mask;
	int r;

	if (argc != 1) {
		warnx_tool("monitor: unexpected argument: %s", argv[1]);
		return EXIT_USAGE;
	}
	memset(&m, 0, sizeof m);
	mask = PLAN_MON_ALL;	/* every kind, unless --events says */
	if ((c->events && (r = event_mask(c->events, &mask)) != 0) ||
	    (c->names && (r = load_names(&m, c->names)) != 0) ||
	    (r = ctl_connect(c)) != 0)
		goto done;
	if (c->check || (!m.have_names &&
	    (r = robot_names_get(c, &m.robot)) != 0))
		goto done;
	m.limit = c->count;
	evlog_open(&m.log, stdout, c->format, 1);
	m.log.t.flush_rows = 1;	/* each event as it comes */
	c->s.on_events = on_events;
	c->s.events_ctx = &m;
	if ((r = ctl_call(c, WIRE_MONITOR, &mask, 1, &reply, "monitor")) != 0 ||
	    (c->start_plan && (r = start_plan(c)) != 0))
		goto done;
	r = listen(c, &m);
	if (r == 0) {
		mask = 0;
		r = ctl_call(c, WIRE_MONITOR, &mask, 1, &reply, "monitor");
	}
	if (!c->stdout_gone && evlog_flush(&m.log) != 0 && r == 0) {
		warnx_tool("monitor: writing the output failed");
		r = EXIT_IOERR;
	}
	if (m.lost)
		warnx_tool("monitor: %lu events lost on the line", m.lost);
done:
	if (m.have_names)
		names_free(&m.names);
	robot_names_free(&m.robot);
	plan_unload(&m.plan);
	return r;
}
