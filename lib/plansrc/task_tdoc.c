/*
 * task_tdoc.c - checked reads from a ydoc for the task reader
 * (task_tdoc.h).  ydoc has refused aliases, a second document and deep
 * nesting already; duplicate keys and the BrainJS synonyms are checked here.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/num.h"
#include "host/suggest.h"
#include "plan/task.h"
#include "plansrc/task_tdoc.h"

struct tpos
plansrc_tdoc_pos(const struct ynode *n)
{
	struct tpos p;

	p.line = n->line;
	p.col = n->col;
	return p;
}

static void
vreport(struct tdoc *y, enum diag_level level, const struct ynode *n,
    const char *fmt, va_list ap)
{
	diag_vreport(y->d, level, n ? n->line : 0, n ? n->col : 0, fmt, ap);
}

void
plansrc_tdoc_error(struct tdoc *y, const struct ynode *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(y, DIAG_ERROR, n, fmt, ap);
	va_end(ap);
}

void
plansrc_tdoc_warn(struct tdoc *y, unsigned wclass, const struct ynode *n,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vwreport(y->d, wclass, n ? n->line : 0, n ? n->col : 0, fmt,
	    ap);
	va_end(ap);
}

const char *
plansrc_tdoc_kind(const struct ynode *n)
{
	switch (n->kind) {
	case YNODE_MAP:
		return "a mapping";
	case YNODE_SEQ:
		return "a list";
	default:
		return n->plain ? "a plain value" : "a quoted string";
	}
}

int
plansrc_tdoc_is_plain(const struct ynode *n, const char *s)
{
	return n->kind == YNODE_SCALAR && n->plain && ynode_is(n, s);
}

static int
key_is(const struct ynode *k, const char *name)
{
	return name && ynode_is(k, name);
}

/* A key node: a scalar without NUL bytes, short enough to print. */
static int
key_ok(struct tdoc *y, const struct ynode *k, const char *what)
{
	if (k->kind != YNODE_SCALAR || memchr(k->text, '\0', k->len) != NULL) {
		plansrc_tdoc_error(y, k, "a key in %s must be a name, not %s", what,
		    plansrc_tdoc_kind(k));
		return 0;
	}
	return 1;
}

/* A key no entry of keys[] names: the name or alias it is nearest. */
static void
unknown_key(struct tdoc *y, const struct ynode *k, const struct tkey *keys,
    int nkeys, const char *what)
{
	const char *words[32], *hit;
	size_t n = 0;
	int i;

	for (i = 0; i < nkeys && n + 2 <= sizeof words / sizeof words[0];
	    i++) {
		words[n++] = keys[i].name;
		if (keys[i].alias != NULL)
			words[n++] = keys[i].alias;
	}
	if ((hit = suggest_word(k->text, words, n)) != NULL)
		plansrc_tdoc_error(y, k, "unknown key '%.40s' in %s; did you mean "
		    "'%s'?", k->text, what, hit);
	else
		plansrc_tdoc_error(y, k, "unknown key '%.40s' in %s", k->text, what);
}

int
plansrc_tdoc_keys(struct tdoc *y, const struct ynode *n, const struct tkey *keys,
    int nkeys, const struct ynode **vals, const char *what)
{
	const struct ynode *k, *v;
	int32_t it = YDOC_NONE;
	int i, rc = 0;

	for (i = 0; i < nkeys; i++)
		vals[i] = NULL;
	if (n->kind != YNODE_MAP) {
		plansrc_tdoc_error(y, n, "%s must be a mapping, not %s", what,
		    plansrc_tdoc_kind(n));
		return -1;
	}
	while (ymap_next(y->doc, n, &it, &k, &v)) {
		if (!key_ok(y, k, what))
			return -1;
		for (i = 0; i < nkeys; i++)
			if (key_is(k, keys[i].name) ||
			    key_is(k, keys[i].alias))
				break;
		if (i == nkeys) {
			unknown_key(y, k, keys, nkeys, what);
			rc = -1;
			continue;
		}
		if (vals[i] != NULL) {
			plansrc_tdoc_error(y, k, "'%.40s' given twice in %s (line "
			    "%ld)", k->text, what, vals[i]->line);
			rc = -1;
			continue;
		}
		vals[i] = v;
	}
	return rc;
}

