/*
 * planrun_fuzz.c - libFuzzer harness for planrun's two CSV inputs, which
 * live in cmd/planrun and are linked from there: any bytes in as a
 * --senses script and as a --replay log of examples/planrun/bumper.inst,
 * then the cycles they name played back; no crash, no hang, no leak.
 */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "plan/plan.h"
#include "run/run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PLAN_SOURCE "examples/planrun/bumper.inst"
#define PLAY_CYCLES 512

static uint8_t *image;
static struct plan plan;
static struct names names;
static char path[64];

static void
remove_file(void)
{
	unlink(path);
}

static void
setup(void)
{
	struct plan_error err;
	uint32_t n = 0;
	size_t len;
	char *text = fuzz_slurp(PLAN_SOURCE, &len);
	int fd;

	image = fuzz_plan_image(text, 1, &n);
	free(text);
	if (plan_open(&plan, image, n, &err) != PLAN_OK ||
	    evlog_names_init(&names, &plan) < 0)
		abort();
	/* the readers take a path: the input goes to a file of our own */
	snprintf(path, sizeof path, "/tmp/planrun_fuzz.XXXXXX");
	if ((fd = mkstemp(path)) < 0)
		abort();
	close(fd);
	atexit(remove_file);
}

static void
put_file(const uint8_t *data, size_t size)
{
	FILE *fp = fopen(path, "w");

	if (fp == NULL || fwrite(data, 1, size, fp) != size ||
	    fclose(fp) != 0)
		abort();
}

/* Rows apply in cycle order as the run goes; values land in the per-id
   array; the script ends the run only once it has no rows left. */
static void
play_script(void)
{
	struct run_options o = { -1, 1, 0, 125, 0 };
	struct script s;
	int16_t *values;
	long c;

	if (run_script_open(&s, path, &names, &o) != RUN_OK) {
		run_script_close(&s);
		return;
	}
	if ((values = calloc(names.nids, sizeof *values)) == NULL)
		abort();
	for (c = 1; c <= PLAY_CYCLES; c++) {
		if (run_script_advance(&s, c, values) != RUN_OK)
			break;
		if (s.pending != 0 && s.pending <= c)
			abort();	/* a row due and not applied */
		if (!run_script_covers(&s, c)) {
			if (!s.ended)
				abort();
			break;
		}
	}
	free(values);
	run_script_close(&s);
}

/* Every sense and action asked for, each cycle the log covers, run
   after run. */
static void
play_replay(void)
{
	struct replay r;
	uint8_t code, how;
	uint32_t id;
	long c = 0, n;
	int k;

	if (run_replay_open(&r, path, &names, NULL) != RUN_OK) {
		run_replay_close(&r);
		return;
	}
	for (n = 0; n < PLAY_CYCLES; n++) {
		k = run_replay_next(&r, c, &c, &how);
		if (k == REPLAY_RUN_OVER) {
			run_replay_priorities(&r, -1, NULL);
			k = run_replay_next_run(&r, &c, &how);
		}
		if (k == REPLAY_END || k == REPLAY_ERROR)
			break;
		if (c < 1 || how >= EVLOG_RUN_COUNT)
			abort();	/* cycles count from 1 */
		if (run_replay_load(&r, c) != RUN_OK)
			break;
		run_replay_priorities(&r, c, NULL);
		(void)run_replay_time(&r);
		for (id = 0; id < names.nids; id++) {
			(void)run_replay_sense(&r, (uint16_t)id, c);
			if (run_replay_result(&r, (uint16_t)id, &code) && code > 3)
				abort();	/* not a planner result */
		}
	}
	run_replay_close(&r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (image == NULL)
		setup();
	put_file(data, size);
	play_script();
	play_replay();
	return 0;
}
