/*
 * replay.c - --replay LOG: senses (R events) and action outcomes (S, P, F,
 * Z events on actions) taken back from an event log (lib/evlog, from
 * any producer), in the order they were logged within each cycle, so a
 * run can be reproduced exactly.
 * A sense the log did not record keeps its latest logged value.
 */
#include <stdlib.h>
#include <string.h>

#include "evlog/evlog.h"
#include "host/diag.h"
#include "host/input.h"
#include "run/run.h"

struct loader {
	struct evlog_reader er;
	struct diag *d;
	long cap, time_cap, prio_cap;
};

static int
add_item(struct replay *r, struct loader *ld, const struct replay_item *it)
{
	struct replay_item *v = grow_array(r->item, r->nitems, &ld->cap, 256,
	    sizeof *v);

	if (v == NULL) {
		diag_error(ld->d, 0, 0, "out of memory");
		return -1;
	}
	r->item = v;
	r->item[r->nitems++] = *it;
	return 0;
}

/* The first time logged for each cycle, in cycle order. */
static int
note_time(struct replay *r, struct loader *ld, long cycle, long ms)
{
	struct replay_time *v;

	if (ms < 0 || (r->ntimes > 0 && r->times[r->ntimes - 1].cycle ==
	    cycle))
		return 0;
	if ((v = grow_array(r->times, r->ntimes, &ld->time_cap, 256,
	    sizeof *v)) == NULL) {
		diag_error(ld->d, 0, 0, "out of memory");
		return -1;
	}
	r->times = v;
	r->times[r->ntimes].cycle = cycle;
	r->times[r->ntimes++].ms = ms;
	return 0;
}

/*
 * The sense id of an R event.  A name, when the log gives one, must name
 * the same sense in this plan: a log of another plan is refused rather
 * than replayed with senses swapped.
 */
static long
sense_of(struct loader *ld, const struct evlog_event *e,
    const struct names *n)
{
	long id = e->sense_id;

	if (e->sense != NULL && (id = names_sense_id(n, e->sense)) < 0) {
		diag_error(ld->d, ld->er.line, 0, "no sense '%s' in the plan",
		    e->sense);
		return -1;
	}
	if (id != e->sense_id || id >= (long)n->nids) {
		diag_error(ld->d, ld->er.line, 0, "sense '%s' is #%ld in the "
		    "plan, #%u in the log", e->sense ? e->sense : "",
		    id, (unsigned)e->sense_id);
		return -1;
	}
	return id;
}

/* The action id behind an action element's event, checked the same way. */
static long
action_of(struct loader *ld, const struct evlog_event *e,
    const struct names *n)
{
	struct plan_action a;
	uint8_t type = PLAN_A;
	uint16_t index = 0;
	long i;

	if (e->name != NULL && e->name[0] != '#') {	/* "#id": no name */
		if (names_element(n, e->name, &type, &index) < 0 ||
		    type != PLAN_A) {
			diag_error(ld->d, ld->er.line, 0, "no action element "
			    "'%s' in the plan", e->name);
			return -1;
		}
		i = index;
	} else {
		i = names_index_of(n, PLAN_A, e->id);
	}
	if (i < 0 || plan_id(n->plan, PLAN_A, (uint16_t)i) != e->id) {
		diag_error(ld->d, ld->er.line, 0, "action element '%s' is not "
		    "#%u in the plan", e->name ? e->name : "",
		    (unsigned)e->id);
		return -1;
	}
	plan_get_action(n->plan, (uint16_t)i, &a);
	return a.action;
}

/* A Q event's drive, checked like an action: a drive of this plan, by
   name when the log names it, with the same id. */
static int
add_priority(struct replay *r, struct loader *ld, const struct evlog_event *e,
    const struct names *n)
{
	struct replay_prio *v;
	uint8_t type = PLAN_D;
	uint16_t index = 0;
	long i;

	if (e->name != NULL && e->name[0] != '#') {
		if (names_element(n, e->name, &type, &index) < 0 ||
		    type != PLAN_D) {
			diag_error(ld->d, ld->er.line, 0, "a priority for "
			    "'%s', which is not a drive of the plan", e->name);
			return -1;
		}
		i = index;
	} else {
		i = names_index_of(n, PLAN_D, e->id);
	}
	if (i < 0 || plan_id(n->plan, PLAN_D, (uint16_t)i) != e->id) {
		diag_error(ld->d, ld->er.line, 0, "a priority for drive '%s' "
		    "#%u, which is not a drive of the plan", e->name ?
		    e->name : "", (unsigned)e->id);
		return -1;
	}
	if ((v = grow_array(r->prio, r->nprio, &ld->prio_cap, 16,
	    sizeof *v)) == NULL) {
		diag_error(ld->d, 0, 0, "out of memory");
		return -1;
	}
	r->prio = v;
	v[r->nprio].cycle = e->cycle;
	v[r->nprio].ms = e->time_ms;
	v[r->nprio].drive = (uint16_t)i;
	v[r->nprio++].priority = e->priority;
	return 0;
}

