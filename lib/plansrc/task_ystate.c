/*
 * task_ystate.c - reading an action's decisions: the step they follow,
 * the decision state (arm and objects; -1/any, [value, threshold] or
 * $variable per axis), the match and mismatch targets, the variables to
 * record.  Called by task_yaml.c.
 */
#include <stdlib.h>
#include <string.h>

#include "plansrc/pwarn.h"
#include "plansrc/task_src.h"

static const struct tkey decision_keys[] = {
	{ "after", "executeAfter" }, { "state", NULL },
	{ "match", "success" }, { "mismatch", "fail" }, { "record", NULL },
};
enum { D_AFTER, D_STATE, D_MATCH, D_MISMATCH, D_RECORD, N_DECISION };

static const struct tkey state_keys[] = {
	{ "arm", NULL }, { "objects", NULL },
};

static const struct tkey target_keys[] = {
	{ "action", NULL }, { "delay", NULL },
};

/* [value or $variable, threshold] */
static int
read_pair(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, uint8_t axis, struct tsrc_comp *c)
{
	const struct ynode *v, *t;
	int rc;

	if (TDOC_ITEMS(n) != 2) {
		plansrc_tdoc_error(y, n, "a state component list is [value, "
		    "threshold]");
		return -1;
	}
	v = ydoc_at(y->doc, n->first);
	t = ydoc_at(y->doc, v->next);
	if ((rc = plansrc_tsrc_var_ref(y, m, v, axis, c)) < 0)
		return -1;
	if (rc == 0) {
		c->kind = TASK_VALUE;
		if (plansrc_tdoc_number(y, v, "a state value", &c->value) < 0)
			return -1;
	}
	if (plansrc_tdoc_number(y, t, "a threshold", &c->threshold) < 0)
		return -1;
	if (c->threshold < 0) {
		plansrc_tdoc_error(y, t, "a threshold must not be negative");
		return -1;
	}
	return 0;
}

static int
read_state_comp(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, uint8_t axis, struct tsrc_comp *c)
{
	int rc;

	memset(c, 0, sizeof *c);
	c->pos = plansrc_tdoc_pos(n);
	if (plansrc_tdoc_is_plain(n, "-1") || ynode_is(n, "any"))
		return 0;	/* TASK_ANY */
	if (n->kind == YNODE_SEQ)
		return read_pair(y, m, n, axis, c);
	if ((rc = plansrc_tsrc_var_ref(y, m, n, axis, c)) != 0)
		return rc < 0 ? -1 : 0;
	if (n->kind == YNODE_SCALAR && n->plain)
		plansrc_tdoc_error(y, n, "a bare '%.20s' is not a state component: "
		    "write [%.20s, threshold], or -1 for don't care",
		    tdoc_text(n), tdoc_text(n));
	else
		plansrc_tdoc_error(y, n, "a state component is -1 or any (don't "
		    "care), [value, threshold] or $variable, not %s",
		    plansrc_tdoc_kind(n));
	return -1;
}

/* Axis -> component; axes not given are don't care.  "name" allowed? */
static int
read_comp_map(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_comp *c, const struct ynode **name)
{
	const struct ynode *key, *v;
	int32_t it = YDOC_NONE;
	int k;

	if (plansrc_tdoc_name_map(y, n, TASK_MAX_AXES + 1, "a state") < 0)
		return -1;
	while (ymap_next(y->doc, n, &it, &key, &v)) {
		if (name && ynode_is(key, "name")) {
			*name = v;
			continue;
		}
		if ((k = plansrc_tsrc_axis(m, tdoc_text(key), tdoc_len(key))) < 0) {
			plansrc_tdoc_error(y, key, "no axis '%.40s' in this task",
			    tdoc_text(key));
			return -1;
		}
		if (read_state_comp(y, m, v, (uint8_t)k, &c[k]) < 0)
			return -1;
	}
	return 0;
}

/* The components of the arm or of one object: a list or a mapping. */
static int
read_comps(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_comp *c)
{
	const struct ynode *v;
	int32_t it = YDOC_NONE;
	uint8_t k = 0;

	if (n->kind == YNODE_MAP)
		return read_comp_map(y, m, n, c, NULL);
	if (n->kind != YNODE_SEQ || TDOC_ITEMS(n) != m->naxes) {
		plansrc_tdoc_error(y, n, "a state is a list of %u components or a "
		    "mapping of axes", m->naxes);
		return -1;
	}
	for (; yseq_next(y->doc, n, &it, &v); k++)
		if (read_state_comp(y, m, v, k, &c[k]) < 0)
			return -1;
	return 0;
}

