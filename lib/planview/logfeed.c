/*
 * logfeed.c - the shared event-log reader (lib/evlog) fed from a byte
 * stream: whole lines are gathered, each batch is read through evlog_read
 * (behind the log's own header line, the run's last cycle carried from
 * batch to batch), and each event's element and sense are found in the
 * plan by id and checked by name.  Bytes that cannot be an event log (a
 * NUL, a line past PLANVIEW_LINE_MAX) are refused as they come, so an endless
 * stream of junk is refused, not waited on.  Called by cmd/planview.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evlog/evlog.h"
#include "plan/vocab.h"
#include "planview/logfeed.h"

void
planview_log_init(struct planview_log *l, const struct planview_tree *t)
{
	memset(l, 0, sizeof *l);
	l->t = t;
}

void
planview_log_free(struct planview_log *l)
{
	free(l->batch);
	l->batch = NULL;
	l->blen = l->bcap = 0;
}

static int
bad(struct planview_log *l, long line, long col, const char *fmt, const char *a,
    const char *b)
{
	l->error_line = line;
	l->error_col = col;
	snprintf(l->error, sizeof l->error, fmt, a, b);
	return -1;
}

/* An event this plan cannot have made: the log is another plan's. */
static int
not_ours(struct planview_log *l, long line, const char *fmt, const char *a,
    const char *b)
{
	l->other_plan = 1;
	return bad(l, line, 0, fmt, a, b);
}

/* An evlog event as planview's, its element and sense in this plan. */
static int
convert(struct planview_log *l, long line, const struct evlog_event *r,
    struct planview_event *e)
{
	const struct planview_tree *t = l->t;
	char id[16];

	memset(e, 0, sizeof *e);
	e->cycle = r->cycle;
	e->time_ms = r->time_ms < 0 ? 0 : r->time_ms;
	e->timed = r->time_ms >= 0;
	e->event = plan_event_letter(r->kind);
	e->released = e->latch = -1;
	if (r->kind == PLAN_EV_RUN)
		snprintf(e->reason, sizeof e->reason, "%s",
		    evlog_run_text(r->run));
	if (r->kind == PLAN_EV_IDLE || r->kind == PLAN_EV_RUN)
		return 0;
	snprintf(id, sizeof id, "%s %u", plan_type_tag(r->type),
	    (unsigned)r->id);
	if (planview_tree_index(t, r->type, r->id, &e->index) < 0)
		return not_ours(l, line, "the plan has no element %s%s", id,
		    "");
	e->type = r->type;
	if (r->name && strcmp(r->name, t->name[r->type][e->index]) != 0)
		return not_ours(l, line, "the plan has no element '%s' (its "
		    "%s has another name)", r->name, id);
	if (r->kind == PLAN_EV_PRIORITY) {
		e->value = r->priority;
	} else if (r->kind == PLANNER_EV_SENSE) {
		if (r->has_sense) {
			if (r->sense_id >= t->nsense || !t->sense[r->sense_id] ||
			    (r->sense && strcmp(r->sense,
			    t->sense[r->sense_id]) != 0))
				return not_ours(l, line, "the plan has no "
				    "sense '%s'%s", r->sense ? r->sense : "?",
				    "");
			e->has_sense = 1;
			e->sense = r->sense_id;
		}
		e->value = r->value;
		e->released = r->released;
		e->latch = r->latch;
	} else if (r->kind == PLANNER_EV_FAIL || r->kind == PLANNER_EV_ERROR)
		snprintf(e->reason, sizeof e->reason, "%s",
		    evlog_why_text(r->why));
	return 0;
}

/* The reader's error, at the line of the log it is about (first: the
   log's line of the batch's first line; skip: the header in front). */
static int
reader_bad(struct planview_log *l, const struct evlog_reader *r, long first,
    long skip)
{
	long line = r->err_line > skip ? first + r->err_line - 1 - skip : 1;

	return bad(l, line, r->err_col, "%s%s", r->error, "");
}

/* The batch through the shared reader; 0, -1 (bad data) or fn's value. */
static int
read_batch(struct planview_log *l, planview_event_fn *fn, void *ctx)
{
	struct evlog_reader r;
	struct evlog_event ev;
	struct planview_event e;
	long first = l->line - l->batch_lines + 1;	/* its first line */
	long skip = l->hlen ? 1 : 0;	/* the header in front */
	FILE *fp;
	int got, rc = 0;

	if (l->batch_lines == 0)
		return 0;
	if ((fp = fmemopen(l->batch, l->blen, "r")) == NULL)
		return bad(l, first, 0, "out of memory%s%s", "", "");
	if (evlog_reader_open(&r, fp) < 0) {
		rc = reader_bad(l, &r, first, skip);
		goto out;
	}
	r.last_cycle = l->last_cycle;
	while ((got = evlog_read(&r, &ev)) > 0) {
		long at = r.format == EVLOG_CSV ? r.csv.line : r.json.line;
		long line = first + at - 1 - skip;

		if (ev.implied && l->implied_line == 0)
			l->implied_line = line;
		if ((rc = convert(l, line, &ev, &e)) != 0 ||
		    (rc = fn(ctx, &e)) != 0)
			goto out;
	}
	if (got < 0)
		rc = reader_bad(l, &r, first, skip);
out:
	l->last_cycle = r.last_cycle;
	evlog_reader_close(&r);
	fclose(fp);
	l->batch_lines = 0;
	l->blen = l->hlen;
	return rc;
}

