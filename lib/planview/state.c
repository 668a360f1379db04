/*
 * state.c - folding events into planview's picture of a run: outcomes,
 * counters, latches, sense values, the drive with attention.  Called by
 * cmd/planview for the live view, the page and the still picture.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "planview/state.h"

/* Every element and the clock as a run has them before its first event. */
static void
fresh_run(struct planview_state *s)
{
	unsigned i;
	int ty;

	s->attention = -1;
	s->running = -1;
	s->cycle = -1;
	s->first_cycle = -1;
	s->time_ms = s->first_time_ms = 0;
	s->cycles = 0;
	s->timed = 0;
	memset(s->type_lit, 0, sizeof s->type_lit);
	for (ty = 0; ty < PLAN_NTYPES; ty++) {
		memset(s->elem[ty], 0, ((size_t)s->t->p->count[ty] + 1) *
		    sizeof *s->elem[ty]);
		for (i = 0; i < s->t->p->count[ty]; i++) {
			s->elem[ty][i].lit_cycle = -1;
			s->elem[ty][i].latch = -1;
			s->elem[ty][i].released = -1;
			s->elem[ty][i].priority = -1;
		}
	}
}

/* The senses the plan's releasers read (TR and FL read none), in the
   order of the rows that read them: the highest drive's first. */
static void
find_reads(struct planview_state *s)
{
	const struct planview_tree *t = s->t;
	struct plan_releaser rel;
	size_t k;

	for (k = 0; k < t->nrows; k++) {
		const struct planview_row *r = &t->row[k];

		if (r->type == PLAN_D) {
			struct plan_drive d;

			plan_get_drive(t->p, r->index, &d);
			rel = d.rel;
		} else if (r->type == PLAN_CE) {
			struct plan_ce c;

			plan_get_ce(t->p, r->index, &c);
			rel = c.rel;
		} else {
			continue;
		}
		if (rel.cmp == PLAN_TR || rel.cmp == PLAN_FL ||
		    rel.sense >= t->nsense || t->sense[rel.sense] == NULL ||
		    s->is_read[rel.sense])
			continue;
		s->is_read[rel.sense] = 1;
		s->reads[s->nreads++] = rel.sense;
	}
}

/* Each row's caller: the last row before it one level up. */
static void
find_parents(struct planview_state *s)
{
	const struct planview_tree *t = s->t;
	size_t k, at[PLANVIEW_MAX_DEPTH + 1];

	for (k = 0; k <= PLANVIEW_MAX_DEPTH; k++)
		at[k] = PLANVIEW_NO_PARENT;
	for (k = 0; k < t->nrows; k++) {
		unsigned d = t->row[k].depth;

		s->parent[k] = d == 0 || d > PLANVIEW_MAX_DEPTH ? PLANVIEW_NO_PARENT :
		    at[d - 1];
		if (d <= PLANVIEW_MAX_DEPTH)
			at[d] = k;
	}
}

int
planview_state_open(struct planview_state *s, const struct planview_tree *t)
{
	int ty;

	memset(s, 0, sizeof *s);
	s->t = t;
	s->fade_ms = PLANVIEW_FADE_MS;
	for (ty = 0; ty < PLAN_NTYPES; ty++) {
		s->elem[ty] = calloc((size_t)t->p->count[ty] + 1,
		    sizeof *s->elem[ty]);
		if (s->elem[ty] == NULL)
			return -1;
	}
	fresh_run(s);
	s->sense = calloc(65536, sizeof *s->sense);
	s->sense_seen = calloc(65536, 1);
	s->is_read = calloc(65536, 1);
	s->reads = calloc(t->nrows + 1, sizeof *s->reads);
	s->parent = calloc(t->nrows + 1, sizeof *s->parent);
	if (!s->sense || !s->sense_seen || !s->is_read || !s->reads ||
	    !s->parent)
		return -1;
	find_reads(s);
	find_parents(s);
	return 0;
}

