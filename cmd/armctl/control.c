/*
 * control.c - armctl prio, and what the runtime-control commands share:
 * one request with the control errors spelled out, tables with names
 * (man/spine-protocol.7, requests 0x23 .. 0x28).
 */
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "host/table.h"
#include "plan/vocab.h"
#include "control.h"

int
control_call(struct ctl *c, uint8_t type, const uint8_t *p, uint8_t n,
    struct wire_frame *reply, const char *doing)
{
	uint8_t code;

	if (wire_call(&c->s, type, p, n, reply) != 0)
		return ctl_link_failed(c, doing);
	if (reply->type != WIRE_ERROR)
		return 0;
	code = reply->len >= 2 ? reply->payload[1] : 0;
	if (code == WIRE_E_ELEMENT) {
		warnx_tool("%s: the robot's plan has no such element", doing);
		return EXIT_DATAERR;
	}
	if (code == WIRE_E_RUN) {
		warnx_tool("%s: the plan is not running ('armctl start')",
		    doing);
		return EXIT_JOB_FAILED;
	}
	if (code == WIRE_E_NOT_PAUSED) {
		warnx_tool("%s: the plan is not paused ('armctl pause')",
		    doing);
		return EXIT_JOB_FAILED;
	}
	return ctl_robot_error(reply, doing);
}

void
control_table(struct ctl *c, struct table *t, const char *const *cols,
    size_t n)
{
	table_init(t, stdout, c->format == EVLOG_JSONL ? TABLE_JSONL :
	    TABLE_CSV, TABLE_ROUND_TRIP, cols, n);
	table_header(t);
}

/* The name column: the plan's name, or "#<id>". */
void
control_name(struct table *t, const struct robot_names *rn, uint8_t type,
    uint16_t id)
{
	const char *name = robot_name(rn, type, id);
	char buf[16];

	if (name == NULL) {
		snprintf(buf, sizeof buf, "#%u", (unsigned)id);
		name = buf;
	}
	table_str(t, name);
}

static int
print_prio(struct ctl *c, const struct robot_names *rn,
    const struct wire_frame *reply)
{
	static const char *const cols[] = { "id", "name", "priority" };
	struct wire_prio m;
	struct table t;

	if (wire_prio_decode(&m, reply->payload, reply->len) != 0 || !m.set) {
		warnx_tool("prio: the robot sent a malformed reply");
		return EXIT_IOERR;
	}
	control_table(c, &t, cols, 3);
	table_long(&t, m.drive);
	control_name(&t, rn, PLAN_D, m.drive);
	table_long(&t, m.priority);
	table_end_row(&t);
	return table_flush(&t) ? EXIT_IOERR : 0;
}

/* prio DRIVE [N]: print a drive's runtime priority, or set it. */
static int
prio(struct ctl *c, const struct robot_names *rn, int argc, char **argv)
{
	struct wire_frame reply;
	struct wire_prio m;
	uint8_t p[WIRE_PAYLOAD_MAX], type;
	long v = 0;
	int r;

	memset(&m, 0, sizeof m);
	if (argc == 3 && num_long(argv[2], 0, 65535, &v) != 0)
		return usage_error("prio: %s: want a priority, 0 to 65535",
		    argv[2]);
	if ((r = robot_element(rn, argv[1], PLAN_D, &type, &m.drive)) != 0)
		return r;
	m.set = argc == 3;
	m.priority = (uint16_t)v;
	if (m.set && c->check)
		return 0;
	if ((r = control_call(c, WIRE_PRIO, p, wire_prio_encode(&m, p), &reply,
	    "prio")) != 0)
		return r;
	return m.set ? 0 : print_prio(c, rn, &reply);
}

int
cmd_prio(struct ctl *c, int argc, char **argv)
{
	struct robot_names rn;
	int r;

	if (argc < 2 || argc > 3)
		return usage_error("prio: give DRIVE, and a priority to set "
		    "it");
	if ((r = robot_names_get(c, &rn)) == 0)
		r = prio(c, &rn, argc, argv);
	robot_names_free(&rn);
	return r;
}
