/*
 * yamlplan.c - the YAML plan reader.  Walks the document in order, adding
 * an element to the model for every drive, competence (and its elements),
 * pattern (and its steps) and act, numbered in document order unless an
 * id is given.  Names are resolved once everything is read, so elements
 * may be used before they are written.  plan-yaml(5) is the schema.
 */
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/vocab.h"
#include "plansrc/expr.h"
#include "host/slurp.h"
#include "host/suggest.h"
#include "plansrc/pwarn.h"
#include "plansrc/yamlplan.h"
#include "yaml/ydoc.h"
#include "plansrc/yreader.h"

/* Each YAML field's range (the linker picks the id width later). */
#define ID_MAX 65535L
#define I16_MIN -32768L
#define I16_MAX 32767L

/* --- element fields ------------------------------------------------------- */

static void
set_long(struct yreader *r, const struct ynode *n, long lo, long hi,
    const char *what, long *field)
{
	long v;

	if (n && yget_long(n, lo, hi, what, r->d, &v) == 0)
		*field = v;
}

static void
read_monitor(struct yreader *r, const struct ynode *n, long *field)
{
	const struct ynode *item;
	int32_t it = YDOC_NONE;
	long v = 0;
	char buf[64];
	int i;

	if (n == NULL)
		return;
	if (ynode_is(n, "all") || ynode_is(n, "none")) {
		*field = ynode_is(n, "all") ? PLAN_MON_ALL : 0;
		return;
	}
	if (n->kind != YNODE_SEQ) {
		ydoc_error(r->d, n, "monitor: expected all, none or a list of "
		    "executed, success, pending, fail, error, sense; found %s",
		    ynode_what(n, buf, sizeof buf));
		return;
	}
	while (yseq_next(r->doc, n, &it, &item)) {
		for (i = 0; i < 6; i++)
			if (ynode_is(item, plan_event_word((uint8_t)i)))
				break;
		if (i == 6) {
			ydoc_error(r->d, item, "monitor: unknown event %s "
			    "(executed, success, pending, fail, error, sense)",
			    ynode_what(item, buf, sizeof buf));
			return;
		}
		v |= 1L << i;
	}
	*field = v;
}

/* when: a phrase, or {sense, compare, value} for awkward sense names. */
static void
read_when(struct yreader *r, size_t k, const struct ynode *n)
{
	static const char *const keys[] = { "sense", "compare", "value", NULL };
	const struct ynode *v[3];
	struct plan_elem *e = &r->m->elem[k];
	struct when_expr w;
	const char *why, *name;
	long value = 1;
	int cmp;

	if (n->kind == YNODE_SCALAR) {
		if (n->len != strlen(n->text) ||
		    plansrc_when_parse(n->text, &w, &why) < 0) {
			ydoc_error(r->d, n, "when: %s",
			    n->len != strlen(n->text) ? "NUL byte in the text" :
			    why);
			return;
		}
		e->cmp = w.cmp;
		e->value = w.value;
		if (w.sense[0] == '\0')
			e->sense = 0;
		else
			plansrc_yreader_want_label(r, &r->refs[k].sense, w.sense, n,
			    REF_NAME_OR_ID);
		return;
	}
	if (ymap_fields(r->doc, n, keys, v, "when", r->d) < 0)
		return;
	if (v[0] == NULL || v[1] == NULL) {
		ydoc_error(r->d, n, "when: needs sense and compare (and "
		    "value)");
		return;
	}
	if (v[1]->kind != YNODE_SCALAR ||
	    (cmp = plan_cmp_from_text(v[1]->text)) < 0) {
		ydoc_error(r->d, v[1], "compare: expected ==, !=, >, <, EQ, "
		    "NE, GT, LT, TR or FL");
		return;
	}
	if (v[2] && yget_long(v[2], I16_MIN, I16_MAX, "value", r->d,
	    &value) < 0)
		return;
	if (yget_name(v[0], "sense", r->d, &name) < 0)
		return;
	e->cmp = cmp;
	e->value = value;
	plansrc_yreader_want_label(r, &r->refs[k].sense, name, v[0],
	    v[0]->plain && plansrc_expr_is_integer(name, &value) ? REF_ID :
	    REF_NAME);
}

