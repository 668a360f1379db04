/*
 * trace.c - armtrace: the portable core's planner on a Cortex-M, under
 * QEMU, running a trace job (job.h): it prints each action executed,
 * "a CYCLE,ACTION_ID,VALUE", and each monitor event in the reference
 * traces' form, "e CYCLE,E|S|P|F|Z,ID,TYPE", "e CYCLE,R,ID,VALUE,LATCH"
 * and "e CYCLE,idle" after a cycle in which no drive ran.  Its files and
 * output go through semihosting.  Built by the Makefile, run by
 * test/arm.bats.
 *
 *	qemu-system-arm -M microbit ... -kernel armtrace.elf JOB
 */
#include <stdio.h>
#include <string.h>

#include "job.h"
#include "plan/plan.h"
#include "planner/planner.h"

#define PLAN_MAX	4096
#define STATE_MAX	1024	/* words */

struct run {
	struct job job;
	struct plan plan;
	struct planner planner;
	uint32_t cycle;
	int drive_ran;		/* an E of a drive in this cycle */
	uint8_t bytes[PLAN_MAX];
	uint16_t state[STATE_MAX];
};

static const char *const type_name[PLAN_NTYPES] = {
	"AP", "APE", "C", "CE", "D", "A"
};

static int16_t
sense(void *ctx, uint16_t id)
{
	struct run *r = ctx;

	return job_sense(&r->job, r->cycle, id);
}

static uint8_t
action(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	struct run *r = ctx;
	struct job_rule *rule = job_rule(&r->job, id);

	printf("a %lu,%u,%d\n", (unsigned long)r->cycle, id, value);
	if (!check)
		rule->count = 0;
	if (rule->running == 255)
		return PLANNER_IN_PROGRESS;
	if (rule->count < rule->running) {
		rule->count++;
		return PLANNER_IN_PROGRESS;
	}
	return rule->final;
}

static void
monitor(void *ctx, const struct planner_event *ev)
{
	static const char kinds[] = "ESPFZR";
	struct run *r = ctx;
	unsigned id = plan_id(&r->plan, ev->type, ev->index);

	if (ev->kind == PLANNER_EV_SENSE) {
		printf("e %lu,R,%u,%d,%u\n", (unsigned long)r->cycle, id,
		    ev->value, ev->latch);
		return;
	}
	if (ev->kind == PLANNER_EV_EXECUTED && ev->type == PLAN_D)
		r->drive_ran = 1;
	printf("e %lu,%c,%u,%s\n", (unsigned long)r->cycle, kinds[ev->kind],
	    id, type_name[ev->type]);
}

static int
load(struct run *r)
{
	struct plan_error err;
	struct planner_io io;
	size_t n;
	FILE *f;

	if ((f = fopen(r->job.plan, "rb")) == NULL) {
		fprintf(stderr, "armtrace: %s: cannot open it\n", r->job.plan);
		return -1;
	}
	n = fread(r->bytes, 1, sizeof r->bytes, f);
	fclose(f);
	if (plan_open(&r->plan, r->bytes, (uint32_t)n, &err) != PLAN_OK) {
		fprintf(stderr, "armtrace: %s: %s\n", r->job.plan,
		    plan_strerror(err.code));
		return -1;
	}
	io.sense = sense;
	io.action = action;
	io.monitor = monitor;
	io.ctx = r;
	if (planner_init(&r->planner, &r->plan, r->state, sizeof r->state,
	    &io) != 0) {
		fprintf(stderr, "armtrace: %s: its state needs more than %u "
		    "bytes\n", r->job.plan, (unsigned)sizeof r->state);
		return -1;
	}
	planner_set_global_monitor(&r->planner, PLAN_MON_ALL);
	return 0;
}

int
main(int argc, char **argv)
{
	static struct run r;

	if (argc != 2) {
		fprintf(stderr, "usage: armtrace JOB\n");
		return 2;
	}
	if (job_read(&r.job, argv[1]) != 0 || load(&r) != 0)
		return 1;
	for (r.cycle = 1; r.cycle <= r.job.cycles; r.cycle++) {
		if (r.job.ticks && (r.cycle - 1) % r.job.ticks == 0)
			planner_tick(&r.planner, 1);
		r.drive_ran = 0;
		planner_cycle(&r.planner);
		if (!r.drive_ran)
			printf("e %lu,idle\n", (unsigned long)r.cycle);
	}
	return 0;
}
