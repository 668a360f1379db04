/*
 * pack.c - events to the page's compact text (pack.h).  Called for each
 * event read by cmd/planview's pages and by the live server.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evlog/evlog.h"
#include "planview/pack.h"

unsigned
planview_pack_element(const struct planview_tree *t, int type, unsigned index)
{
	unsigned g = 0;
	int ty;

	for (ty = 0; ty < type && ty < PLAN_NTYPES; ty++)
		g += t->p->count[ty];
	return g + index;
}

static int
put(struct planview_pack *p, const char *s, size_t n)
{
	if (p->failed)
		return -1;
	if (p->len + n + 1 > p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 65536;
		char *b;

		while (cap < p->len + n + 1)
			cap *= 2;
		if ((b = realloc(p->buf, cap)) == NULL) {
			p->failed = 1;
			return -1;
		}
		p->buf = b;
		p->cap = cap;
	}
	memcpy(p->buf + p->len, s, n);
	p->len += n;
	p->buf[p->len] = '\0';
	return 0;
}

/* The cycle token: its steps from the last cycle's number and time. */
static int
cycle_token(struct planview_pack *p, const struct planview_event *e)
{
	char tok[64];
	long dc = e->cycle - p->cycle, dt = e->time_ms - p->time_ms;
	int n = snprintf(tok, sizeof tok, "%sc", p->len ? " " : "");

	if (dc != 1)
		n += snprintf(tok + n, sizeof tok - (size_t)n, "%ld", dc);
	if (dt != p->step_ms)
		n += snprintf(tok + n, sizeof tok - (size_t)n, "@%ld", dt);
	p->cycle = e->cycle;
	p->time_ms = e->time_ms;
	p->step_ms = dt;
	p->cycles++;
	return put(p, tok, (size_t)n);
}

static int
event_token(struct planview_pack *p, const struct planview_tree *t,
    const struct planview_event *e)
{
	char tok[96];
	unsigned g = planview_pack_element(t, e->type, e->index);
	int n, why;

	switch (e->event) {
	case PLANVIEW_EXECUTED:
	case PLANVIEW_SUCCESS:
	case PLANVIEW_PENDING:
		n = snprintf(tok, sizeof tok, " %c%u", e->event, g);
		break;
	case PLANVIEW_FAIL:
	case PLANVIEW_ERROR:
		n = snprintf(tok, sizeof tok, " %c%u", e->event, g);
		if (e->reason[0] && (why = evlog_why_parse(e->reason)) > 0)
			n += snprintf(tok + n, sizeof tok - (size_t)n, ":%d",
			    why);
		break;
	case PLANVIEW_RELEASER:
		n = snprintf(tok, sizeof tok, " R%u:", g);
		if (e->has_sense)
			n += snprintf(tok + n, sizeof tok - (size_t)n, "%u",
			    (unsigned)e->sense);
		n += snprintf(tok + n, sizeof tok - (size_t)n, ":%ld:%d",
		    e->value, (e->released > 0) + 2 * (e->latch > 0));
		break;
	case PLANVIEW_PRIORITY:
		n = snprintf(tok, sizeof tok, " Q%u:%ld", g, e->value);
		break;
	case PLANVIEW_IDLE:
		n = snprintf(tok, sizeof tok, " I");
		break;
	default:	/* an event of a later log: a mark */
		n = snprintf(tok, sizeof tok, " B");
		break;
	}
	return put(p, tok, (size_t)n);
}

/* The run boundary, in its run's first cycle. */
static int
boundary_token(struct planview_pack *p)
{
	char tok[16];
	int n = p->boundary > 1 ? snprintf(tok, sizeof tok, " B:%d",
	    p->boundary - 1) : snprintf(tok, sizeof tok, " B");

	p->boundary = 0;
	return put(p, tok, (size_t)n);
}

int
planview_pack_add(struct planview_pack *p, const struct planview_tree *t,
    const struct planview_event *e)
{
	int how;

	if (e->event == PLANVIEW_RUN) {	/* held for the run's first cycle */
		how = evlog_run_parse(e->reason);
		p->boundary = how < 0 ? 1 : how + 2;
		p->events++;
		return 0;
	}
	if (p->boundary || p->cycles == 0 || e->cycle != p->cycle)
		if (cycle_token(p, e) < 0 ||
		    (p->boundary && boundary_token(p) < 0))
			return -1;
	if (event_token(p, t, e) < 0)
		return -1;
	p->events++;
	return 0;
}

void
planview_pack_free(struct planview_pack *p)
{
	free(p->buf);
	memset(p, 0, sizeof *p);
}
