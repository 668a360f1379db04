/*
 * task_run.c - run_taskrun: the host's tick loop around the task engine.  Asks
 * the source to get tick t ready, steps the engine, writes the commanded
 * point as a CSV row (tick, then one column per axis), logs events, and
 * turns the end of the run into a status and a message.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "run/taskrun.h"

struct runner {
	const struct plan_task *t;
	const struct taskrun_source *src;
	const struct taskrun_options *o;
	struct table *tab;
	const char *names[1 + TASK_MAX_AXES];
	char axis[TASK_MAX_AXES][TASK_NAME_MAX + 1];
};

int
run_taskrun_needs_arm(const struct plan_task *t)
{
	struct plan_task_action a;
	struct plan_task_comp c;
	struct plan_task_record r;
	uint16_t i;
	uint8_t k;

	for (i = 0; i < t->actions; i++) {
		plan_task_get_action(t, i, &a);
		if (a.verify)
			return 1;
	}
	for (i = 0; i < t->decisions; i++)
		for (k = 0; k < t->axes; k++) {
			plan_task_get_arm(t, i, k, &c);
			if (c.kind != TASK_ANY)
				return 1;
		}
	for (i = 0; i < t->records; i++) {
		plan_task_get_record(t, i, &r);
		if (r.source == TASK_SOURCE_ARM)
			return 1;
	}
	return 0;
}

static int
env_arm(void *ctx, int32_t *pos)
{
	const struct runner *u = ctx;

	return u->src->arm(u->src->ctx, pos);
}

static int
env_encoder(void *ctx, int32_t *pos)
{
	const struct runner *u = ctx;

	return u->src->encoder(u->src->ctx, pos);
}

static int
env_object(void *ctx, uint8_t i, int32_t *pos)
{
	const struct runner *u = ctx;

	return u->src->object(u->src->ctx, i, pos);
}

static void
env_event(void *ctx, const struct task_event *e)
{
	const struct runner *u = ctx;
	char line[512];

	if (u->o->log == NULL)
		return;
	run_taskrun_event_text(u->t, e, line, sizeof line);
	fprintf(u->o->log, "%s\n", line);
}

static void
set_columns(struct runner *u)
{
	uint8_t k, len = 0;

	u->names[0] = "tick";
	for (k = 0; k < u->t->axes; k++) {
		const uint8_t *s = plan_task_name(u->t, TASK_NAME_AXIS, k,
		    &len);

		memcpy(u->axis[k], s, len);
		u->axis[k][len] = '\0';
		u->names[1 + k] = u->axis[k];
	}
}

static void
put_row(struct runner *u, const struct task_run *r)
{
	uint8_t k;

	if (u->o->out == NULL)
		return;
	table_long(u->tab, (long)r->out_tick);
	for (k = 0; k < u->t->axes; k++)
		table_num(u->tab, (double)r->out[k] / TASK_SCALE);
	table_end_row(u->tab);
}

/* The end of the run: the message, the log's last line, the status. */
static enum run_status
finish(struct runner *u, const struct task_run *r, int state)
{
	char text[512];
	const char *why = NULL;
	FILE *errs = u->o->errs ? u->o->errs : stderr;
	enum run_status status = RUN_FAILED;

	if (state == TASK_DONE) {
		if (u->o->log)
			fprintf(u->o->log, "%lu,done,,,\n",
			    (unsigned long)r->tick);
		return RUN_OK;
	}
	if (state == TASK_RUNNING) {
		fprintf(errs, "%s: the task did not complete in %lu ticks\n",
		    tool_name(), (unsigned long)u->o->max_ticks);
		if (u->o->log)
			fprintf(u->o->log, "%lu,stopped,,,no end in %lu "
			    "ticks\n", (unsigned long)r->tick,
			    (unsigned long)u->o->max_ticks);
		return RUN_FAILED;
	}
	if (r->why.code == TASK_E_ENV && u->src->why)
		why = u->src->why(u->src->ctx);
	if (r->why.code == TASK_E_ENV && u->src->status &&
	    u->src->status(u->src->ctx) != RUN_OK)
		status = u->src->status(u->src->ctx);
	run_taskrun_abort_text(u->t, &r->why, why, text, sizeof text);
	fprintf(errs, "%s: task aborted at tick %lu: %s\n", tool_name(),
	    (unsigned long)r->tick, text);
	if (u->o->log) {
		run_taskrun_abort_log(u->t, &r->why, why, r->tick, text,
		    sizeof text);
		fprintf(u->o->log, "%s\n", text);
	}
	return status;
}