/* The fields a drive and a competence element share. */
static void
read_releaser(struct yreader *r, size_t k, const struct ynode *when,
    const struct ynode *hyst, const struct ynode *flex, const char *what,
    const struct ynode *at)
{
	struct plan_elem *e = &r->m->elem[k];

	if (when)
		read_when(r, k, when);
	else
		ydoc_warn(r->d, PW_RELEASER, at, "%s '%s' has no 'when:': it "
		    "is released only while sense 0 reads more than 1 (write "
		    "'when: always' if it should always be released)", what,
		    r->refs[k].label);
	set_long(r, hyst, I16_MIN, I16_MAX, "hysteresis", &e->hysteresis);
	set_long(r, flex, I16_MIN, I16_MAX, "flex", &e->flex);
}

static void
read_child(struct yreader *r, size_t k, const struct ynode *n)
{
	const char *name;

	if (n && yget_name(n, "do", r->d, &name) == 0)
		r->refs[k].child = n;
}

/* id: and unnamed:, which every element may carry. */
static void
read_identity(struct yreader *r, size_t k, const struct ynode *id,
    const struct ynode *unnamed)
{
	int flag;

	set_long(r, id, 1, ID_MAX, "id", &r->m->elem[k].id);
	r->refs[k].explicit_id = id != NULL;
	if (unnamed && yget_bool(unnamed, "unnamed", r->d, &flag) == 0)
		r->refs[k].unnamed = flag;
}

/* --- drives --------------------------------------------------------------- */

static void
read_drive(struct yreader *r, const struct ynode *key, const struct ynode *n)
{
	enum { ID, UNNAMED, PRIORITY, WHEN, HYST, FLEX, DO, INTERVAL, RAMP_INC,
	    RAMP_INTERVAL, URGENCY, MONITOR, NKEYS };
	static const char *const keys[NKEYS + 1] = {
		"id", "unnamed", "priority", "when", "hysteresis", "flex",
		"do", "interval", "ramp_increment", "ramp_interval", "urgency",
		"monitor", NULL
	};
	const struct ynode *v[NKEYS];
	struct plan_elem *e;
	size_t k;

	if (plansrc_yreader_new_elem(r, PLAN_D, key, &k) < 0 ||
	    ymap_fields(r->doc, n, keys, v, "drive", r->d) < 0)
		return;
	read_identity(r, k, v[ID], v[UNNAMED]);
	e = &r->m->elem[k];
	set_long(r, v[PRIORITY], 0, ID_MAX, "priority", &e->priority);
	set_long(r, v[INTERVAL], 0, 65535, "interval", &e->interval);
	set_long(r, v[RAMP_INC], 0, ID_MAX, "ramp_increment", &e->ramp_inc);
	set_long(r, v[RAMP_INTERVAL], 0, ID_MAX, "ramp_interval",
	    &e->ramp_interval);
	set_long(r, v[URGENCY], 0, ID_MAX, "urgency", &e->urgency);
	read_monitor(r, v[MONITOR], &e->monitor);
	read_releaser(r, k, v[WHEN], v[HYST], v[FLEX], "drive", key);
	read_child(r, k, v[DO]);
}

/* --- competences ---------------------------------------------------------- */

/* One competence element; parent is the competence's model index, or -1
 * in competence_elements:, where `competence:` names it. */
