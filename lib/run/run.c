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
		return run_agent_sense(r->agent, r->names->sense[id]);
	if (r->replay)
		return run_replay_sense(r->replay, id, r->cycle);
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
		return run_agent_act(r->agent, r->names->action[id], value, check);
	if (r->replay && run_replay_result(r->replay, id, &code))
		return code;
	return run_rules_result(r->rules, id, check);
}

static void
cb_monitor(void *ctx, const struct planner_event *ev)
{
	struct run *r = ctx;

	run_eventlog_monitor(r->log, ev);
}

enum run_status
run_init(struct run *r, const struct plan *p, const struct names *n)
{
	struct planner_io io;
	uint32_t size = planner_state_size_for(p->count), elements = 0;
	int ty;

	r->plan = p;
	r->names = n;
	r->state = malloc(size ? size : 2);
	r->sense = calloc(n->nids, sizeof *r->sense);
	for (ty = 0; ty < PLAN_NTYPES; ty++)
		elements += p->count[ty];
	r->monitors = malloc(elements + 1);
	if (r->state == NULL || r->sense == NULL || r->monitors == NULL) {
		run_say(r->say, "out of memory");
		return RUN_IO;
	}
	io.sense = cb_sense;
	io.action = cb_action;
	io.monitor = r->log ? cb_monitor : NULL;
	io.ctx = r;
	if (planner_init(&r->pl, p, r->state, size, &io) < 0) {
		run_say(r->say, "cannot set up the planner");
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
	free(r->monitors);
	r->state = NULL;
	r->sense = NULL;
	r->monitors = NULL;
}

static long
elapsed_ms(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(now.tv_sec - start->tv_sec) * 1000 +
	    (now.tv_nsec - start->tv_nsec) / 1000000;
}

/*
 * The time of cycle c, and the timer ticks due before it: one at the
 * run's time 0, then one every tick_ms.  Simulated time gives each cycle
 * tick_ms / tick_every, so ticks fall before the run's cycles 1, 1 + K,
 * 1 + 2K, ...; with --tick-every 0 each cycle takes tick_ms and no tick
 * ever comes.  With --rate, cycle c waits for its slot, the run's start
 * + (c - first) / rate.
 */
static void
advance_clock(struct run *r, long c)
{
	long due, t, k = c - r->run_first;

	if (r->o.tick_every == 0 && r->o.rate <= 0 && !r->o.replay_ticks) {
		r->time_ms = (long)((long long)k * r->o.tick_ms);
		return;
	}
	if (r->o.rate > 0) {
		pace_until(&r->run_start, (double)k / r->o.rate);
		r->time_ms = elapsed_ms(&r->run_start);
	} else if (r->o.replay_ticks) {
		if ((t = run_replay_time(r->replay)) >= 0)
			r->time_ms = t;
	} else {
		r->time_ms = (long)((long long)k * r->o.tick_ms /
		    r->o.tick_every);
	}
	due = r->time_ms / r->o.tick_ms + 1;
	for (; r->ticks < due; r->ticks++)
		planner_tick(&r->pl, 1);
}

/* The planner as a freshly loaded plan has it, but for the monitor
   flags: they are the log's choice (--monitor), not the run's state. */
static void
restart_planner(struct run *r)
{
	uint8_t global = r->pl.global_monitor, *m = r->monitors;
	uint16_t i;
	int ty;

	for (ty = 0; ty < PLAN_NTYPES; ty++)
		for (i = 0; i < r->plan->count[ty]; i++)
			*m++ = planner_monitor(&r->pl, (uint8_t)ty, i);
	planner_reset(&r->pl);
	planner_set_global_monitor(&r->pl, global);
	m = r->monitors;
	for (ty = 0; ty < PLAN_NTYPES; ty++)
		for (i = 0; i < r->plan->count[ty]; i++)
			planner_set_monitor(&r->pl, (uint8_t)ty, i, *m++);
}

/* A run of the plan begins with cycle `first` (how: enum evlog_run):
   the planner fresh for every run after the first, the clock and ticks
   from 0, and a run boundary in the log before the run's lines. */
static void
begin_run(struct run *r, long first, uint8_t how)
{
	if (r->runs++ > 0)
		restart_planner(r);
	r->run_first = first;
	r->run_how = how;
	r->run_begun = 0;
	r->ticks = 0;
	r->time_ms = 0;
	clock_gettime(CLOCK_MONOTONIC, &r->run_start);
}

/*
 * The cycle to run after *c (0: none yet) into *c: 0 to run it, 1 when
 * the run is over, -1 with *rc after a bad log.  A replayed log says
 * where its runs begin and end; anything else is one run from cycle 1.
 */
static int
next_cycle(struct run *r, long *c, enum run_status *rc)
{
	uint8_t how = EVLOG_RUN_START;
	long next = *c + 1;
	int k;

	if (r->replay == NULL) {
		if (r->runs == 0)
			begin_run(r, 1, how);
		*c = next;
		return 0;
	}
	k = run_replay_next(r->replay, *c, &next, &how);
	if (k == REPLAY_RUN_OVER) {
		/* priorities after the run's last cycle: logged again */
		run_replay_priorities(r->replay, -1, NULL);
		run_replay_log_priorities(r->replay, r->log, -1, -1);
		k = run_replay_next_run(r->replay, &next, &how);
	}
	if (k == REPLAY_ERROR) {
		*rc = RUN_BAD_DATA;
		return -1;
	}
	if (k == REPLAY_END) {
		if (r->o.cycles < 0)
			return 1;
		/* --cycles past the log's end: its last run goes on */
		if (r->runs == 0)
			begin_run(r, 1, how);
		*c = next;
		return 0;
	}
	if (k == REPLAY_NEW_RUN)
		begin_run(r, next, how);
	*c = next;
	return 0;
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
		run_say(r->say, "write error: %s", strerror(errno));
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
		run_say(r->say, "agent: ended without answering (is the command "
		    "right?)");
		return RUN_UNAVAILABLE;
	}
	if (r->o.cycles >= 0) {
		run_say(r->say, "agent: ended at cycle %ld of %ld", r->cycle,
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
prepare(struct run *r, long c, enum run_status *rc)
{
	if (r->script) {
		if ((*rc = run_script_advance(r->script, c, r->sense)) != RUN_OK)
			return -1;
		if (r->o.cycles < 0 && !run_script_covers(r->script, c))
			return 1;
	}
	if (r->replay) {
		if ((*rc = run_replay_load(r->replay, c)) != RUN_OK)
			return -1;
		/* a priority set from outside came before the cycle's ticks */
		run_replay_priorities(r->replay, c, &r->pl);
	}
	advance_clock(r, c);
	if (r->log) {
		r->log->cycle = c;
		r->log->time_ms = r->time_ms;
		if (!r->run_begun)
			evlog_write_run(&r->log->w, (enum evlog_run)r->run_how,
			    r->time_ms);
	}
	r->run_begun = 1;
	if (r->replay)
		run_replay_log_priorities(r->replay, r->log, c, r->time_ms);
	return 0;
}

/* After cycle c, begun with the planner's error count at e0: count the
   cycle when an element reported ERROR in it, and say so once. */
static void
note_errors(struct run *r, long c, uint16_t e0, int *warned_depth)
{
	if (r->pl.depth_exceeded && !*warned_depth) {
		run_say(r->say, "cycle %ld: elements nested deeper than %d: "
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
	run_say(r->say, "%ld %s reported an error, the first cycle %ld "
	    "(--log - --monitor Z shows them)", r->error_cycles,
	    r->error_cycles == 1 ? "cycle" : "cycles", r->first_error);
	return RUN_FAILED;
}

enum run_status
run_plan(struct run *r)
{
	enum run_status rc = RUN_OK;
	int warned_depth = 0, done = 0, p;
	uint16_t e0;
	long n, c = 0;

	for (n = 0; !done && (r->o.cycles < 0 || n < r->o.cycles); n++) {
		if ((p = next_cycle(r, &c, &rc)) != 0 ||
		    (p = prepare(r, c, &rc)) != 0) {
			if (p < 0)
				return rc;
			break;
		}
		r->cycle = c;
		e0 = r->pl.errors;
		if (planner_cycle(&r->pl) == PLANNER_IDLE && r->log &&
		    r->log->log_idle)
			run_eventlog_idle(r->log);
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
		run_replay_priorities(r->replay, c + 1, NULL);
		run_replay_log_priorities(r->replay, r->log, -1, -1);
		run_replay_finish(r->replay, n);
	}
	return errors_verdict(r, flush_outputs(r));
}
