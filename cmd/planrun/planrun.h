/*
 * planrun.h - the pieces of planrun and how they meet: the loaded plan and
 * its names, the sense sources (script, agent, replay), the result rules,
 * the transparency log, and the run loop that ties them to the planner.
 */
#ifndef PLANRUN_H
#define PLANRUN_H

#include <stdint.h>
#include <stdio.h>

#include "host/table.h"
#include "plan/plan.h"
#include "plan/vocab.h"
#include "planfile/load.h"
#include "planner/planner.h"
#include "run/names.h"

/* ---- load.c: input files (the plan: common/planfile) ------------------- */

/* Open an input ("-": stdin); NULL after a message. */
FILE *input_open(const char *path, const char *mode);
void input_close(FILE *fp);

/* Room for element n of a growing array: *cap doubles (from `first`)
   when n has reached it.  The array (maybe moved), or NULL when memory
   ran out (the old one is still there). */
void *grow_array(void *array, long n, long *cap, long first, size_t size);

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

struct script {
	long nrows, ncols;
	long *cycle;		/* per row: the first cycle it applies to */
	uint16_t *sense;	/* per column: sense id */
	int16_t *value;		/* nrows x ncols */
	long next;		/* next row to apply */
};

/* Read the CSV; an exit status after a message. */
int script_load(struct script *s, const char *path, const struct names *n);
void script_free(struct script *s);

/* Apply every row that starts at or before `cycle` to values[id]. */
void script_advance(struct script *s, long cycle, int16_t *values);

/* The last cycle the file names (its default run length). */
long script_last_cycle(const struct script *s);

/* ---- agent.c: --agent -------------------------------------------------- */

struct agent {
	int pid;
	int to_fd, from_fd;
	char buf[4096];
	size_t len, pos;
	int timeout_ms;
	int replies;		/* answers received */
	int status;		/* 0, or the exit status that stopped it */
	int ended;		/* the agent closed its output */
};

/* Start `sh -c command`.  0, or an exit status after a message. */
int agent_start(struct agent *a, const char *command, int timeout_ms);

/* Ask for a sense / an action result; on failure a->status is set and a
   neutral answer (0, PLANNER_ERROR) is returned. */
int16_t agent_sense(struct agent *a, const char *name);
uint8_t agent_act(struct agent *a, const char *name, int16_t value,
    uint8_t check);

/* Close the pipes and reap the agent. */
void agent_stop(struct agent *a);

/* One line out (no newline), its reply back; NULL (a->status) if none. */
const char *agent_line(struct agent *a, const char *line);

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

struct replay {
	struct replay_item *item;
	long nitems;
	struct replay_time *times;	/* first logged time of each cycle */
	long ntimes, tpos;
	long last_cycle;
	long cur;		/* first item of the current cycle */
	long end;		/* one past its last item */
	int16_t *last;		/* per sense id: the latest value seen */
	int have_results;	/* the log recorded action outcomes */
	int diverged;		/* the run left the log's path (warned) */
};

/* Read a transparency log; an exit status after a message. */
int replay_load(struct replay *r, const char *path, const struct names *n);
void replay_free(struct replay *r);
void replay_begin_cycle(struct replay *r, long cycle);
int16_t replay_sense(struct replay *r, uint16_t id, long cycle);
/* 1 and *code when the log has this call's outcome. */
int replay_result(struct replay *r, uint16_t action, uint8_t *code);
/* The logged time of a cycle (or the latest before it), -1 if none;
   cycles are asked for in increasing order. */
long replay_time(struct replay *r, long cycle);

/* ---- events.c: the transparency log and --monitor ---------------------- */

#define EVENT_IDLE 0x40		/* planrun's own flag: idle cycles */

struct eventlog {
	struct table t;
	const struct names *names;
	long cycle, time_ms;
	uint8_t log_idle;
};

void eventlog_init(struct eventlog *e, FILE *fp, const struct names *n,
    int header);
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
	int status;		/* exit status a callback ran into */
};

/* Set up the planner for a run; 0, or an exit status after a message. */
int run_init(struct run *r, const struct plan *p, const struct names *n);
void run_free(struct run *r);

/* The run: cycles until done; an exit status. */
int run_plan(struct run *r);

/* --stats: per element executions and successes. */
void run_stats(struct run *r, FILE *fp);

/* ---- task.c: plans with a task section (common/taskrun) ---------------- */

struct task_options {
	const char *senses, *agent, *output, *log;
	enum table_format format;
	int header;
	long cycles;		/* -1: the default bound */
	double rate;		/* ticks per second; 0: as fast as possible */
	int timeout_ms;
};

/* Run the task machine of lp; an exit status (1: it aborted). */
int run_task(const struct loaded_plan *lp, const struct task_options *o);

/* ---- bench.c ----------------------------------------------------------- */

/* --bench: the engine alone in a loop; prints cycles per second.
   rules_given: answer actions by the --result rules, else succeed. */
int run_bench(struct run *r, const char *plan_path, FILE *out,
    int rules_given);

#endif
