/*
 * tables.c - armctl counters and state: the running plan's counters
 * (executions and successes per element) and state (drives; the current
 * element of each competence and action pattern), read page by page.
 */
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/usage.h"
#include "plan/vocab.h"
#include "control.h"

/* Drives first, actions last, as planrun --stats prints them. */
static const uint8_t counter_order[PLAN_NTYPES] = {
	PLAN_D, PLAN_C, PLAN_CE, PLAN_AP, PLAN_APE, PLAN_A
};

/* A page is the one asked for and, short of the end, not empty. */
static int
page_ok(uint16_t first, uint8_t count, uint16_t total, uint16_t asked)
{
	return first == asked && (count > 0 || first >= total);
}

static int
counters_of(struct ctl *c, const struct robot_names *rn, struct table *t,
    uint8_t type)
{
	struct wire_page pg = { type, 0 };
	struct wire_counters m;
	struct wire_frame reply;
	uint8_t p[WIRE_PAYLOAD_MAX], i;
	int r;

	do {
		if ((r = control_call(c, WIRE_COUNTERS, p,
		    wire_page_encode(&pg, p), &reply, "counters")) != 0)
			return r;
		if (wire_counters_decode(&m, reply.payload, reply.len) != 0 ||
		    !page_ok(m.first, m.count, m.total, pg.first)) {
			warnx_tool("counters: the robot sent a bad reply");
			return EXIT_IOERR;
		}
		for (i = 0; i < m.count; i++) {
			table_str(t, plan_type_tag(type));
			table_long(t, m.row[i].id);
			control_name(t, rn, type, m.row[i].id);
			table_long(t, m.row[i].executed);
			table_long(t, m.row[i].succeeded);
			table_end_row(t);
		}
		pg.first = (uint16_t)(pg.first + m.count);
	} while (pg.first < m.total);
	return 0;
}

int
cmd_counters(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "type", "id", "name", "executed",
	    "succeeded" };
	struct robot_names rn;
	struct table t;
	int k, r;

	if (argc != 1)
		return usage_error("counters: unexpected argument: %s",
		    argv[1]);
	if ((r = robot_names_get(c, &rn)) != 0)
		goto done;
	control_table(c, &t, cols, 5);
	for (k = 0; k < PLAN_NTYPES && r == 0; k++)
		r = counters_of(c, &rn, &t, counter_order[k]);
	if (table_flush(&t) != 0 && r == 0)
		r = EXIT_IOERR;
done:
	robot_names_free(&rn);
	return r;
}

static const char *
status_word(uint8_t status)
{
	return status == PLANNER_RUNNING ? "running" :
	    status == PLANNER_INTERRUPTED ? "interrupted" : "idle";
}

static void
state_row(struct table *t, const struct robot_names *rn, uint8_t type,
    const struct wire_state_row *row)
{
	table_str(t, plan_type_tag(type));
	table_long(t, row->id);
	control_name(t, rn, type, row->id);
	if (type == PLAN_D) {
		table_str(t, status_word(row->status));
		table_long(t, row->latch);
		table_long(t, row->priority);
		table_long(t, row->ramp);
		table_null(t);
		table_end_row(t);
		return;
	}
	table_null(t);
	table_null(t);
	table_null(t);
	table_null(t);
	if (row->current == WIRE_NO_ELEMENT)
		table_null(t);
	else
		control_name(t, rn, type == PLAN_C ? PLAN_CE : PLAN_APE,
		    row->current);
	table_end_row(t);
}

static int
state_of(struct ctl *c, const struct robot_names *rn, struct table *t,
    uint8_t type)
{
	struct wire_page pg = { type, 0 };
	struct wire_frame reply;
	struct wire_state m;
	uint8_t p[WIRE_PAYLOAD_MAX], i;
	int r;

	do {
		if ((r = control_call(c, WIRE_STATE, p,
		    wire_page_encode(&pg, p), &reply, "state")) != 0)
			return r;
		if (wire_state_decode(&m, reply.payload, reply.len) != 0 ||
		    !page_ok(m.first, m.count, m.total, pg.first)) {
			warnx_tool("state: the robot sent a malformed reply");
			return EXIT_IOERR;
		}
		for (i = 0; i < m.count; i++)
			state_row(t, rn, type, &m.row[i]);
		pg.first = (uint16_t)(pg.first + m.count);
	} while (pg.first < m.total);
	return 0;
}

int
cmd_state(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "type", "id", "name", "status",
	    "latch", "priority", "ramp", "current" };
	static const uint8_t order[] = { PLAN_D, PLAN_C, PLAN_AP };
	struct robot_names rn;
	struct table t;
	size_t k;
	int r;

	if (argc != 1)
		return usage_error("state: unexpected argument: %s", argv[1]);
	if ((r = robot_names_get(c, &rn)) != 0)
		goto done;
	control_table(c, &t, cols, 8);
	for (k = 0; k < sizeof order && r == 0; k++)
		r = state_of(c, &rn, &t, order[k]);
	if (table_flush(&t) != 0 && r == 0)
		r = EXIT_IOERR;
done:
	robot_names_free(&rn);
	return r;
}
