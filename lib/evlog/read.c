/*
 * read.c - reading the event log (evlog.h) line by line, CSV or JSON
 * lines: each line's twelve fields are found (csv_reader, or jsonl.c),
 * then checked and turned into an event here, the same way for both.
 * Used by planrun --replay and the viewers.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "evlog/evlog.h"
#include "evlog/jsonl.h"
#include "host/num.h"
#include "plan/vocab.h"

enum { C_CYCLE, C_TIME, C_EVENT, C_TYPE, C_ID, C_NAME, C_SENSE,
    C_SENSE_ID, C_VALUE, C_RELEASED, C_LATCH, C_REASON };

#define fail evlog_reader_fail

/* One line's fields: text ("" when empty or null) and columns. */
struct fields {
	const char *v[EVLOG_NCOLS];
	long col[EVLOG_NCOLS];
	long line;
};

int
evlog_reader_fail(struct evlog_reader *r, long line, long col,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->error, sizeof r->error, fmt, ap);
	va_end(ap);
	r->err_line = line;
	r->err_col = col;
	return -1;
}

static int
get_long(struct evlog_reader *r, const struct fields *f, int c, long lo,
    long hi, long *v)
{
	enum num_error e;

	if (*f->v[c] == '\0')
		return fail(r, f->line, f->col[c], "no %s", evlog_columns[c]);
	if ((e = num_long(f->v[c], lo, hi, v)) != NUM_OK)
		return fail(r, f->line, f->col[c], "%s '%.40s': %s",
		    evlog_columns[c], f->v[c], num_strerror(e));
	return 0;
}

/* A name field into buf; NULL when empty. */
static int
get_name(struct evlog_reader *r, const struct fields *f, int c, char *buf,
    const char **out)
{
	size_t n = strlen(f->v[c]);

	*out = NULL;
	if (n > EVLOG_NAME_MAX)
		return fail(r, f->line, f->col[c], "%s longer than %d bytes",
		    evlog_columns[c], EVLOG_NAME_MAX);
	if (n > 0) {
		memcpy(buf, f->v[c], n + 1);
		*out = buf;
	}
	return 0;
}

/* The R fields: the sense (if read), value, released, latch. */
static int
sense_fields(struct evlog_reader *r, const struct fields *f,
    struct evlog_event *e)
{
	long v;

	if (*f->v[C_SENSE_ID] != '\0') {
		if (get_long(r, f, C_SENSE_ID, 0, 65535, &v) < 0)
			return -1;
		e->has_sense = 1;
		e->sense_id = (uint16_t)v;
		if (get_name(r, f, C_SENSE, r->sense, &e->sense) < 0)
			return -1;
	}
	if (get_long(r, f, C_VALUE, -32768, 32767, &v) < 0)
		return -1;
	e->value = (int16_t)v;
	if (get_long(r, f, C_RELEASED, 0, 1, &v) < 0)
		return -1;
	e->released = (uint8_t)v;
	if (get_long(r, f, C_LATCH, 0, 1, &v) < 0)
		return -1;
	e->latch = (uint8_t)v;
	return 0;
}

/* The element an event is about: type, id, name. */
static int
element_fields(struct evlog_reader *r, const struct fields *f,
    struct evlog_event *e)
{
	long v;
	int t;

	if ((t = plan_type_from_tag(f->v[C_TYPE])) < 0)
		return fail(r, f->line, f->col[C_TYPE], "type '%.40s': not "
		    "AP, APE, C, CE, D or A", f->v[C_TYPE]);
	e->type = (uint8_t)t;
	if (get_long(r, f, C_ID, 0, 65535, &v) < 0)
		return -1;
	e->id = (uint16_t)v;
	return get_name(r, f, C_NAME, r->name, &e->name);
}

/* A Q event: a drive's new priority. */
static int
priority_fields(struct evlog_reader *r, const struct fields *f,
    struct evlog_event *e)
{
	long v;

	if (e->type != PLAN_D)
		return fail(r, f->line, f->col[C_TYPE], "type '%.40s': a "
		    "priority is a drive's (D)", f->v[C_TYPE]);
	if (get_long(r, f, C_VALUE, 0, 65535, &v) < 0)
		return -1;
	e->priority = (uint16_t)v;
	return 0;
}

/* A B line: cycle 0, and how the run began; the next run's cycles count
   afresh. */
static int
run_fields(struct evlog_reader *r, const struct fields *f,
    struct evlog_event *e)
{
	int how;

	if (e->cycle != 0)
		return fail(r, f->line, f->col[C_CYCLE], "cycle %ld: a run "
		    "boundary (B) has cycle 0", e->cycle);
	if ((how = evlog_run_parse(f->v[C_REASON])) < 0)
		return fail(r, f->line, f->col[C_REASON], "reason '%.40s': a "
		    "run begins by start, join or reconnect", f->v[C_REASON]);
	e->run = (uint8_t)how;
	r->last_cycle = 0;
	return 0;
}

/*
 * Cycles never go back within a run.  Back to 1 with no B line is a log
 * written before B lines existed (a session's `start`): the plan started
 * again, so a B is implied.  Back to anything else cannot be told from a
 * log of something else, so it is refused with what to do.
 */
static int
in_order(struct evlog_reader *r, const struct fields *f, long cycle,
    int *imply)
{
	*imply = 0;
	if (cycle >= r->last_cycle) {
		r->last_cycle = cycle;
		return 0;
	}
	if (cycle == 1) {
		*imply = 1;
		r->last_cycle = cycle;
		return 0;
	}
	return fail(r, f->line, f->col[C_CYCLE], "cycle %ld after cycle %ld: "
	    "cycles never go back within a run (if the plan restarted here, "
	    "put a run boundary before this line: a B line, spine-evlog(5))",
	    cycle, r->last_cycle);
}

