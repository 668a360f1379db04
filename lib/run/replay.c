/*
 * replay.c - --replay LOG: senses (R events) and action outcomes (S, P, F,
 * Z events on actions) taken back from an event log (lib/evlog, from
 * any producer), in the order they were logged within each cycle, so a
 * run can be reproduced exactly.  The log is read as the run goes, one
 * event ahead, so a log of any length takes the memory of one cycle.
 * Each run of the log (after a B line) is replayed as a run of its own.
 * A sense the log did not record keeps its latest logged value.
 */
#include <stdlib.h>
#include <string.h>

#include "evlog/evlog.h"
#include "host/diag.h"
#include "host/input.h"
#include "run/run.h"

/* What one cycle may log, and how many priorities may wait for a cycle:
   far past any plan's, so only a log of something else meets them. */
#define REPLAY_CYCLE_MAX (1L << 20)
#define REPLAY_PRIO_MAX (1L << 16)

static void *
room(struct replay *r, void *array, long n, long *cap, size_t size)
{
	void *v = grow_array(array, n, cap, 64, size);

	if (v == NULL)
		diag_error(&r->d, 0, 0, "out of memory");
	return v;
}

/*
 * The sense id of an R event.  A name, when the log gives one, must name
 * the same sense in this plan: a log of another plan is refused rather
 * than replayed with senses swapped.
 */
static long
sense_of(struct replay *r, const struct evlog_event *e)
{
	const struct names *n = r->names;
	long id = e->sense_id;

	if (e->sense != NULL && (id = evlog_names_sense_id(n, e->sense)) < 0) {
		diag_error(&r->d, r->er.line, 0, "no sense '%s' in the plan",
		    e->sense);
		return -1;
	}
	if (id != e->sense_id || id >= (long)n->nids) {
		diag_error(&r->d, r->er.line, 0, "sense '%s' is #%ld in the "
		    "plan, #%u in the log", e->sense ? e->sense : "",
		    id, (unsigned)e->sense_id);
		return -1;
	}
	return id;
}

/* The record of the element an event names, of type `type`: by name when
   the log names it ("#id": no name), and with the same id.  -1 when the
   name is no element of that type, -2 when the id is not the plan's. */
static long
element_of(struct replay *r, const struct evlog_event *e, uint8_t type)
{
	const struct names *n = r->names;
	uint8_t t = type;
	uint16_t index = 0;
	long i;

	if (e->name != NULL && e->name[0] != '#') {
		if (evlog_names_element(n, e->name, &t, &index) < 0 || t != type)
			return -1;
		i = index;
	} else {
		i = evlog_names_index_of(n, type, e->id);
	}
	if (i < 0 || plan_id(n->plan, type, (uint16_t)i) != e->id)
		return -2;
	return i;
}

/* The action id behind an action element's event. */
static long
action_of(struct replay *r, const struct evlog_event *e)
{
	struct plan_action a;
	long i = element_of(r, e, PLAN_A);

	if (i == -1)
		diag_error(&r->d, r->er.line, 0, "no action element '%s' in "
		    "the plan", e->name);
	else if (i < 0)
		diag_error(&r->d, r->er.line, 0, "action element '%s' is not "
		    "#%u in the plan", e->name ? e->name : "",
		    (unsigned)e->id);
	if (i < 0)
		return -1;
	plan_get_action(r->names->plan, (uint16_t)i, &a);
	return a.action;
}

