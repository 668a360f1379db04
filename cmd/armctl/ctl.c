/*
 * ctl.c - connecting to the robot, and the exit statuses and tables every
 * armctl command shares.  The port comes from --port, then $SPINE_PORT;
 * "auto" and VID:PID[:SERIAL] are resolved through libserialport's list.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/control.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/table.h"
#include "host/usage.h"
#include "ctl.h"
#include "link/ports.h"

int
ctl_exit(enum client_status st)
{
	return st == CLIENT_INTERRUPTED ? CTL_INTERRUPTED :
	    client_status_exit(st);
}

static int
resolve_port(struct ctl *c)
{
	static const int exits[] = { 0, EXIT_USAGE, EXIT_USAGE,
	    EXIT_UNAVAILABLE, EXIT_IOERR };
	const char *spec = c->port_spec ? c->port_spec : getenv("SPINE_PORT");
	enum wire_spec r;
	char err[512];

	free(c->port_name);
	r = link_ports_resolve(spec, &c->port_name, err, sizeof err);
	if (r == WIRE_SPEC_BAD)
		return usage_error("--port %s: %s", spec, err);
	if (r == WIRE_SPEC_NONE || r == WIRE_SPEC_MISSING)
		warnx_tool("%s", err);
	return exits[r];
}

int
ctl_open_port(struct ctl *c)
{
	int r;

	if ((r = resolve_port(c)) != 0)
		return r;
	c->cl->baud = c->baud;
	c->cl->timeout_ms = c->timeout_ms;
	c->cl->retries = c->retries;
	c->cl->verbose = c->verbose;
	c->cl->interrupted = c->interrupted;
	if ((r = ctl_exit(client_open(c->cl, c->port_name))) != 0)
		return r;
	c->port = c->cl->port;
	return 0;
}

int
ctl_connect(struct ctl *c)
{
	int r;

	if (c->shared)
		return 0;	/* the session connected (session.c) */
	if ((r = ctl_open_port(c)) != 0 ||
	    (r = ctl_exit(client_connect(c->cl))) != 0)
		return r;
	c->hello = c->cl->hello;
	return 0;
}

void
ctl_disconnect(struct ctl *c)
{
	const struct wire_session *s = &c->cl->s;

	if (c->shared)
		return;	/* the session's link outlives its lines */
	if (c->verbose && c->cl->port)
		fprintf(stderr, "%s: %lu frames sent, %lu resent, %lu NAKs, "
		    "%lu timeouts\n", tool_name(), s->frames_out, s->resent,
		    s->naks, s->timeouts);
	client_close(c->cl);
	c->port = NULL;
}

void
ctl_share_link(struct ctl *line, struct ctl *link)
{
	line->cl = link->cl;
	line->port_spec = link->port_spec;
	line->port_name = link->port_name;
	line->port = link->port;
	line->hello = link->cl->hello;
	line->verbose |= link->verbose;
	line->timeout_ms = link->timeout_ms;
	line->retries = link->retries;
}

int
ctl_stop_after_signal(struct ctl *c, int stop)
{
	int r;

	if (c->cl->port == NULL)
		return 0;
	if ((r = ctl_exit(client_resync(c->cl))) != 0 || !stop)
		return r;
	return ctl_exit(client_stop(c->cl));
}

int
ctl_names(struct ctl *c)
{
	return ctl_exit(client_names(c->cl, c->names, c->force));
}

double
ctl_link_mm(const struct ctl *c, int joint)
{
	return c->hello.link_um[joint] / 1000.0;
}

void
ctl_table(const struct ctl *c, struct table *t, const char *const *cols,
    size_t n)
{
	table_init(t, stdout, c->format == EVLOG_JSONL ? TABLE_JSONL :
	    TABLE_CSV, TABLE_ROUND_TRIP, cols, n);
	table_header(t);
}

void
ctl_name(const struct ctl *c, struct table *t, uint8_t type, uint16_t id)
{
	const char *name = client_name(c->cl, type, id);
	char buf[16];

	if (name == NULL) {
		snprintf(buf, sizeof buf, "#%u", (unsigned)id);
		name = buf;
	}
	table_str(t, name);
}

int
ctl_flush(struct table *t)
{
	return table_flush(t) == 0 ? 0 : EXIT_IOERR;
}

int
ctl_flushed(int failed, const char *doing)
{
	if (!failed)
		return 0;
	if (errno == EPIPE)
		return 1;
	warnx_tool("%s: writing the output failed: %s", doing,
	    strerror(errno));
	return -1;
}

int
ctl_no_operands(int argc, char **argv)
{
	if (argc > 1) {
		warnx_tool("%s: unexpected argument: %s", argv[0], argv[1]);
		return EXIT_USAGE;
	}
	return 0;
}
