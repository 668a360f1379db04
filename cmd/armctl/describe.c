/*
 * describe.c - armctl describe: the robot's senses, actions and joints,
 * one id a row (kind, id, name, unit, min, max) as CSV or JSON lines, so
 * a plan's author can see which ids mean what on this robot.
 */
#include <stdio.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/table.h"
#include "robotdesc.h"

static const char *const kinds[] = { "sense", "action", "joint" };

static void
print_entry(struct table *t, const struct wire_desc *d)
{
	char name[WIRE_DESC_NAME_MAX + 8];
	uint16_t id;

	for (id = d->first; id - d->first < d->count; id++) {
		robotdesc_name(d, id, name, sizeof name);
		table_str(t, kinds[d->kind]);
		table_long(t, id);
		table_str(t, name);
		table_str(t, d->unit);
		table_long(t, d->min);
		table_long(t, d->max);
		table_end_row(t);
	}
}

int
cmd_describe(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "kind", "id", "name", "unit",
	    "min", "max" };
	static struct robotdesc rd;
	struct table t;
	int i, r;

	if (argc != 1) {
		warnx_tool("describe: unexpected argument: %s", argv[1]);
		return EXIT_USAGE;
	}
	if ((r = robotdesc_read(c, &rd)) == ROBOTDESC_NONE) {
		warnx_tool("describe: the robot does not describe itself "
		    "(firmware older than DESCRIBE)");
		return EXIT_JOB_FAILED;
	}
	if (r != 0)
		return r;
	table_init(&t, stdout, c->format == EVLOG_JSONL ? TABLE_JSONL :
	    TABLE_CSV, TABLE_ROUND_TRIP, cols, 6);
	table_header(&t);
	for (i = 0; i < rd.n; i++)
		print_entry(&t, &rd.e[i]);
	return table_flush(&t) == 0 ? 0 : EXIT_IOERR;
}
