/*
 * replay.c - --replay LOG: senses (R events) and action outcomes (S, P, F,
 * Z events on actions) taken back from a transparency log, in the order
 * they were logged within each cycle, so a run can be reproduced exactly.
 * A sense the log did not record keeps its latest logged value.
 */
#include <stdlib.h>
#include <string.h>

#include "host/csv.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "planrun.h"

enum { COL_CYCLE, COL_TIME, COL_EVENT, COL_TYPE, COL_NAME, COL_SENSE,
    COL_VALUE, NCOLS };

static const char *const column[NCOLS] = {
	"cycle", "time_ms", "event", "type", "name", "sense", "value"
};

struct reader {
	struct csv_reader cr;
	struct diag *d;
	int col[NCOLS];
	long cap, time_cap;
};

static int
field_long(struct reader *rd, int c, long lo, long hi, long *v)
{
	const char *f;
	enum num_error e;

	if (rd->col[c] < 0 || (size_t)rd->col[c] >= csv_nfields(&rd->cr)) {
		diag_error(rd->d, rd->cr.line, 0, "no %s field", column[c]);
		return -1;
	}
	f = csv_field(&rd->cr, (size_t)rd->col[c]);
	if ((e = num_long(f, lo, hi, v)) != NUM_OK) {
		diag_error(rd->d, rd->cr.line, csv_col(&rd->cr,
		    (size_t)rd->col[c]), "%s '%s': %s", column[c], f,
		    num_strerror(e));
		return -1;
	}
	return 0;
}

static const char *
field(struct reader *rd, int c)
{
	if (rd->col[c] < 0 || (size_t)rd->col[c] >= csv_nfields(&rd->cr))
		return "";
	return csv_field(&rd->cr, (size_t)rd->col[c]);
}

static int
add_item(struct replay *r, struct reader *rd, const struct replay_item *it)
{
	struct replay_item *v = grow_array(r->item, r->nitems, &rd->cap, 256,
	    sizeof *v);

	if (v == NULL) {
		diag_error(rd->d, rd->cr.line, 0, "out of memory");
		return -1;
	}
	r->item = v;
	r->item[r->nitems++] = *it;
	return 0;
}

/* The first time logged for each cycle, in cycle order. */
static int
note_time(struct replay *r, struct reader *rd, long cycle, long ms)
{
	struct replay_time *v;

	if (r->ntimes > 0 && r->times[r->ntimes - 1].cycle == cycle)
		return 0;
	if ((v = grow_array(r->times, r->ntimes, &rd->time_cap, 256,
	    sizeof *v)) == NULL) {
		diag_error(rd->d, rd->cr.line, 0, "out of memory");
		return -1;
	}
	r->times = v;
	r->times[r->ntimes].cycle = cycle;
	r->times[r->ntimes++].ms = ms;
	return 0;
}

static int
outcome(const char *event, int16_t *code)
{
	static const char letters[] = "FSPZ";	/* PLANNER_FAIL .. _ERROR */
	const char *p;

	if (strlen(event) != 1 || (p = strchr(letters, event[0])) == NULL)
		return -1;
	*code = (int16_t)(p - letters);
	return 0;
}

/* One log row: a sense reading, an action outcome, or nothing we need. */
static int
read_row(struct replay *r, struct reader *rd, const struct names *n)
{
	struct replay_item it;
	const char *event, *name;
	long cycle, ms, v, id;
	uint8_t type;
	uint16_t index;

	if (field_long(rd, COL_CYCLE, 1, 0x7fffffffL, &cycle) < 0 ||
	    field_long(rd, COL_TIME, 0, 0x7fffffffL, &ms) < 0)
		return -1;
	if (cycle < r->last_cycle) {
		diag_error(rd->d, rd->cr.line, 0, "cycle %ld after cycle %ld: "
		    "a log is in time order", cycle, r->last_cycle);
		return -1;
	}
	r->last_cycle = cycle;
	if (note_time(r, rd, cycle, ms) < 0)
		return -1;
	memset(&it, 0, sizeof it);
	it.cycle = cycle;
	event = field(rd, COL_EVENT);
	if (strcmp(event, "R") == 0 && *field(rd, COL_SENSE) != '\0') {
		if ((id = names_sense_id(n, field(rd, COL_SENSE))) < 0) {
			diag_error(rd->d, rd->cr.line, 0, "no sense '%s' in "
			    "the plan", field(rd, COL_SENSE));
			return -1;
		}
		if (field_long(rd, COL_VALUE, -32768, 32767, &v) < 0)
			return -1;
		it.id = (uint16_t)id;
		it.value = (int16_t)v;
		return add_item(r, rd, &it);
	}
	if (strcmp(field(rd, COL_TYPE), "A") != 0 ||
	    outcome(event, &it.value) < 0)
		return 0;
	name = field(rd, COL_NAME);
	if (names_element(n, name, &type, &index) < 0 || type != PLAN_A) {
		diag_error(rd->d, rd->cr.line, 0, "no action element '%s' in "
		    "the plan", name);
		return -1;
	}
	{
		struct plan_action a;

		plan_get_action(n->plan, index, &a);
		it.id = a.action;
	}
	it.is_action = 1;
	r->have_results = 1;
	return add_item(r, rd, &it);
}

