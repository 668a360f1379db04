/*
 * planrun.h - planrun's own pieces around the engine of lib/run: the
 * task session (files and the agent around lib/run's task loop), the
 * --bench loop and the --stats table, and turning lib/run's statuses
 * into exit statuses.
 */
#ifndef PLANRUN_H
#define PLANRUN_H

#include <stdio.h>

#include "host/atomic.h"
#include "host/exits.h"
#include "host/table.h"
#include "run/load.h"
#include "run/run.h"

/* The exit status (lib/host/exits.h) for a status of lib/run. */
int exit_status(enum run_status s);

/* Commit an output (struct atomic_file) if the run went to its end, else
   remove it; rc, or EXIT_IOERR when the commit failed. */
int close_output(struct atomic_file *af, int rc);

/* Start the agent and note it for the signal handler, with the signals
   held meanwhile: one that came between the two would leave the agent
   running after us; its messages through say.  A run_status (main.c). */
enum run_status start_agent(struct agent *a, const char *command,
    int timeout_ms, struct diag *say);

/* The agent stopped, for the signal handler (main.c). */
void forget_agent(void);

/* --stats: per element executions and successes (stats.c). */
void run_stats(struct run *r, FILE *fp);

/* ---- task.c: plans with a task section (lib/run/taskrun.h) ---------- */

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
