/*
 * internal.h - what the task engine's files share: failing a run,
 * asking the environment with range checks, scheduling a target.
 * Internal to core/task (run.c, decide.c).
 */
#ifndef SPINE_TASK_INTERNAL_H
#define SPINE_TASK_INTERNAL_H

#include "task/task.h"

/* Where in the task something happened; for a decision, also how many
 * times in a row its run of the action has restarted itself. */
struct task_at {
	uint16_t action, step, decision;
	uint16_t repeats;
};

static inline struct task_at
task_at_of(uint16_t action, uint16_t step, uint16_t decision)
{
	struct task_at at = { action, step, decision, 0 };

	return at;
}

/* End the run with `code` at `at`; the other fields of r->why stay 0. */
void task_fail(struct task_run *r, uint8_t code, const struct task_at *at);

/* Arm / encoder position: 0, or -1 with the run aborted. */
int task_ask_arm(struct task_run *r, const struct task_env *env,
    uint8_t query, int32_t *pos, const struct task_at *at);

/* Object position: 1 seen, 0 not seen, -1 with the run aborted. */
int task_ask_object(struct task_run *r, const struct task_env *env,
    uint8_t object, int32_t *pos, const struct task_at *at);

/* Take decision `at->decision` of a running action; -1 if it aborted. */
int task_decide(struct task_run *r, const struct task_env *env,
    const struct task_at *at);

/* Fill slot s for action `action` starting at tick `start`. */
void task_slot_set(const struct plan_task *t, struct task_slot *s,
    uint16_t action, uint32_t start);

static inline int
task_is_pseudo(uint16_t action)
{
	return action == TASK_SLOT_DONE || action == TASK_SLOT_ABORT;
}

#endif
