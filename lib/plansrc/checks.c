/*
 * checks.c - the linker's passes over a plan model: unique names, links of
 * the right type, the shape of competences and patterns, reachability,
 * recursion, unused senses and actions, value ranges and the id width.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plansrc/link_ctx.h"

#define TYPE_BIT(t) (1u << (t))
#define CHILD_TYPES (TYPE_BIT(PLAN_A) | TYPE_BIT(PLAN_AP) | TYPE_BIT(PLAN_C))

struct named {
	const char *name;
	size_t index;
};

static int
by_name_then_index(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	int r = strcmp(x->name, y->name);

	if (r != 0)
		return r;
	return x->index < y->index ? -1 : x->index > y->index;
}

void
plansrc_link_check_names(struct link_ctx *c)
{
	const struct plan_model *m = c->m;
	struct named *v = malloc((m->nelem + 1) * sizeof *v);
	size_t i, n = 0;

	if (v == NULL) {
		plansrc_link_report(c, DIAG_ERROR, NULL, "out of memory");
		return;
	}
	for (i = 0; i < m->nelem; i++)
		if (m->elem[i].name) {
			v[n].name = m->elem[i].name;
			v[n++].index = i;
		}
	qsort(v, n, sizeof *v, by_name_then_index);
	for (i = 1; i < n; i++) {
		const struct plan_elem *first = &m->elem[v[i - 1].index];

		if (strcmp(v[i].name, v[i - 1].name) != 0)
			continue;
		if (first->pos.object[0])
			plansrc_link_report(c, DIAG_ERROR, &m->elem[v[i].index],
			    "duplicate name '%s' (also object %s)",
			    v[i].name, first->pos.object);
		else
			plansrc_link_report(c, DIAG_ERROR, &m->elem[v[i].index],
			    "duplicate name '%s' (first used at line %ld)",
			    v[i].name, first->pos.line);
	}
	free(v);
}

/* Model index of the element `id` names, -1 for none, -2 on error. */
static int32_t
resolve(struct link_ctx *c, const struct plan_elem *e, long id,
    const struct src_pos *at, const char *role, unsigned allowed,
    const char *allowed_words)
{
	char who[96], what[96];
	int32_t k;

	if (id == 0)
		return -1;
	plansrc_link_describe(e, who, sizeof who);
	if (id < 1 || id > c->id_limit || (k = c->by_id[id]) < 0) {
		plansrc_link_report_at(c, DIAG_ERROR, at,
		    "%s: %s is element id %ld, which is not defined", who,
		    role, id);
		return -2;
	}
	if (!(allowed & TYPE_BIT(c->m->elem[k].type))) {
		plansrc_link_describe(&c->m->elem[k], what, sizeof what);
		plansrc_link_report_at(c, DIAG_ERROR, at, "%s: %s %s cannot be used "
		    "here: %s", who, role, what, allowed_words);
		return -2;
	}
	return k;
}

void
plansrc_link_resolve(struct link_ctx *c)
{
	const struct plan_model *m = c->m;
	size_t i;

	for (i = 0; i < m->nelem; i++) {
		const struct plan_elem *e = &m->elem[i];
		char who[96];

		c->child[i] = c->parent[i] = -1;
		if (e->type != PLAN_D && e->type != PLAN_CE &&
		    e->type != PLAN_APE)
			continue;
		c->child[i] = resolve(c, e, e->child, &e->child_pos, "child",
		    CHILD_TYPES,
		    "a child is an action, action pattern or competence");
		if (e->type == PLAN_CE)
			c->parent[i] = resolve(c, e, e->parent, &e->parent_pos,
			    "parent", TYPE_BIT(PLAN_C), "a competence element "
			    "belongs to a competence");
		else if (e->type == PLAN_APE)
			c->parent[i] = resolve(c, e, e->parent, &e->parent_pos,
			    "parent", TYPE_BIT(PLAN_AP), "an action pattern "
			    "element belongs to an action pattern");
		plansrc_link_describe(e, who, sizeof who);
		if (e->child == 0)
			plansrc_link_report(c, DIAG_ERROR, e, "%s has no child", who);
		if (e->type != PLAN_D && e->parent == 0)
			plansrc_link_warn(c, PW_UNREACHABLE, e, "%s belongs to no %s: "
			    "it never runs", who, e->type == PLAN_CE ?
			    "competence" : "action pattern");
	}
	/* member lists, in source order (built backwards, so prepend) */
	for (i = 0; i < m->nelem; i++)
		c->first_member[i] = c->next_member[i] = -1;
	for (i = m->nelem; i-- > 0;) {
		int32_t p = c->parent[i];

		if (p >= 0) {
			c->next_member[i] = c->first_member[p];
			c->first_member[p] = (int32_t)i;
		}
	}
}