/* One event: a sense reading, an action outcome, a priority, or nothing
   we need.  A priority does not lengthen the run: one logged for the
   cycle after the last is a change the run never used. */
static int
take_event(struct replay *r, struct loader *ld, const struct evlog_event *e,
    const struct names *n)
{
	struct replay_item it;
	long id;

	if (note_time(r, ld, e->cycle, e->time_ms) < 0)
		return -1;
	if (e->kind == PLAN_EV_PRIORITY)
		return add_priority(r, ld, e, n);
	r->last_cycle = e->cycle;
	memset(&it, 0, sizeof it);
	it.cycle = e->cycle;
	if (e->kind == PLANNER_EV_SENSE && e->has_sense) {
		if ((id = sense_of(ld, e, n)) < 0)
			return -1;
		it.id = (uint16_t)id;
		it.value = e->value;
		return add_item(r, ld, &it);
	}
	if (e->kind == PLAN_EV_IDLE || e->type != PLAN_A ||
	    e->kind == PLANNER_EV_EXECUTED || e->kind == PLANNER_EV_SENSE)
		return 0;
	if ((id = action_of(ld, e, n)) < 0)
		return -1;
	it.id = (uint16_t)id;
	/* S P F Z as the result codes SUCCESS IN_PROGRESS FAIL ERROR */
	it.value = e->kind == PLANNER_EV_SUCCESS ? PLANNER_SUCCESS :
	    e->kind == PLANNER_EV_PENDING ? PLANNER_IN_PROGRESS :
	    e->kind == PLANNER_EV_FAIL ? PLANNER_FAIL : PLANNER_ERROR;
	it.is_action = 1;
	r->have_results = 1;
	return add_item(r, ld, &it);
}

static int
read_log(struct replay *r, struct loader *ld, const struct names *n)
{
	struct evlog_event e;
	int got;

	if (evlog_reader_open(&ld->er, ld->er.fp) < 0) {
		diag_error(ld->d, ld->er.err_line, ld->er.err_col, "%s",
		    ld->er.error);
		return -1;
	}
	while ((got = evlog_read(&ld->er, &e)) == 1)
		if (take_event(r, ld, &e, n) < 0)
			return -1;
	if (got < 0) {
		diag_error(ld->d, ld->er.err_line, ld->er.err_col, "%s",
		    ld->er.error);
		return -1;
	}
	if (ld->er.truncated)
		diag_warn(ld->d, ld->er.truncated, 0, "the last line has "
		    "no line end (cut short?): left out");
	return 0;
}

enum run_status
replay_load(struct replay *r, const char *path, const struct names *n)
{
	struct diag d = diag_for(path);
	struct loader ld;
	FILE *fp;
	int rc;

	memset(r, 0, sizeof *r);
	memset(&ld, 0, sizeof ld);
	ld.d = &d;
	if ((fp = input_open(path, "r")) == NULL)
		return RUN_NO_INPUT;
	ld.er.fp = fp;
	rc = read_log(r, &ld, n);
	evlog_reader_close(&ld.er);
	input_close(fp);
	if (rc == 0 && (r->last = calloc(n->nids, sizeof *r->last)) == NULL) {
		diag_error(&d, 0, 0, "out of memory");
		rc = -1;
	}
	if (rc == 0 && r->nitems == 0 && r->last_cycle > 0)
		warnx_tool("%s: the log has no sense readings (record it with "
		    "R in --monitor): every sense reads 0", path);
	return rc < 0 ? RUN_BAD_DATA : RUN_OK;
}

void
replay_free(struct replay *r)
{
	free(r->item);
	free(r->times);
	free(r->last);
	free(r->prio);
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

void
replay_priorities(struct replay *r, long cycle, struct planner *pl)
{
	r->pfrom = r->ppos;
	for (; r->ppos < r->nprio && r->prio[r->ppos].cycle <= cycle;
	    r->ppos++)
		if (pl)
			planner_set_priority(pl, r->prio[r->ppos].drive,
			    r->prio[r->ppos].priority);
}

void
replay_log_priorities(const struct replay *r, struct eventlog *log,
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
replay_time(struct replay *r, long cycle)
{
	while (r->tpos + 1 < r->ntimes && r->times[r->tpos + 1].cycle <= cycle)
		r->tpos++;
	if (r->ntimes == 0 || r->times[r->tpos].cycle > cycle)
		return -1;
	return r->times[r->tpos].ms;
}
