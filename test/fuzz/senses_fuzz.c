/*
 * senses_fuzz.c - libFuzzer harness for the task environment CSV that
 * planrun --senses reads for plans with a task section (lib/run):
 * any bytes in as the senses of examples/flame-passing.yaml, a bounded run
 * of the task machine on them, no crash, no hang, no leak.
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
#include "run/taskrun.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TASK_SOURCE "examples/flame-passing.yaml"
#define RUN_TICKS 64

static uint8_t *image;
static struct plan_task task;
static FILE *sink;

static void
setup(void)
{
	struct diag d = diag_for(TASK_SOURCE);
	struct plan_error err;
	struct plan p;
	uint32_t n = 0;
	size_t len;
	char *text = fuzz_slurp(TASK_SOURCE, &len);

	if (plansrc_task_compile(text, len, &d, &image, &n) < 0 ||
	    plan_open(&p, image, n, &err) != PLAN_OK ||
	    !plan_task_of(&p, &task))
		abort();
	free(text);
	if ((sink = fopen("/dev/null", "w")) == NULL)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct taskrun_options o;
	struct taskrun_source src;
	struct task_senses s;
	struct diag d = fuzz_diag();
	uint8_t *copy;
	FILE *fp;
	int rc;

	if (image == NULL)
		setup();
	if (size == 0)
		return 0;
	/* an exact-size copy, so reading one byte past is caught */
	if ((copy = malloc(size)) == NULL)
		return 0;
	memcpy(copy, data, size);
	if ((fp = fmemopen(copy, size, "r")) == NULL)
		abort();
	rc = run_task_senses_open(&s, &task, fp, &d);
	if (rc == RUN_OK) {
		memset(&o, 0, sizeof o);
		o.out = o.log = o.errs = sink;
		o.format = TABLE_CSV;
		o.precision = TABLE_ROUND_TRIP;
		o.header = 1;
		o.max_ticks = RUN_TICKS;
		o.slots = TASKRUN_DEFAULT_SLOTS;
		run_task_senses_source(&s, &src);
		rc = run_taskrun(&task, &src, &o);
		if (rc != RUN_OK && rc != RUN_FAILED && rc != RUN_BAD_DATA)
			abort();
	} else if (rc != RUN_BAD_DATA || d.errors == 0) {
		abort();	/* refused without saying why */
	}
	run_task_senses_close(&s);
	fclose(fp);
	free(copy);
	return 0;
}
