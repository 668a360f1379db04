/*
 * simple.c - the armctl commands that are one request each: info, start,
 * stop, pos, send; and list, which asks libserialport (and, with --probe,
 * each port) what there is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/control.h"
#include "client/stream.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/fmtnum.h"
#include "host/num.h"
#include "host/table.h"
#include "ctl.h"
#include "link/names.h"
#include "link/ports.h"

/* The robot column: what we know of a spine robot behind the port;
 * with --probe, whether it answers the handshake (opening a port resets
 * many boards, hence only when asked). */
static const char *
robot_column(const struct ctl *c, const struct wire_port_info *p)
{
	static const char *const words[] = { "yes (answered)", "no answer",
	    "busy (in use)", "cannot open" };

	if (c->list_probe)
		return words[client_probe(p->name, c->baud, c->timeout_ms <
		    500 ? c->timeout_ms : 500, c->interrupted)];
	return p->likely ? "likely (USB ids)" : "";
}

int
cmd_list(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "port", "description", "usb",
	    "serial", "robot" };
	struct wire_port_info *ports;
	struct table t;
	size_t n, i, hidden = 0;
	char err[200], usb[16];
	int r;

	if ((r = ctl_no_operands(argc, argv)) != 0)
		return r;
	if (link_ports_list(&ports, &n, err, sizeof err) != 0) {
		warnx_tool("%s", err);
		return EXIT_UNAVAILABLE;
	}
	table_init(&t, stdout, TABLE_CSV, TABLE_ROUND_TRIP, cols, 5);
	table_header(&t);
	for (i = 0; i < n; i++) {
		if (ports[i].legacy && !c->list_all) {
			hidden++;
			continue;
		}
		snprintf(usb, sizeof usb, "%04x:%04x", (unsigned)ports[i].vid,
		    (unsigned)ports[i].pid);
		table_str(&t, ports[i].name);
		table_str(&t, ports[i].description);
		table_str(&t, ports[i].usb ? usb : "");
		table_str(&t, ports[i].serial);
		table_str(&t, robot_column(c, &ports[i]));
		table_end_row(&t);
	}
	link_ports_free(ports, n);
	if (hidden)
		warnx_tool("list: %zu built-in serial port%s (/dev/ttyS*) not "
		    "shown: --all shows them", hidden, hidden == 1 ? "" : "s");
	return table_flush(&t) == 0 ? 0 : EXIT_IOERR;
}

static void
print_state(uint8_t flags)
{
	printf("state: %s%s%s\n", flags & WIRE_F_PAUSED ? "the plan paused" :
	    flags & WIRE_F_RUNNING ? "running the plan"
	    : flags & WIRE_F_STREAM ? "following a trajectory" : "idle",
	    flags & WIRE_F_MOVING ? ", moving" : "",
	    flags & WIRE_F_PLAN ? "" : ", no plan");
}

int
cmd_info(struct ctl *c, int argc, char **argv)
{
	const struct wire_hello *h = &c->cl->hello;
	char num[FMTNUM_MAX];
	double reach = 0;
	int j, r;

	if ((r = ctl_no_operands(argc, argv)) != 0 ||
	    (r = ctl_exit(client_plan_info(c->cl, NULL))) != 0)
		return r;
	printf("port: %s (%s)\n", c->port_name,
	    link_port_kind_name(link_port_kind(c->cl->port)));
	printf("protocol: %u\nfirmware: %s\njoints: %u\nlinks:", h->version,
	    h->firmware, h->joints);
	for (j = 0; j < h->joints; j++) {
		fmt_shortest(num, ctl_link_mm(c, j));
		printf("%s%s", j ? "," : " ", num);
		reach += h->link_um[j];
	}
	fmt_shortest(num, reach / 1000);
	printf("\nreach: %s\nplan capacity: %lu\n", num,
	    (unsigned long)h->capacity);
	if (c->cl->info.size)
		printf("plan: %lu bytes, crc32 %08lx\n", (unsigned long)
		    c->cl->info.size, (unsigned long)c->cl->info.crc);
	else
		printf("plan: none\n");
	print_state(h->flags);
	printf("window: %u\nsetpoint buffer: %u\n", h->window, h->slots);
	return 0;
}

int
cmd_start(struct ctl *c, int argc, char **argv)
{
	int r;

	if ((r = ctl_no_operands(argc, argv)) != 0)
		return r;
	if (c->check) {
		if (!(c->cl->hello.flags & WIRE_F_PLAN)) {
			warnx_tool("start: the robot holds no plan");
			return EXIT_JOB_FAILED;
		}
		return 0;
	}
	return ctl_exit(client_start(c->cl, (uint16_t)c->rate));
}

int
cmd_stop(struct ctl *c, int argc, char **argv)
{
	int r;

	if ((r = ctl_no_operands(argc, argv)) != 0)
		return r;
	return c->check ? 0 : ctl_exit(client_stop(c->cl));
}

int
cmd_pos(struct ctl *c, int argc, char **argv)
{
	static const char *const names[] = { "q1", "q2", "q3", "q4", "q5",
	    "q6", "q7", "q8" };
	int32_t mdeg[WIRE_MAX_JOINTS];
	struct table t;
	int j, r;

	if ((r = ctl_no_operands(argc, argv)) != 0)
		return r;
	if (c->arm)
		return arm_pos(c);
	if ((r = ctl_exit(client_encoders(c->cl, mdeg, "pos"))) != 0)
		return r;
	table_init(&t, stdout, TABLE_CSV, TABLE_ROUND_TRIP, names,
	    c->cl->hello.joints);
	table_header(&t);
	for (j = 0; j < c->cl->hello.joints; j++)
		table_num(&t, mdeg[j] / 1000.0);
	table_end_row(&t);
	return ctl_flush(&t);
}

int
cmd_send(struct ctl *c, int argc, char **argv)
{
	uint8_t payload[WIRE_PAYLOAD_MAX];
	struct wire_frame reply;
	const char *name;
	int type, n, i;

	if (argc < 2) {
		warnx_tool("send: which request? (a name such as plan-info, or "
		    "a number)");
		return EXIT_USAGE;
	}
	if ((type = link_type_arg(argv[1])) < 0) {
		warnx_tool("send: %s: not a request type", argv[1]);
		return EXIT_USAGE;
	}
	if ((n = num_hex_bytes(argv + 2, argc - 2, payload, sizeof payload)) <
	    0) {
		warnx_tool("send: the payload must be pairs of hex digits, at "
		    "most %u bytes", WIRE_PAYLOAD_MAX);
		return EXIT_USAGE;
	}
	if (link_call(&c->cl->s, (uint8_t)type, payload, (uint8_t)n, &reply) !=
	    0)
		return ctl_exit(client_link_failed(c->cl, "send"));
	if (reply.type == WIRE_ERROR) {
		uint8_t code = reply.len >= 2 ? reply.payload[1] : 0;

		printf("error %u: %s\n", (unsigned)code, link_error_text(code));
		return EXIT_JOB_FAILED;
	}
	name = link_type_name(reply.type);
	printf("reply %s:", name ? name : "?");
	for (i = 0; i < reply.len; i++)
		printf(" %02x", reply.payload[i]);
	printf("\n");
	return 0;
}
