/*
 * yreader.h - the YAML plan reader's bookkeeping: the elements it has
 * added, the names each one uses (child, parent, sense, action), and the
 * pass that resolves those names once the whole file is read.  Internal
 * to yamlplan.c and yresolve.c.
 */
#ifndef SPINE_YREADER_H
#define SPINE_YREADER_H

#include "host/diag.h"
#include "plansrc/model.h"
#include "yaml/ydoc.h"

enum ref_mode {
	REF_NAME,		/* a declared name only */
	REF_ID,			/* a robot id written as a plain number */
	REF_NAME_OR_ID		/* a declared name, else a number is an id */
};

/* A sense or action named in the file. */
struct label_ref {
	char *text;		/* owned; NULL when none was written */
	const struct ynode *at;
	int mode;
};

struct elem_refs {
	const char *label;	/* its name in this file (ydoc text), or NULL */
	int unnamed;		/* the label is not stored in the plan */
	int explicit_id;	/* id: was written */
	const struct ynode *child;	/* scalar naming the child */
	const struct ynode *parent;	/* scalar naming the parent */
	long parent_index;	/* model index of the enclosing C/AP, or -1 */
	struct label_ref sense, action;
};

struct yreader {
	const struct ydoc *doc;	/* the caller's */
	struct plan_model *m;
	struct diag *d;
	struct elem_refs *refs;	/* parallel to m->elem */
	size_t refs_cap;
	long counter;		/* elements so far: the next automatic id - 1 */
};

/* 0, or -1 after reporting (out of memory). */
int plansrc_yreader_init(struct yreader *r, struct plan_model *m, struct diag *d);
void plansrc_yreader_free(struct yreader *r);

/*
 * Add an element of `type` named by the scalar `label` (NULL: unnamed),
 * numbered in document order.  Its model index in *k.  0, or -1 after
 * reporting.
 */
int plansrc_yreader_new_elem(struct yreader *r, int type, const struct ynode *label,
    size_t *k);

/* Remember that a sense or action is named here. */
void plansrc_yreader_want_label(struct yreader *r, struct label_ref *ref,
    const char *text, const struct ynode *at, int mode);

/* Names into ids: children, parents, senses, actions; element names. */
void plansrc_yreader_resolve(struct yreader *r);

#endif
