/*
 * run.c - the plan run: the planner's callbacks wired to the chosen sense
 * source, result rules, action output and log; the cycle loop with its
 * simulated or real-time clock and timer ticks.  Called by planrun.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host/diag.h"
#include "host/pace.h"
#include "run/run.h"

static int16_t
cb_sense(void *ctx, uint16_t id)
{
	struct run *r = ctx;

	if (r->agent)
		return agent_sense(r->agent, r->names->sense[id]);
	if (r->replay)
		return replay_sense(r->replay, id, r->cycle);
	return r->sense[id];
}

static uint8_t
cb_action(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	struct run *r = ctx;
	uint8_t code;

	if (r->agent && (r->agent->ended || r->agent->status != RUN_OK))
		return PLANNER_ERROR;	/* the robot is gone: nothing acts */
	if (r->actions) {
		table_long(r->actions, r->cycle);
		table_long(r->actions, r->time_ms);
		table_str(r->actions, r->names->action[id]);
		table_long(r->actions, value);
		table_end_row(r->actions);
	}
	if (r->agent)
		return agent_act(r->agent, r->names->action[id], value, check);
	if (r->replay && replay_result(r->replay, id, &code))
		return code;
	return rules_result(r->rules, id, check);
}

static void
cb_monitor(void *ctx, const struct planner_event *ev)
{
	struct run *r = ctx;

	eventlog_monitor(r->log, ev);
}

enum run_status
run_init(struct run *r, const struct plan *p, const struct names *n)
{
	struct planner_io io;
	uint32_t size = planner_state_size_for(p->count);

	r->plan = p;
	r->names = n;
	r->state = malloc(size ? size : 2);
	r->sense = calloc(n->nids, sizeof *r->sense);
	if (r->state == NULL || r->sense == NULL) {
		warnx_tool("out of memory");
		return RUN_IO;
	}
	io.sense = cb_sense;
	io.action = cb_action;
	io.monitor = r->log ? cb_monitor : NULL;
	io.ctx = r;
	if (planner_init(&r->pl, p, r->state, size, &io) < 0) {
		warnx_tool("cannot set up the planner");
		return RUN_IO;
	}
	if (r->log)
		planner_set_global_monitor(&r->pl, PLAN_MON_ALL);
	return RUN_OK;
}

void
run_free(struct run *r)
{
	free(r->state);
	free(r->sense);
	r->state = NULL;
	r->sense = NULL;
}

static long
elapsed_ms(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(now.tv_sec - start->tv_sec) * 1000 +
	    (now.tv_nsec - start->tv_nsec) / 1000000;
}

/* With --rate: sleep until cycle c's slot, start + (c - 1) / rate. */
static void
wait_for_slot(const struct run *r, const struct timespec *start, long c)
{
	pace_until(start, (double)(c - 1) / r->o.rate);
}

/*
 * The time of cycle c, and the timer ticks due before it: one at time 0,
 * then one every tick_ms.  Simulated time gives each cycle tick_ms /
 * tick_every, so ticks fall before cycles 1, 1 + K, 1 + 2K, ...; with
 * --tick-every 0 each cycle takes tick_ms and no tick ever comes.
 */
static void
advance_clock(struct run *r, const struct timespec *start, long c)
{
	long due, t;

	if (r->o.tick_every == 0 && r->o.rate <= 0 && !r->o.replay_ticks) {
		r->time_ms = (long)((long long)(c - 1) * r->o.tick_ms);
		return;
	}
	if (r->o.rate > 0) {
		wait_for_slot(r, start, c);
		r->time_ms = elapsed_ms(start);
	} else if (r->o.replay_ticks) {
		if ((t = replay_time(r->replay, c)) >= 0)
			r->time_ms = t;
	} else {
		r->time_ms = (long)((long long)(c - 1) * r->o.tick_ms /
		    r->o.tick_every);
	}
	due = r->time_ms / r->o.tick_ms + 1;
	for (; r->ticks < due; r->ticks++)
		planner_tick(&r->pl, 1);
}

static enum run_status
flush_outputs(struct run *r)
{
	int bad = 0;

	if (r->actions && table_flush(r->actions) < 0)
		bad = 1;
	if (r->log && evlog_flush(&r->log->w) < 0)
		bad = 1;
	if (bad && errno == EPIPE)
		return RUN_CLOSED;	/* `planrun ... | head`: enough */
	if (bad) {
		warnx_tool("write error: %s", strerror(errno));
		return RUN_IO;
	}
	return RUN_OK;
}