/* Marks everything reachable from element k (iteratively). */
static void
mark_reachable(const struct link_ctx *c, int32_t k, unsigned char *seen,
    int32_t *stack)
{
	size_t top = 0;

	stack[top++] = k;
	while (top > 0) {
		int32_t x = stack[--top], y;

		if (x < 0 || seen[x])
			continue;
		seen[x] = 1;
		if (c->child[x] >= 0)
			stack[top++] = c->child[x];
		for (y = c->first_member[x]; y >= 0; y = c->next_member[y])
			stack[top++] = y;
	}
}

void
plansrc_link_check_shape(struct link_ctx *c)
{
	const struct plan_model *m = c->m;
	unsigned char *seen = calloc(m->nelem + 1, 1);
	int32_t *stack = malloc((2 * m->nelem + 1) * sizeof *stack);
	size_t i;
	char who[96];

	if (seen == NULL || stack == NULL) {
		plansrc_link_report(c, DIAG_ERROR, NULL, "out of memory");
		goto out;
	}
	if (c->count[PLAN_D] == 0)
		plansrc_link_warn(c, PW_UNREACHABLE, NULL, "the plan has no drives: "
		    "nothing in it can ever run");
	for (i = 0; i < m->nelem; i++) {
		const struct plan_elem *e = &m->elem[i];

		if (e->type == PLAN_D)
			mark_reachable(c, (int32_t)i, seen, stack);
		if ((e->type != PLAN_C && e->type != PLAN_AP) ||
		    c->first_member[i] >= 0)
			continue;
		plansrc_link_describe(e, who, sizeof who);
		plansrc_link_warn(c, PW_UNREACHABLE, e, "%s has no elements: it "
		    "always %s", who, e->type == PLAN_C ? "fails" :
		    "reports an error");
	}
	for (i = 0; i < m->nelem; i++) {
		const struct plan_elem *e = &m->elem[i];

		if (seen[i] || ((e->type == PLAN_CE || e->type == PLAN_APE) &&
		    e->parent == 0))
			continue;
		plansrc_link_describe(e, who, sizeof who);
		plansrc_link_warn(c, PW_UNREACHABLE, e, "%s is not reachable from any "
		    "drive", who);
	}
out:
	free(seen);
	free(stack);
}

/*
 * The elements x invokes, one at a time: a drive or element its child; a
 * competence or pattern each member's child.  *it starts at -2.
 */
static int32_t
next_invoked(const struct link_ctx *c, int32_t x, int32_t *it)
{
	int type = c->m->elem[x].type;

	if (type != PLAN_C && type != PLAN_AP) {
		if (*it != -2)
			return -1;
		*it = -1;
		return c->child[x];
	}
	for (;;) {
		*it = *it == -2 ? c->first_member[x] : c->next_member[*it];
		if (*it < 0)
			return -1;
		if (c->child[*it] >= 0)
			return c->child[*it];
	}
}

static void
report_cycle(struct link_ctx *c, const int32_t *path, size_t from, size_t to)
{
	char text[512], who[96];
	size_t i, used = 0;

	text[0] = '\0';
	for (i = from; i <= to && used < sizeof text - 100; i++) {
		plansrc_link_describe(&c->m->elem[path[i]], who, sizeof who);
		used += (size_t)snprintf(text + used, sizeof text - used,
		    "%s -> ", who);
	}
	plansrc_link_describe(&c->m->elem[path[from]], who, sizeof who);
	snprintf(text + used, sizeof text - used, "%s", who);
	plansrc_link_report(c, DIAG_ERROR, &c->m->elem[path[from]],
	    "recursion: %s (use --allow-recursion if it is meant)", text);
}