static int
to_event(struct evlog_reader *r, const struct fields *f,
    struct evlog_event *e, int *imply)
{
	long v;
	int k;

	memset(e, 0, sizeof *e);
	*imply = 0;
	if (get_long(r, f, C_CYCLE, 0, 0x7fffffffL, &e->cycle) < 0)
		return -1;
	e->time_ms = -1;
	if (*f->v[C_TIME] != '\0') {
		if (get_long(r, f, C_TIME, 0, 0x7fffffffL, &v) < 0)
			return -1;
		e->time_ms = v;
	}
	if (strlen(f->v[C_EVENT]) != 1 ||
	    (k = plan_event_from_letter(f->v[C_EVENT][0])) < 0)
		return fail(r, f->line, f->col[C_EVENT], "event '%.40s': not "
		    "one of E S P F Z R I Q B", f->v[C_EVENT]);
	e->kind = (uint8_t)k;
	if (k == PLAN_EV_RUN)
		return run_fields(r, f, e);
	if (in_order(r, f, e->cycle, imply) < 0)
		return -1;
	if (k == PLAN_EV_IDLE)
		return 0;
	if (element_fields(r, f, e) < 0)
		return -1;
	if (k == PLANNER_EV_SENSE)
		return sense_fields(r, f, e);
	if (k == PLAN_EV_PRIORITY)
		return priority_fields(r, f, e);
	if ((k == PLANNER_EV_FAIL || k == PLANNER_EV_ERROR) &&
	    *f->v[C_REASON] != '\0') {
		if ((k = evlog_why_parse(f->v[C_REASON])) < 0)
			return fail(r, f->line, f->col[C_REASON], "reason "
			    "'%.60s': not one the planner gives",
			    f->v[C_REASON]);
		e->why = (uint8_t)k;
	}
	return 0;
}

/* ---- CSV ---------------------------------------------------------------- */

static int
csv_open(struct evlog_reader *r)
{
	struct csv_header h;
	int got, c;

	csv_init(&r->csv, r->fp, ',');
	if ((got = csv_read(&r->csv)) <= 0)
		return got < 0 ? fail(r, r->csv.error_line, r->csv.error_col,
		    "%s", r->csv.error) : fail(r, 1, 0, "empty: an event log "
		    "starts with a header line");
	if (csv_header_take(&r->csv, &h) < 0)
		return fail(r, r->csv.line, 0, "out of memory");
	for (c = 0; c < EVLOG_NCOLS; c++)
		r->col[c] = csv_header_find(&h, evlog_columns[c]);
	csv_header_free(&h);
	for (c = 0; c < EVLOG_NCOLS; c++)
		if (r->col[c] < 0)
			return fail(r, r->csv.line, 1, "not an event log: no "
			    "'%s' column", evlog_columns[c]);
	return 0;
}

static int
csv_next(struct evlog_reader *r, struct fields *f)
{
	size_t n;
	int got, c;

	if ((got = csv_read(&r->csv)) < 0) {
		/* a quoted name cut off by the end of the file */
		if (feof(r->fp) && strcmp(r->csv.error,
		    "unterminated quoted field") == 0) {
			r->truncated = r->csv.error_line;
			return 0;
		}
		return fail(r, r->csv.error_line, r->csv.error_col, "%s",
		    r->csv.error);
	}
	if (got == 0)
		return 0;
	if (feof(r->fp)) {	/* the record ran into the end: no line end */
		r->truncated = r->csv.line;
		return 0;
	}
	n = csv_nfields(&r->csv);
	f->line = r->csv.line;
	for (c = 0; c < EVLOG_NCOLS; c++) {
		if ((size_t)r->col[c] >= n)
			return fail(r, f->line, csv_col(&r->csv, n - 1),
			    "%zu fields: no %s", n, evlog_columns[c]);
		f->v[c] = csv_field(&r->csv, (size_t)r->col[c]);
		f->col[c] = csv_col(&r->csv, (size_t)r->col[c]);
	}
	return 1;
}

/* ---- the reader ---------------------------------------------------------- */

int
evlog_reader_open(struct evlog_reader *r, FILE *fp)
{
	int c;

	memset(r, 0, sizeof *r);
	r->fp = fp;
	jsonl_init(&r->json, fp);
	c = getc(fp);
	if (c != EOF)
		ungetc(c, fp);
	if (c == '{') {
		r->format = EVLOG_JSONL;
		return 0;
	}
	r->format = EVLOG_CSV;
	return csv_open(r);
}

void
evlog_reader_close(struct evlog_reader *r)
{
	if (r->format == EVLOG_CSV)
		csv_free(&r->csv);
	jsonl_free(&r->json);
}

int
evlog_read(struct evlog_reader *r, struct evlog_event *e)
{
	struct fields f;
	int got, imply;

	if (r->have_held) {	/* the line an implied B came before */
		r->have_held = 0;
		*e = r->held;
		return 1;
	}
	if (r->format == EVLOG_CSV)
		got = csv_next(r, &f);
	else
		got = evlog_jsonl_next(r, f.v, f.col, &f.line);
	if (got <= 0)
		return got;
	r->line = f.line;
	if (to_event(r, &f, e, &imply) < 0)
		return -1;
	if (imply) {
		r->held = *e;
		r->have_held = 1;
		if (r->implied_line == 0)
			r->implied_line = f.line;
		evlog_run_begins(e, EVLOG_RUN_START, -1);
		e->implied = 1;
	}
	return 1;
}