int
plansrc_tdoc_name_map(struct tdoc *y, const struct ynode *n, size_t max,
    const char *what)
{
	const struct ynode *ka, *kb, *v;
	int32_t a = YDOC_NONE, b;

	if (n->kind != YNODE_MAP) {
		plansrc_tdoc_error(y, n, "%s must be a mapping, not %s", what,
		    plansrc_tdoc_kind(n));
		return -1;
	}
	if (TDOC_PAIRS(n) > max) {
		plansrc_tdoc_error(y, n, "%s has %zu entries; at most %zu", what,
		    TDOC_PAIRS(n), max);
		return -1;
	}
	/* max is small (a few hundred): pairwise is fine */
	while (ymap_next(y->doc, n, &a, &ka, &v)) {
		if (!key_ok(y, ka, what))
			return -1;
		for (b = YDOC_NONE; ymap_next(y->doc, n, &b, &kb, &v) &&
		    kb != ka;)
			if (ka->len == kb->len && memcmp(ka->text, kb->text,
			    ka->len) == 0) {
				plansrc_tdoc_error(y, ka, "'%.40s' given twice in %s "
				    "(line %ld)", ka->text, what, kb->line);
				return -1;
			}
	}
	return 0;
}

int
plansrc_tdoc_list(struct tdoc *y, const struct ynode *n, size_t max,
    const char *what)
{
	if (n->kind != YNODE_SEQ) {
		plansrc_tdoc_error(y, n, "%s must be a list, not %s", what,
		    plansrc_tdoc_kind(n));
		return -1;
	}
	if (TDOC_ITEMS(n) > max) {
		plansrc_tdoc_error(y, n, "%s has %zu items; at most %zu", what,
		    TDOC_ITEMS(n), max);
		return -1;
	}
	return 0;
}

/* A plain scalar holding text for a number; NULL (reported) otherwise. */
static const char *
plain_text(struct tdoc *y, const struct ynode *n, const char *what)
{
	if (n->kind != YNODE_SCALAR || !n->plain ||
	    memchr(n->text, '\0', n->len) != NULL) {
		if (n->kind == YNODE_SCALAR)
			plansrc_tdoc_error(y, n, "%s must be a number, not the "
			    "string \"%.40s\"", what, tdoc_text(n));
		else
			plansrc_tdoc_error(y, n, "%s must be a number, not %s", what,
			    plansrc_tdoc_kind(n));
		return NULL;
	}
	return tdoc_text(n);
}

int
plansrc_tdoc_number(struct tdoc *y, const struct ynode *n, const char *what,
    int32_t *counts)
{
	const char *s = plain_text(y, n, what);
	enum num_error e;
	double v;

	if (s == NULL)
		return -1;
	if ((e = num_double(s, &v)) != NUM_OK) {
		plansrc_tdoc_error(y, n, "%s: '%.40s' is %s", what, s,
		    num_strerror(e));
		return -1;
	}
	if (fabs(v) > (double)TASK_COORD_MAX / TASK_SCALE) {
		plansrc_tdoc_error(y, n, "%s: %.40s is out of range (at most %ld in "
		    "size)", what, s, TASK_COORD_MAX / TASK_SCALE);
		return -1;
	}
	*counts = (int32_t)lround(v * TASK_SCALE);
	return 0;
}

int
plansrc_tdoc_long(struct tdoc *y, const struct ynode *n, const char *what,
    long lo, long hi, long *out)
{
	const char *s = plain_text(y, n, what);
	enum num_error e;

	if (s == NULL)
		return -1;
	if ((e = num_long(s, lo, hi, out)) != NUM_OK) {
		if (e == NUM_RANGE)
			plansrc_tdoc_error(y, n, "%s: %.40s is out of range (%ld to "
			    "%ld)", what, s, lo, hi);
		else
			plansrc_tdoc_error(y, n, "%s must be a whole number, not "
			    "'%.40s'", what, s);
		return -1;
	}
	return 0;
}

int
plansrc_tdoc_name_ok(const char *s, size_t len)
{
	size_t i;

	if (len == 0 || len > TASK_NAME_MAX)
		return 0;
	for (i = 0; i < len; i++) {
		char c = s[i];
		int letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		    c == '_';
		int more = (c >= '0' && c <= '9') || c == '-';

		if (!letter && (i == 0 || !more))
			return 0;
	}
	return 1;
}

int
plansrc_tdoc_name(struct tdoc *y, const struct ynode *n, const char *what,
    const char **out)
{
	if (n->kind != YNODE_SCALAR) {
		plansrc_tdoc_error(y, n, "%s must be a name, not %s", what,
		    plansrc_tdoc_kind(n));
		return -1;
	}
	if (!plansrc_tdoc_name_ok(tdoc_text(n), tdoc_len(n))) {
		plansrc_tdoc_error(y, n, "%s '%.40s' is not a valid name (a letter or "
		    "_, then letters, digits, _ or -; at most %d)", what,
		    tdoc_text(n), TASK_NAME_MAX);
		return -1;
	}
	*out = tdoc_text(n);
	return 0;
}