static int
object_name(struct tdoc *y, const struct ynode *n, const char **out)
{
	if (plansrc_tdoc_name(y, n, "an object name", out) < 0)
		return -1;
	if (strcmp(*out, "arm") == 0) {
		plansrc_tdoc_error(y, n, "'arm' is the arm, not an object");
		return -1;
	}
	return 0;
}

/* objects: {name: comps, ...} */
static int
read_object_map(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_decision *d)
{
	const struct ynode *key, *v;
	int32_t it = YDOC_NONE;

	if (plansrc_tdoc_name_map(y, n, TASK_MAX_OBJECTS, "objects") < 0)
		return -1;
	while (ymap_next(y->doc, n, &it, &key, &v)) {
		struct tsrc_check *ch = &d->check[d->nchecks++];

		ch->pos = plansrc_tdoc_pos(key);
		if (object_name(y, key, &ch->object) < 0 ||
		    read_comps(y, m, v, ch->comp) < 0)
			return -1;
	}
	return 0;
}

/* objects: [{name: flame, x: ..., ...}, ...] as instructions.json has */
static int
read_object_list(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_decision *d)
{
	const struct ynode *v;
	int32_t it = YDOC_NONE;
	size_t j;

	if (plansrc_tdoc_list(y, n, TASK_MAX_OBJECTS, "objects") < 0)
		return -1;
	while (yseq_next(y->doc, n, &it, &v)) {
		struct tsrc_check *ch = &d->check[d->nchecks];
		const struct ynode *name = NULL;

		ch->pos = plansrc_tdoc_pos(v);
		if (v->kind != YNODE_MAP) {
			plansrc_tdoc_error(y, v, "an object in a state is a mapping "
			    "with its name and axes");
			return -1;
		}
		if (read_comp_map(y, m, v, ch->comp, &name) < 0)
			return -1;
		if (name == NULL) {
			plansrc_tdoc_error(y, v, "this object has no name: add "
			    "name: <object>");
			return -1;
		}
		if (object_name(y, name, &ch->object) < 0)
			return -1;
		for (j = 0; j < d->nchecks; j++)
			if (strcmp(d->check[j].object, ch->object) == 0) {
				plansrc_tdoc_error(y, name, "object '%s' is checked "
				    "twice in this state", ch->object);
				return -1;
			}
		d->nchecks++;
	}
	return 0;
}

static int
read_state(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_decision *d)
{
	const struct ynode *v[2], *o;
	size_t count;

	if (plansrc_tdoc_keys(y, n, state_keys, 2, v, "a decision state") < 0)
		return -1;
	if (v[0] && read_comps(y, m, v[0], d->arm) < 0)
		return -1;
	if ((o = v[1]) == NULL)
		return 0;
	count = o->kind == YNODE_MAP ? TDOC_PAIRS(o) :
	    o->kind == YNODE_SEQ ? TDOC_ITEMS(o) : 0;
	if (count > TASK_MAX_OBJECTS)
		count = 0;	/* refused by the readers below */
	if ((d->check = calloc(count + 1, sizeof *d->check)) == NULL) {
		plansrc_tdoc_error(y, o, "out of memory");
		return -1;
	}
	if (o->kind == YNODE_SEQ)
		return read_object_list(y, m, o, d);
	return read_object_map(y, m, o, d);
}

/* record: {variable: arm | object, ...} */
static int
read_records(struct tdoc *y, const struct ynode *n, struct tsrc_decision *d)
{
	const struct ynode *key, *v;
	int32_t it = YDOC_NONE;

	if (plansrc_tdoc_name_map(y, n, 255, "record") < 0)
		return -1;
	if ((d->rec = calloc(TDOC_PAIRS(n) + 1, sizeof *d->rec)) == NULL) {
		plansrc_tdoc_error(y, n, "out of memory");
		return -1;
	}
	while (ymap_next(y->doc, n, &it, &key, &v)) {
		struct tsrc_record *r = &d->rec[d->nrecords++];

		r->pos = plansrc_tdoc_pos(key);
		if (plansrc_tdoc_name(y, key, "a variable name", &r->var) < 0 ||
		    plansrc_tdoc_name(y, v, "a source (arm or an object)",
		    &r->source) < 0)
			return -1;
		r->source_pos = plansrc_tdoc_pos(v);
		if (strcmp(r->source, "arm") == 0)
			r->source = NULL;
	}
	return 0;
}