void
planview_state_free(struct planview_state *s)
{
	int ty;

	for (ty = 0; ty < PLAN_NTYPES; ty++)
		free(s->elem[ty]);
	free(s->sense);
	free(s->sense_seen);
	free(s->is_read);
	free(s->reads);
	free(s->parent);
	memset(s, 0, sizeof *s);
}

static void
new_cycle(struct planview_state *s, const struct planview_event *e)
{
	if (e->cycle == s->cycle)
		return;
	if (s->first_cycle < 0) {
		s->first_cycle = e->cycle;
		s->first_time_ms = e->time_ms;
	}
	s->cycle = e->cycle;
	s->time_ms = e->time_ms;
	s->cycles++;
	s->attention = -1;
}

static void
outcome(struct planview_elem *x, char ev)
{
	switch (ev) {
	case PLANVIEW_EXECUTED:
		x->executed++;
		break;
	case PLANVIEW_SUCCESS:
		x->succeeded++;
		break;
	case PLANVIEW_PENDING:
		x->pending++;
		break;
	case PLANVIEW_FAIL:
		x->failed++;
		break;
	default:
		x->errors++;
		break;
	}
}

void
planview_state_apply(struct planview_state *s, const struct planview_event *e, long now)
{
	struct planview_elem *x;

	s->events++;
	if (e->event == PLANVIEW_RUN) {	/* a new run: all of it afresh */
		fresh_run(s);
		s->run++;
		snprintf(s->run_how, sizeof s->run_how, "%s", e->reason);
		return;
	}
	if (s->run == 0)
		s->run = 1;	/* a log that does not say how it began */
	if (e->timed)
		s->timed = 1;
	new_cycle(s, e);
	if (e->event == PLANVIEW_IDLE || e->type >= PLAN_NTYPES ||
	    e->index >= s->t->p->count[e->type])
		return;
	x = &s->elem[e->type][e->index];
	if (e->event == PLANVIEW_PRIORITY) {	/* set, not run: nothing lights */
		x->priority = e->value;
		return;
	}
	if (e->event == PLANVIEW_RELEASER) {
		if (e->has_sense) {
			s->sense[e->sense] = e->value;
			s->sense_seen[e->sense] = 1;
		}
		x->reading = e->value;
		if (e->latch >= 0)
			x->latch = e->latch;
		if (e->released >= 0)
			x->released = e->released;
		return;
	}
	/* a drive executed this cycle is the one with attention */
	if (e->event == PLANVIEW_EXECUTED && e->type == PLAN_D)
		s->attention = s->running = e->index;
	outcome(x, e->event);
	s->type_lit[e->type] = 1;
	x->last = e->event;
	x->lit_at = now;
	x->lit_cycle = e->cycle;
}

int
planview_state_glow(const struct planview_state *s, int type, unsigned index, long now)
{
	const struct planview_elem *x = &s->elem[type][index];
	long age;

	if (x->last == 0)
		return 0;
	age = now - x->lit_at;
	if (age < 0)
		age = 0;
	if (age >= s->fade_ms)
		return 0;
	/* full glow marks what ran in the cycle shown; older ones fade */
	if (x->lit_cycle == s->cycle)
		return 3;
	return age * 2 < s->fade_ms ? 2 : 1;
}

long
planview_state_row_lit(const struct planview_state *s, size_t k)
{
	const struct planview_tree *t = s->t;
	long lit = s->elem[t->row[k].type][t->row[k].index].lit_cycle;
	size_t p;

	for (p = s->parent[k]; lit >= 0 && p != PLANVIEW_NO_PARENT;
	    p = s->parent[p]) {
		const struct planview_row *r = &t->row[p];
		long up = s->elem[r->type][r->index].lit_cycle;

		if (up != lit && (up >= 0 || s->type_lit[r->type]))
			return -1;
	}
	return lit;
}

double
planview_state_rate(const struct planview_state *s)
{
	long dt = s->time_ms - s->first_time_ms;

	if (s->cycles < 2 || dt <= 0)
		return 0;
	return (double)(s->cycles - 1) * 1000.0 / (double)dt;
}
