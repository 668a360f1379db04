/*
 * robot.c - a robot as the live server's source and steering (robot.h).
 * The events go out through a memory buffer to a pipe whose write end
 * never blocks: the server that reads the pipe runs in this same thread,
 * so what the pipe cannot take now waits in the buffer for the next turn.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "client/control.h"
#include "host/diag.h"
#include "planview/robot.h"

#define BUF_KEEP 65536		/* a drained buffer bigger: start afresh */

static void
said(void *ctx, const char *line)
{
	struct planview_robot *r = ctx;

	snprintf(r->said, sizeof r->said, "%s", line);
	if (r->tell)
		r->tell(r->tell_ctx, line);
	else
		warnx_tool("%s", line);
}

static int
open_buffer(struct planview_robot *r, int header)
{
	r->buf = NULL;
	r->size = r->sent = 0;
	if ((r->mem = open_memstream(&r->buf, &r->size)) == NULL)
		return -1;
	evlog_open(&r->log, r->mem, EVLOG_CSV, header);
	return 0;
}

/* What is buffered, into the pipe as far as it takes it. */
static void
out(struct planview_robot *r)
{
	ssize_t n;

	if (r->mem == NULL || r->broke)
		return;
	if (evlog_flush(&r->log) != 0) {
		r->broke = 1;
		return;
	}
	while (r->sent < r->size) {
		n = write(r->wfd, r->buf + r->sent, r->size - r->sent);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			if (errno != EAGAIN)
				r->broke = 1;
			return;
		}
		r->sent += (size_t)n;
	}
	if (r->size > BUF_KEEP) {
		fclose(r->mem);
		free(r->buf);
		if (open_buffer(r, 0) < 0)
			r->broke = 1;
	}
}

static void
on_event(void *ctx, const struct evlog_event *e)
{
	struct planview_robot *r = ctx;

	if (r->mem)
		evlog_write(&r->log, e);
}

/* A request may go: the link is up; else why not, in answer. */
static int
ready(struct planview_robot *r, char *answer, size_t size)
{
	if (client_watch_up(&r->w))
		return 0;
	snprintf(answer, size, "the robot is not connected (trying %s "
	    "again)", r->w.port);
	return -1;
}

/* The end of a request: its events in, and the robot's refusal said. */
static int
done(struct planview_robot *r, enum client_status st, char *answer, size_t size)
{
	out(r);
	if (st == CLIENT_OK)
		return 0;
	snprintf(answer, size, "%s", r->cl.why[0] ? r->cl.why :
	    "the robot did not answer");
	return -1;
}

/* PAUSE's hold or resume, answered with the cycle the robot names. */
static int
pause_op(struct planview_robot *r, uint8_t op, const char *doing,
    const char *said, char *answer, size_t size)
{
	struct wire_paused a;
	enum client_status st;

	if (ready(r, answer, size) < 0)
		return -1;
	r->cl.why[0] = '\0';
	st = client_pause(&r->cl, op, 0, &a, doing);
	if (st == CLIENT_OK)
		snprintf(answer, size, "%s %lu", said, (unsigned long)a.cycle);
	return done(r, st, answer, size);
}

static int
r_pause(void *ctx, char *answer, size_t size)
{
	return pause_op(ctx, WIRE_PAUSE_HOLD, "pause",
	    "the robot paused at cycle", answer, size);
}

static int
r_resume(void *ctx, char *answer, size_t size)
{
	return pause_op(ctx, WIRE_PAUSE_RESUME, "resume",
	    "the robot runs on from cycle", answer, size);
}

/* Pause (a robot running steps only when paused), then the steps; no
 * wait for them: their events come as they run. */
static int
r_step(void *ctx, unsigned long cycles, char *answer, size_t size)
{
	struct planview_robot *r = ctx;
	struct wire_paused a;
	enum client_status st;

	if (ready(r, answer, size) < 0)
		return -1;
	if (cycles == 0 || cycles > 65535) {
		snprintf(answer, size, "step: the robot steps 1 to 65535 "
		    "cycles at a time");
		return -1;
	}
	r->cl.why[0] = '\0';
	if ((st = client_pause(&r->cl, WIRE_PAUSE_QUERY, 0, &a, "step")) ==
	    CLIENT_OK && !(a.flags & WIRE_F_PAUSED))
		st = client_pause(&r->cl, WIRE_PAUSE_HOLD, 0, &a, "step");
	if (st == CLIENT_OK)
		st = client_pause(&r->cl, WIRE_PAUSE_STEP, (uint16_t)cycles,
		    &a, "step");
	if (st == CLIENT_OK)
		snprintf(answer, size, "the robot runs %u more cycle%s from "
		    "cycle %lu", (unsigned)a.left, a.left == 1 ? "" : "s",
		    (unsigned long)a.cycle);
	return done(r, st, answer, size);
}

