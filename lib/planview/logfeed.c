/*
 * logfeed.c - the shared event-log reader (lib/evlog) fed from a byte
 * stream: whole lines are gathered, each batch is read through evlog_read
 * (behind the log's own header line), and each event's element and sense
 * are found in the plan by id and checked by name.  Called by cmd/planview.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evlog/evlog.h"
#include "plan/vocab.h"
#include "planview/logfeed.h"

void
pv_log_init(struct pv_log *l, const struct pv_tree *t)
{
	memset(l, 0, sizeof *l);
	l->t = t;
}

void
pv_log_free(struct pv_log *l)
{
	free(l->batch);
	l->batch = NULL;
	l->blen = l->bcap = 0;
}

static int
bad(struct pv_log *l, long line, const char *fmt, const char *a,
    const char *b)
{
	l->error_line = line;
	snprintf(l->error, sizeof l->error, fmt, a, b);
	return -1;
}

/* An evlog event as planview's, its element and sense in this plan. */
static int
convert(struct pv_log *l, long line, const struct evlog_event *r,
    struct pv_event *e)
{
	const struct pv_tree *t = l->t;
	char id[16];

	memset(e, 0, sizeof *e);
	e->cycle = r->cycle;
	e->time_ms = r->time_ms < 0 ? 0 : r->time_ms;
	e->event = plan_event_letter(r->kind);
	e->released = e->latch = -1;
	if (r->kind == PLAN_EV_IDLE)
		return 0;
	snprintf(id, sizeof id, "%s %u", plan_type_tag(r->type),
	    (unsigned)r->id);
	if (pv_tree_index(t, r->type, r->id, &e->index) < 0)
		return bad(l, line, "the plan has no element %s%s", id, "");
	e->type = r->type;
	if (r->name && strcmp(r->name, t->name[r->type][e->index]) != 0)
		return bad(l, line, "the plan has no element '%s' (its %s "
		    "has another name)", r->name, id);
	if (r->kind == PLAN_EV_PRIORITY) {
		e->value = r->priority;
	} else if (r->kind == PLANNER_EV_SENSE) {
		if (r->has_sense) {
			if (r->sense_id >= t->nsense || !t->sense[r->sense_id] ||
			    (r->sense && strcmp(r->sense,
			    t->sense[r->sense_id]) != 0))
				return bad(l, line, "the plan has no sense "
				    "'%s'%s", r->sense ? r->sense : "?", "");
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

/* The batch through the shared reader; 0, -1 (bad data) or fn's value. */
static int
read_batch(struct pv_log *l, pv_event_fn *fn, void *ctx)
{
	struct evlog_reader r;
	struct evlog_event ev;
	struct pv_event e;
	long first = l->line - l->batch_lines + 1;	/* its first line */
	long skip = l->hlen ? 1 : 0;	/* the header in front */
	FILE *fp;
	int got, rc = 0;

	if (l->batch_lines == 0)
		return 0;
	if ((fp = fmemopen(l->batch, l->blen, "r")) == NULL)
		return bad(l, first, "out of memory%s%s", "", "");
	if (evlog_reader_open(&r, fp) < 0) {
		rc = bad(l, first + r.err_line - 1 - skip, "%s%s", r.error, "");
		goto out;
	}
	r.last_cycle = l->last_cycle;	/* time order holds across batches */
	while ((got = evlog_read(&r, &ev)) > 0) {
		long at = r.format == EVLOG_CSV ? r.csv.line : r.next_line - 1;
		long line = first + at - 1 - skip;

		if ((rc = convert(l, line, &ev, &e)) != 0 ||
		    (rc = fn(ctx, &e)) != 0)
			goto out;
	}
	if (got < 0)
		rc = bad(l, first + r.err_line - 1 - skip, "%s%s", r.error, "");
out:
	l->last_cycle = r.last_cycle;
	evlog_reader_close(&r);
	fclose(fp);
	l->batch_lines = 0;
	l->blen = l->hlen;
	return rc;
}

static int
append(struct pv_log *l, const char *s, size_t n)
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

/* A whole line: the first (a CSV header, or JSON) starts every batch. */
static int
take_line(struct pv_log *l)
{
	l->line++;
	if (l->overlong)
		return bad(l, l->line, "a line longer than %s bytes%s",
		    "4096", "");
	if (!l->started) {
		l->started = 1;
		if (l->part[0] != '{') {	/* CSV: keep the header */
			memcpy(l->head, l->part, l->plen);
			l->hlen = l->plen;
			if (append(l, l->part, l->plen) < 0)
				return bad(l, l->line, "out of memory%s%s",
				    "", "");
			l->hlen = l->blen;
			return 0;
		}
	}
	l->batch_lines++;
	if (append(l, l->part, l->plen) < 0)
		return bad(l, l->line, "out of memory%s%s", "", "");
	return 0;
}

int
pv_log_feed(struct pv_log *l, const char *bytes, size_t n,
    pv_event_fn *fn, void *ctx)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *nl = memchr(bytes + i, '\n', n - i);
		size_t k = nl ? (size_t)(nl - (bytes + i)) : n - i;

		if (l->plen + k >= sizeof l->part)
			l->overlong = 1;
		else {
			memcpy(l->part + l->plen, bytes + i, k);
			l->plen += k;
		}
		i += k;
		if (nl == NULL)
			break;
		if (take_line(l) < 0)
			return -1;
		l->plen = 0;
		l->overlong = 0;
	}
	return read_batch(l, fn, ctx);
}

int
pv_log_truncated(const struct pv_log *l)
{
	return l->plen > 0 || l->overlong;
}
