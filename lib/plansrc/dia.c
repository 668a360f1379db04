/*
 * dia.c - iVDL: what a Dia diagram's classes and associations mean as a
 * plan (spec §9).  Ids go to classes in document order, skipping robot
 * senses and actions; attributes take the exporter's defaults; handle 0 of
 * an association is the parent, handle 1 the child.  Where the exporter
 * silently wrote a dead or wrong plan (several parents, dangling lines,
 * unknown names) this reader stops with the object's id and name (§13.6).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/vocab.h"
#include "plansrc/cint.h"
#include "plansrc/dia.h"
#include "plansrc/dia_doc.h"
#include "host/slurp.h"
#include "plansrc/pwarn.h"
#include "host/suggest.h"

#define NO_TYPE (-1)
#define SENSE_TYPE (-2)		/* RobotSense */
#define ACTION_TYPE (-3)	/* RobotAction */

/* One class of the diagram with what it became. */
struct cls {
	const struct dia_object *o;
	int type;		/* plan type, or SENSE_, ACTION_, NO_TYPE */
	long elem;		/* model index, or -1 */
	long id;		/* element id, or the robot's id */
	size_t nchild, nparent;	/* associations at each end */
	const struct dia_object *child_by, *parent_by;
	const struct cls *child, *parent;
};

struct dia_reader {
	const struct dia_doc *doc;
	struct plan_model *m;
	struct diag *d;
	struct cls *cls;
	size_t ncls;
};

static int
type_of(const char *stereotype)
{
	static const struct {
		const char *word;
		int type;
	} types[] = {
		{ "ActionPattern", PLAN_AP },
		{ "ActionPatternElement", PLAN_APE },
		{ "Competence", PLAN_C },
		{ "CompetenceElement", PLAN_CE },
		{ "Drive", PLAN_D },
		{ "Action", PLAN_A },
		{ "RobotSense", SENSE_TYPE },
		{ "RobotAction", ACTION_TYPE },
	};
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strcmp(stereotype, types[i].word) == 0)
			return types[i].type;
	return NO_TYPE;
}

static const char *
type_word(int type)
{
	if (type == SENSE_TYPE)
		return "RobotSense";
	if (type == ACTION_TYPE)
		return "RobotAction";
	if (type == NO_TYPE)
		return "class";
	return plan_type_word(type);
}

static void
object_pos(struct src_pos *pos, const struct dia_object *o)
{
	memset(pos, 0, sizeof *pos);
	pos->line = o->line;
	snprintf(pos->object, sizeof pos->object, "%s", o->id);
}

