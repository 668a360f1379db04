/*
 * describe.c - what the robot says it is and how it runs alone: armctl
 * describe (one id a row: kind, id, name, unit, min, max), config (start
 * on power-up or not, at which rate, with which events) and telemetry
 * (every sense at a period, a row each), printed as CSV or JSON lines.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "client/control.h"
#include "client/telemetry.h"
#include "host/diag.h"
#include "host/exits.h"
#include "robot/planloop.h"
#include "senses/senses.h"
#include "ctl.h"

int
cmd_describe(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "kind", "id", "name", "unit",
	    "min", "max" };
	static const char *const kinds[] = { "sense", "action", "joint" };
	char name[WIRE_DESC_NAME_MAX + 8];
	const struct wire_desc *d;
	struct table t;
	uint16_t id;
	int i, r;

	if ((r = ctl_no_operands(argc, argv)) != 0)
		return r;
	if ((r = ctl_exit(client_describe(c->cl))) != 0)
		return r;
	if (c->cl->desc.none) {
		warnx_tool("describe: the robot does not describe itself "
		    "(firmware older than DESCRIBE)");
		return EXIT_JOB_FAILED;
	}
	ctl_table(c, &t, cols, 6);
	for (i = 0; i < c->cl->desc.n; i++)
		for (d = &c->cl->desc.e[i], id = d->first; id - d->first <
		    d->count; id++) {
			client_desc_name(d, id, name, sizeof name);
			table_str(&t, kinds[d->kind]);
			table_long(&t, id);
			table_str(&t, name);
			table_str(&t, d->unit);
			table_long(&t, d->min);
			table_long(&t, d->max);
			table_end_row(&t);
		}
	return ctl_flush(&t);
}

static int
print_config(struct ctl *c, const struct wire_config *cf)
{
	static const char *const cols[] = { "autostart", "rate", "events" };
	char letters[8];
	struct table t;

	client_event_letters(cf->monitor, letters);
	ctl_table(c, &t, cols, 3);
	table_str(&t, cf->flags & WIRE_CFG_AUTOSTART ? "on" : "off");
	table_long(&t, cf->rate ? cf->rate : PLANLOOP_RATE);
	table_str(&t, letters);
	table_end_row(&t);
	return ctl_flush(&t);
}

/* `autostart on|off` and the options into a configuration. */
static int
parse_set(struct ctl *c, int argc, char **argv, struct wire_config *cf)
{
	memset(cf, 0, sizeof *cf);
	if (argc != 3 || strcmp(argv[1], "autostart") != 0 ||
	    (strcmp(argv[2], "on") != 0 && strcmp(argv[2], "off") != 0)) {
		warnx_tool("config: want 'config' or 'config autostart on|off'");
		return EXIT_USAGE;
	}
	if (c->rate > PLANLOOP_RATE_MAX) {
		warnx_tool("config: --rate %ld: the robot runs at most %d "
		    "cycles a second", c->rate, PLANLOOP_RATE_MAX);
		return EXIT_USAGE;
	}
	cf->flags = strcmp(argv[2], "on") == 0 ? WIRE_CFG_AUTOSTART : 0;
	cf->rate = (uint16_t)c->rate;
	if (c->events && client_event_mask(c->events, &cf->monitor) != 0) {
		warnx_tool("config: --events %s: use the letters E S P F Z R",
		    c->events);
		return EXIT_USAGE;
	}
	return 0;
}

int
cmd_config(struct ctl *c, int argc, char **argv)
{
	struct wire_config cf, now;
	int set = argc > 1 || c->rate || c->events, r;

	if ((set && (r = parse_set(c, argc, argv, &cf)) != 0) ||
	    (r = ctl_connect(c)) != 0)
		return r;
	if (c->check && set) {
		printf("config: would set autostart %s\n", argv[2]);
		return 0;
	}
	if ((r = ctl_exit(client_config(c->cl, set ? &cf : NULL, &now))) != 0)
		return r;
	return print_config(c, &now);
}

/* Each row through the one sense-table writer (spine-senses(5)). */
static void
telemetry_row(void *ctx, uint32_t ms, const int16_t *v, int n)
{
	(void)n;	/* the writer's columns, from the same description */
	senses_write(ctx, (long)ms, v);
}

/* After each wait: the rows out. */
static int
telemetry_flush(void *ctx)
{
	return ctl_flushed(senses_writer_flush(ctx) != 0, "telemetry");
}

int
cmd_telemetry(struct ctl *c, int argc, char **argv)
{
	static struct client_telemetry tm;
	const char *names[WIRE_SENSES_MAX];
	struct senses_writer w;
	int i, r;

	if ((r = ctl_no_operands(argc, argv)) != 0)
		return r;
	memset(&tm, 0, sizeof tm);
	if ((r = ctl_connect(c)) != 0 || (r = ctl_exit(
	    client_telemetry_columns(c->cl, &tm))) != 0 || c->check)
		return r;
	for (i = 0; i < tm.n; i++)
		names[i] = tm.name[i];
	if (senses_writer_open(&w, stdout, c->format == EVLOG_JSONL ?
	    TABLE_JSONL : TABLE_CSV, 1, names, (size_t)tm.n) != 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	w.t.flush_rows = 1;	/* watched as it comes, file or not */
	tm.every_ms = c->every_ms ? c->every_ms : 250;
	tm.row = telemetry_row;
	tm.ctx = tm.listen.ctx = &w;
	tm.listen.count = c->count;
	tm.listen.duration = c->duration;
	tm.listen.flush = telemetry_flush;
	r = ctl_exit(client_telemetry(c->cl, &tm));
	c->stdout_gone = tm.listen.gone;
	senses_writer_close(&w);
	if (tm.lost)
		warnx_tool("telemetry: %lu frames lost on the line", tm.lost);
	return r;
}