static int
target_name(struct tdoc *y, const struct ynode *n, struct tsrc_target *t)
{
	/* "no action named" points at the name, also inside {action: } */
	t->pos = plansrc_tdoc_pos(n);
	if (ynode_is(n, "none"))
		t->kind = TASK_T_NONE;
	else if (ynode_is(n, "done"))
		t->kind = TASK_T_DONE;
	else if (ynode_is(n, "abort"))
		t->kind = TASK_T_ABORT;
	else if (plansrc_tdoc_name(y, n, "an action name", &t->action) < 0)
		return -1;
	else
		t->kind = TASK_T_ACTION;
	return 0;
}

int
plansrc_tsrc_read_target(struct tdoc *y, const struct ynode *n, const char *what,
    struct tsrc_target *t)
{
	const struct ynode *v[2];

	memset(t, 0, sizeof *t);
	t->pos = plansrc_tdoc_pos(n);
	if (n->kind == YNODE_SCALAR)
		return target_name(y, n, t);
	if (n->kind != YNODE_MAP) {
		plansrc_tdoc_error(y, n, "%s is an action name, none, done or abort, "
		    "or {action: ..., delay: ...}", what);
		return -1;
	}
	if (plansrc_tdoc_keys(y, n, target_keys, 2, v, what) < 0)
		return -1;
	if (v[0] == NULL) {
		plansrc_tdoc_error(y, n, "%s: no action", what);
		return -1;
	}
	if (target_name(y, v[0], t) < 0 || (v[1] && plansrc_tdoc_long(y, v[1],
	    "the delay", 0, 0xFFFF, &t->delay) < 0))
		return -1;
	if (t->kind == TASK_T_NONE && t->delay != 0) {
		plansrc_tdoc_warn(y, PW_IGNORED, v[1], "a delay does nothing with "
		    "none");
		t->delay = 0;
	}
	return 0;
}

static int
read_decision(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_decision *d)
{
	const struct ynode *v[N_DECISION];

	d->pos = plansrc_tdoc_pos(n);
	if (plansrc_tdoc_keys(y, n, decision_keys, N_DECISION, v, "a decision") < 0)
		return -1;
	if (v[D_AFTER] == NULL) {
		plansrc_tdoc_error(y, n, "a decision needs after: (the step it "
		    "follows)");
		return -1;
	}
	if (plansrc_tdoc_long(y, v[D_AFTER], "after", 0, 0xFFFF, &d->after) < 0)
		return -1;
	d->pos = plansrc_tdoc_pos(v[D_AFTER]);
	if ((v[D_STATE] && read_state(y, m, v[D_STATE], d) < 0) ||
	    (v[D_MATCH] && plansrc_tsrc_read_target(y, v[D_MATCH], "match",
	    &d->match) < 0) ||
	    (v[D_MISMATCH] && plansrc_tsrc_read_target(y, v[D_MISMATCH], "mismatch",
	    &d->mismatch) < 0) ||
	    (v[D_RECORD] && read_records(y, v[D_RECORD], d) < 0))
		return -1;
	return 0;
}

int
plansrc_tsrc_read_decisions(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_action *a)
{
	const struct ynode *v;
	int32_t it = YDOC_NONE;
	size_t i = 0;

	if (plansrc_tdoc_list(y, n, 0xFFFF, "decisions") < 0)
		return -1;
	if ((a->dec = calloc(TDOC_ITEMS(n) + 1, sizeof *a->dec)) == NULL) {
		plansrc_tdoc_error(y, n, "out of memory");
		return -1;
	}
	for (; yseq_next(y->doc, n, &it, &v); i++) {
		a->ndecisions = i + 1;
		if (read_decision(y, m, v, &a->dec[i]) < 0)
			return -1;
	}
	return 0;
}
