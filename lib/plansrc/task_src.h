/*
 * task_src.h - a task machine as its source wrote it: actions by name,
 * components with variable and object names, positions for messages.
 * The reader (task_yaml.c, task_ystate.c) fills it; task_link.c checks
 * it and encodes it.  Names point into the YAML document, which outlives
 * the model.  Internal to lib/plansrc.
 */
#ifndef SPINE_TASK_SRC_H
#define SPINE_TASK_SRC_H

#include <stddef.h>
#include <stdint.h>

#include "plan/task.h"
#include "plansrc/task_tdoc.h"

struct tsrc_comp {
	uint8_t kind;		/* TASK_ANY, TASK_VALUE, TASK_VAR */
	int32_t value, threshold;	/* counts */
	const char *var;	/* TASK_VAR: variable name ... */
	size_t var_len;
	uint8_t axis;		/* ... and which of its axes */
	struct tpos pos;
};

struct tsrc_target {
	uint8_t kind;		/* enum task_target_kind */
	const char *action;	/* TASK_T_ACTION */
	long delay;
	struct tpos pos;
};

struct tsrc_check {
	const char *object;
	struct tpos pos;
	struct tsrc_comp comp[TASK_MAX_AXES];
};

struct tsrc_record {
	const char *var;
	const char *source;	/* object name, or NULL for the arm */
	struct tpos pos, source_pos;
};

struct tsrc_decision {
	long after;
	struct tpos pos;
	struct tsrc_comp arm[TASK_MAX_AXES];
	struct tsrc_check *check;
	size_t nchecks;
	struct tsrc_record *rec;
	size_t nrecords;
	struct tsrc_target match, mismatch;
};

struct tsrc_action {
	const char *name;
	struct tpos pos;
	struct tsrc_comp *point;	/* npoints * axes */
	size_t npoints;
	int verify;
	int32_t tolerance;
	long misses;
	long reset_limit;	/* 0: no reset */
	struct tsrc_target reset;
	struct tsrc_decision *dec;
	size_t ndecisions;
};

struct tsrc_task {
	const char *name;	/* "" when not given */
	uint8_t naxes;
	const char *axis[TASK_MAX_AXES];
	const char **object;	/* declared objects, if any */
	struct tpos *object_pos;
	size_t nobjects;
	int objects_declared;
	struct tsrc_action *act;
	size_t nactions;
	const char *start;
	struct tpos start_pos;
};

/* Read the document's task into m.  0, or -1 when errors were reported. */
int plansrc_tsrc_read(struct tdoc *y, struct tsrc_task *m);
void plansrc_tsrc_free(struct tsrc_task *m);

/* The decision-level parts (task_ystate.c). */
int plansrc_tsrc_read_decisions(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_action *a);
int plansrc_tsrc_read_target(struct tdoc *y, const struct ynode *n, const char *what,
    struct tsrc_target *t);

/* Axis index of a name, or -1. */
int plansrc_tsrc_axis(const struct tsrc_task *m, const char *s, size_t len);

/*
 * A "$name" or "$name.axis" reference in scalar n into c (kind TASK_VAR;
 * the axis defaults to `axis`).  1 if n is a reference, 0 if it is not,
 * -1 when it is malformed (reported).
 */
int plansrc_tsrc_var_ref(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, uint8_t axis, struct tsrc_comp *c);

#endif
