/*
 * write.c - writing the event log (evlog.h): one row per event through
 * struct table, so the CSV and the JSON lines agree on quoting and keys.
 * A log read live (a pipe, a terminal) is flushed at every cycle's end
 * and at every run boundary.
 */
#include <string.h>
#include <sys/stat.h>

#include "evlog/evlog.h"
#include "plan/vocab.h"

const char *const evlog_columns[EVLOG_NCOLS] = {
	"cycle", "time_ms", "event", "type", "id", "name", "sense",
	"sense_id", "value", "released", "latch", "reason"
};

int
evlog_format_parse(const char *s, enum evlog_format *f)
{
	if (strcmp(s, "csv") == 0)
		*f = EVLOG_CSV;
	else if (strcmp(s, "jsonl") == 0)
		*f = EVLOG_JSONL;
	else
		return -1;
	return 0;
}

void
evlog_open(struct evlog *w, FILE *fp, enum evlog_format f, int header)
{
	struct stat st;

	memset(w, 0, sizeof *w);
	table_init(&w->t, fp, f == EVLOG_JSONL ? TABLE_JSONL : TABLE_CSV,
	    TABLE_ROUND_TRIP, evlog_columns, EVLOG_NCOLS);
	w->live = fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode);
	if (header)
		table_header(&w->t);
}

/* A name, or "#<id>" when there is none. */
static void
name_or_id(struct table *t, const char *name, uint16_t id)
{
	char buf[16];

	if (name == NULL || *name == '\0') {
		snprintf(buf, sizeof buf, "#%u", (unsigned)id);
		name = buf;
	}
	table_str(t, name);
}

static void
nulls(struct table *t, int n)
{
	while (n-- > 0)
		table_null(t);
}

void
evlog_write(struct evlog *w, const struct evlog_event *e)
{
	char letter[2] = { plan_event_letter(e->kind), '\0' };
	struct table *t = &w->t;

	table_long(t, e->cycle);
	if (e->time_ms >= 0)
		table_long(t, e->time_ms);
	else
		table_null(t);
	table_str(t, letter);
	if (e->kind == PLAN_EV_IDLE || e->kind == PLAN_EV_RUN) {
		nulls(t, EVLOG_NCOLS - 4);
		if (e->kind == PLAN_EV_RUN)
			table_str(t, evlog_run_text(e->run));
		else
			table_null(t);
		table_end_row(t);
		return;
	}
	table_str(t, plan_type_tag(e->type));
	table_long(t, e->id);
	name_or_id(t, e->name, e->id);
	if (e->kind == PLAN_EV_PRIORITY) {
		nulls(t, 2);
		table_long(t, e->priority);
		nulls(t, 3);
	} else if (e->kind == PLANNER_EV_SENSE) {
		if (e->has_sense) {
			name_or_id(t, e->sense, e->sense_id);
			table_long(t, e->sense_id);
		} else {
			nulls(t, 2);
		}
		table_long(t, e->value);
		table_long(t, e->released != 0);
		table_long(t, e->latch != 0);
		table_null(t);
	} else {
		nulls(t, 5);
		if ((e->kind == PLANNER_EV_FAIL ||
		    e->kind == PLANNER_EV_ERROR) && *evlog_why_text(e->why))
			table_str(t, evlog_why_text(e->why));
		else
			table_null(t);
	}
	table_end_row(t);
}

int
evlog_end_cycle(struct evlog *w)
{
	if (w->live)
		return table_flush(&w->t);
	return w->t.failed ? -1 : 0;
}

int
evlog_flush(struct evlog *w)
{
	return table_flush(&w->t);
}

int
evlog_write_run(struct evlog *w, enum evlog_run how, long time_ms)
{
	struct evlog_event e;

	evlog_run_begins(&e, how, time_ms);
	evlog_write(w, &e);
	return evlog_end_cycle(w);
}
