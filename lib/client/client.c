/*
 * client.c - the port, the handshake and single requests of a robot
 * conversation (client.h).  Everything else in lib/client is built on
 * client_call and the session (lib/link) it wraps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/client.h"
#include "host/diag.h"
#include "link/names.h"

void
client_init(struct client *cl)
{
	memset(cl, 0, sizeof *cl);
	cl->baud = 115200;
	cl->timeout_ms = 300;
	cl->retries = 5;
}

void
client_say(struct client *cl, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cl->why, sizeof cl->why, fmt, ap);
	va_end(ap);
	if (cl->say)
		cl->say(cl->say_ctx, cl->why);
	else
		warnx_tool("%s", cl->why);
}

int
client_interrupted(const struct client *cl)
{
	return cl->interrupted && *cl->interrupted;
}

enum client_status
client_open(struct client *cl, const char *name)
{
	char err[600];
	int unavailable;

	free(cl->port_name);
	if ((cl->port_name = strdup(name)) == NULL) {
		client_say(cl, "out of memory");
		return CLIENT_IO;
	}
	cl->port = link_port_open(name, cl->baud, err, sizeof err,
	    &unavailable);
	if (cl->port == NULL) {
		client_say(cl, "%s (%s): %s", name,
		    link_port_kind_name(link_port_kind_of(name)), err);
		return unavailable == 2 ? CLIENT_TIMEOUT : unavailable ?
		    CLIENT_UNAVAILABLE : CLIENT_IO;
	}
	cl->own_port = 1;
	if (link_port_lock_warning(cl->port))
		client_say(cl, "warning: %s is used without its lock (%s): "
		    "another program could use it at the same time",
		    name, link_port_lock_warning(cl->port));
	return CLIENT_OK;
}

void
client_attach(struct client *cl, struct wire_port *port)
{
	cl->port = port;
	cl->own_port = 0;
	if (cl->port_name == NULL)
		cl->port_name = strdup(link_port_name(port));
}

/* A handshake on a fresh session; `quit` is its interrupt flag. */
static enum client_status
shake_hands(struct client *cl, volatile sig_atomic_t *quit,
    const char *doing)
{
	int r;

	cl->connected = 0;
	link_session_init(&cl->s, cl->port, cl->timeout_ms, cl->retries);
	cl->s.interrupted = quit;
	if ((r = link_hello(&cl->s, &cl->hello)) == -1)
		return client_link_failed(cl, doing);
	if (r == -2) {
		client_say(cl, "%s: %s", cl->port_name, cl->s.why);
		return CLIENT_IO;
	}
	cl->connected = 1;
	return CLIENT_OK;
}

enum client_status
client_connect(struct client *cl)
{
	enum client_status st = shake_hands(cl, cl->interrupted, "handshake");

	if (st == CLIENT_OK && cl->verbose)
		client_say(cl, "%s (%s): %s, %u joints, window %u",
		    cl->port_name, link_port_kind_name(link_port_kind(
		    cl->port)), cl->hello.firmware, cl->hello.joints,
		    cl->hello.window);
	return st;
}

enum client_status
client_resync(struct client *cl)
{
	static volatile sig_atomic_t never;

	/* Bounded by the retries: a second Ctrl-C is not needed to end it. */
	return shake_hands(cl, &never, "stop after interrupt");
}

void
client_close(struct client *cl)
{
	if (cl->port && cl->own_port)
		link_port_close(cl->port);
	cl->port = NULL;
	cl->connected = 0;
}

void
client_free(struct client *cl)
{
	client_close(cl);
	client_names_free(&cl->names);
	free(cl->port_name);
	cl->port_name = NULL;
	memset(&cl->desc, 0, sizeof cl->desc);
	memset(&cl->info, 0, sizeof cl->info);
}

enum client_status
client_link_failed(struct client *cl, const char *doing)
{
	switch (cl->s.fail) {
	case WIRE_FAIL_INTR:
		return CLIENT_INTERRUPTED;
	case WIRE_FAIL_TIMEOUT:
		client_say(cl, "%s: %s", doing, cl->s.why);
		return CLIENT_TIMEOUT;
	default:
		client_say(cl, "%s: %s", doing, cl->s.why);
		return CLIENT_IO;
	}
}

