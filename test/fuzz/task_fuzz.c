/*
 * task_fuzz.c - libFuzzer harness for the task compiler: any bytes in, no
 * crash, no leak, no hang; a task that compiles must validate, run on the
 * engine for a while, draw, and come back from its YAML as the same bytes.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "plan/plan.h"
#include "plan/task.h"
#include "plansrc/task_compile.h"
#include "task/task.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RUN_TICKS 300
#define RUN_SLOTS 16

/*
 * An environment driven by the input's own bytes: decisions go both
 * ways and variables get set and cleared, so the engine's paths are
 * reached without a second input.
 */
struct fake_env {
	const uint8_t *data;
	size_t size, next;
	uint8_t axes;
};

static uint8_t
byte(struct fake_env *e)
{
	return e->size ? e->data[e->next++ % e->size] : 0;
}

static int
fake_pos(void *ctx, int32_t *pos)
{
	struct fake_env *e = ctx;
	uint8_t k;

	for (k = 0; k < e->axes; k++)
		pos[k] = ((int32_t)byte(e) - 128) * TASK_SCALE;
	return 0;
}

static int
fake_object(void *ctx, uint8_t index, int32_t *pos)
{
	struct fake_env *e = ctx;

	(void)index;
	if (byte(e) & 1)
		return 0;
	fake_pos(ctx, pos);
	return 1;
}

/* Run the engine to its end or RUN_TICKS; it must stop in a known state. */
static void
run(const struct plan_task *t, const uint8_t *data, size_t size)
{
	struct fake_env e = { data, size, 0, t->axes };
	struct task_env env = { &e, fake_pos, fake_pos, fake_object, NULL };
	struct task_slot slot[RUN_SLOTS];
	struct task_run r;
	int32_t *var = calloc((size_t)t->variables * t->axes + 1, sizeof *var);
	uint8_t *set = calloc((size_t)t->variables + 1, 1);
	int state = TASK_RUNNING, i;

	if (var == NULL || set == NULL)
		abort();
	task_init(&r, t, slot, RUN_SLOTS, var, set);
	for (i = 0; i < RUN_TICKS && state == TASK_RUNNING; i++)
		state = task_step(&r, &env);
	if (state != TASK_RUNNING && state != TASK_DONE &&
	    state != TASK_ABORTED)
		abort();
	free(var);
	free(set);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diag d = fuzz_diag();
	struct plan_error err;
	struct plan_task t;
	struct plan p;
	uint8_t *img = NULL;
	uint32_t n = 0;
	char *copy;

	/* an exact-size copy, so reading one byte past is caught */
	if ((copy = malloc(size ? size : 1)) == NULL)
		return 0;
	memcpy(copy, data, size);
	if (plansrc_task_compile(copy, size, &d, &img, &n) == 0) {
		if (plan_open(&p, img, n, &err) != PLAN_OK ||
		    !plan_task_of(&p, &t))
			abort();
		run(&t, data, size);
		fuzz_task_round_trip(&t, img, n, 1);
		free(img);
	}
	free(copy);
	return 0;
}