static void
read_ce(struct yreader *r, const struct ynode *key, const struct ynode *n,
    long parent)
{
	enum { ID, UNNAMED, PRIORITY, WHEN, HYST, FLEX, RETRIES, DO, MONITOR,
	    COMPETENCE, NKEYS };
	static const char *const keys[NKEYS + 1] = {
		"id", "unnamed", "priority", "when", "hysteresis", "flex",
		"retries", "do", "monitor", "competence", NULL
	};
	const struct ynode *v[NKEYS];
	struct plan_elem *e;
	const char *name;
	size_t k;

	if (plansrc_yreader_new_elem(r, PLAN_CE, key, &k) < 0 ||
	    ymap_fields(r->doc, n, keys, v, "competence element", r->d) < 0)
		return;
	if (parent >= 0 && v[COMPETENCE]) {
		ydoc_error(r->d, v[COMPETENCE], "competence: an element "
		    "written inside its competence belongs to it already");
		return;
	}
	read_identity(r, k, v[ID], v[UNNAMED]);
	e = &r->m->elem[k];
	set_long(r, v[PRIORITY], 0, ID_MAX, "priority", &e->priority);
	set_long(r, v[RETRIES], 0, 255, "retries", &e->retry);
	read_monitor(r, v[MONITOR], &e->monitor);
	read_releaser(r, k, v[WHEN], v[HYST], v[FLEX], "competence element",
	    key);
	read_child(r, k, v[DO]);
	r->refs[k].parent_index = parent;
	if (v[COMPETENCE] && yget_name(v[COMPETENCE], "competence", r->d,
	    &name) == 0)
		r->refs[k].parent = v[COMPETENCE];
}

static void
read_ce_map(struct yreader *r, const struct ynode *n, long parent,
    const char *what)
{
	const struct ynode *key, *value;
	int32_t it = YDOC_NONE;
	char buf[64];

	if (n->kind == YNODE_SCALAR && n->plain && n->len == 0)
		return;		/* nothing written */
	if (n->kind != YNODE_MAP) {
		ydoc_error(r->d, n, "%s: expected a mapping of element names "
		    "to their fields, found %s", what,
		    ynode_what(n, buf, sizeof buf));
		return;
	}
	if (ymap_check_keys(r->doc, n, r->d) < 0)
		return;
	while (ymap_next(r->doc, n, &it, &key, &value))
		read_ce(r, key, value, parent);
}

static void
read_competence(struct yreader *r, const struct ynode *key,
    const struct ynode *n)
{
	enum { ID, UNNAMED, MODE, ELEMENTS, MONITOR, NKEYS };
	static const char *const keys[NKEYS + 1] = {
		"id", "unnamed", "mode", "elements", "monitor", NULL
	};
	const struct ynode *v[NKEYS];
	struct plan_elem *e;
	size_t k;

	if (plansrc_yreader_new_elem(r, PLAN_C, key, &k) < 0 ||
	    ymap_fields(r->doc, n, keys, v, "competence", r->d) < 0)
		return;
	read_identity(r, k, v[ID], v[UNNAMED]);
	e = &r->m->elem[k];
	read_monitor(r, v[MONITOR], &e->monitor);
	if (v[MODE] && (ynode_is(v[MODE], "and") || ynode_is(v[MODE], "or")))
		e->use_or = ynode_is(v[MODE], "or");
	else if (v[MODE])
		ydoc_error(r->d, v[MODE], "mode: expected and or or");
	if (v[ELEMENTS])
		read_ce_map(r, v[ELEMENTS], (long)k, "elements");
}

/* --- action patterns ------------------------------------------------------ */