void
plansrc_link_check_recursion(struct link_ctx *c)
{
	size_t n = c->m->nelem, top, i;
	unsigned char *color = calloc(n + 1, 1);	/* new, open, done */
	int32_t *node = malloc((n + 1) * sizeof *node);
	int32_t *iter = malloc((n + 1) * sizeof *iter);

	if (color == NULL || node == NULL || iter == NULL) {
		plansrc_link_report(c, DIAG_ERROR, NULL, "out of memory");
		goto out;
	}
	for (i = 0; i < n && !c->o->allow_recursion; i++) {
		if (color[i] || c->m->elem[i].type != PLAN_D)
			continue;
		top = 0;
		node[top] = (int32_t)i;
		iter[top++] = -2;
		color[i] = 1;
		while (top > 0) {
			int32_t x = node[top - 1];
			int32_t y = next_invoked(c, x, &iter[top - 1]);
			size_t k;

			if (y < 0 && iter[top - 1] < 0) {
				color[x] = 2;
				top--;
			} else if (y >= 0 && color[y] == 1) {
				for (k = 0; node[k] != y; k++)
					;
				report_cycle(c, node, k, top - 1);
				goto out;	/* one cycle says enough */
			} else if (y >= 0 && color[y] == 0) {
				color[y] = 1;
				node[top] = y;
				iter[top++] = -2;
			}
		}
	}
out:
	free(color);
	free(node);
	free(iter);
}

/* used[id] = 1 for every sense (or action) id up to limit some element
 * reads. */
static void
mark_used(const struct plan_model *m, int sense, unsigned char *used,
    long limit)
{
	size_t i;

	for (i = 0; i < m->nelem; i++) {
		const struct plan_elem *e = &m->elem[i];

		if (sense && (e->type == PLAN_D || e->type == PLAN_CE) &&
		    e->cmp != PLAN_TR && e->cmp != PLAN_FL &&
		    e->sense >= 0 && e->sense <= limit)
			used[e->sense] = 1;
		if (!sense && e->type == PLAN_A && e->action >= 0 &&
		    e->action <= limit)
			used[e->action] = 1;
	}
}

static int
by_label_id_then_index(const void *a, const void *b)
{
	const struct plan_label *x = *(const struct plan_label *const *)a;
	const struct plan_label *y = *(const struct plan_label *const *)b;

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return x < y ? -1 : x > y;
}

static int
by_label_name_then_index(const void *a, const void *b)
{
	const struct plan_label *x = *(const struct plan_label *const *)a;
	const struct plan_label *y = *(const struct plan_label *const *)b;
	int r = strcmp(x->name, y->name);

	if (r != 0)
		return r;
	return x < y ? -1 : x > y;
}

/* Two labels of one kind may share neither an id nor a name. */
static void
check_label_set(struct link_ctx *c, const struct plan_label *l, size_t n,
    const char *kind)
{
	const struct plan_label **v = malloc((n + 1) * sizeof *v);
	struct diag *d = c->d;
	size_t i;

	if (v == NULL) {
		plansrc_link_report(c, DIAG_ERROR, NULL, "out of memory");
		return;
	}
	for (i = 0; i < n; i++) {
		v[i] = &l[i];
		if (l[i].id < 0 || l[i].id > LINK_MAX_ID)
			diag_error(d, l[i].pos.line, l[i].pos.col,
			    "%s '%s': id %ld is outside 0..65535", kind,
			    l[i].name, l[i].id);
	}
	qsort(v, n, sizeof *v, by_label_id_then_index);
	for (i = 1; i < n; i++)
		if (v[i]->id == v[i - 1]->id)
			plansrc_link_report_at(c, DIAG_ERROR, &v[i]->pos, "%s id %ld "
			    "is named twice ('%s' and '%s')", kind, v[i]->id,
			    v[i - 1]->name, v[i]->name);
	qsort(v, n, sizeof *v, by_label_name_then_index);
	for (i = 1; i < n; i++)
		if (strcmp(v[i]->name, v[i - 1]->name) == 0)
			plansrc_link_report_at(c, DIAG_ERROR, &v[i]->pos, "%s name "
			    "'%s' is used for ids %ld and %ld", kind,
			    v[i]->name, v[i - 1]->id, v[i]->id);
	free(v);
}