enum client_status
client_refused(struct client *cl, const struct wire_frame *reply,
    const char *doing)
{
	uint8_t code = reply->len >= 2 ? reply->payload[1] : 0;

	client_say(cl, "%s: the robot refused: %s", doing,
	    link_error_text(code));
	if (code == WIRE_E_STORE || code == WIRE_E_CRC)
		return CLIENT_IO;
	return CLIENT_FAILED;
}

enum client_status
client_malformed(struct client *cl, const char *doing)
{
	client_say(cl, "%s: the robot sent a malformed reply", doing);
	cl->s.fail = WIRE_FAIL_PROTO;
	snprintf(cl->s.why, sizeof cl->s.why, "a malformed reply");
	return CLIENT_IO;
}

enum client_status
client_call(struct client *cl, uint8_t type, const uint8_t *payload,
    uint8_t len, struct wire_frame *reply, const char *doing)
{
	if (link_call(&cl->s, type, payload, len, reply) != 0)
		return client_link_failed(cl, doing);
	if (reply->type == WIRE_ERROR)
		return client_refused(cl, reply, doing);
	return CLIENT_OK;
}

enum client_status
client_plan_info(struct client *cl, struct client_info *out)
{
	struct wire_frame reply;
	struct wire_in in;
	enum client_status st;

	if ((st = client_call(cl, WIRE_PLAN_INFO, NULL, 0, &reply,
	    "plan info")) != CLIENT_OK)
		return st;
	if (reply.len != 8 && reply.len != 16)
		return client_malformed(cl, "plan info");
	wire_in_init(&in, reply.payload, reply.len);
	memset(&cl->info, 0, sizeof cl->info);
	cl->info.size = wire_get_u32(&in);
	cl->info.crc = wire_get_u32(&in);
	if ((cl->info.ids = reply.len == 16)) {
		cl->info.id = wire_get_u32(&in);
		cl->info.desc_crc = wire_get_u32(&in);
	}
	if (out)
		*out = cl->info;
	return CLIENT_OK;
}

enum client_status
client_next_reply(struct client *cl, struct wire_frame *reply,
    const char *doing)
{
	int r = link_recv(&cl->s, reply, cl->timeout_ms * (cl->retries + 2) +
	    1000);

	if (r < 0)
		return client_link_failed(cl, doing);
	if (r == 0) {
		client_say(cl, "%s: no reply", doing);
		return CLIENT_TIMEOUT;
	}
	return CLIENT_OK;
}

void
client_drain(struct client *cl)
{
	struct wire_frame reply;

	while (link_outstanding(&cl->s) > 0 && link_recv(&cl->s, &reply,
	    cl->timeout_ms * (cl->retries + 2)) == 1)
		;
}

void
client_progress(const struct client_progress *p, uint32_t done,
    uint32_t total)
{
	if (p && p->update)
		p->update(p->ctx, done, total);
}

enum client_status
client_wait(struct client *cl, int ms)
{
	struct wire_frame reply;
	uint64_t end = client_now(cl) + (uint64_t)(ms > 0 ? ms : 0), now;

	while ((now = client_now(cl)) < end) {
		if (client_interrupted(cl))
			return CLIENT_INTERRUPTED;
		if (link_recv(&cl->s, &reply, (int)(end - now)) < 0)
			return client_link_failed(cl, "wait");
	}
	return client_interrupted(cl) ? CLIENT_INTERRUPTED : CLIENT_OK;
}

uint64_t
client_now(const struct client *cl)
{
	return cl->port ? link_port_now_ms(cl->port) : link_now_ms();
}

double
client_link_mm(const struct client *cl, int joint)
{
	return cl->hello.link_um[joint] / 1000.0;
}

static void
hush(void *ctx, const char *line)
{
	(void)ctx;
	(void)line;
}

enum client_probe
client_probe(const char *name, long baud, int timeout_ms,
    volatile sig_atomic_t *interrupted)
{
	enum client_probe pr = CLIENT_PROBE_ANSWERED;
	struct client cl;

	client_init(&cl);
	cl.baud = baud;
	cl.timeout_ms = timeout_ms;
	cl.retries = 0;
	cl.interrupted = interrupted;
	cl.say = hush;
	if (client_open(&cl, name) != CLIENT_OK)
		pr = strstr(cl.why, "port busy") ? CLIENT_PROBE_BUSY :
		    CLIENT_PROBE_CLOSED;
	else if (client_connect(&cl) != CLIENT_OK)
		pr = CLIENT_PROBE_SILENT;
	client_free(&cl);
	return pr;
}