/* One step; parent as in read_ce. */
static void
read_step(struct yreader *r, const struct ynode *n, long parent)
{
	enum { NAME, ID, DO, ORDER, MONITOR, PATTERN, NKEYS };
	static const char *const keys[NKEYS + 1] = {
		"name", "id", "do", "order", "monitor", "pattern", NULL
	};
	const struct ynode *v[NKEYS];
	struct plan_elem *e;
	const char *name;
	size_t k;

	if (n->kind == YNODE_SCALAR) {	/* just the child's name */
		if (parent < 0) {
			ydoc_error(r->d, n, "pattern_elements: each step is a "
			    "mapping with pattern: and do:");
			return;
		}
		if (plansrc_yreader_new_elem(r, PLAN_APE, NULL, &k) < 0)
			return;
		r->m->elem[k].pos.line = n->line;
		r->m->elem[k].pos.col = n->col;
		r->refs[k].parent_index = parent;
		read_child(r, k, n);
		return;
	}
	if (ymap_fields(r->doc, n, keys, v, "step", r->d) < 0 ||
	    plansrc_yreader_new_elem(r, PLAN_APE, v[NAME] ? v[NAME] : n, &k) < 0)
		return;
	if (!v[NAME])
		r->refs[k].label = NULL;
	else if (yget_name(v[NAME], "name", r->d, &r->refs[k].label) < 0)
		return;
	if (parent >= 0 && v[PATTERN]) {
		ydoc_error(r->d, v[PATTERN], "pattern: a step written inside "
		    "its pattern belongs to it already");
		return;
	}
	read_identity(r, k, v[ID], NULL);
	e = &r->m->elem[k];
	e->pos.line = n->line;
	e->pos.col = n->col;
	set_long(r, v[ORDER], 0, ID_MAX, "order", &e->priority);
	read_monitor(r, v[MONITOR], &e->monitor);
	read_child(r, k, v[DO]);
	r->refs[k].parent_index = parent;
	if (v[PATTERN] && yget_name(v[PATTERN], "pattern", r->d,
	    &name) == 0)
		r->refs[k].parent = v[PATTERN];
}

static void
read_steps(struct yreader *r, const struct ynode *n, long parent,
    const char *what)
{
	const struct ynode *item;
	int32_t it = YDOC_NONE;
	char buf[64];

	if (n->kind == YNODE_SCALAR && n->plain && n->len == 0)
		return;
	if (n->kind != YNODE_SEQ) {
		ydoc_error(r->d, n, "%s: expected a list of steps, found %s",
		    what, ynode_what(n, buf, sizeof buf));
		return;
	}
	while (yseq_next(r->doc, n, &it, &item))
		read_step(r, item, parent);
}

static void
read_pattern(struct yreader *r, const struct ynode *key,
    const struct ynode *n)
{
	enum { ID, UNNAMED, STEPS, MONITOR, NKEYS };
	static const char *const keys[NKEYS + 1] = {
		"id", "unnamed", "steps", "monitor", NULL
	};
	const struct ynode *v[NKEYS];
	size_t k;

	if (plansrc_yreader_new_elem(r, PLAN_AP, key, &k) < 0)
		return;
	if (n->kind != YNODE_MAP) {	/* the steps alone */
		read_steps(r, n, (long)k, "pattern");
		return;
	}
	if (ymap_fields(r->doc, n, keys, v, "pattern", r->d) < 0)
		return;
	read_identity(r, k, v[ID], v[UNNAMED]);
	read_monitor(r, v[MONITOR], &r->m->elem[k].monitor);
	if (v[STEPS])
		read_steps(r, v[STEPS], (long)k, "steps");
}

/* --- acts ----------------------------------------------------------------- */

