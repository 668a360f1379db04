/*
 * model.h - a plan as its source wrote it: elements with ids, links by id,
 * parameters as wide integers, names and source positions.  Every plancc
 * front end (.inst, YAML, Dia) fills one; link.c checks it and encodes it.
 */
#ifndef SPINE_PLAN_MODEL_H
#define SPINE_PLAN_MODEL_H

#include <stddef.h>

/* Where something was written: line/col, or a Dia object id. */
struct src_pos {
	long line, col;
	char object[16];	/* "O12" for Dia objects, else "" */
};

/* One element.  Fields a type does not use stay at their defaults. */
struct plan_elem {
	int type;		/* enum plan_type */
	long id;
	long child;		/* element id; 0 = none (D, CE, APE) */
	long parent;		/* element id; 0 = none (CE, APE) */
	long priority;		/* D, CE; the order of an APE */
	long interval;		/* D */
	long sense, cmp, value, hysteresis, flex;	/* releaser: D, CE */
	long ramp_inc, urgency, ramp_interval;		/* D */
	long retry;		/* CE */
	long use_or;		/* C */
	long action, action_value;	/* A */
	long monitor;		/* PLAN_MON_* bits */
	char *name;		/* owned; NULL if unnamed */
	struct src_pos pos;	/* where the element was written */
	struct src_pos child_pos;	/* where its child link was written */
	struct src_pos parent_pos;	/* where its parent link was written */
};

/* A robot sense or action name: id -> name. */
struct plan_label {
	long id;
	char *name;		/* owned */
	struct src_pos pos;
};

struct plan_model {
	struct plan_elem *elem;
	size_t nelem, elem_cap;
	struct plan_label *sense;
	size_t nsense, sense_cap;
	struct plan_label *action;
	size_t naction, action_cap;
	long global_monitor;
	/* what the source itself asks for; plancc's options can add to it */
	int id_width;		/* 0 automatic, 1 or 2 bytes */
	int strip_names;	/* no name table */
	int allow_recursion;	/* cycles through competences are meant */
};

void plansrc_model_init(struct plan_model *m);
void plansrc_model_free(struct plan_model *m);

/*
 * Append an element of `type` with the Instinct exporter's defaults
 * (priority 1, comparator GT, sense value 1, hysteresis 1, order 1, action
 * value 1, everything else 0).  Its link positions start as `pos`.  NULL
 * when out of memory.  The pointer lasts until the next plansrc_model_add.
 */
struct plan_elem *plansrc_model_add(struct plan_model *m, int type,
    const struct src_pos *pos);

/* Append a sense or action label (name is copied).  -1 out of memory. */
int plansrc_model_add_sense(struct plan_model *m, long id, const char *name,
    const struct src_pos *pos);
int plansrc_model_add_action(struct plan_model *m, long id, const char *name,
    const struct src_pos *pos);

/* Set an element's name (copied).  -1 out of memory. */
int plansrc_model_set_name(struct plan_elem *e, const char *name);

#endif