static int
r_priority(void *ctx, uint16_t drive, uint16_t priority, char *answer,
    size_t size)
{
	struct planview_robot *r = ctx;
	uint16_t id = plan_id(r->plan, PLAN_D, drive), p = priority;
	enum client_status st;

	if (ready(r, answer, size) < 0)
		return -1;
	r->cl.why[0] = '\0';
	st = client_prio(&r->cl, id, 1, &p);
	if (st == CLIENT_OK)
		snprintf(answer, size, "%s: runtime priority %u",
		    client_name(&r->cl, PLAN_D, id) ?
		    client_name(&r->cl, PLAN_D, id) : "the drive",
		    (unsigned)p);
	return done(r, st, answer, size);
}

static int
r_monitor(void *ctx, uint8_t type, uint16_t index, uint8_t flags,
    char *answer, size_t size)
{
	struct planview_robot *r = ctx;
	struct wire_elem_monitor m;
	enum client_status st;
	char letters[8];

	if (ready(r, answer, size) < 0)
		return -1;
	memset(&m, 0, sizeof m);
	m.type = type;
	m.id = plan_id(r->plan, type, index);
	m.flags = flags;
	m.set = 1;
	r->cl.why[0] = '\0';
	st = client_elem_monitor(&r->cl, &m);
	if (st == CLIENT_OK) {
		client_event_letters(m.flags, letters);
		snprintf(answer, size, "%s reports %s",
		    client_name(&r->cl, type, m.id) ?
		    client_name(&r->cl, type, m.id) : "the element",
		    *letters ? letters : "nothing");
	}
	return done(r, st, answer, size);
}

static int
r_rate(void *ctx, unsigned hz, char *answer, size_t size)
{
	struct planview_robot *r = ctx;
	enum client_status st;

	if (ready(r, answer, size) < 0)
		return -1;
	r->cl.why[0] = '\0';
	st = client_set_rate(&r->cl, (uint16_t)hz);
	if (st == CLIENT_OK)
		snprintf(answer, size, "the robot runs %u cycles a second",
		    hz);
	return done(r, st, answer, size);
}

static void
r_pump(void *ctx)
{
	struct planview_robot *r = ctx;

	(void)client_watch_pump(&r->w);
	out(r);
}

enum client_status
planview_robot_start(struct planview_robot *r, const char *port, const char *plan_file,
    const struct plan *plan)
{
	int p[2];
	enum client_status st;

	r->plan = plan;
	r->rfd = r->wfd = -1;
	r->mem = NULL;
	memset(&r->w, 0, sizeof r->w);
	r->cl.say = said;
	r->cl.say_ctx = r;
	if (pipe(p) != 0) {
		client_say(&r->cl, "pipe: %s", strerror(errno));
		return CLIENT_LOCAL_IO;
	}
	r->rfd = p[0];
	r->wfd = p[1];
	fcntl(r->wfd, F_SETFL, fcntl(r->wfd, F_GETFL) | O_NONBLOCK);
	fcntl(r->wfd, F_SETFD, FD_CLOEXEC);
	fcntl(r->rfd, F_SETFD, FD_CLOEXEC);
	if (open_buffer(r, 1) < 0) {
		client_say(&r->cl, "out of memory");
		return CLIENT_LOCAL_IO;
	}
	r->w.names_file = plan_file;
	r->w.fn = on_event;
	r->w.ctx = r;
	if ((st = client_watch_start(&r->cl, &r->w, port)) != CLIENT_OK)
		return st;
	out(r);
	memset(&r->steer, 0, sizeof r->steer);
	r->steer.pause = r_pause;
	r->steer.resume = r_resume;
	r->steer.step = r_step;
	r->steer.priority = r_priority;
	r->steer.monitor = r_monitor;
	r->steer.rate = r_rate;
	r->steer.wait_fd = -1;
	r->steer.pump = r_pump;
	r->steer.ctx = r;
	return CLIENT_OK;
}

void
planview_robot_end(struct planview_robot *r)
{
	client_watch_end(&r->w);
	if (r->mem)
		fclose(r->mem);
	free(r->buf);
	r->mem = NULL;
	r->buf = NULL;
	if (r->rfd >= 0)
		close(r->rfd);
	if (r->wfd >= 0)
		close(r->wfd);
	r->rfd = r->wfd = -1;
}
