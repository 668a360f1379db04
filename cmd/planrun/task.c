/*
 * task.c - planrun for plans with a task section: the environment from
 * --senses or --agent, the commanded points and the log through atomic
 * outputs, and the tick loop of lib/run (taskrun.h).  Called by main.c.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "host/input.h"
#include "planrun.h"
#include "run/taskrun.h"

/* Everything a task run holds open. */
struct task_session {
	struct plan_task t;
	struct diag senses_diag;
	struct task_senses senses;
	struct task_agent tagent;
	struct agent agent;
	FILE *senses_fp;
	struct atomic_file out, log;
	int senses_open, agent_started, out_open, log_open;
	struct taskrun_source src;
	struct diag say;	/* lib/run's messages */
};

/* No environment: every question fails, saying what to give. */
static int
no_begin(void *ctx, uint32_t tick, enum run_status *status)
{
	(void)ctx;
	(void)tick;
	(void)status;
	return 0;
}

static int
no_pos(void *ctx, int32_t *pos)
{
	(void)ctx;
	(void)pos;
	return -1;
}

static int
no_object(void *ctx, uint8_t i, int32_t *pos)
{
	(void)ctx;
	(void)i;
	(void)pos;
	return -1;
}

static const char *
no_why(void *ctx)
{
	(void)ctx;
	return "no environment (give --senses or --agent)";
}

static int
open_source(const struct task_options *o, struct task_session *s)
{
	static const struct taskrun_source none = {
		NULL, no_begin, no_pos, no_pos, no_object, no_why, NULL, NULL
	};
	int rc;

	s->src = none;
	if (o->senses) {
		if ((s->senses_fp = input_open(o->senses, "r")) == NULL)
			return EXIT_NOINPUT;
		s->senses_diag = diag_for(o->senses);
		s->senses_open = 1;
		if ((rc = run_task_senses_open(&s->senses, &s->t, s->senses_fp,
		    &s->senses_diag)) != RUN_OK)
			return exit_status(rc);
		run_task_senses_source(&s->senses, &s->src);
	} else if (o->agent) {
		if ((rc = start_agent(&s->agent, o->agent,
		    o->timeout_ms, &s->say)) != RUN_OK)
			return exit_status(rc);
		s->agent_started = 1;
		run_task_agent_source(&s->tagent, &s->t, &s->agent, &s->src);
	}
	return EXIT_OK;
}

static int
open_sink(const char *path, struct atomic_file *af, int *opened)
{
	if (atomic_open(af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	*opened = 1;
	return EXIT_OK;
}

/* Done or aborted, the run is told whole; other failures leave nothing. */
static int
close_sink(struct atomic_file *af, int opened, int rc)
{
	return opened ? close_output(af, rc) : rc;
}

static int
close_session(struct task_session *s, int rc)
{
	if (s->agent_started) {
		run_agent_stop(&s->agent);
		forget_agent();
	}
	if (s->senses_open) {
		run_task_senses_close(&s->senses);
		input_close(s->senses_fp);
	}
	rc = close_sink(&s->out, s->out_open, rc);
	return close_sink(&s->log, s->log_open, rc);
}

static int
run(const struct task_options *o, struct task_session *s)
{
	struct taskrun_options ro;
	const char *out = o->output;
	int rc;

	memset(&ro, 0, sizeof ro);
	if ((rc = open_source(o, s)) != EXIT_OK)
		return rc;
	if (o->log) {
		if ((rc = open_sink(o->log, &s->log, &s->log_open)) != 0)
			return rc;
		ro.log = s->log.fp;
	}
	/* with the log on stdout, the points are only printed if asked */
	if (out == NULL && !(o->log && strcmp(o->log, "-") == 0))
		out = "-";
	if (out) {
		if ((rc = open_sink(out, &s->out, &s->out_open)) != 0)
			return rc;
	}
	ro.out = s->out_open ? s->out.fp : NULL;
	ro.format = o->format;
	ro.precision = TABLE_ROUND_TRIP;
	ro.header = o->header;
	ro.max_ticks = o->cycles >= 0 ? (uint32_t)o->cycles :
	    TASKRUN_DEFAULT_TICKS;
	ro.slots = TASKRUN_DEFAULT_SLOTS;
	ro.rate = o->rate;
	ro.say = &s->say;
	return exit_status(run_taskrun(&s->t, &s->src, &ro));
}

int
run_task(const struct loaded_plan *lp, const struct task_options *o)
{
	struct task_session s;

	memset(&s, 0, sizeof s);
	s.say = diag_for(NULL);
	if (!plan_task_of(&lp->plan, &s.t)) {
		warnx_tool("%s: no task section", lp->path);
		return EXIT_DATAERR;
	}
	return close_session(&s, run(o, &s));
}