/* "object O12: " then the message, as every Dia diagnostic reads. */
static void
report(struct dia_reader *r, enum diag_level level,
    const struct dia_object *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static void
report(struct dia_reader *r, enum diag_level level,
    const struct dia_object *o, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_report(r->d, level, 0, 0, "object %.40s: %s", o->id, msg);
}

static const struct dia_attr *
find_attr(const struct dia_object *o, const char *name)
{
	size_t i;

	for (i = o->nattr; i-- > 0;)	/* the last one counts */
		if (strcmp(o->attr[i].name, name) == 0)
			return &o->attr[i];
	return NULL;
}

/* An attribute's value as the robot's %i would read it; 0 ok. */
static int
attr_number(struct dia_reader *r, const struct cls *c, const char *name,
    long *out)
{
	const struct dia_attr *a = find_attr(c->o, name);
	const char *p, *end;
	int octal = 0;

	if (a == NULL)
		return 0;	/* the exporter's default stays */
	for (p = a->value; *p == ' ' || *p == '\t'; p++)
		;
	if (plansrc_cint_parse(p, &end, out, &octal) != CINT_OK ||
	    strspn(end, " \t") != strlen(end)) {
		report(r, DIAG_ERROR, c->o, "%s '%s': %s '%.40s' is not a "
		    "number", type_word(c->type), c->o->name, name, a->value);
		return -1;
	}
	if (octal)
		diag_wreport(r->d, PW_OCTAL, 0, 0, "object %.40s: %s '%s': %s "
		    "'%s' has a leading zero, so it is octal (%ld)", c->o->id,
		    type_word(c->type), c->o->name, name, a->value, *out);
	return 0;
}

/* A robot sense or action by name, and its id. */
struct robot_name {
	const char *name;
	long id;
};

static int
by_robot_name(const void *a, const void *b)
{
	return strcmp(((const struct robot_name *)a)->name,
	    ((const struct robot_name *)b)->name);
}

/* The attributes of each element type and the model field they set. */
struct attr_field {
	const char *name;
	size_t offset;		/* of a long in struct plan_elem */
};

#define F(name, field) { name, offsetof(struct plan_elem, field) }
static const struct attr_field drive_fields[] = {
	F("Priority", priority), F("Interval", interval),
	F("SenseValue", value), F("SenseHysteresis", hysteresis),
	F("SenseFlexLatchHysteresis", flex), F("RampIncrement", ramp_inc),
	F("UrgencyMultiplier", urgency), F("RampInterval", ramp_interval),
	{ NULL, 0 }
};
static const struct attr_field ce_fields[] = {
	F("Priority", priority), F("RetryLimit", retry),
	F("SenseValue", value), F("SenseHysteresis", hysteresis),
	F("SenseFlexLatchHysteresis", flex), { NULL, 0 }
};
static const struct attr_field comp_fields[] = {
	F("UseORWithinCEGroup", use_or), { NULL, 0 }
};
static const struct attr_field ape_fields[] = {
	F("Order", priority), { NULL, 0 }
};
static const struct attr_field action_fields[] = {
	F("ActionValue", action_value), { NULL, 0 }
};
static const struct attr_field no_fields[] = { { NULL, 0 } };
#undef F

static const struct attr_field *
fields_of(int type)
{
	switch (type) {
	case PLAN_D:
		return drive_fields;
	case PLAN_CE:
		return ce_fields;
	case PLAN_C:
		return comp_fields;
	case PLAN_APE:
		return ape_fields;
	case PLAN_A:
		return action_fields;
	}
	return no_fields;
}

/* The attribute names a class of this type may have; their count. */
static size_t
attr_names(int type, const char **out)
{
	const struct attr_field *f = fields_of(type);
	size_t n = 0;

	for (; f->name; f++)
		out[n++] = f->name;
	if (type == PLAN_D || type == PLAN_CE) {
		out[n++] = "Sense";
		out[n++] = "Comparator";
	}
	if (type == PLAN_A)
		out[n++] = "Action";
	if (type == SENSE_TYPE)
		out[n++] = "SenseID";
	if (type == ACTION_TYPE)
		out[n++] = "ActionID";
	return n;
}

/* "a" or "an", for type_word(type). */
static const char *
article(int type)
{
	return strchr("aeiouAEIOU", type_word(type)[0]) ? "an" : "a";
}

/* "a, b and c" into buf. */
static const char *
word_list(const char *const *w, size_t n, char *buf, size_t size)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
		    i == 0 ? "" : i + 1 == n ? " and " : ", ", w[i]);
	return buf;
}

/*
 * Attributes no exporter rule reads.  The exporter skipped them, so a
 * typo ("Compare" for "Comparator") silently changed the plan; here it
 * is an error, with the nearest known name.
 */
static void
check_attr_names(struct dia_reader *r, const struct cls *c)
{
	const char *known[16], *hint;
	char list[256];
	size_t i, k, n = attr_names(c->type, known);

	for (i = 0; i < c->o->nattr; i++) {
		const char *name = c->o->attr[i].name;

		for (k = 0; k < n && strcmp(name, known[k]) != 0; k++)
			;
		if (k < n)
			continue;
		if (n == 0)
			report(r, DIAG_ERROR, c->o, "%s '%s': unknown "
			    "attribute '%.40s' (%s %s has none)",
			    type_word(c->type), c->o->name, name,
			    article(c->type), type_word(c->type));
		else if ((hint = suggest_word(name, known, n)) != NULL)
			report(r, DIAG_ERROR, c->o, "%s '%s': unknown "
			    "attribute '%.40s'; did you mean '%s'?",
			    type_word(c->type), c->o->name, name, hint);
		else
			report(r, DIAG_ERROR, c->o, "%s '%s': unknown "
			    "attribute '%.40s' (%s %s has %s)",
			    type_word(c->type), c->o->name, name,
			    article(c->type), type_word(c->type),
			    word_list(known, n, list, sizeof list));
	}
}