static int
append(struct planview_log *l, const char *s, size_t n)
{
	if (l->blen + n + 2 > l->bcap) {
		size_t cap = (l->blen + n + 2) * 2;
		char *b = realloc(l->batch, cap);

		if (b == NULL)
			return -1;
		l->batch = b;
		l->bcap = cap;
	}
	memcpy(l->batch + l->blen, s, n);
	l->blen += n;
	l->batch[l->blen++] = '\n';
	return 0;
}

/* A CSV header (the first line, whole or cut short at the end): every
   column of the event log named, or the reader's reason. */
static int
check_header(struct planview_log *l, const char *text, size_t n)
{
	struct evlog_reader r;
	char buf[PLANVIEW_LINE_MAX + 2];
	FILE *fp;
	int rc = 0;

	memcpy(buf, text, n);
	buf[n] = '\n';
	if ((fp = fmemopen(buf, n + 1, "r")) == NULL)
		return bad(l, 1, 0, "out of memory%s%s", "", "");
	if (evlog_reader_open(&r, fp) < 0)
		rc = reader_bad(l, &r, 1, 0);
	evlog_reader_close(&r);
	fclose(fp);
	return rc;
}

/* A whole line: the first (a CSV header, or JSON) starts every batch. */
static int
take_line(struct planview_log *l)
{
	l->line++;
	if (!l->started) {
		l->started = 1;
		if (l->part[0] != '{') {	/* CSV: keep the header */
			if (check_header(l, l->part, l->plen) < 0)
				return -1;
			memcpy(l->head, l->part, l->plen);
			if (append(l, l->part, l->plen) < 0)
				return bad(l, l->line, 0, "out of memory%s%s",
				    "", "");
			l->hlen = l->blen;
			return 0;
		}
	}
	l->batch_lines++;
	if (append(l, l->part, l->plen) < 0)
		return bad(l, l->line, 0, "out of memory%s%s", "", "");
	return 0;
}

/* A CSV line that leaves a quote open (an odd count of '"'): the CSV
   reader would run the field on into the next line, which a log read in
   pieces never joins, so the same bytes would read two ways. */
static int
open_quote(const char *s, size_t n)
{
	size_t i, quotes = 0;

	for (i = 0; i < n; i++)
		quotes += s[i] == '"';
	return quotes % 2;
}

/* Bytes no event log holds, seen before their line ends: the whole lines
   before them go first (an error there is the first), then the refusal. */
static int
refuse_now(struct planview_log *l, long col, const char *why, planview_event_fn *fn,
    void *ctx)
{
	int rc = read_batch(l, fn, ctx);

	if (rc != 0)
		return rc;
	return bad(l, l->line + 1, col, "%s%s", why, "");
}

int
planview_log_feed(struct planview_log *l, const char *bytes, size_t n,
    planview_event_fn *fn, void *ctx)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *nl = memchr(bytes + i, '\n', n - i);
		size_t k = nl ? (size_t)(nl - (bytes + i)) : n - i;
		const char *nul = memchr(bytes + i, '\0', k);

		if (nul != NULL)
			return refuse_now(l, (long)(l->plen + (size_t)(nul -
			    (bytes + i))) + 1, "a NUL byte: not an event log",
			    fn, ctx);
		if (l->plen + k >= sizeof l->part)
			return refuse_now(l, (long)sizeof l->part, "a line "
			    "longer than 4095 bytes: not an event log", fn,
			    ctx);
		memcpy(l->part + l->plen, bytes + i, k);
		l->plen += k;
		i += k;
		if (nl == NULL)
			break;
		if (l->started && l->hlen > 0 && open_quote(l->part, l->plen))
			return refuse_now(l, (long)l->plen + 1, "a quoted field "
			    "runs past the line's end: an event is one line",
			    fn, ctx);
		if (take_line(l) < 0)
			return -1;
		l->plen = 0;
	}
	return read_batch(l, fn, ctx);
}

int
planview_log_end(struct planview_log *l)
{
	if (l->started)
		return 0;
	if (l->plen == 0)
		return bad(l, 1, 1, "empty: an event log starts with a header "
		    "line%s%s", "", "");
	if (l->part[0] == '{')
		return bad(l, 1, (long)l->plen + 1, "the first line has no "
		    "line end: no whole event%s%s", "", "");
	return check_header(l, l->part, l->plen);
}

int
planview_log_truncated(const struct planview_log *l)
{
	return l->started && l->plen > 0;
}