static void
warn_unused_labels(struct link_ctx *c, const struct plan_label *l, size_t n,
    int sense)
{
	unsigned char *used;
	long limit = 0;
	size_t i;

	for (i = 0; i < n; i++)		/* only the declared ids matter */
		if (l[i].id > limit && l[i].id <= LINK_MAX_ID)
			limit = l[i].id;
	if ((used = calloc((size_t)limit + 1, 1)) == NULL) {
		plansrc_link_report(c, DIAG_ERROR, NULL, "out of memory");
		return;
	}
	mark_used(c->m, sense, used, limit);
	for (i = 0; i < n; i++) {
		if (l[i].id >= 0 && l[i].id <= limit && used[l[i].id])
			continue;
		if (sense)
			plansrc_link_warn_at(c, PW_UNUSED, &l[i].pos, "sense '%s' "
			    "(id %ld) is declared but no releaser reads it",
			    l[i].name, l[i].id);
		else
			plansrc_link_warn_at(c, PW_UNUSED, &l[i].pos, "action "
			    "'%s' (id %ld) is declared but no element "
			    "performs it", l[i].name, l[i].id);
	}
	free(used);
}

void
plansrc_link_check_labels(struct link_ctx *c)
{
	const struct plan_model *m = c->m;

	check_label_set(c, m->sense, m->nsense, "sense");
	check_label_set(c, m->action, m->naction, "action");
	warn_unused_labels(c, m->sense, m->nsense, 1);
	warn_unused_labels(c, m->action, m->naction, 0);
}

/* A field whose width is the id width (ids, priorities, orders, ...). */
struct wide_field {
	const char *what;
	long value;
};

/* The id-width fields of e, into f[]; returns how many. */
static int
id_width_fields(const struct plan_elem *e, struct wide_field *f)
{
	int n = 0;

	f[n].what = "id";
	f[n++].value = e->id;
	switch (e->type) {
	case PLAN_D:
		f[n].what = "ramp increment";
		f[n++].value = e->ramp_inc;
		f[n].what = "urgency multiplier";
		f[n++].value = e->urgency;
		f[n].what = "ramp interval";
		f[n++].value = e->ramp_interval;
		/* FALLTHROUGH */
	case PLAN_CE:
		f[n].what = "priority";
		f[n++].value = e->priority;
		f[n].what = "sense id";
		f[n++].value = e->sense;
		break;
	case PLAN_APE:
		f[n].what = "order";
		f[n++].value = e->priority;
		break;
	case PLAN_A:
		f[n].what = "action id";
		f[n++].value = e->action;
		break;
	}
	return n;
}

/* A plain range check of one field; reports and returns 0 when outside. */
static int
in_range(struct link_ctx *c, const struct plan_elem *e, const char *what,
    long v, long lo, long hi)
{
	char who[96];

	if (v >= lo && v <= hi)
		return 1;
	plansrc_link_describe(e, who, sizeof who);
	plansrc_link_report(c, DIAG_ERROR, e, "%s: %s %ld is outside %ld..%ld", who,
	    what, v, lo, hi);
	return 0;
}

static void
check_fixed_ranges(struct link_ctx *c, const struct plan_elem *e)
{
	in_range(c, e, "monitor flags", e->monitor, 0, PLAN_MON_ALL);
	switch (e->type) {
	case PLAN_D:
		in_range(c, e, "interval", e->interval, 0, 65535);
		/* FALLTHROUGH */
	case PLAN_CE:
		in_range(c, e, "comparator", e->cmp, 0, PLAN_FL);
		in_range(c, e, "sense value", e->value, -32768, 32767);
		in_range(c, e, "hysteresis", e->hysteresis, -32768, 32767);
		in_range(c, e, "flexible latch hysteresis", e->flex, -32768,
		    32767);
		if (e->type == PLAN_CE)
			in_range(c, e, "retry limit", e->retry, 0, 255);
		break;
	case PLAN_C:
		in_range(c, e, "use-OR flag", e->use_or, 0, 1);
		break;
	case PLAN_A:
		in_range(c, e, "action value", e->action_value, -32768, 32767);
		break;
	}
}