/* Sense or Action: a robot name to its id. */
static void
robot_attr(struct dia_reader *r, const struct cls *c, const char *attr,
    const struct robot_name *v, size_t n, long *field)
{
	const struct dia_attr *a = find_attr(c->o, attr);
	struct robot_name key, *hit;

	if (a == NULL)
		return;
	key.name = a->value;
	key.id = 0;
	hit = n ? bsearch(&key, v, n, sizeof *v, by_robot_name) : NULL;
	if (hit == NULL) {
		report(r, DIAG_ERROR, c->o, "%s '%s': %s '%.40s' is not the "
		    "name of a Robot%s class", type_word(c->type), c->o->name,
		    attr, a->value, attr);
		return;
	}
	*field = hit->id;
}

static void
comparator_attr(struct dia_reader *r, const struct cls *c, long *field)
{
	const struct dia_attr *a = find_attr(c->o, "Comparator");
	long i;

	if (a == NULL)
		return;
	for (i = 0; i <= PLAN_FL; i++)
		if (strcmp(a->value, plan_cmp_word((uint8_t)i)) == 0) {
			*field = i;
			return;
		}
	report(r, DIAG_ERROR, c->o, "%s '%s': Comparator '%.40s' is not EQ, "
	    "NE, GT, LT, TR or FL", type_word(c->type), c->o->name, a->value);
}

/* Robot senses and actions: the labels of the plan, and the name index. */
static int
robot_labels(struct dia_reader *r, int type, struct robot_name **out,
    size_t *count)
{
	const char *idattr = type == SENSE_TYPE ? "SenseID" : "ActionID";
	struct robot_name *v = calloc(r->ncls + 1, sizeof *v);
	struct src_pos pos;
	size_t i, n = 0;
	long id;

	if (v == NULL)
		return -1;
	for (i = 0; i < r->ncls; i++) {
		struct cls *c = &r->cls[i];

		if (c->type != type)
			continue;
		check_attr_names(r, c);
		id = -1;
		if (find_attr(c->o, idattr) == NULL)
			report(r, DIAG_ERROR, c->o, "%s '%s' has no %s "
			    "attribute", type_word(type), c->o->name, idattr);
		else if (attr_number(r, c, idattr, &id) < 0)
			continue;
		if (id < 0)
			continue;
		c->id = id;
		object_pos(&pos, c->o);
		if ((type == SENSE_TYPE ? plansrc_model_add_sense(r->m, id, c->o->name,
		    &pos) : plansrc_model_add_action(r->m, id, c->o->name, &pos)) < 0) {
			free(v);
			return -1;
		}
		v[n].name = c->o->name;
		v[n++].id = id;
	}
	qsort(v, n, sizeof *v, by_robot_name);
	*out = v;
	*count = n;
	return 0;
}

/* A class whose stereotype is no iVDL word: the exporter numbered it and
 * left it out, so a misspelt "Competance" lost a whole subtree. */
static void
bad_stereotype(struct dia_reader *r, const struct cls *c)
{
	static const char *const words[] = { "Drive", "Competence",
	    "CompetenceElement", "ActionPattern", "ActionPatternElement",
	    "Action", "RobotSense", "RobotAction" };
	const size_t n = sizeof words / sizeof words[0];
	const char *hint = suggest_word(c->o->stereotype, words, n);
	char list[256];

	if (c->o->stereotype[0] == '\0')
		report(r, DIAG_ERROR, c->o, "class '%s' has no stereotype "
		    "(iVDL classes are %s; write notes as a UML Note or a "
		    "Text)", c->o->name, word_list(words, n, list,
		    sizeof list));
	else if (hint)
		report(r, DIAG_ERROR, c->o, "class '%s': unknown stereotype "
		    "'%.40s'; did you mean '%s'?", c->o->name,
		    c->o->stereotype, hint);
	else
		report(r, DIAG_ERROR, c->o, "class '%s': unknown stereotype "
		    "'%.40s' (iVDL classes are %s)", c->o->name,
		    c->o->stereotype, word_list(words, n, list, sizeof list));
}