static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* With --rate, tick t starts t / rate seconds after tick 0. */
static void
pace(const struct runner *u, double start, uint32_t tick)
{
	double wait = start + (double)tick / u->o->rate - seconds();
	struct timespec ts;

	if (u->o->rate <= 0 || wait <= 0)
		return;
	ts.tv_sec = (time_t)wait;
	ts.tv_nsec = (long)((wait - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* The points could not be written: a reader gone (quietly), or not. */
static enum run_status
write_failed(const struct taskrun_options *o)
{
	if (errno == EPIPE)
		return RUN_CLOSED;	/* `planrun task.plan | head` */
	run_say(o->say, "writing the points failed: %s", strerror(errno));
	return RUN_IO;
}

/* Tick after tick until the task ends; -1 with *status on failure. */
static int
loop(struct runner *u, struct task_run *r, int *state,
    enum run_status *status)
{
	struct task_env env = { u, env_arm, env_encoder, env_object,
		env_event };
	double start = seconds();

	*state = TASK_RUNNING;
	while (*state == TASK_RUNNING && r->tick < u->o->max_ticks) {
		uint32_t tick = r->tick;

		pace(u, start, tick);
		if (u->src->begin_tick(u->src->ctx, tick, status) < 0)
			return -1;
		*state = task_step(r, &env);
		if (!r->has_out || r->out_tick != tick)
			continue;
		put_row(u, r);
		if (u->o->out && u->tab->failed) {
			*status = write_failed(u->o);
			return -1;
		}
		if (u->src->commanded && u->src->commanded(u->src->ctx, tick,
		    r->out, status) < 0) {
			const char *why = u->src->why ?
			    u->src->why(u->src->ctx) : NULL;

			fprintf(u->o->errs ? u->o->errs : stderr, "%s: stopped "
			    "at tick %lu: %s\n", tool_name(),
			    (unsigned long)tick, why ? why : "the move failed");
			return -1;
		}
	}
	return 0;
}

enum run_status
run_taskrun(const struct plan_task *t, const struct taskrun_source *src,
    const struct taskrun_options *o)
{
	struct runner u;
	struct task_run r;
	struct table *tab = malloc(sizeof *tab);
	struct task_slot *slot = calloc(o->slots ? o->slots : 1,
	    sizeof *slot);
	int32_t *var = calloc((size_t)t->variables * t->axes + 1, sizeof *var);
	uint8_t *var_set = calloc((size_t)t->variables + 1, 1);
	enum run_status status = RUN_OK;
	int state;

	if (!tab || !slot || !var || !var_set) {
		run_say(o->say, "out of memory");
		status = RUN_IO;
		goto out;
	}
	memset(&u, 0, sizeof u);
	u.t = t;
	u.src = src;
	u.o = o;
	u.tab = tab;
	set_columns(&u);
	table_init(tab, o->out, o->format, o->precision, u.names,
	    1u + t->axes);
	tab->flush_rows = 1;
	if (o->header && o->out)
		table_header(tab);
	if (o->header && o->log)
		fputs("tick,event,action,step,detail\n", o->log);
	task_init(&r, t, slot, o->slots ? o->slots : 1, var, var_set);
	if (loop(&u, &r, &state, &status) == 0)
		status = finish(&u, &r, state);
	if (o->out && table_flush(tab) < 0 && status == RUN_OK)
		status = write_failed(o);
out:
	free(tab);
	free(slot);
	free(var);
	free(var_set);
	return status;
}