static int
read_log(struct replay *r, struct reader *rd, const struct names *n)
{
	struct csv_header h;
	int got, c;

	if ((got = csv_read(&rd->cr)) <= 0) {
		diag_error(rd->d, got < 0 ? rd->cr.error_line : 0, 0, "%s",
		    got < 0 ? rd->cr.error : "empty: a header line is needed");
		return -1;
	}
	if (csv_header_take(&rd->cr, &h) < 0) {
		diag_error(rd->d, rd->cr.line, 0, "out of memory");
		return -1;
	}
	for (c = 0; c < NCOLS; c++)
		rd->col[c] = csv_header_find(&h, column[c]);
	csv_header_free(&h);
	for (c = COL_CYCLE; c <= COL_NAME; c++)
		if (rd->col[c] < 0) {
			diag_error(rd->d, rd->cr.line, 0, "not a transparency "
			    "log: no '%s' column", column[c]);
			return -1;
		}
	while ((got = csv_read(&rd->cr)) == 1)
		if (read_row(r, rd, n) < 0)
			return -1;
	if (got < 0) {
		diag_error(rd->d, rd->cr.error_line, rd->cr.error_col, "%s",
		    rd->cr.error);
		return -1;
	}
	return 0;
}

int
replay_load(struct replay *r, const char *path, const struct names *n)
{
	struct diag d = diag_for(path);
	struct reader rd;
	FILE *fp;
	int rc;

	memset(r, 0, sizeof *r);
	memset(&rd, 0, sizeof rd);
	rd.d = &d;
	if ((fp = input_open(path, "r")) == NULL)
		return EXIT_NOINPUT;
	csv_init(&rd.cr, fp, ',');
	rc = read_log(r, &rd, n);
	csv_free(&rd.cr);
	input_close(fp);
	if (rc == 0 && (r->last = calloc(n->nids, sizeof *r->last)) == NULL) {
		diag_error(&d, 0, 0, "out of memory");
		rc = -1;
	}
	if (rc == 0 && r->nitems == 0 && r->last_cycle > 0)
		warnx_tool("%s: the log has no sense readings (record it with "
		    "R in --monitor): every sense reads 0", path);
	return rc < 0 ? EXIT_DATAERR : EXIT_OK;
}

void
replay_free(struct replay *r)
{
	free(r->item);
	free(r->times);
	free(r->last);
	memset(r, 0, sizeof *r);
}

static void
diverge(struct replay *r, long cycle, const char *why)
{
	if (!r->diverged)
		warnx_tool("replay: cycle %ld: %s; the run no longer follows "
		    "the log", cycle, why);
	r->diverged = 1;
}

void
replay_begin_cycle(struct replay *r, long cycle)
{
	long i;

	/* what the run did not read still tells the latest sense values */
	for (i = r->cur; i < r->nitems && r->item[i].cycle < cycle; i++) {
		if (r->item[i].used || r->item[i].is_action)
			continue;
		r->last[r->item[i].id] = r->item[i].value;
		diverge(r, r->item[i].cycle, "a logged sense reading was not "
		    "made");
	}
	r->cur = i;
	for (r->end = i; r->end < r->nitems && r->item[r->end].cycle ==
	    cycle; r->end++)
		;
}

int16_t
replay_sense(struct replay *r, uint16_t id, long cycle)
{
	long i;
	int logged = 0;

	for (i = r->cur; i < r->end; i++) {
		struct replay_item *it = &r->item[i];

		if (it->is_action)
			continue;
		logged = 1;
		if (!it->used && it->id == id) {
			it->used = 1;
			r->last[id] = it->value;
			return it->value;
		}
	}
	if (logged)
		diverge(r, cycle, "a sense was read that the log did not "
		    "record");
	return r->last[id];
}

int
replay_result(struct replay *r, uint16_t action, uint8_t *code)
{
	long i;

	for (i = r->cur; i < r->end; i++) {
		struct replay_item *it = &r->item[i];

		if (it->is_action && !it->used && it->id == action) {
			it->used = 1;
			*code = (uint8_t)it->value;
			return 1;
		}
	}
	return 0;
}

long
replay_time(struct replay *r, long cycle)
{
	while (r->tpos + 1 < r->ntimes && r->times[r->tpos + 1].cycle <= cycle)
		r->tpos++;
	if (r->ntimes == 0 || r->times[r->tpos].cycle > cycle)
		return -1;
	return r->times[r->tpos].ms;
}
