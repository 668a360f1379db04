/*
 * telemetry.c - armctl telemetry: ask the robot for its senses every
 * --every and print each SENSES frame as a row (time_ms from the first
 * frame, by the robot's clock, then one column per sense, named from
 * DESCRIBE) until Ctrl-C, --count rows or --duration; then the stream off.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/table.h"
#include "robotdesc.h"

#define COLS_MAX (WIRE_SENSES_MAX + 1)

struct telemetry {
	struct table t;
	char names[COLS_MAX][WIRE_DESC_NAME_MAX + 8];
	const char *cols[COLS_MAX];
	int ncols;
	long printed, limit;
	uint32_t t0;
	uint8_t next_seq;
	int started, bad;
	unsigned long lost;
};

/* time_ms, then the senses in the order DESCRIBE lists them (the order
   of the values in SENSES). */
static void
name_columns(struct telemetry *m, const struct robotdesc *rd)
{
	uint16_t id;
	int i;

	m->cols[0] = "time_ms";
	m->ncols = 1;
	for (i = 0; i < rd->n; i++) {
		const struct wire_desc *d = &rd->e[i];

		if (d->kind != WIRE_DESC_SENSE)
			continue;
		for (id = d->first; id - d->first < d->count &&
		    m->ncols < (int)COLS_MAX; id++) {
			robotdesc_name(d, id, m->names[m->ncols],
			    sizeof m->names[0]);
			m->cols[m->ncols] = m->names[m->ncols];
			m->ncols++;
		}
	}
}

static void
on_senses(void *ctx, const struct wire_frame *f)
{
	struct telemetry *m = ctx;
	struct wire_senses s;
	uint8_t i;

	if (f->type != WIRE_SENSES || (m->limit && m->printed >= m->limit))
		return;
	if (wire_senses_decode(&s, f->payload, f->len) != 0 ||
	    s.count != m->ncols - 1) {
		m->bad++;
		return;
	}
	if (!m->started)
		m->t0 = s.ms;
	else if (f->seq != m->next_seq)
		m->lost += (uint8_t)(f->seq - m->next_seq);
	m->started = 1;
	m->next_seq = (uint8_t)(f->seq + 1);
	table_long(&m->t, (long)(uint32_t)(s.ms - m->t0));
	for (i = 0; i < s.count; i++)
		table_long(&m->t, s.value[i]);
	table_end_row(&m->t);
	m->printed++;
}

static int
set_period(struct ctl *c, long ms)
{
	struct wire_frame reply;
	uint8_t p[2];

	p[0] = (uint8_t)ms;
	p[1] = (uint8_t)(ms >> 8);
	return ctl_call(c, WIRE_TELEMETRY, p, 2, &reply, "telemetry");
}

static int
listen(struct ctl *c, struct telemetry *m)
{
	uint64_t end = c->duration > 0 ? wire_now_ms() +
	    (uint64_t)(c->duration * 1000) : 0, now;
	struct wire_frame reply;

	while (!(m->limit && m->printed >= m->limit)) {
		now = wire_now_ms();
		if (end && now >= end)
			break;
		if (wire_recv(&c->s, &reply, end && end - now < 200 ?
		    (int)(end - now) : 200) < 0)
			return ctl_link_failed(c, "telemetry");
		if (table_flush(&m->t) != 0) {
			if (errno != EPIPE) {
				warnx_tool("telemetry: writing the output "
				    "failed: %s", strerror(errno));
				return EXIT_IOERR;
			}
			c->stdout_gone = 1;	/* `| head`: enough */
			break;
		}
	}
	return 0;
}

int
cmd_telemetry(struct ctl *c, int argc, char **argv)
{
	static struct telemetry m;
	static struct robotdesc rd;
	int r;

	if (argc != 1) {
		warnx_tool("telemetry: unexpected argument: %s", argv[1]);
		return EXIT_USAGE;
	}
	memset(&m, 0, sizeof m);
	if ((r = ctl_connect(c)) != 0)
		return r;
	if ((r = robotdesc_read(c, &rd)) == ROBOTDESC_NONE) {
		warnx_tool("telemetry: the robot does not describe itself "
		    "(firmware older than TELEMETRY)");
		return EXIT_JOB_FAILED;
	}
	if (r != 0 || c->check)
		return r;
	name_columns(&m, &rd);
	m.limit = c->count;
	table_init(&m.t, stdout, c->format == EVLOG_JSONL ? TABLE_JSONL :
	    TABLE_CSV, TABLE_ROUND_TRIP, m.cols, (size_t)m.ncols);
	m.t.flush_rows = 1;
	table_header(&m.t);
	c->s.on_events = on_senses;
	c->s.events_ctx = &m;
	if ((r = set_period(c, c->every_ms ? c->every_ms : 250)) != 0)
		return r;
	if ((r = listen(c, &m)) == 0)
		r = set_period(c, 0);
	c->s.on_events = NULL;
	if (m.lost)
		warnx_tool("telemetry: %lu frames lost on the line", m.lost);
	if (m.bad)
		warnx_tool("telemetry: %d malformed frames ignored", m.bad);
	return r;
}
