/*
 * task.h - the task machine engine (ARNIE's BrainJS): runs a validated
 * task section one tick at a time against an environment reached through
 * function pointers.  Used by planrun; portable C99 for a robot too.
 *
 * No malloc, no stdio, no globals: the caller provides the run state, the
 * running list and the variable store.  No floating point either: all
 * coordinates are the section's fixed-point counts (plan/task.h), so sums
 * and threshold comparisons are exact and identical on every machine.
 *
 * One tick t (task_step):
 *   1. verification: every running verified action that commanded a step
 *      at t-1 compares the encoder with the point commanded at t-1;
 *      more consecutive misses than allowed abort the task
 *   2. decisions: every action whose step at t-1 is a decision's `after`
 *      takes that decision now, against the environment at t; what it
 *      starts begins at t + delay (step 0 is commanded at that tick)
 *   3. a scheduled `done` or `abort` that is due ends the task
 *   4. actions past their last step leave the running list
 *   5. the output: the sum of the current points of all running actions
 *   6. the task is complete when nothing runs and nothing is scheduled
 */
#ifndef SPINE_TASK_H
#define SPINE_TASK_H

#include <stdint.h>

#include "plan/task.h"

/* Pseudo-actions in the running list: a scheduled end of the task. */
#define TASK_SLOT_DONE 0xFFFEu
#define TASK_SLOT_ABORT 0xFFFFu
#define TASK_NONE16 0xFFFFu

/* One entry of the running list: an action and the tick of its step 0. */
struct task_slot {
	uint16_t action;	/* action index or TASK_SLOT_DONE/_ABORT */
	uint16_t misses;	/* consecutive verification misses */
	uint32_t start;
	/* the action's record, kept here: the tick reads these a lot */
	uint16_t first_point, npoints, first_decision, ndecisions;
	uint8_t verify;
	uint16_t repeats;	/* self-restarts in a row that led here */
	uint16_t from_action;	/* done/abort: the decision that chose it */
	uint16_t from_step;
	uint16_t from_decision;
	uint8_t from_matched;
	uint8_t from_reset;	/* chosen by the action's reset rule */
};

enum task_state { TASK_RUNNING = 0, TASK_DONE = 1, TASK_ABORTED = 2 };

enum task_abort_code {
	TASK_E_NONE = 0,
	TASK_E_VARIABLE,	/* a variable referenced before it was set */
	TASK_E_VERIFY,		/* too many consecutive verification misses */
	TASK_E_CHOSEN,		/* a decision chose abort */
	TASK_E_RANGE,		/* the summed point left the coordinate range */
	TASK_E_FULL,		/* the running list is full */
	TASK_E_ENV,		/* the environment did not answer */
	TASK_E_ENV_RANGE,	/* the environment answered out of range */
	TASK_E_TICKS		/* the tick counter would overflow */
};

/* What the environment was asked when it failed. */
enum task_query { TASK_Q_ARM = 0, TASK_Q_ENCODER, TASK_Q_OBJECT };

struct task_abort {
	uint8_t code;		/* enum task_abort_code */
	uint16_t action;	/* action at fault, or TASK_NONE16 */
	uint16_t step;		/* its step */
	uint16_t decision;	/* index within the action, or TASK_NONE16 */
	uint16_t var;		/* TASK_E_VARIABLE */
	uint16_t target;	/* TASK_E_FULL: the action not started */
	uint16_t misses, allowed;	/* TASK_E_VERIFY */
	uint8_t query, object, axis;	/* TASK_E_ENV*, TASK_E_VERIFY, _RANGE */
	uint8_t matched;	/* TASK_E_CHOSEN: the state matched ... */
	uint8_t reset;		/* ... and the reset rule chose it */
	int32_t actual, expected, tolerance;	/* TASK_E_VERIFY: that axis */
};

/* Why a decision state did not match: the first component that failed. */
enum task_miss_kind {
	TASK_M_NONE = 0, TASK_M_ARM, TASK_M_UNSEEN, TASK_M_OBJECT
};

struct task_mismatch {
	uint8_t kind;		/* enum task_miss_kind */
	uint8_t object, axis;
	int32_t actual, expected, threshold;
};

/* Events for a transparency log. */
enum task_event_kind { TASK_EV_DECISION, TASK_EV_RECORD, TASK_EV_MISS };

struct task_event {
	uint8_t kind;		/* enum task_event_kind */
	uint32_t tick;
	uint16_t action, step;
	/* TASK_EV_DECISION */
	uint16_t decision;	/* index within the action */
	uint8_t matched;
	uint8_t reset;		/* the action's reset target replaced it */
	struct task_mismatch why;
	struct plan_task_target target;
	/* TASK_EV_RECORD: var <- source (cleared when the object is unseen) */
	uint16_t var;
	uint8_t source, set;
	/* TASK_EV_MISS: misses in a row, allowed */
	uint16_t misses, allowed;
	const int32_t *point;	/* RECORD: the value; MISS: the encoder */
	const int32_t *commanded;	/* MISS */
};

/*
 * The environment.  Positions are D fixed-point counts.  arm and encoder
 * return 0, or -1 when unavailable; object returns 1 when the object is
 * seen (pos filled), 0 when it is not, -1 when unavailable.  event may be
 * NULL.  The engine asks only for what a tick needs.
 */
struct task_env {
	void *ctx;
	int (*arm)(void *ctx, int32_t *pos);
	int (*encoder)(void *ctx, int32_t *pos);
	int (*object)(void *ctx, uint8_t index, int32_t *pos);
	void (*event)(void *ctx, const struct task_event *ev);
};

struct task_run {
	const struct plan_task *task;
	struct task_slot *slot;	/* the running list (caller's memory) */
	uint16_t cap, n;
	int32_t *var;		/* variables * axes values */
	uint8_t *var_set;	/* one flag per variable */
	uint32_t tick;		/* the tick task_step runs next */
	uint8_t state;		/* enum task_state */
	uint8_t has_out;	/* the last tick commanded a point */
	int32_t out[TASK_MAX_AXES];	/* ... this one */
	uint32_t out_tick;	/* ... at this tick */
	struct task_abort why;	/* when state is TASK_ABORTED */
};

/*
 * Start a run of task t: slot[cap] for the running list (cap >= 1),
 * var[t->variables * t->axes] and var_set[t->variables] (may be NULL
 * when the task has no variables).  The start action begins at tick 0.
 */
void task_init(struct task_run *r, const struct plan_task *t,
    struct task_slot *slot, uint16_t cap, int32_t *var, uint8_t *var_set);

/* Run one tick; the state afterwards (enum task_state). */
int task_step(struct task_run *r, const struct task_env *env);

#endif