/* Ids in document order, then one model element per element class. */
static int
add_elements(struct dia_reader *r, const struct robot_name *senses,
    size_t nsenses, const struct robot_name *actions, size_t nactions)
{
	long next = 0;
	size_t i;

	for (i = 0; i < r->ncls; i++) {
		struct cls *c = &r->cls[i];
		const struct attr_field *f;
		struct plan_elem *e;
		struct src_pos pos;

		if (c->type == SENSE_TYPE || c->type == ACTION_TYPE)
			continue;
		c->id = ++next;
		if (c->type == NO_TYPE) {
			bad_stereotype(r, c);
			continue;
		}
		if (c->o->name[0] == '\0')
			report(r, DIAG_ERROR, c->o, "a %s without a name",
			    type_word(c->type));
		object_pos(&pos, c->o);
		if ((e = plansrc_model_add(r->m, c->type, &pos)) == NULL)
			return -1;
		c->elem = (long)(r->m->nelem - 1);
		e->id = c->id;
		if (c->o->name[0] && plansrc_model_set_name(e, c->o->name) < 0)
			return -1;
		for (f = fields_of(c->type); f->name; f++)
			attr_number(r, c, f->name,
			    (long *)(void *)((char *)e + f->offset));
		if (c->type == PLAN_D || c->type == PLAN_CE) {
			robot_attr(r, c, "Sense", senses, nsenses, &e->sense);
			comparator_attr(r, c, &e->cmp);
		}
		if (c->type == PLAN_A)
			robot_attr(r, c, "Action", actions, nactions,
			    &e->action);
		check_attr_names(r, c);
	}
	return 0;
}

/* Objects by their Dia id, for the ends of associations. */
struct objref {
	const char *id;
	const struct dia_object *o;
	struct cls *c;		/* NULL unless a UML class */
};

static int
by_object_id(const void *a, const void *b)
{
	return strcmp(((const struct objref *)a)->id,
	    ((const struct objref *)b)->id);
}

static struct objref *
index_objects(struct dia_reader *r)
{
	const struct dia_doc *doc = r->doc;
	struct objref *v = calloc(doc->n + 1, sizeof *v);
	size_t i, k = 0;

	if (v == NULL)
		return NULL;
	for (i = 0; i < doc->n; i++) {
		v[i].id = doc->obj[i].id;
		v[i].o = &doc->obj[i];
		if (k < r->ncls && r->cls[k].o == &doc->obj[i])
			v[i].c = &r->cls[k++];
	}
	qsort(v, doc->n, sizeof *v, by_object_id);
	for (i = 1; i < doc->n; i++)
		if (strcmp(v[i].id, v[i - 1].id) == 0)
			report(r, DIAG_ERROR, v[i].o, "two objects of the "
			    "diagram have this id");
	return v;
}

/* The class at one end of association a; NULL after reporting. */
static struct cls *
end_class(struct dia_reader *r, const struct dia_object *a, int handle,
    const struct objref *v)
{
	struct objref key, *hit;

	if (a->end[handle] == NULL) {
		report(r, DIAG_ERROR, a, "association does not join two "
		    "classes: its %s end (handle %d) is not connected",
		    handle ? "child" : "parent", handle);
		return NULL;
	}
	memset(&key, 0, sizeof key);
	key.id = a->end[handle];
	hit = bsearch(&key, v, r->doc->n, sizeof *v, by_object_id);
	if (hit == NULL) {
		report(r, DIAG_ERROR, a, "association does not join two "
		    "classes: its %s end is object %.40s, which does not "
		    "exist", handle ? "child" : "parent", a->end[handle]);
		return NULL;
	}
	if (hit->c == NULL) {
		report(r, DIAG_ERROR, a, "association does not join two "
		    "classes: its %s end is object %.40s, a '%.40s'",
		    handle ? "child" : "parent", hit->id, hit->o->type);
		return NULL;
	}
	return hit->c;
}

/* Checks one association and counts it at both ends. */
static void
take_association(struct dia_reader *r, const struct dia_object *a,
    const struct objref *v)
{
	struct cls *p = end_class(r, a, 0, v), *q = end_class(r, a, 1, v);
	const struct cls *bad;

	if (p == NULL || q == NULL)
		return;
	bad = p->type < 0 ? p : q->type < 0 ? q : NULL;
	if (bad) {
		report(r, DIAG_ERROR, a, "association from '%s' to '%s' joins "
		    "%s '%s': %s", p->o->name, q->o->name,
		    type_word(bad->type), bad->o->name,
		    bad->type == NO_TYPE ? "it is no plan element" :
		    "robot senses and actions are named in attributes, not "
		    "linked");
		return;
	}
	if ((p->type == PLAN_C && q->type != PLAN_CE) ||
	    (p->type == PLAN_AP && q->type != PLAN_APE) || p->type == PLAN_A) {
		report(r, DIAG_ERROR, a, "association from %s '%s' to %s '%s': "
		    "%s", type_word(p->type), p->o->name, type_word(q->type),
		    q->o->name, p->type == PLAN_C ? "the children of a "
		    "competence are its competence elements" :
		    p->type == PLAN_AP ? "the children of an action pattern "
		    "are its action pattern elements" : "an action has no "
		    "children");
		return;
	}
	if (p->type == PLAN_D || p->type == PLAN_CE || p->type == PLAN_APE) {
		if (p->nchild++ == 0) {
			p->child = q;
			p->child_by = a;
		}
	}
	if (q->type == PLAN_CE || q->type == PLAN_APE) {
		if (q->nparent++ == 0) {
			q->parent = p;
			q->parent_by = a;
		}
	}
}

