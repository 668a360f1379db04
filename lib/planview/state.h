/*
 * state.h - what planview knows about a run so far: per element its last
 * outcome and when it lit, executed/succeeded/failed counters, its latch
 * and last releaser reading, a drive's runtime priority; the last value
 * of every sense; the cycle, the drive that had attention, the rate; which
 * run of the log it is.  A run boundary (B) starts all of it afresh but
 * the senses' values.  Pure: folded from planview_events with the caller's
 * clock.  Used by cmd/planview's live view and pages.
 */
#ifndef SPINE_PLANVIEW_STATE_H
#define SPINE_PLANVIEW_STATE_H

#include "planview/event.h"
#include "planview/tree.h"

#define PLANVIEW_NO_PARENT ((size_t)-1)
/* Lit elements fade over this many milliseconds, unless told. */
#define PLANVIEW_FADE_MS 3000

struct planview_elem {
	char last;		/* last outcome letter (E S P F Z), or 0 */
	long lit_at;		/* caller's clock when it last lit, ms */
	long lit_cycle;		/* the cycle it last lit in, or -1 */
	unsigned long executed, succeeded, pending, failed, errors;
	int latch, released;	/* from its releaser checks; -1 unknown */
	long reading;		/* the value its releaser last read */
	long priority;		/* drives: the runtime priority last set
				   from outside (Q), -1 when none was */
};

struct planview_state {
	const struct planview_tree *t;
	struct planview_elem *elem[6];	/* per type, per record */
	long *sense;			/* last value per sense id */
	unsigned char *sense_seen;
	uint16_t *reads;		/* the senses releasers read, in
					   tree order ... */
	size_t nreads;
	unsigned char *is_read;		/* ... and by id */
	size_t *parent;			/* per tree row: the row above it,
					   or PLANVIEW_NO_PARENT for a drive */
	long cycle, first_cycle, time_ms, first_time_ms, cycles;
	int attention;		/* drive index with attention, -1: none */
	int running;		/* the drive that had it last in the run */
	unsigned long events;	/* in the whole log */
	long run;		/* the log's run shown, from 1; 0: none yet */
	int timed;		/* the run's log gives times */
	unsigned char type_lit[PLAN_NTYPES];	/* an element of the type
				   lit in the run (the log records them) */
	char run_how[PLANVIEW_REASON_MAX];	/* how it began, "" when unsaid */
	long fade_ms;		/* lights fade over this (PLANVIEW_FADE_MS) */
};

/* 0, or -1 when out of memory (call planview_state_free either way). */
int planview_state_open(struct planview_state *s, const struct planview_tree *t);
void planview_state_free(struct planview_state *s);

/* Fold one event in; now is the caller's clock in ms. */
void planview_state_apply(struct planview_state *s, const struct planview_event *e, long now);

/* How lit an element is at now: 3 lit in the latest cycle, 2 and 1
 * fading (the first and second half of s->fade_ms), 0 dark. */
int planview_state_glow(const struct planview_state *s, int type, unsigned index,
    long now);

/*
 * Did tree row k light through its own callers: the cycle its element
 * last lit in, when every row above it lit in that cycle too, else -1.
 * An element with several callers (an action under several patterns)
 * lights under the one that ran it, not under all.  A caller of a type
 * the log never lit in the run (its events not monitored) is taken on
 * trust.
 */
long planview_state_row_lit(const struct planview_state *s, size_t k);

/* Cycles a second, from the log's own clock (0 when unknown). */
double planview_state_rate(const struct planview_state *s);

#endif