static void
read_act(struct yreader *r, const struct ynode *key, const struct ynode *n)
{
	enum { ID, UNNAMED, ACTION, VALUE, MONITOR, NKEYS };
	static const char *const keys[NKEYS + 1] = {
		"id", "unnamed", "action", "value", "monitor", NULL
	};
	const struct ynode *v[NKEYS];
	struct act_expr a;
	const char *why, *name;
	struct plan_elem *e;
	size_t k;
	long id;

	if (plansrc_yreader_new_elem(r, PLAN_A, key, &k) < 0)
		return;
	e = &r->m->elem[k];
	if (n->kind == YNODE_SCALAR) {	/* "RobotAction [value]" */
		if (n->len != strlen(n->text) || plansrc_act_parse(n->text, &a,
		    &why) < 0) {
			ydoc_error(r->d, n, "act '%s': %s", key->text,
			    n->len != strlen(n->text) ? "NUL byte in the text"
			    : why);
			return;
		}
		if (a.has_value)
			e->action_value = a.value;
		plansrc_yreader_want_label(r, &r->refs[k].action, a.action, n,
		    REF_NAME_OR_ID);
		return;
	}
	if (ymap_fields(r->doc, n, keys, v, "act", r->d) < 0)
		return;
	read_identity(r, k, v[ID], v[UNNAMED]);
	e = &r->m->elem[k];
	set_long(r, v[VALUE], I16_MIN, I16_MAX, "value", &e->action_value);
	read_monitor(r, v[MONITOR], &e->monitor);
	if (v[ACTION] == NULL) {
		ydoc_error(r->d, n, "act '%s' needs 'action:'", key->text);
		return;
	}
	if (yget_name(v[ACTION], "action", r->d, &name) == 0)
		plansrc_yreader_want_label(r, &r->refs[k].action, name, v[ACTION],
		    v[ACTION]->plain && plansrc_expr_is_integer(name, &id) ? REF_ID :
		    REF_NAME);
}

/* --- sections ------------------------------------------------------------- */

typedef void (*entry_reader)(struct yreader *, const struct ynode *,
    const struct ynode *);

/* A mapping of name: value, each entry handed to `entry`. */
static void
read_named(struct yreader *r, const struct ynode *n, const char *what,
    entry_reader entry)
{
	const struct ynode *key, *value;
	int32_t it = YDOC_NONE;
	char buf[64];

	if (n->kind == YNODE_SCALAR && n->plain && n->len == 0)
		return;
	if (n->kind != YNODE_MAP) {
		ydoc_error(r->d, n, "%s: expected a mapping of names to "
		    "definitions, found %s", what, ynode_what(n, buf,
		    sizeof buf));
		return;
	}
	if (ymap_check_keys(r->doc, n, r->d) < 0)
		return;
	while (ymap_next(r->doc, n, &it, &key, &value)) {
		const char *name;

		if (yget_name(key, what, r->d, &name) == 0)
			entry(r, key, value);
	}
}

static void
read_label_entry(struct yreader *r, const struct ynode *key,
    const struct ynode *n, int sense)
{
	struct src_pos pos;
	long id, dummy;

	if (key->plain && plansrc_expr_is_integer(key->text, &dummy)) {
		ydoc_error(r->d, key, "%s name %s looks like an id: write it "
		    "in quotes if it really is the name", sense ? "sense" :
		    "action", key->text);
		return;
	}
	if (yget_long(n, 0, ID_MAX, sense ? "sense id" : "action id", r->d,
	    &id) < 0)
		return;
	memset(&pos, 0, sizeof pos);
	pos.line = key->line;
	pos.col = key->col;
	if ((sense ? plansrc_model_add_sense(r->m, id, key->text, &pos) :
	    plansrc_model_add_action(r->m, id, key->text, &pos)) < 0)
		ydoc_error(r->d, key, "out of memory");
}

static void
read_sense(struct yreader *r, const struct ynode *key, const struct ynode *n)
{
	read_label_entry(r, key, n, 1);
}

static void
read_action(struct yreader *r, const struct ynode *key, const struct ynode *n)
{
	read_label_entry(r, key, n, 0);
}

static void
read_settings(struct yreader *r, const struct ynode *n)
{
	enum { WIDTH, NAMES, RECURSION, MONITOR, NKEYS };
	static const char *const keys[NKEYS + 1] = {
		"id_width", "names", "allow_recursion", "monitor", NULL
	};
	const struct ynode *v[NKEYS];
	long width;
	int flag;

	if (ymap_fields(r->doc, n, keys, v, "plan", r->d) < 0)
		return;
	if (v[WIDTH] && yget_long(v[WIDTH], 8, 16, "id_width", r->d,
	    &width) == 0) {
		if (width != 8 && width != 16)
			ydoc_error(r->d, v[WIDTH], "id_width: 8 or 16");
		else
			r->m->id_width = width == 8 ? 1 : 2;
	}
	if (v[NAMES] && yget_bool(v[NAMES], "names", r->d, &flag) == 0)
		r->m->strip_names = !flag;
	if (v[RECURSION] && yget_bool(v[RECURSION], "allow_recursion", r->d,
	    &flag) == 0)
		r->m->allow_recursion = flag;
	read_monitor(r, v[MONITOR], &r->m->global_monitor);
}