/* Does this id-width value need 16 bits?  Reports values beyond 16 bits. */
static int
needs_wide(struct link_ctx *c, const struct plan_elem *e,
    const struct wide_field *f)
{
	long lo = strcmp(f->what, "id") == 0 ? 1 : 0;

	if (!in_range(c, e, f->what, f->value, lo, LINK_MAX_ID))
		return 0;
	if (f->value <= 255)
		return 0;
	if (c->o->id_width == 1) {
		char who[96];

		plansrc_link_describe(e, who, sizeof who);
		plansrc_link_report(c, DIAG_ERROR, e, "%s: %s %ld does not fit 8-bit "
		    "ids (0..255); the original 8-bit loader would have "
		    "truncated it to %ld; use --id-width 16", who, f->what,
		    f->value, f->value & 0xff);
	}
	return 1;
}

/*
 * A competence element's hysteresis and flexible latch hysteresis are i16
 * in the plan, but the original's 8-bit build loads them through the
 * id-typed parameters of its A E command and keeps the low byte (spec
 * 1.3, 11.2; a drive's are not cut).  So outside 0..255 they need 16-bit
 * ids like every id-width field.  Values beyond i16 are reported by
 * check_fixed_ranges.
 */
static int
latch_needs_wide(struct link_ctx *c, const struct plan_elem *e,
    const char *what, long v)
{
	char who[96];

	if (e->type != PLAN_CE || (v >= 0 && v <= 255) || v < -32768 ||
	    v > 32767)
		return 0;
	if (c->o->id_width == 1) {
		plansrc_link_describe(e, who, sizeof who);
		plansrc_link_report(c, DIAG_ERROR, e, "%s: %s %ld does not fit 8-bit "
		    "ids (0..255); the original 8-bit loader would have "
		    "truncated it to %ld; use --id-width 16", who, what, v,
		    v & 0xff);
	}
	return 1;
}

static void
warn_never_selected(struct link_ctx *c, const struct plan_elem *e)
{
	long max = (long)PLAN_MAXID(c->width);
	char who[96];

	plansrc_link_describe(e, who, sizeof who);
	if (e->type == PLAN_D && e->priority == 0)
		plansrc_link_warn(c, PW_UNREACHABLE, e, "%s has priority 0: it can "
		    "never be selected", who);
	if (e->type == PLAN_CE && (e->priority == 0 || e->priority == max))
		plansrc_link_warn(c, PW_UNREACHABLE, e, "%s has priority %ld: it can "
		    "never be selected", who, e->priority);
	if (e->type == PLAN_APE && e->priority == max)
		plansrc_link_warn(c, PW_UNREACHABLE, e, "%s has order %ld: it never "
		    "runs", who, e->priority);
}

static int
labels_need_wide(struct link_ctx *c, const struct plan_label *l, size_t n,
    const char *kind)
{
	size_t i;
	int wide = 0;

	for (i = 0; i < n; i++) {
		if (l[i].id <= 255)
			continue;
		wide = 1;
		if (c->o->id_width == 1)
			diag_error(c->d, l[i].pos.line, l[i].pos.col,
			    "%s '%s': id %ld does not fit 8-bit ids (0..255)",
			    kind, l[i].name, l[i].id);
	}
	return wide;
}

void
plansrc_link_check_ranges(struct link_ctx *c)
{
	const struct plan_model *m = c->m;
	struct wide_field f[8];
	size_t i;
	int k, n, wide = m->nelem > 255;

	if (wide && c->o->id_width == 1)
		plansrc_link_report(c, DIAG_ERROR, NULL, "%zu elements do not fit "
		    "8-bit ids (at most 255); use --id-width 16", m->nelem);
	for (i = 0; i < m->nelem; i++) {
		check_fixed_ranges(c, &m->elem[i]);
		n = id_width_fields(&m->elem[i], f);
		for (k = 0; k < n; k++)
			wide |= needs_wide(c, &m->elem[i], &f[k]);
		wide |= latch_needs_wide(c, &m->elem[i], "hysteresis",
		    m->elem[i].hysteresis);
		wide |= latch_needs_wide(c, &m->elem[i],
		    "flexible latch hysteresis", m->elem[i].flex);
	}
	wide |= labels_need_wide(c, m->sense, m->nsense, "sense");
	wide |= labels_need_wide(c, m->action, m->naction, "action");
	c->width = c->o->id_width ? c->o->id_width : wide ? 2 : 1;
	for (i = 0; i < m->nelem; i++)
		warn_never_selected(c, &m->elem[i]);
}
