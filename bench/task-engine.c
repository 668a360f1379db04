/*
 * task-engine.c - how fast the task engine (core/task) ticks: a task of
 * W workers started K times each, every worker a 20-point verified
 * trajectory that decides (arm threshold, object, record) and restarts
 * itself, so W*K trajectories are summed every tick.  Run by
 * scripts/bench-task; prints figures, never judges them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "plan/plan.h"
#include "plansrc/task_compile.h"
#include "task/task.h"

static int
arm(void *ctx, int32_t *pos)
{
	(void)ctx;
	pos[0] = pos[1] = pos[2] = 0;
	return 0;
}

static int
object(void *ctx, uint8_t i, int32_t *pos)
{
	(void)ctx;
	(void)i;
	pos[0] = 5000;
	pos[1] = pos[2] = 0;
	return 1;
}

/* The task's source: start launches every worker k times. */
static char *
source(int workers, int copies)
{
	size_t cap = 1u << 20, n = 0;
	char *s = malloc(cap);
	int w, k, p;

	n += (size_t)snprintf(s + n, cap - n, "task: bench\naxes: [x, y, z]\n"
	    "objects: [flame]\nstart: start\nactions:\n  start:\n"
	    "    trajectory: [[0, 0, 0]]\n    decisions:\n");
	for (w = 0; w < workers; w++)
		for (k = 0; k < copies; k++)
			n += (size_t)snprintf(s + n, cap - n,
			    "      - {after: 0, match: w%d}\n", w);
	for (w = 0; w < workers; w++) {
		n += (size_t)snprintf(s + n, cap - n,
		    "  w%d:\n    trajectory:\n", w);
		for (p = 0; p < 20; p++)
			n += (size_t)snprintf(s + n, cap - n,
			    "      - [%d, %d.5, -%d]\n", p, w, p);
		n += (size_t)snprintf(s + n, cap - n, "    verify: {tolerance: "
		    "1000000, misses: 0}\n    decisions:\n      - after: 19\n"
		    "        state: {arm: [[0, 1000], any, any], objects: "
		    "{flame: [[5, 1], any, any]}}\n        record: {v: flame}\n"
		    "        match: w%d\n        mismatch: w%d\n", w, w);
	}
	return s;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

int
main(int argc, char *argv[])
{
	int workers = argc > 1 ? atoi(argv[1]) : 4;
	int copies = argc > 2 ? atoi(argv[2]) : 2;
	long ticks = argc > 3 ? atol(argv[3]) : 2000000;
	char *src = source(workers, copies);
	struct diag d = diag_for("bench");
	struct plan p;
	struct plan_error err;
	struct plan_task t;
	struct task_run r;
	struct task_slot slot[256];
	int32_t var[8];
	uint8_t var_set[1];
	struct task_env env = { NULL, arm, arm, object, NULL };
	uint8_t *image;
	uint32_t size;
	long i, summed = 0;
	double t0, t1;

	if (plansrc_task_compile(src, strlen(src), &d, &image, &size) < 0 ||
	    plan_open(&p, image, size, &err) != PLAN_OK ||
	    !plan_task_of(&p, &t))
		return 1;
	task_init(&r, &t, slot, 256, var, var_set);
	t0 = now();
	for (i = 0; i < ticks; i++) {
		if (task_step(&r, &env) != TASK_RUNNING)
			return 1;
		summed += r.out[0];
	}
	t1 = now();
	printf("%d trajectories summed, %ld ticks in %.3f s: %.2f M ticks/s "
	    "(%.1f M trajectory steps/s); plan %lu bytes, run state %zu + "
	    "%zu per running action\n", workers * copies, ticks, t1 - t0,
	    ticks / (t1 - t0) / 1e6, ticks * (double)workers * copies /
	    (t1 - t0) / 1e6, (unsigned long)size, sizeof r, sizeof slot[0]);
	free(src);
	free(image);
	return summed == 42 ? 2 : 0;	/* keep the sums alive */
}