/* A write failed on the way (a reader gone, a disk full): stop now. */
static int
outputs_failed(const struct run *r)
{
	return (r->actions && r->actions->failed) ||
	    (r->log && r->log->w.t.failed);
}

/* After a cycle: whether the agent's state ends the run, and how. */
static enum run_status
agent_verdict(struct run *r, int *done)
{
	struct agent *a = r->agent;

	if (a->status != RUN_OK)
		return a->status;
	if (!a->ended)
		return RUN_OK;
	*done = 1;
	if (a->replies == 0) {
		warnx_tool("agent: ended without answering (is the command "
		    "right?)");
		return RUN_UNAVAILABLE;
	}
	if (r->o.cycles >= 0) {
		warnx_tool("agent: ended at cycle %ld of %ld", r->cycle,
		    r->o.cycles);
		return RUN_UNAVAILABLE;
	}
	return RUN_OK;
}

/*
 * Before cycle c: its senses, its time.  0 to run it; 1 when the sense
 * script has ended the run (no --cycles); -1 with *rc after a bad row.
 */
static int
prepare(struct run *r, const struct timespec *start, long c,
    enum run_status *rc)
{
	if (r->script) {
		if ((*rc = script_advance(r->script, c, r->sense)) != RUN_OK)
			return -1;
		if (r->o.cycles < 0 && !script_covers(r->script, c))
			return 1;
	}
	/* a priority set from outside came before the cycle's ticks */
	if (r->replay)
		replay_priorities(r->replay, c, &r->pl);
	advance_clock(r, start, c);
	if (r->replay)
		replay_begin_cycle(r->replay, c);
	if (r->log) {
		r->log->cycle = c;
		r->log->time_ms = r->time_ms;
	}
	if (r->replay)
		replay_log_priorities(r->replay, r->log, c, r->time_ms);
	return 0;
}

/* After cycle c, begun with the planner's error count at e0: count the
   cycle when an element reported ERROR in it, and say so once. */
static void
note_errors(struct run *r, long c, uint16_t e0, int *warned_depth)
{
	if (r->pl.depth_exceeded && !*warned_depth) {
		warnx_tool("cycle %ld: elements nested deeper than %d: "
		    "the deepest one reported an error", c,
		    PLANNER_MAX_DEPTH);
		*warned_depth = 1;
	}
	if (r->pl.errors == e0)
		return;
	if (r->error_cycles++ == 0)
		r->first_error = c;
}

/* The run went to its end: RUN_FAILED when a cycle reported an error. */
static enum run_status
errors_verdict(const struct run *r, enum run_status rc)
{
	if (rc != RUN_OK || r->error_cycles == 0)
		return rc;
	warnx_tool("%ld %s reported an error, the first cycle %ld "
	    "(--log - --monitor Z shows them)", r->error_cycles,
	    r->error_cycles == 1 ? "cycle" : "cycles", r->first_error);
	return RUN_FAILED;
}

enum run_status
run_plan(struct run *r)
{
	struct timespec start;
	enum run_status rc = RUN_OK;
	int warned_depth = 0, done = 0, p;
	uint16_t e0;
	long c;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (c = 1; !done && (r->o.cycles < 0 || c <= r->o.cycles); c++) {
		r->cycle = c;
		if ((p = prepare(r, &start, c, &rc)) != 0) {
			if (p < 0)
				return rc;
			break;
		}
		e0 = r->pl.errors;
		if (planner_cycle(&r->pl) == PLANNER_IDLE && r->log &&
		    r->log->log_idle)
			eventlog_idle(r->log);
		if (r->agent && (rc = agent_verdict(r, &done)) != RUN_OK)
			return rc;
		/* (the cycle the agent ended in acted on nothing: no errors) */
		if (!done)
			note_errors(r, c, e0, &warned_depth);
		if ((r->agent || r->o.rate > 0) &&
		    (rc = flush_outputs(r)) != RUN_OK)
			return rc;
		/* a log read live (a pipe) gets each cycle whole */
		if ((r->log && evlog_end_cycle(&r->log->w) < 0) ||
		    outputs_failed(r))
			return flush_outputs(r);
	}
	/* priorities logged for the cycle after the last: logged again */
	if (r->replay) {
		replay_priorities(r->replay, c, NULL);
		replay_log_priorities(r->replay, r->log, -1, -1);
	}
	return errors_verdict(r, flush_outputs(r));
}
