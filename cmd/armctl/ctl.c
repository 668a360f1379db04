/*
 * ctl.c - connecting to the robot and reporting what went wrong, for every
 * armctl command.  The port comes from --port, then $SPINE_PORT; "auto"
 * and VID:PID[:SERIAL] are resolved through libserialport's port list.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/usage.h"
#include "ctl.h"
#include "link/names.h"
#include "link/ports.h"
#include "link/tcp.h"

static int
resolve_port(struct ctl *c)
{
	const char *spec = c->port_spec ? c->port_spec : getenv("SPINE_PORT");
	char err[512], host[256], tport[8];

	if (spec == NULL || *spec == '\0') {
		warnx_tool("no port: give --port or set SPINE_PORT");
		return EXIT_USAGE;
	}
	if (wire_port_is_tcp(spec) && wire_tcp_split(spec, 0, host,
	    sizeof host, tport, sizeof tport, err, sizeof err) != 0)
		return usage_error("--port %s: %s", spec, err);
	if (!wire_ports_is_pattern(spec)) {
		c->port_name = strdup(spec);
		return c->port_name ? 0 : EXIT_IOERR;
	}
	if ((c->port_name = wire_ports_match(spec, err, sizeof err)) == NULL) {
		warnx_tool("%s", err);
		return EXIT_UNAVAILABLE;
	}
	return 0;
}

int
ctl_open_port(struct ctl *c)
{
	char err[300];
	int unavailable, r;

	if ((r = resolve_port(c)) != 0)
		return r;
	c->port = wire_port_open(c->port_name, c->baud, err, sizeof err,
	    &unavailable);
	if (c->port == NULL) {
		warnx_tool("%s (%s): %s", c->port_name,
		    wire_port_kind_name(wire_port_kind_of(c->port_name)), err);
		if (unavailable == 2)
			return EXIT_TEMPFAIL;	/* a TCP robot that did not answer */
		return unavailable ? EXIT_UNAVAILABLE : EXIT_IOERR;
	}
	return 0;
}

int
ctl_connect(struct ctl *c)
{
	int r;

	if (c->shared)
		return 0;	/* the session connected (session.c) */
	if ((r = ctl_open_port(c)) != 0)
		return r;
	wire_session_init(&c->s, c->port, c->timeout_ms, c->retries);
	c->s.interrupted = c->interrupted;
	r = wire_hello(&c->s, &c->hello);
	if (r == -1)
		return ctl_link_failed(c, "handshake");
	if (r == -2) {
		warnx_tool("%s: %s", c->port_name, c->s.why);
		return EXIT_IOERR;
	}
	if (c->verbose)
		fprintf(stderr, "%s: %s (%s): %s, %u joints, window %u\n",
		    tool_name(), c->port_name,
		    wire_port_kind_name(wire_port_kind(c->port)),
		    c->hello.firmware, c->hello.joints, c->hello.window);
	return 0;
}

int
ctl_resync(struct ctl *c)
{
	static volatile sig_atomic_t never;
	int r;

	/* Bounded by the retries: a second Ctrl-C is not needed to end it. */
	wire_session_init(&c->s, c->port, c->timeout_ms, c->retries);
	c->s.interrupted = &never;
	r = wire_hello(&c->s, &c->hello);
	if (r == -1)
		return ctl_link_failed(c, "stop after interrupt");
	if (r == -2) {
		warnx_tool("%s: %s", c->port_name, c->s.why);
		return EXIT_IOERR;
	}
	return 0;
}

void
ctl_share_link(struct ctl *line, const struct ctl *link)
{
	line->port_spec = link->port_spec;
	line->port_name = link->port_name;
	line->port = link->port;
	line->s = link->s;
	line->s.interrupted = line->interrupted;
	line->hello = link->hello;
	line->verbose |= link->verbose;
}

void
ctl_return_link(struct ctl *link, const struct ctl *line)
{
	link->s = line->s;
	link->s.on_events = NULL;	/* the line's, e.g. monitor's printer */
	link->s.events_ctx = NULL;
	link->hello = line->hello;	/* a resync may have shaken hands */
}

void
ctl_disconnect(struct ctl *c)
{
	if (c->shared)
		return;	/* the session's link outlives its lines */
	if (c->verbose && c->port)
		fprintf(stderr, "%s: %lu frames sent, %lu resent, %lu NAKs, "
		    "%lu timeouts\n", tool_name(), c->s.frames_out, c->s.resent,
		    c->s.naks, c->s.timeouts);
	wire_port_close(c->port);
	c->port = NULL;
	free(c->port_name);
	c->port_name = NULL;
}

int
ctl_link_failed(struct ctl *c, const char *doing)
{
	switch (c->s.fail) {
	case WIRE_FAIL_INTR:
		return CTL_INTERRUPTED;
	case WIRE_FAIL_TIMEOUT:
		warnx_tool("%s: %s", doing, c->s.why);
		return EXIT_TEMPFAIL;
	default:
		warnx_tool("%s: %s", doing, c->s.why);
		return EXIT_IOERR;
	}
}

int
ctl_robot_error(const struct wire_frame *reply, const char *doing)
{
	uint8_t code = reply->len >= 2 ? reply->payload[1] : 0;

	warnx_tool("%s: the robot refused: %s", doing, wire_error_text(code));
	if (code == WIRE_E_STORE || code == WIRE_E_CRC)
		return EXIT_IOERR;
	return EXIT_JOB_FAILED;
}

int
ctl_call(struct ctl *c, uint8_t type, const uint8_t *payload, uint8_t len,
    struct wire_frame *reply, const char *doing)
{
	if (wire_call(&c->s, type, payload, len, reply) != 0)
		return ctl_link_failed(c, doing);
	if (reply->type == WIRE_ERROR)
		return ctl_robot_error(reply, doing);
	return 0;
}

double
ctl_link_mm(const struct ctl *c, int joint)
{
	return c->hello.link_um[joint] / 1000.0;
}

int
ctl_sleep(struct ctl *c, int ms)
{
	struct timespec ts;

	while (ms > 0) {
		int slice = ms > 50 ? 50 : ms;

		if (c->interrupted && *c->interrupted)
			return CTL_INTERRUPTED;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)slice * 1000000L;
		nanosleep(&ts, NULL);
		ms -= slice;
	}
	return c->interrupted && *c->interrupted ? CTL_INTERRUPTED : 0;
}

int
ctl_plan_load(const char *path, struct loaded_plan *lp)
{
	return run_status_exit(plan_load(path, lp));
}