/* A Q event's drive, checked like an action, queued for its cycle. */
static int
queue_priority(struct replay *r, const struct evlog_event *e)
{
	struct replay_prio *v;
	long i = element_of(r, e, PLAN_D);

	if (i == -1)
		return diag_error(&r->d, r->er.line, 0, "a priority for '%s', "
		    "which is not a drive of the plan", e->name), -1;
	if (i < 0)
		return diag_error(&r->d, r->er.line, 0, "a priority for drive "
		    "'%s' #%u, which is not a drive of the plan", e->name ?
		    e->name : "", (unsigned)e->id), -1;
	if (r->nprio >= REPLAY_PRIO_MAX) {
		diag_error(&r->d, r->er.line, 0, "more than %ld priorities "
		    "before one cycle: not a log of a run", REPLAY_PRIO_MAX);
		return -1;
	}
	if ((v = room(r, r->prio, r->nprio, &r->prio_cap, sizeof *v)) == NULL)
		return -1;
	r->prio = v;
	v[r->nprio].cycle = e->cycle;
	v[r->nprio].ms = e->time_ms;
	v[r->nprio].drive = (uint16_t)i;
	v[r->nprio++].priority = e->priority;
	return 0;
}

/* An event other than Q as the one ahead: a boundary, or what the run
   takes from it (a sense reading, an action's outcome, or nothing). */
static int
take_ahead(struct replay *r, const struct evlog_event *e)
{
	struct replay_item *it = &r->ahead_item;
	long id;

	r->ahead_cycle = e->cycle;
	r->ahead_ms = e->time_ms;
	r->ahead_has_item = 0;
	if (e->kind == PLAN_EV_RUN) {
		r->ahead = REPLAY_AHEAD_RUN;
		r->ahead_run = e->run;
		if (e->implied && !r->warned_implied++)
			diag_warn(&r->d, r->er.line, 0, "the cycles start again "
			    "at 1 with no run boundary (B): read as the plan "
			    "starting again");
		return 0;
	}
	r->ahead = REPLAY_AHEAD_EVENT;
	memset(it, 0, sizeof *it);
	if (e->kind == PLANNER_EV_SENSE && e->has_sense) {
		if ((id = sense_of(r, e)) < 0)
			return -1;
		it->id = (uint16_t)id;
		it->value = e->value;
		r->ahead_has_item = 1;
		return 0;
	}
	if (e->kind == PLAN_EV_IDLE || e->type != PLAN_A ||
	    e->kind == PLANNER_EV_EXECUTED || e->kind == PLANNER_EV_SENSE)
		return 0;
	if ((id = action_of(r, e)) < 0)
		return -1;
	it->id = (uint16_t)id;
	/* S P F Z as the result codes SUCCESS IN_PROGRESS FAIL ERROR */
	it->value = e->kind == PLANNER_EV_SUCCESS ? PLANNER_SUCCESS :
	    e->kind == PLANNER_EV_PENDING ? PLANNER_IN_PROGRESS :
	    e->kind == PLANNER_EV_FAIL ? PLANNER_FAIL : PLANNER_ERROR;
	it->is_action = 1;
	r->ahead_has_item = 1;
	return 0;
}

/* Read up to the next event that is not a Q (queueing the Qs on the
   way), unless one is ahead already; 0, or -1 after a message. */
static int
fill(struct replay *r)
{
	struct evlog_event e;
	int got;

	while (r->ahead == REPLAY_AHEAD_NONE) {
		if ((got = evlog_read(&r->er, &e)) < 0) {
			diag_error(&r->d, r->er.err_line, r->er.err_col, "%s",
			    r->er.error);
			return -1;
		}
		if (got == 0) {
			r->ahead = REPLAY_AHEAD_END;
			if (r->er.truncated)
				diag_warn(&r->d, r->er.truncated, 0, "the last "
				    "line has no line end (cut short?): left "
				    "out");
			return 0;
		}
		if (e.kind == PLAN_EV_PRIORITY) {
			if (queue_priority(r, &e) < 0)
				return -1;
		} else if (take_ahead(r, &e) < 0) {
			return -1;
		}
	}
	return 0;
}

