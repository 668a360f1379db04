/*
 * task_agent.c - a co-process (agent.h) as a task's environment: the run
 * asks "pos" (the arm, also the encoder) and "object NAME" (coordinates,
 * or "none"), and tells "move X,Y,Z" for each commanded point (answered
 * success, running, fail or error).  Answers are kept for the tick, so
 * the agent is asked at most once per thing.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "host/diag.h"
#include "host/num.h"
#include "run/taskrun.h"

/* D numbers separated by commas or blanks: 0, or -1. */
static int
parse_point(const struct plan_task *t, char *s, int32_t *pos)
{
	uint8_t k = 0;
	char *tok, *save = NULL;
	double v;

	for (tok = strtok_r(s, ", \t", &save); tok;
	    tok = strtok_r(NULL, ", \t", &save)) {
		if (k == t->axes || num_double(tok, &v) != NUM_OK ||
		    v > (double)TASK_COORD_MAX / TASK_SCALE ||
		    v < -(double)TASK_COORD_MAX / TASK_SCALE)
			return -1;
		pos[k++] = (int32_t)lround(v * TASK_SCALE);
	}
	return k == t->axes ? 0 : -1;
}

/* One question; the answer in a->reply, or -1 with a->why set. */
static int
ask(struct task_agent *a, const char *line)
{
	const char *r = run_agent_line(a->agent, line);

	if (r == NULL) {
		snprintf(a->why, sizeof a->why, "%s", a->agent->ended ?
		    "the agent closed its output" : "the agent did not answer");
		a->status = a->agent->status != RUN_OK ? a->agent->status :
		    a->agent->ended ? RUN_UNAVAILABLE : RUN_IO;
		return -1;
	}
	snprintf(a->reply, sizeof a->reply, "%s", r);
	return 0;
}

/* The answer as a point; -1 with a->why saying what came instead. */
static int
answer_point(struct task_agent *a, const char *question, int32_t *pos)
{
	char copy[sizeof a->reply], buf[48];

	memcpy(copy, a->reply, sizeof copy);
	if (parse_point(a->t, copy, pos) == 0)
		return 0;
	snprintf(a->why, sizeof a->why, "the agent answered '%s' to '%s' "
	    "(want %u numbers)", diag_shown(a->reply, buf, sizeof buf), question,
	    (unsigned)a->t->axes);
	a->status = RUN_BAD_DATA;
	return -1;
}

static int
begin_tick(void *ctx, uint32_t tick, enum run_status *status)
{
	struct task_agent *a = ctx;

	(void)status;
	a->tick = tick;
	a->have_pos = 0;
	memset(a->asked, 0, sizeof a->asked);
	return 0;
}

static int
arm(void *ctx, int32_t *pos)
{
	struct task_agent *a = ctx;

	if (!a->have_pos) {
		if (ask(a, "pos") < 0 || answer_point(a, "pos", a->pos) < 0)
			return -1;
		a->have_pos = 1;
	}
	memcpy(pos, a->pos, sizeof a->pos[0] * a->t->axes);
	return 0;
}

static int
object(void *ctx, uint8_t i, int32_t *pos)
{
	struct task_agent *a = ctx;
	char q[TASK_NAME_MAX + 8];
	uint8_t len = 0;
	const uint8_t *name = plan_task_name(a->t, TASK_NAME_OBJECT, i, &len);

	if (!a->asked[i]) {
		snprintf(q, sizeof q, "object %.*s", (int)len,
		    (const char *)name);
		if (ask(a, q) < 0)
			return -1;
		a->seen[i] = strcmp(a->reply, "none") != 0;
		if (a->seen[i] && answer_point(a, q, a->obj[i]) < 0)
			return -1;
		a->asked[i] = 1;
	}
	if (!a->seen[i])
		return 0;
	memcpy(pos, a->obj[i], sizeof a->obj[i][0] * a->t->axes);
	return 1;
}

static int
commanded(void *ctx, uint32_t tick, const int32_t *point,
    enum run_status *status)
{
	struct task_agent *a = ctx;
	char line[32 + TASK_MAX_AXES * 24], c[24], buf[48];
	size_t n;
	uint8_t k;

	n = (size_t)snprintf(line, sizeof line, "move ");
	for (k = 0; k < a->t->axes; k++)
		n += (size_t)snprintf(line + n, sizeof line - n, "%s%s",
		    k ? "," : "", run_taskrun_coord(point[k], c, sizeof c));
	(void)tick;
	if (ask(a, line) < 0) {
		*status = a->status;
		return -1;
	}
	if (strcmp(a->reply, "success") == 0 ||
	    strcmp(a->reply, "running") == 0 ||
	    strcmp(a->reply, "fail") == 0)
		return 0;	/* verification, if any, judges the move */
	snprintf(a->why, sizeof a->why, "the agent answered '%s' to '%s'",
	    diag_shown(a->reply, buf, sizeof buf), line);
	/* "error" is the robot's own failure; anything else is nonsense */
	*status = strcmp(a->reply, "error") == 0 ? RUN_FAILED :
	    RUN_BAD_DATA;
	return -1;
}

static const char *
why(void *ctx)
{
	struct task_agent *a = ctx;

	return a->why[0] ? a->why : NULL;
}

static enum run_status
status(void *ctx)
{
	struct task_agent *a = ctx;

	return a->status;
}

void
run_task_agent_source(struct task_agent *a, const struct plan_task *t,
    struct agent *agent, struct taskrun_source *src)
{
	memset(a, 0, sizeof *a);
	a->t = t;
	a->agent = agent;
	memset(src, 0, sizeof *src);
	src->ctx = a;
	src->begin_tick = begin_tick;
	src->arm = arm;
	src->encoder = arm;
	src->object = object;
	src->why = why;
	src->status = status;
	src->commanded = commanded;
}
