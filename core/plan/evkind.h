/*
 * evkind.h - the kinds of the planner's monitor events, once: number,
 * letter and word.  The planner's enum (planner.h), the wire's (msg.h)
 * and the plan's words (vocab.c) are all made from this list, so a kind
 * cannot mean one thing on the robot and another in a log.  Portable.
 *
 * Kinds 0..5 are the planner's (kind k enabled by PLAN_MON bit 1 << k);
 * I, a cycle in which no drive ran, Q, a drive's runtime priority set
 * from outside the planner (also the robot's PRIO event), and B, a run
 * boundary (the plan (re)started, or its log was joined), the hosts'.
 */
#ifndef SPINE_PLAN_EVKIND_H
#define SPINE_PLAN_EVKIND_H

/* X(NAME, number, letter, word) */
#define PLAN_EVENT_KINDS(X) \
	X(EXECUTED, 0, 'E', "executed") \
	X(SUCCESS, 1, 'S', "success") \
	X(PENDING, 2, 'P', "pending") \
	X(FAIL, 3, 'F', "fail") \
	X(ERROR, 4, 'Z', "error") \
	X(SENSE, 5, 'R', "sense") \
	X(IDLE, 6, 'I', "idle") \
	X(PRIORITY, 7, 'Q', "priority") \
	X(RUN, 8, 'B', "run")

#define PLAN_EV_ENUM_(name, k, letter, word) PLAN_EV_##name = k,
enum plan_event_kind {
	PLAN_EVENT_KINDS(PLAN_EV_ENUM_)
	PLAN_EV_COUNT
};
#undef PLAN_EV_ENUM_

#endif