enum run_status
run_replay_open(struct replay *r, const char *path, const struct names *n,
    struct diag *say)
{
	memset(r, 0, sizeof *r);
	r->say = say;
	r->d = say ? *say : diag_for(NULL);
	r->d.file = path;
	r->names = n;
	r->time_ms = -1;
	if ((r->last = calloc(n->nids + 1, sizeof *r->last)) == NULL) {
		diag_error(&r->d, 0, 0, "out of memory");
		return RUN_IO;
	}
	if ((r->fp = input_open(path, "r")) == NULL)
		return RUN_NO_INPUT;
	r->open = 1;	/* (closed even when the header is refused) */
	if (evlog_reader_open(&r->er, r->fp) < 0) {
		diag_error(&r->d, r->er.err_line, r->er.err_col, "%s",
		    r->er.error);
		return RUN_BAD_DATA;
	}
	return fill(r) < 0 ? RUN_BAD_DATA : RUN_OK;
}

void
run_replay_close(struct replay *r)
{
	if (r->open)
		evlog_reader_close(&r->er);
	if (r->fp)
		input_close(r->fp);
	free(r->item);
	free(r->last);
	free(r->prio);
	memset(r, 0, sizeof *r);
}

static void
diverge(struct replay *r, long cycle, const char *why)
{
	if (!r->diverged)
		run_say(r->say, "replay: cycle %ld: %s; the run no longer follows "
		    "the log", cycle, why);
	r->diverged = 1;
}

/* What the run did not read still tells the latest sense values. */
static void
settle_cycle(struct replay *r)
{
	long i;

	for (i = 0; i < r->nitems; i++) {
		if (r->item[i].used || r->item[i].is_action)
			continue;
		r->last[r->item[i].id] = r->item[i].value;
		diverge(r, r->cycle, "a logged sense reading was not made");
	}
	r->nitems = 0;
}

/* A new run begins at the boundary ahead: how, and its first cycle (1
   for a start; where its log begins when it joined a running plan).
   0, or 1 when the log has no run left, -1 after a message. */
static int
begin_run(struct replay *r, long *c, uint8_t *how)
{
	for (;;) {
		if (r->ahead != REPLAY_AHEAD_RUN) {
			*how = EVLOG_RUN_START;
			break;
		}
		*how = r->ahead_run;
		r->ahead = REPLAY_AHEAD_NONE;
		if (fill(r) < 0)
			return -1;
		if (r->ahead != REPLAY_AHEAD_RUN || r->nprio > 0)
			break;	/* (an empty run: nothing to replay) */
	}
	if (r->ahead == REPLAY_AHEAD_END && r->nprio == 0)
		return 1;
	*c = 1;
	if (*how != EVLOG_RUN_START)
		*c = r->nprio > 0 ? r->prio[0].cycle : r->ahead_cycle;
	if (*c < 1)
		*c = 1;
	r->time_ms = -1;
	return 0;
}

int
run_replay_next(struct replay *r, long prev, long *c, uint8_t *how)
{
	int rc;

	settle_cycle(r);
	if (!r->started) {
		r->started = 1;
		if (r->ahead == REPLAY_AHEAD_END && r->nprio == 0)
			return REPLAY_END;
		if ((rc = begin_run(r, c, how)) != 0)
			return rc < 0 ? REPLAY_ERROR : REPLAY_END;
		return REPLAY_NEW_RUN;
	}
	if (fill(r) < 0)
		return REPLAY_ERROR;
	*c = prev + 1;
	if (r->ahead == REPLAY_AHEAD_EVENT)
		return REPLAY_NEXT;
	return r->ahead == REPLAY_AHEAD_END ? REPLAY_END : REPLAY_RUN_OVER;
}

int
run_replay_next_run(struct replay *r, long *c, uint8_t *how)
{
	int rc;

	r->nprio = r->ppos = r->pfrom = 0;	/* logged again, done */
	if ((rc = begin_run(r, c, how)) != 0)
		return rc < 0 ? REPLAY_ERROR : REPLAY_END;
	return REPLAY_NEW_RUN;
}