/* Every D, CE and APE gets its one child, every CE and APE its parent. */
static void
set_links(struct dia_reader *r)
{
	size_t i;

	for (i = 0; i < r->ncls; i++) {
		struct cls *c = &r->cls[i];
		struct plan_elem *e;

		if (c->elem < 0)
			continue;
		e = &r->m->elem[c->elem];
		if (c->nchild > 1)
			report(r, DIAG_ERROR, c->o, "%s '%s' has %zu children "
			    "(one is '%s', joined by object %s): it must have "
			    "exactly one", type_word(c->type), c->o->name,
			    c->nchild, c->child->o->name, c->child_by->id);
		else if (c->nchild == 1) {
			e->child = c->child->id;
			object_pos(&e->child_pos, c->child_by);
		}
		if (c->nparent > 1)
			report(r, DIAG_ERROR, c->o, "%s '%s' has %zu parents "
			    "(one is '%s', joined by object %s): it must "
			    "belong to exactly one %s", type_word(c->type),
			    c->o->name, c->nparent, c->parent->o->name,
			    c->parent_by->id, c->type == PLAN_CE ?
			    "competence" : "action pattern");
		else if (c->nparent == 1) {
			e->parent = c->parent->id;
			object_pos(&e->parent_pos, c->parent_by);
		}
	}
}

static void
read_diagram(struct dia_reader *r)
{
	struct robot_name *senses = NULL, *actions = NULL;
	size_t nsenses = 0, nactions = 0, i;
	struct objref *v = NULL;

	if (robot_labels(r, SENSE_TYPE, &senses, &nsenses) < 0 ||
	    robot_labels(r, ACTION_TYPE, &actions, &nactions) < 0 ||
	    add_elements(r, senses, nsenses, actions, nactions) < 0 ||
	    (v = index_objects(r)) == NULL) {
		diag_error(r->d, 0, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < r->doc->n; i++)
		if (strcmp(r->doc->obj[i].type, "UML - Association") == 0)
			take_association(r, &r->doc->obj[i], v);
	set_links(r);
out:
	free(senses);
	free(actions);
	free(v);
}

int
plansrc_dia_read_mem(const unsigned char *buf, size_t len, struct plan_model *m,
    struct diag *d)
{
	struct dia_doc doc;
	struct dia_reader r;
	size_t i;

	if (plansrc_dia_doc_load(&doc, buf, len, d) < 0)
		return 0;
	memset(&r, 0, sizeof r);
	r.doc = &doc;
	r.m = m;
	r.d = d;
	if ((r.cls = calloc(doc.n + 1, sizeof *r.cls)) == NULL) {
		diag_error(d, 0, 0, "out of memory");
		goto out;
	}
	for (i = 0; i < doc.n; i++)
		if (strcmp(doc.obj[i].type, "UML - Class") == 0) {
			struct cls *c = &r.cls[r.ncls++];

			c->o = &doc.obj[i];
			c->type = type_of(doc.obj[i].stereotype);
			c->elem = -1;
		}
	if (doc.grouped)
		diag_wreport(d, PW_IGNORED, 0, 0, "%zu classes or "
		    "associations are inside groups; the Instinct exporter "
		    "ignored grouped objects, and so does plancc (ungroup "
		    "them in Dia)", doc.grouped);
	read_diagram(&r);
out:
	free(r.cls);
	plansrc_dia_doc_free(&doc);
	return 0;
}

int
plansrc_dia_read(FILE *fp, const char *path, struct plan_model *m, struct diag *d)
{
	unsigned char *buf;
	size_t len;
	int rc;

	(void)path;
	if ((rc = slurp_source(fp, "a Dia diagram", d, &buf, &len)) != 0)
		return rc < 0 ? -1 : 0;
	rc = plansrc_dia_read_mem(buf, len, m, d);
	free(buf);
	return rc;
}
