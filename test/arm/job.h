/*
 * job.h - a planner trace for the ARM runner (trace.c): the plan file,
 * how many cycles, how often the timers tick, what each action returns and
 * the senses cycle by cycle, read from a small text file that
 * test/arm.bats writes from a reference trace or a sense script.
 *
 *	plan FILE		the compiled plan
 *	cycles N		cycles to run
 *	ticks K			one timer tick before cycles 1, 1+K, ... (0: none)
 *	default RESULT		what an action returns unless told
 *	result ID RESULT	what action ID returns
 *	senses ID ...		the sense ids of the rows
 *	row CYCLE VALUE ...	their values from CYCLE on
 *
 * RESULT is success, fail, error, running, or running K success|fail|error
 * (K calls in progress, then that; counted afresh at each fresh call).
 */
#ifndef ARMTRACE_JOB_H
#define ARMTRACE_JOB_H

#include <stdint.h>

#define JOB_SENSES	16
#define JOB_ROWS	64
#define JOB_RULES	32

struct job_rule {
	uint16_t action;	/* robot action id */
	uint8_t final;		/* PLANNER_SUCCESS, _FAIL, _ERROR */
	uint8_t running;	/* calls in progress first; 255: always */
	uint8_t count;		/* in progress so far, since a fresh call */
};

struct job {
	char plan[256];
	uint32_t cycles;
	uint16_t ticks;
	struct job_rule dflt;
	struct job_rule rule[JOB_RULES];
	uint8_t nrules;
	uint16_t sense[JOB_SENSES];
	uint8_t nsenses;
	uint32_t row_cycle[JOB_ROWS];
	int16_t row[JOB_ROWS][JOB_SENSES];
	uint8_t nrows;
};

/* Read the job in `path`; 0, or -1 with a message on stderr. */
int job_read(struct job *j, const char *path);

/* The value of sense `id` in `cycle` (0 where no row says). */
int16_t job_sense(const struct job *j, uint32_t cycle, uint16_t id);

/* The rule for action `id` (the default's if none). */
struct job_rule *job_rule(struct job *j, uint16_t id);

#endif