enum run_status
run_replay_load(struct replay *r, long c)
{
	struct replay_item *v;
	long i, t = -1;

	r->cycle = c;
	/* a Q of this cycle came before its other lines: its time first */
	for (i = r->ppos; i < r->nprio && t < 0; i++)
		if (r->prio[i].cycle == c)
			t = r->prio[i].ms;
	while (r->ahead == REPLAY_AHEAD_EVENT && r->ahead_cycle <= c) {
		if (r->ahead_cycle == c && t < 0)
			t = r->ahead_ms;
		if (r->ahead_has_item && r->ahead_cycle < c &&
		    !r->ahead_item.is_action) {
			/* before the run's first cycle: never read */
			r->last[r->ahead_item.id] = r->ahead_item.value;
			diverge(r, r->ahead_cycle, "a logged sense reading "
			    "was not made");
		} else if (r->ahead_has_item && r->ahead_cycle == c) {
			if (r->nitems >= REPLAY_CYCLE_MAX) {
				diag_error(&r->d, r->er.line, 0, "cycle %ld "
				    "has more than %ld events: more than a "
				    "plan's cycle makes", c, REPLAY_CYCLE_MAX);
				return RUN_BAD_DATA;
			}
			if ((v = room(r, r->item, r->nitems, &r->item_cap,
			    sizeof *v)) == NULL)
				return RUN_IO;
			r->item = v;
			r->item[r->nitems++] = r->ahead_item;
			if (!r->ahead_item.is_action)
				r->readings++;
		}
		r->ahead = REPLAY_AHEAD_NONE;
		if (fill(r) < 0)
			return RUN_BAD_DATA;
	}
	if (t >= 0)
		r->time_ms = t;
	return RUN_OK;
}

int16_t
run_replay_sense(struct replay *r, uint16_t id, long cycle)
{
	long i;
	int logged = 0;

	for (i = 0; i < r->nitems; i++) {
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
run_replay_result(struct replay *r, uint16_t action, uint8_t *code)
{
	long i;

	for (i = 0; i < r->nitems; i++) {
		struct replay_item *it = &r->item[i];

		if (it->is_action && !it->used && it->id == action) {
			it->used = 1;
			*code = (uint8_t)it->value;
			return 1;
		}
	}
	return 0;
}

void
run_replay_priorities(struct replay *r, long cycle, struct planner *pl)
{
	/* the ones logged last time are done with */
	if (r->ppos > 0) {
		memmove(r->prio, r->prio + r->ppos, (size_t)(r->nprio -
		    r->ppos) * sizeof *r->prio);
		r->nprio -= r->ppos;
		r->ppos = 0;
	}
	r->pfrom = 0;
	for (; r->ppos < r->nprio && (cycle < 0 ||
	    r->prio[r->ppos].cycle <= cycle); r->ppos++)
		if (pl)
			planner_set_priority(pl, r->prio[r->ppos].drive,
			    r->prio[r->ppos].priority);
}

void
run_replay_log_priorities(const struct replay *r, struct eventlog *log,
    long cycle, long time_ms)
{
	struct evlog_event e;
	long i;

	for (i = r->pfrom; log && i < r->ppos; i++) {
		const struct replay_prio *q = &r->prio[i];

		evlog_priority(&e, plan_id(log->names->plan, PLAN_D, q->drive),
		    log->names->element[PLAN_D][q->drive], q->priority,
		    cycle < 0 ? q->cycle : cycle, cycle < 0 ? q->ms : time_ms);
		evlog_write(&log->w, &e);
	}
}

long
run_replay_time(const struct replay *r)
{
	return r->time_ms;
}

void
run_replay_finish(struct replay *r, long cycles)
{
	if (r->readings == 0 && cycles > 0)
		run_say(r->say, "%s: the log has no sense readings (record it with "
		    "R in --monitor): every sense reads 0", r->d.file);
}
