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
#include <time.h>

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
#include "senses/senses.h"

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
   a message through say. */
int run_rules_parse(struct rules *r, const char *text, const struct names *n,
    struct diag *say);
void run_rules_free(struct rules *r);

/* The result of one call of action id (check: a check for completion). */
uint8_t run_rules_result(struct rules *r, uint16_t action, uint8_t check);

/* ---- script.c: --senses ------------------------------------------------ */

/*
 * A sense table (spine-senses(5), lib/senses) read as the run goes, a
 * row ahead of the cycle, so a table of any length (or a pipe) takes
 * constant memory; a bad row is found when the run reaches it.  A row
 * placed by time_ms holds from the first cycle at or after that time at
 * the run's pace (struct run_options); columns that name no sense of the
 * plan are left out, with one note.
 */
struct script {
	FILE *fp;
	struct senses_reader sr;
	struct diag d;
	int open;
	long *sense;		/* per table column: sense id, -1: none */
	long pending;		/* the pending row's cycle; 0: none */
	long last;		/* the cycle of the last row read */
	int ended;		/* no rows left */
	/* time_ms to cycles: the run's pace (struct run_options) */
	long tick_ms, tick_every;
	double rate;
};

struct run_options;

/* Open the table and read its header and first row, for a run paced by
   o; RUN_OK, or RUN_NO_INPUT, RUN_BAD_DATA, RUN_IO after a message. */
enum run_status run_script_open(struct script *s, const char *path,
    const struct names *n, const struct run_options *o);
void run_script_close(struct script *s);

/* Apply every row that starts at or before `cycle` to values[id];
   RUN_OK, or RUN_BAD_DATA, RUN_IO (a bad row, reported). */
enum run_status run_script_advance(struct script *s, long cycle,
    int16_t *values);

/* Does the script reach cycle (its default run length: up to the cycle
   of its last row)?  Asked after run_script_advance for that cycle. */
int run_script_covers(const struct script *s, long cycle);

/* ---- replay.c: --replay ------------------------------------------------ */

/* A sense reading or an action's outcome logged in the cycle being run. */
struct replay_item {
	uint16_t id;		/* sense id, or action id */
	uint8_t is_action;
	uint8_t used;
	int16_t value;		/* sense value, or result code */
};

/* A Q event: a drive's runtime priority set before a cycle. */
struct replay_prio {
	long cycle, ms;
	uint16_t drive;		/* drive index */
	uint16_t priority;
};

/* What the log holds next, besides the Q lines read on the way. */
enum replay_ahead { REPLAY_AHEAD_NONE, REPLAY_AHEAD_EVENT, REPLAY_AHEAD_RUN,
    REPLAY_AHEAD_END };

/*
 * The log is read as the run goes, one event ahead of the cycle being
 * run, so a log of any length takes the memory of one of its cycles
 * (a log is refused past 2^20 events in a cycle, or 2^16 priorities
 * before one); a bad line is found when the run reaches it.
 */
struct replay {
	FILE *fp;
	struct evlog_reader er;
	struct diag d;
	const struct names *names;
	int open, started;
	/* the event ahead (not a Q) */
	enum replay_ahead ahead;
	long ahead_cycle, ahead_ms;
	struct replay_item ahead_item;
	int ahead_has_item;
	uint8_t ahead_run;	/* a boundary's how (enum evlog_run) */
	/* the cycle being run */
	long cycle, time_ms;	/* time_ms: the latest logged, or -1 */
	struct replay_item *item;
	long nitems, item_cap;
	/* Q events read, in log order */
	struct replay_prio *prio;
	long nprio, prio_cap, ppos;	/* ppos: the first not applied */
	long pfrom;		/* the first applied by the last call */
	int16_t *last;		/* per sense id: the latest value seen */
	long readings;		/* sense readings taken from the log */
	int diverged;		/* the run left the log's path (warned) */
	int warned_implied;
	struct diag *say;	/* the caller's sink (NULL: stderr) */
};

/* What run_replay_next finds after a cycle. */
enum { REPLAY_NEXT, REPLAY_NEW_RUN, REPLAY_RUN_OVER, REPLAY_END,
    REPLAY_ERROR };

/* Open an event log (lib/evlog) and read its header and first event;
   RUN_OK, or RUN_NO_INPUT, RUN_BAD_DATA, RUN_IO after a message through
   say (at file:line:col where there is one).  Later messages too. */
enum run_status run_replay_open(struct replay *r, const char *path,
    const struct names *n, struct diag *say);
