/*
 * taskrun.h - running a task machine on a host: the tick loop around the
 * engine (core/task), its environment from a senses CSV or an agent
 * (the co-process of agent.h), the commanded points as CSV, a log and
 * messages with names.  Called by planrun for plans with a task section.
 */
#ifndef SPINE_RUN_TASKRUN_H
#define SPINE_RUN_TASKRUN_H

#include <stdint.h>
#include <stdio.h>

#include "host/csv.h"
#include "host/diag.h"
#include "host/table.h"
#include "plan/task.h"
#include "run/agent.h"
#include "run/status.h"
#include "task/task.h"

/* Where the environment comes from, tick by tick. */
struct taskrun_source {
	void *ctx;
	/*
	 * Called before tick `tick` runs: 0 ready, -1 failed (reported;
	 * *status says how).
	 */
	int (*begin_tick)(void *ctx, uint32_t tick, enum run_status *status);
	int (*arm)(void *ctx, int32_t *pos);
	int (*encoder)(void *ctx, int32_t *pos);
	int (*object)(void *ctx, uint8_t index, int32_t *pos);
	/* Why the last query failed, for the abort message (or NULL). */
	const char *(*why)(void *ctx);
	/* The commanded point of a tick, for sources that act on it. */
	int (*commanded)(void *ctx, uint32_t tick, const int32_t *point,
	    enum run_status *status);
	/* After a failed query: the status it calls for, RUN_OK for
	   RUN_FAILED. */
	enum run_status (*status)(void *ctx);
};

struct taskrun_options {
	FILE *out;		/* the commanded points, or NULL */
	enum table_format format;
	int precision;		/* TABLE_ROUND_TRIP or digits */
	int header;
	FILE *log;		/* one line per event, or NULL */
	FILE *errs;		/* the final message; NULL means stderr */
	uint32_t max_ticks;	/* give up after this many ticks */
	uint16_t slots;		/* running list capacity */
	double rate;		/* ticks per second; 0: as fast as possible */
	struct diag *say;	/* messages (NULL: stderr) */
};

#define TASKRUN_DEFAULT_TICKS 1000000UL
#define TASKRUN_DEFAULT_SLOTS 64

/*
 * Run task t to its end: RUN_OK done, RUN_FAILED aborted or out of ticks
 * (message on stderr), or the source's or output's failure.
 */
enum run_status run_taskrun(const struct plan_task *t,
    const struct taskrun_source *src, const struct taskrun_options *o);

/*
 * Messages (text.c).  buf gets one line without a newline.  Log lines
 * are "tick,event,action,step,detail" with no comma inside the detail.
 */
void run_taskrun_abort_text(const struct plan_task *t, const struct task_abort *a,
    const char *why, char *buf, size_t size);
void run_taskrun_event_text(const struct plan_task *t, const struct task_event *e,
    char *buf, size_t size);
void run_taskrun_abort_log(const struct plan_task *t, const struct task_abort *a,
    const char *why, uint32_t tick, char *buf, size_t size);

/* Counts as the exact decimal they stand for: "12.5", "-0.001". */
char *run_taskrun_coord(int32_t counts, char *buf, size_t size);

/* What the senses say from some tick on. */
struct task_senses_row {
	uint32_t tick;
	int32_t arm[TASK_MAX_AXES], enc[TASK_MAX_AXES];
	int32_t obj[TASK_MAX_OBJECTS][TASK_MAX_AXES];
	uint8_t seen[TASK_MAX_OBJECTS];
};

/* A senses CSV as the environment (senses.c). */
struct task_senses {
	const struct plan_task *t;
	struct csv_reader csv;
	struct diag *d;
	int col_tick;
	int col_arm[TASK_MAX_AXES], col_enc[TASK_MAX_AXES];
	int col_obj[TASK_MAX_OBJECTS][TASK_MAX_AXES];
	int need_arm;
	uint32_t rows;		/* rows read */
	struct task_senses_row cur, next;
	int have_cur, have_next;
	char why[160];
};

/*
 * Start reading senses from fp: the header must name arm.AXIS for every
 * axis when the task looks at the arm, and OBJECT.AXIS for every object;
 * encoder.AXIS and tick are optional.  A row holds from its tick (row i
 * is tick i without a tick column) until the next row; the last row
 * holds on.  RUN_OK, or RUN_BAD_DATA or RUN_IO after a message.
 */
enum run_status run_task_senses_open(struct task_senses *s,
    const struct plan_task *t, FILE *fp, struct diag *d);
void run_task_senses_close(struct task_senses *s);

/* The source reading s. */
void run_task_senses_source(struct task_senses *s, struct taskrun_source *src);

/* An agent as the environment (task_agent.c). */
struct task_agent {
	const struct plan_task *t;
	struct agent *agent;
	uint32_t tick;
	int have_pos;
	int32_t pos[TASK_MAX_AXES];
	uint8_t asked[TASK_MAX_OBJECTS], seen[TASK_MAX_OBJECTS];
	int32_t obj[TASK_MAX_OBJECTS][TASK_MAX_AXES];
	char reply[512];
	char why[400];
	enum run_status status;
};

/*
 * The source asking the agent (started by the caller): "pos" for the arm
 * and the encoder, "object NAME" (coordinates or "none"), "move X,Y,Z"
 * for each commanded point (success, running or fail go on; error stops
 * the run with RUN_FAILED, anything else with RUN_BAD_DATA).
 */
void run_task_agent_source(struct task_agent *a, const struct plan_task *t,
    struct agent *agent, struct taskrun_source *src);

/* Does the task ever ask for the arm or the encoder? */
int run_taskrun_needs_arm(const struct plan_task *t);

#endif
