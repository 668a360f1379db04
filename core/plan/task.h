/*
 * task.h - the task section of a .plan: BrainJS-style task machines
 * (actions with trajectories, decisions, variables) as fixed records, its
 * validator (called by plan_open), accessors and encoder.  Portable C99.
 *
 * Coordinates are fixed point: int32 counts of 1/1000 of the source unit
 * (TASK_SCALE), limited to +-TASK_COORD_MAX.  Summing concurrent
 * trajectories and comparing "value +- threshold" are then exact and the
 * same on every machine, and a robot needs no floating point.
 *
 * Layout: the TASK_* part of layout.h (offsets relative to the start
 * of the section); in short: a header; tables of actions, points,
 * decisions, checks and variable records; a string table (the task's
 * name, the axis, object, action and variable names).
 *
 * Each action's points and decisions, and each decision's checks and
 * records, are consecutive runs of their tables in order.  man/plan.5
 * documents it byte by byte.
 */
#ifndef SPINE_PLAN_TASK_H
#define SPINE_PLAN_TASK_H

#include <stddef.h>
#include <stdint.h>

#include "layout.h"

struct plan;
struct plan_error;

#define TASK_SCALE 1000L		/* fixed-point counts per unit */
#define TASK_COORD_MAX 1000000000L	/* |coordinate| limit, in counts */
#define TASK_MAX_AXES 8
#define TASK_MAX_OBJECTS 32
#define TASK_MAX_ACTIONS 256
#define TASK_MAX_VARIABLES 256
#define TASK_NAME_MAX 63

#define TASK_NO_ACTION 0xFFFFu	/* target action field when not ACTION */
#define TASK_SOURCE_ARM 0xFFu	/* record source: the arm, not an object */

/* Component kinds. */
enum task_kind {
	TASK_ANY = 0,		/* don't care (the original's -1) */
	TASK_VALUE = 1,		/* a literal, +- threshold in states */
	TASK_VAR = 2		/* one axis of a recorded variable */
};

/* What a decision starts. */
enum task_target_kind {
	TASK_T_NONE = 0,	/* nothing */
	TASK_T_ACTION = 1,	/* an action, after a delay */
	TASK_T_DONE = 2,	/* the task completes, after a delay */
	TASK_T_ABORT = 3	/* the task fails, after a delay */
};

/* Kinds of names in the string table. */
enum task_name_kind {
	TASK_NAME_TASK = 0, TASK_NAME_AXIS, TASK_NAME_OBJECT,
	TASK_NAME_ACTION, TASK_NAME_VARIABLE
};

struct plan_task_target {
	uint8_t kind;		/* enum task_target_kind */
	uint16_t action;	/* action index, TASK_NO_ACTION otherwise */
	uint16_t delay;		/* ticks */
};

/* A point or state component. */
struct plan_task_comp {
	uint8_t kind;		/* enum task_kind */
	int32_t value;		/* TASK_VALUE */
	uint16_t var;		/* TASK_VAR: variable index ... */
	uint8_t axis;		/* ... and which of its axes */
	int32_t threshold;	/* states: |actual - expected| <= threshold */
};

struct plan_task_action {
	uint16_t first_point, npoints;
	uint16_t first_decision, ndecisions;
	uint8_t verify;		/* check encoder feedback after each step */
	uint16_t misses;	/* consecutive misses allowed */
	int32_t tolerance;	/* per axis, counts */
	uint16_t reset_limit;	/* self-restarts allowed in a row; 0 = any */
	struct plan_task_target reset;	/* started instead past the limit */
};

struct plan_task_decision {
	uint16_t after;		/* taken after this step (0-based) */
	struct plan_task_target match, mismatch;
	uint16_t first_check;
	uint8_t nchecks;
	uint16_t first_record;
	uint8_t nrecords;
};

struct plan_task_check {
	uint8_t object;
};

struct plan_task_record {
	uint16_t var;
	uint8_t source;		/* object index or TASK_SOURCE_ARM */
};

/* A validated task section: pointers into the caller's bytes. */
struct plan_task {
	const uint8_t *base;
	uint32_t size;
	uint8_t axes, objects;
	uint16_t actions, variables, points, decisions, checks, records;
	uint16_t start;
	const uint8_t *action_tab, *point_tab, *decision_tab, *check_tab,
	    *record_tab, *strings;
	uint16_t strings_size;
};

/*
 * Validate a task section sec[0..len) completely and fill *t.  PLAN_OK
 * or PLAN_E_TASK with err->offset relative to sec.  plan_open calls it
 * when PLAN_F_TASK is set; after plan_open, plan_task_of is enough.
 */
int plan_task_open(struct plan_task *t, const uint8_t *sec, uint32_t len,
    struct plan_error *err);

/* The task section of a plan plan_open accepted: 1 and *t filled, or 0. */
int plan_task_of(const struct plan *p, struct plan_task *t);

/* Unpack records of a validated section (indices within range). */
void plan_task_get_action(const struct plan_task *t, uint16_t i,
    struct plan_task_action *out);
void plan_task_get_point(const struct plan_task *t, uint16_t point,
    uint8_t axis, struct plan_task_comp *out);
void plan_task_get_decision(const struct plan_task *t, uint16_t i,
    struct plan_task_decision *out);
uint16_t plan_task_decision_after(const struct plan_task *t, uint16_t i);
void plan_task_get_arm(const struct plan_task *t, uint16_t decision,
    uint8_t axis, struct plan_task_comp *out);
void plan_task_get_check(const struct plan_task *t, uint16_t i,
    struct plan_task_check *out);
void plan_task_get_check_comp(const struct plan_task *t, uint16_t check,
    uint8_t axis, struct plan_task_comp *out);
void plan_task_get_record(const struct plan_task *t, uint16_t i,
    struct plan_task_record *out);

/* A name from the string table (not NUL-terminated), or NULL. */
const uint8_t *plan_task_name(const struct plan_task *t, uint8_t kind,
    uint16_t index, uint8_t *len);

/* Index of a name of `kind`, or -1. */
long plan_task_find(const struct plan_task *t, uint8_t kind,
    const char *name, size_t len);

/*
 * Encoding.  Arrays in table order; comps hold D entries per point,
 * decision (the arm) or check.  Names in string-table order:
 * 1 + D + objects + actions + variables of them.
 */
struct plan_task_name {
	uint8_t len;
	const uint8_t *text;
};

struct plan_task_spec {
	uint8_t axes, objects;
	uint16_t actions, variables, points, decisions, checks, records;
	uint16_t start;
	const struct plan_task_action *action;
	const struct plan_task_comp *point;		/* points * D */
	const struct plan_task_decision *decision;
	const struct plan_task_comp *arm;		/* decisions * D */
	const struct plan_task_check *check;
	const struct plan_task_comp *check_comp;	/* checks * D */
	const struct plan_task_record *record;
	const struct plan_task_name *name;
};

/* Bytes plan_task_encode writes (0 if the counts are impossible). */
uint32_t plan_task_encoded_size(const struct plan_task_spec *s);

/* Write the section into out[cap]; its size, or 0 if cap is too small. */
uint32_t plan_task_encode(const struct plan_task_spec *s, uint8_t *out,
    uint32_t cap);

#endif
