/*
 * run.h - running a reactive plan on a host, the pieces and how they
 * meet: the sense sources (a CSV script, a co-process agent, a replayed
 * event log), the result rules, the event log with --monitor's flags, and
 * the cycle loop that ties them to core/planner.  planrun's engine;
 * worldsim and planview build on the same pieces.
 */
#ifndef SPINE_RUN_RUN_H
#define SPINE_RUN_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "evlog/evlog.h"
#include "host/csv.h"
#include "host/diag.h"
#include "host/table.h"
#include "plan/plan.h"
#include "plan/vocab.h"
#include "planner/planner.h"
#include "run/agent.h"
#include "evlog/names.h"
#include "run/status.h"

/* ---- rules.c: --result ------------------------------------------------- */

struct rule {
	uint8_t code;		/* result after the running calls */
	uint16_t running;	/* calls that answer IN_PROGRESS first */
	uint8_t forever;	/* "running": always IN_PROGRESS */
};

struct rules {
	struct rule *by_action;	/* per action id */
	uint16_t *calls;	/* per action id: running calls so far */
	uint32_t nids;
};

/* Parse "KEY=RESULT,..." (NULL: every action succeeds).  0, or -1 after
   a message. */
int rules_parse(struct rules *r, const char *text, const struct names *n);
void rules_free(struct rules *r);

/* The result of one call of action id (check: a check for completion). */
uint8_t rules_result(struct rules *r, uint16_t action, uint8_t check);

/* ---- script.c: --senses ------------------------------------------------ */

/*
 * A sense script is read as the run goes, a row ahead of the cycle, so a
 * script of any length (or a pipe) takes constant memory; a bad row is
 * found when the run reaches it.
 */
struct script {
	FILE *fp;
	struct csv_reader cr;
	struct diag d;
	long cycle_col;		/* -1: row i is cycle i */
	size_t width;		/* fields a row has */
	long ncols;		/* sense columns */
	uint16_t *sense;	/* per sense column: sense id */
	int16_t *value;		/* the pending row's values */
	long rows;		/* rows read */
	long pending;		/* the pending row's cycle; 0: none */
	long last;		/* the cycle of the last row read */
	int ended;		/* no rows left */
};

/* Open the CSV and read its header and first row; RUN_OK, or RUN_NO_INPUT,
   RUN_BAD_DATA, RUN_IO after a message. */
enum run_status script_open(struct script *s, const char *path,
    const struct names *n);
void script_close(struct script *s);

/* Apply every row that starts at or before `cycle` to values[id];
   RUN_OK, or RUN_BAD_DATA, RUN_IO (a bad row, reported). */
enum run_status script_advance(struct script *s, long cycle,
    int16_t *values);

/* Does the script reach cycle (its default run length: up to the cycle
   of its last row)?  Asked after script_advance for that cycle. */
int script_covers(const struct script *s, long cycle);

/* ---- replay.c: --replay ------------------------------------------------ */

struct replay_item {
	long cycle;
	uint16_t id;		/* sense id, or action id */
	uint8_t is_action;
	uint8_t used;
	int16_t value;		/* sense value, or result code */
};

struct replay_time {
	long cycle, ms;
};

/* A Q event: a drive's runtime priority set before a cycle. */
struct replay_prio {
	long cycle, ms;
	uint16_t drive;		/* drive index */
	uint16_t priority;
};

struct replay {
	struct replay_item *item;
	long nitems;
	struct replay_time *times;	/* first logged time of each cycle */
	long ntimes, tpos;
	long last_cycle;
	long cur;		/* first item of the current cycle */
	long end;		/* one past its last item */
	int16_t *last;		/* per sense id: the latest value seen */
	struct replay_prio *prio;	/* in log order */
	long nprio, ppos;	/* how many; the first not yet applied */
	long pfrom;		/* the first applied by the last call */
	int have_results;	/* the log recorded action outcomes */
	int diverged;		/* the run left the log's path (warned) */
};

/* Read an event log (lib/evlog); RUN_OK, or RUN_NO_INPUT,
   RUN_BAD_DATA after a message. */
enum run_status replay_load(struct replay *r, const char *path,
    const struct names *n);
void replay_free(struct replay *r);
void replay_begin_cycle(struct replay *r, long cycle);
int16_t replay_sense(struct replay *r, uint16_t id, long cycle);
/* 1 and *code when the log has this call's outcome. */
int replay_result(struct replay *r, uint16_t action, uint8_t *code);
/* Before cycle `cycle` and its timer ticks: every priority the log sets
   up to it, applied to pl with planner_set_priority (pl NULL: the run is
   over, nothing to apply). */
void replay_priorities(struct replay *r, long cycle, struct planner *pl);
/* Those just applied as the run's own Q lines in log, at cycle and
   time_ms (cycle < 0: at the cycle and time the log gave them). */
struct eventlog;
void replay_log_priorities(const struct replay *r, struct eventlog *log,
    long cycle, long time_ms);
/* The logged time of a cycle (or the latest before it), -1 if none;
   cycles are asked for in increasing order. */
long replay_time(struct replay *r, long cycle);

/* ---- monitor.c: the event log and --monitor -------------------------- */

#define EVENT_IDLE (1 << PLAN_EV_IDLE)	/* planrun's own: idle cycles */

struct eventlog {
	struct evlog w;
	const struct names *names;
	long cycle, time_ms;
	uint8_t log_idle;
};

void eventlog_init(struct eventlog *e, FILE *fp, enum evlog_format f,
    const struct names *n, int header);
/* The planner's monitor callback (ctx: struct eventlog). */
void eventlog_monitor(void *ctx, const struct planner_event *ev);
void eventlog_idle(struct eventlog *e);

/*
 * Apply --monitor LIST to the planner: items "FLAGS" (global) or
 * "ELEMENT=FLAGS", FLAGS letters of ESPFZRI, "all" or "none".  0, or -1
 * after a message.
 */
int monitor_apply(struct planner *pl, const struct names *n, const char *list,
    uint8_t *idle);

/* ---- run.c: the loop --------------------------------------------------- */

struct run_options {
	long cycles;		/* -1: until the source ends */
	long tick_every;	/* cycles per timer tick */
	double rate;		/* cycles per second; 0: as fast as possible */
	long tick_ms;		/* ms of time per tick */
	int replay_ticks;	/* take the ticks from the replayed log */
};

struct run {
	struct run_options o;
	const struct plan *plan;
	const struct names *names;
	struct planner pl;
	uint16_t *state;
	int16_t *sense;		/* per sense id (script or constant senses) */
	struct script *script;
	struct agent *agent;
	struct replay *replay;
	struct rules *rules;
	struct table *actions;	/* NULL: not printed */
	struct eventlog *log;	/* NULL: no log */
	long cycle, time_ms, ticks;
	enum run_status status;	/* what a callback ran into */
	long error_cycles;	/* cycles in which an element reported ERROR */
	long first_error;	/* the first of them; 0: none */
};

/* Set up the planner for a run; RUN_OK, or RUN_IO after a message. */
enum run_status run_init(struct run *r, const struct plan *p,
    const struct names *n);
void run_free(struct run *r);

/* The run: cycles until done; RUN_OK or why it stopped (reported).  A
   run in which any cycle reported an error (an element's or action's
   ERROR, elements nested too deep) runs to its end, then is RUN_FAILED. */
enum run_status run_plan(struct run *r);

#endif