/* A top-level key that is no section: the one it is nearest, or all. */
static void
unknown_section(struct yreader *r, const struct ynode *key)
{
	static const char *const names[] = { "plan", "senses", "actions",
	    "drives", "competences", "patterns", "acts",
	    "competence_elements", "pattern_elements" };
	const char *hit = suggest_word(key->text, names,
	    sizeof names / sizeof names[0]);

	if (hit != NULL)
		ydoc_error(r->d, key, "unknown section '%.40s'; did you mean "
		    "'%s'?", key->text, hit);
	else
		ydoc_error(r->d, key, "unknown section '%.40s' (plan, "
		    "senses, actions, drives, competences, patterns, acts, "
		    "competence_elements, pattern_elements)", key->text);
}

static void
section(struct yreader *r, const struct ynode *key, const struct ynode *n)
{
	if (ynode_is(key, "plan"))
		read_settings(r, n);
	else if (ynode_is(key, "senses"))
		read_named(r, n, "senses", read_sense);
	else if (ynode_is(key, "actions"))
		read_named(r, n, "actions", read_action);
	else if (ynode_is(key, "drives"))
		read_named(r, n, "drives", read_drive);
	else if (ynode_is(key, "competences"))
		read_named(r, n, "competences", read_competence);
	else if (ynode_is(key, "competence_elements"))
		read_ce_map(r, n, -1, "competence_elements");
	else if (ynode_is(key, "patterns"))
		read_named(r, n, "patterns", read_pattern);
	else if (ynode_is(key, "pattern_elements"))
		read_steps(r, n, -1, "pattern_elements");
	else if (ynode_is(key, "acts"))
		read_named(r, n, "acts", read_act);
	else if (ynode_is(key, "task") || ynode_is(key, "tasks"))
		/* plancc hands documents with `task` to the task reader;
		 * here someone mixed the two, or misspelt it */
		ydoc_error(r->d, key, "'%s' is not a plan section; a task "
		    "machine is a file whose top level has 'task:'",
		    key->text);
	else
		unknown_section(r, key);
}

int
plansrc_yaml_read_doc(const struct ydoc *doc, struct plan_model *m,
    struct diag *d)
{
	const struct ynode *root = ydoc_at(doc, 0), *key, *value;
	struct yreader r;
	int32_t it = YDOC_NONE;
	char what[64];

	if (plansrc_yreader_init(&r, m, d) < 0)
		return 0;
	r.doc = doc;
	if (root->kind != YNODE_MAP) {
		ydoc_error(d, root, "a plan is a mapping of sections "
		    "(drives:, competences:, ...), not %s",
		    ynode_what(root, what, sizeof what));
		goto out;
	}
	if (ymap_check_keys(doc, root, d) < 0)
		goto out;
	while (ymap_next(doc, root, &it, &key, &value))
		section(&r, key, value);
	if (d->errors == 0)
		plansrc_yreader_resolve(&r);
out:
	plansrc_yreader_free(&r);
	return 0;
}

int
plansrc_yaml_read_mem(const unsigned char *buf, size_t len,
    struct plan_model *m, struct diag *d)
{
	struct ydoc doc;

	if (ydoc_load(&doc, buf, len, d) < 0)
		return 0;
	plansrc_yaml_read_doc(&doc, m, d);
	ydoc_free(&doc);
	return 0;
}