void run_replay_close(struct replay *r);
/*
 * After cycle prev of the run (prev ignored before the first): the next
 * cycle, *c.  REPLAY_NEW_RUN (the first time, *how says how the log's
 * first run began), REPLAY_NEXT (*c = prev + 1, the log goes on),
 * REPLAY_RUN_OVER (the log's run has ended and another follows: log the
 * leftover priorities, then run_replay_next_run), REPLAY_END (the log has
 * ended; a run given more cycles goes on with *c = prev + 1), or
 * REPLAY_ERROR after a message.
 */
int run_replay_next(struct replay *r, long prev, long *c, uint8_t *how);
/* The log's next run: REPLAY_NEW_RUN with its first cycle *c (1 when
   the plan started, where its log begins when it was joined) and *how,
   or REPLAY_END, REPLAY_ERROR. */
int run_replay_next_run(struct replay *r, long *c, uint8_t *how);
/* Take in what the log holds up to cycle c (its sense readings, action
   outcomes, time, and the priorities set before it); RUN_OK, or
   RUN_BAD_DATA, RUN_IO after a message. */
enum run_status run_replay_load(struct replay *r, long c);
int16_t run_replay_sense(struct replay *r, uint16_t id, long cycle);
/* 1 and *code when the log has this call's outcome. */
int run_replay_result(struct replay *r, uint16_t action, uint8_t *code);
/* Before cycle `cycle` and its timer ticks: every priority the log sets
   up to it (cycle < 0: every one read), applied to pl with
   planner_set_priority (pl NULL: the run is over, nothing to apply). */
void run_replay_priorities(struct replay *r, long cycle, struct planner *pl);
/* Those just applied as the run's own Q lines in log, at cycle and
   time_ms (cycle < 0: at the cycle and time the log gave them). */
struct eventlog;
void run_replay_log_priorities(const struct replay *r, struct eventlog *log,
    long cycle, long time_ms);
/* The time logged for the cycle loaded (or the latest before it in the
   run), -1 if none. */
long run_replay_time(const struct replay *r);
/* The run is over after `cycles` cycles: what the log lacked, said. */
void run_replay_finish(struct replay *r, long cycles);

/* ---- monitor.c: the event log and --monitor -------------------------- */

#define EVENT_IDLE (1 << PLAN_EV_IDLE)	/* planrun's own: idle cycles */

struct eventlog {
	struct evlog w;
	const struct names *names;
	long cycle, time_ms;
	uint8_t log_idle;
};

void run_eventlog_init(struct eventlog *e, FILE *fp, enum evlog_format f,
    const struct names *n, int header);
/* The planner's monitor callback (ctx: struct eventlog). */
void run_eventlog_monitor(void *ctx, const struct planner_event *ev);
void run_eventlog_idle(struct eventlog *e);

/*
 * Apply --monitor LIST to the planner: items "FLAGS" (global) or
 * "ELEMENT=FLAGS", FLAGS letters of ESPFZRI, "all" or "none".  0, or -1
 * after a message through say.
 */
int run_monitor_apply(struct planner *pl, const struct names *n, const char *list,
    uint8_t *idle, struct diag *say);

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
	long cycle, time_ms, ticks;	/* of the run going on */
	long runs;		/* runs begun (a replayed log has several) */
	long run_first;		/* the run's first cycle */
	uint8_t run_how;	/* how it began (enum evlog_run) */
	int run_begun;		/* its boundary is in the log */
	struct timespec run_start;	/* --rate: when it began */
	uint8_t *monitors;	/* monitor flags, kept across a restart */
	enum run_status status;	/* what a callback ran into */
	long error_cycles;	/* cycles in which an element reported ERROR */
	long first_error;	/* the first of them; 0: none */
	struct diag *say;	/* where messages go (NULL: stderr) */
};

/* Set up the planner for a run; RUN_OK, or RUN_IO after a message. */
enum run_status run_init(struct run *r, const struct plan *p,
    const struct names *n);
void run_free(struct run *r);

/* The run: cycles until done; RUN_OK or why it stopped (reported).  A
   run in which any cycle reported an error (an element's or action's
   ERROR, elements nested too deep) runs to its end, then is RUN_FAILED.
   The log gets a run boundary (B) before the first cycle; a replayed log
   with several runs is replayed as several, the planner fresh and the
   cycles from 1 (or where a joined run's log begins) in each, --cycles
   counting them all. */
enum run_status run_plan(struct run *r);

#endif
