/*
 * monitor.c - armctl monitor: switch on the robot's monitor stream (the
 * planner's transparency events, Instinct paper section 2.5) and print it
 * as CSV, naming elements and senses from a .plan's name table if given.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/table.h"
#include "ctl.h"
#include "planfile/load.h"

struct monitor {
	struct table t;
	struct loaded_plan names;	/* bytes NULL: no names */
	long printed, limit;
	uint16_t next_number;
	int started;
	unsigned long lost;
};

static const char *const type_names[] = { "AP", "APE", "C", "CE", "D",
    "A" };

static int
event_mask(const char *spec, uint8_t *mask)
{
	static const char letters[] = "ESPFZR";
	const char *at;

	*mask = 0;
	for (; *spec; spec++) {
		if ((at = strchr(letters, *spec)) == NULL) {
			warnx_tool("--events %s: use the letters E S P F Z R",
			    spec);
			return EXIT_USAGE;
		}
		/* E is kind 0, ... R is kind 5: bit k enables kind k */
		*mask |= (uint8_t)(1u << (at - letters));
	}
	return 0;
}

/* The name of element `id` of `type` (or of sense `id` for type
 * PLAN_NAME_SENSE); "" when there is none. */
static void
name_of(const struct monitor *m, uint8_t type, uint16_t id, char *out,
    size_t cap)
{
	const uint8_t *text = NULL;
	uint8_t len = 0;
	uint16_t i;

	out[0] = '\0';
	if (!m->names.bytes)
		return;
	if (type == PLAN_NAME_SENSE) {
		text = plan_find_name(&m->names.plan, PLAN_NAME_SENSE, id, &len);
	} else if (type < PLAN_NTYPES) {
		for (i = 0; i < m->names.plan.count[type]; i++)
			if (plan_id(&m->names.plan, type, i) == id) {
				text = plan_find_name(&m->names.plan, type, i, &len);
				break;
			}
	}
	if (text) {
		if (len >= cap)
			len = (uint8_t)(cap - 1);
		memcpy(out, text, len);
		out[len] = '\0';
	}
}

static void
print_event(struct monitor *m, uint32_t cycle, const struct wire_event *e)
{
	static const char letters[] = "ESPFZR??";
	uint8_t kind = e->kind & WIRE_EV_KIND;
	char name[256], what[2] = { letters[kind], '\0' };

	name_of(m, e->type, e->id, name, sizeof name);
	table_long(&m->t, (long)cycle);
	table_str(&m->t, what);
	table_str(&m->t, e->type < PLAN_NTYPES ? type_names[e->type] : "?");
	table_long(&m->t, e->id);
	table_str(&m->t, name);
	if (kind == WIRE_EV_SENSE) {
		name_of(m, PLAN_NAME_SENSE, e->sense, name, sizeof name);
		table_str(&m->t, *name ? name : "");
		table_long(&m->t, e->sense);
		table_long(&m->t, e->value);
		table_long(&m->t, (e->kind & WIRE_EV_LATCH) ? 1 : 0);
	} else {
		table_str(&m->t, "");
		table_str(&m->t, "");
		table_str(&m->t, "");
		table_str(&m->t, "");
	}
	table_end_row(&m->t);
	m->printed++;
}

static void
on_events(void *ctx, const struct wire_frame *f)
{
	struct monitor *m = ctx;
	struct wire_events ev;
	uint8_t i;

	if (wire_events_decode(&ev, f->payload, f->len) != 0)
		return;
	/* A gap in the numbering: frames lost on the line or dropped by a
	 * robot whose UART could not keep up. */
	if (m->started && ev.number != m->next_number)
		m->lost += (uint16_t)(ev.number - m->next_number);
	m->started = 1;
	m->next_number = (uint16_t)(ev.number + ev.count);
	for (i = 0; i < ev.count; i++)
		if (m->limit == 0 || m->printed < m->limit)
			print_event(m, ev.cycle, &ev.ev[i]);
}

static int
listen(struct ctl *c, struct monitor *m)
{
	uint64_t end = c->duration > 0 ? wire_now_ms() +
	    (uint64_t)(c->duration * 1000) : 0;
	struct wire_frame reply;
	uint64_t now;
	int r;

	for (;;) {
		if (m->limit && m->printed >= m->limit)
			return 0;
		now = wire_now_ms();
		if (end && now >= end)
			return 0;
		r = wire_recv(&c->s, &reply, end && end - now < 200 ?
		    (int)(end - now) : 200);
		if (r < 0)
			return ctl_link_failed(c, "monitor");
		if (table_flush(&m->t) != 0) {
			if (errno != EPIPE) {
				warnx_tool("monitor: writing the output "
				    "failed: %s", strerror(errno));
				return EXIT_IOERR;
			}
			/* `armctl monitor | head`: the reader has seen
			 * enough; end the monitoring quietly. */
			c->stdout_gone = 1;
			return 0;
		}
	}
}

int
cmd_monitor(struct ctl *c, int argc, char **argv)
{
	static const char *const cols[] = { "cycle", "event", "type", "id",
	    "name", "sense", "sense_id", "value", "latch" };
	static struct monitor m;
	struct wire_frame reply;
	uint8_t mask;
	int r;

	if (argc != 1) {
		warnx_tool("monitor: unexpected argument: %s", argv[1]);
		return EXIT_USAGE;
	}
	memset(&m, 0, sizeof m);
	if ((r = event_mask(c->events ? c->events : "ESPFZR", &mask)) != 0 ||
	    (c->names && (r = plan_load(c->names, &m.names)) != 0) ||
	    (r = ctl_connect(c)) != 0)
		goto done;
	if (c->check)
		goto done;
	m.limit = c->count;
	table_init(&m.t, stdout, TABLE_CSV, TABLE_ROUND_TRIP, cols, 9);
	m.t.flush_rows = 1;
	table_header(&m.t);
	c->s.on_events = on_events;
	c->s.events_ctx = &m;
	if ((r = ctl_call(c, WIRE_MONITOR, &mask, 1, &reply, "monitor")) != 0)
		goto done;
	r = listen(c, &m);
	if (r == 0) {
		mask = 0;
		r = ctl_call(c, WIRE_MONITOR, &mask, 1, &reply, "monitor");
	}
	if (!c->stdout_gone && table_flush(&m.t) != 0 && r == 0) {
		warnx_tool("monitor: writing the output failed");
		r = EXIT_IOERR;
	}
	if (m.lost)
		warnx_tool("monitor: %lu events lost on the line", m.lost);
done:
	plan_unload(&m.names);
	return r;
}
