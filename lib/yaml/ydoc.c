/*
 * ydoc.c - building a ydoc from libyaml's event stream.
 * Events rather than libyaml's own document loader, for two reasons: an
 * alias can be refused where it is written, and nesting can be stopped at
 * YDOC_MAX_DEPTH before libyaml's scanner, whose cost grows with the
 * square of the flow nesting depth, is fed a hostile file.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "yaml/ydoc.h"
#include "host/num.h"
#include "host/suggest.h"

static void
ydoc_vreport(struct diag *d, enum diag_level level, const struct ynode *n,
    const char *fmt, va_list ap)
{
	diag_vreport(d, level, n ? n->line : 0, n ? n->col : 0, fmt, ap);
}

void
ydoc_error(struct diag *d, const struct ynode *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ydoc_vreport(d, DIAG_ERROR, n, fmt, ap);
	va_end(ap);
}

void
ydoc_warn(struct diag *d, unsigned wclass, const struct ynode *n,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vwreport(d, wclass, n ? n->line : 0, n ? n->col : 0, fmt, ap);
	va_end(ap);
}

const struct ynode *
ydoc_at(const struct ydoc *doc, int32_t i)
{
	return i < 0 || (size_t)i >= doc->n ? NULL : &doc->node[i];
}

void
ydoc_free(struct ydoc *doc)
{
	size_t i;

	for (i = 0; i < doc->n; i++)
		free(doc->node[i].text);
	free(doc->node);
	memset(doc, 0, sizeof *doc);
}

/* A new node under `parent` (YDOC_NONE for the root); its index or -1. */
static int32_t
add_node(struct ydoc *doc, int32_t parent, int kind,
    const yaml_mark_t *mark)
{
	struct ynode *n;
	int32_t i;

	if (doc->n == doc->cap) {
		size_t c = doc->cap ? doc->cap * 2 : 64;
		struct ynode *a;

		if (c > INT32_MAX || (a = realloc(doc->node,
		    c * sizeof *a)) == NULL)
			return -1;
		doc->node = a;
		doc->cap = c;
	}
	i = (int32_t)doc->n++;
	n = &doc->node[i];
	memset(n, 0, sizeof *n);
	n->kind = kind;
	n->line = (long)mark->line + 1;
	n->col = (long)mark->column + 1;
	n->first = n->next = n->last = YDOC_NONE;
	if (parent != YDOC_NONE) {
		struct ynode *p = &doc->node[parent];

		if (p->last == YDOC_NONE)
			p->first = i;
		else
			doc->node[p->last].next = i;
		p->last = i;
		p->count++;
	}
	return i;
}

static int
add_scalar(struct ydoc *doc, int32_t parent, const yaml_event_t *ev)
{
	size_t len = ev->data.scalar.length;
	int32_t i = add_node(doc, parent, YNODE_SCALAR, &ev->start_mark);
	struct ynode *n;

	if (i < 0)
		return -1;
	n = &doc->node[i];
	if ((n->text = malloc(len + 1)) == NULL)
		return -1;
	memcpy(n->text, ev->data.scalar.value, len);
	n->text[len] = '\0';
	n->len = len;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	return 0;
}

/* libyaml's reader (bad UTF-8, control characters) gives a byte offset
 * rather than a mark: count lines up to it. */
static void
reader_error(const yaml_parser_t *p, const unsigned char *buf, size_t len,
    struct diag *d)
{
	size_t i, end = p->problem_offset < len ? p->problem_offset : len;
	long line = 1, col = 1;

	for (i = 0; i < end; i++, col++)
		if (buf[i] == '\n') {
			line++;
			col = 0;
		}
	if (p->problem_value >= 0)
		diag_error(d, line, col, "YAML: %s (byte 0x%02x): this is not "
		    "a text file", p->problem, (unsigned)p->problem_value);
	else
		diag_error(d, line, col, "YAML: %s: this is not a text file",
		    p->problem);
}

static void
parser_error(const yaml_parser_t *p, const unsigned char *buf, size_t len,
    struct diag *d)
{
	const yaml_mark_t *m = p->problem ? &p->problem_mark :
	    &p->context_mark;
	const char *problem = p->problem ? p->problem : "malformed YAML";

	if (p->error == YAML_MEMORY_ERROR)
		diag_error(d, 0, 0, "out of memory");
	else if (p->error == YAML_READER_ERROR && p->problem)
		reader_error(p, buf, len, d);
	else if (p->context)
		diag_error(d, (long)m->line + 1, (long)m->column + 1,
		    "YAML: %s %s", problem, p->context);
	else
		diag_error(d, (long)m->line + 1, (long)m->column + 1,
		    "YAML: %s", problem);
}

struct builder {
	struct ydoc *doc;
	struct diag *d;
	int32_t stack[YDOC_MAX_DEPTH + 1];
	int depth;
	int documents;
	int done;
};

static int
mark_error(struct diag *d, const yaml_mark_t *m, const char *msg)
{
	diag_error(d, (long)m->line + 1, (long)m->column + 1, "%s", msg);
	return -1;
}

/* One event into the tree; -1 after reporting. */
static int
take_event(struct builder *b, const yaml_event_t *ev)
{
	int32_t top = b->depth ? b->stack[b->depth - 1] : YDOC_NONE, i;

	switch (ev->type) {
	case YAML_DOCUMENT_START_EVENT:
		if (++b->documents > 1)
			return mark_error(b->d, &ev->start_mark, "a plan file "
			    "holds one YAML document; this is a second one");
		return 0;
	case YAML_ALIAS_EVENT:
		return mark_error(b->d, &ev->start_mark, "aliases (*name) are "
		    "not supported: write the value out");
	case YAML_SCALAR_EVENT:
		if (add_scalar(b->doc, top, ev) < 0)
			return mark_error(b->d, &ev->start_mark,
			    "out of memory");
		return 0;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if (b->depth == YDOC_MAX_DEPTH)
			return mark_error(b->d, &ev->start_mark, "nested more "
			    "than 64 levels deep");
		i = add_node(b->doc, top, ev->type == YAML_MAPPING_START_EVENT ?
		    YNODE_MAP : YNODE_SEQ, &ev->start_mark);
		if (i < 0)
			return mark_error(b->d, &ev->start_mark,
			    "out of memory");
		b->stack[b->depth++] = i;
		return 0;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		b->depth--;
		return 0;
	case YAML_STREAM_END_EVENT:
		b->done = 1;
		return 0;
	default:
		return 0;
	}
}

int
ydoc_load(struct ydoc *doc, const unsigned char *buf, size_t len,
    struct diag *d)
{
	struct builder b;
	yaml_parser_t parser;
	yaml_event_t ev;
	int rc = 0;

	memset(doc, 0, sizeof *doc);
	memset(&b, 0, sizeof b);
	b.doc = doc;
	b.d = d;
	if (!yaml_parser_initialize(&parser)) {
		diag_error(d, 0, 0, "out of memory");
		return -1;
	}
	yaml_parser_set_input_string(&parser, buf, len);
	while (!b.done && rc == 0) {
		if (!yaml_parser_parse(&parser, &ev)) {
			parser_error(&parser, buf, len, d);
			rc = -1;
			break;
		}
		rc = take_event(&b, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	if (rc == 0 && doc->n == 0) {
		diag_error(d, 0, 0, "the file holds no YAML document");
		rc = -1;
	}
	if (rc < 0)
		ydoc_free(doc);
	return rc;
}

int
ynode_is(const struct ynode *n, const char *s)
{
	return n && n->kind == YNODE_SCALAR && strlen(s) == n->len &&
	    memcmp(n->text, s, n->len) == 0;
}

const char *
ynode_what(const struct ynode *n, char *buf, size_t size)
{
	if (n->kind == YNODE_MAP)
		snprintf(buf, size, "a mapping");
	else if (n->kind == YNODE_SEQ)
		snprintf(buf, size, "a list");
	else if (n->len == 0 && n->plain)
		snprintf(buf, size, "nothing");
	else
		snprintf(buf, size, "'%.40s%s'", n->text,
		    n->len > 40 ? "..." : "");
	return buf;
}

int
ymap_next(const struct ydoc *doc, const struct ynode *map, int32_t *it,
    const struct ynode **key, const struct ynode **value)
{
	int32_t k = *it == YDOC_NONE ? map->first : doc->node[*it].next;

	if (k == YDOC_NONE)
		return 0;
	*key = &doc->node[k];
	*value = ydoc_at(doc, doc->node[k].next);
	*it = doc->node[k].next;
	return *value != NULL;
}

int
yseq_next(const struct ydoc *doc, const struct ynode *seq, int32_t *it,
    const struct ynode **item)
{
	int32_t k = *it == YDOC_NONE ? seq->first : doc->node[*it].next;

	if (k == YDOC_NONE)
		return 0;
	*item = &doc->node[k];
	*it = k;
	return 1;
}

static int
same_text(const struct ynode *x, const struct ynode *y)
{
	return x->len == y->len && memcmp(x->text, y->text, x->len) == 0;
}

/* By text, then by document order (nodes are stored in that order). */
static int
by_key_text(const void *a, const void *b)
{
	const struct ynode *x = *(const struct ynode *const *)a;
	const struct ynode *y = *(const struct ynode *const *)b;
	size_t n = x->len < y->len ? x->len : y->len;
	int r = memcmp(x->text, y->text, n);

	if (r != 0)
		return r;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x < y ? -1 : x > y;
}

int
ymap_check_keys(const struct ydoc *doc, const struct ynode *map,
    struct diag *d)
{
	const struct ynode **keys, *k, *v;
	size_t n = 0, i, first;
	int32_t it = YDOC_NONE;
	int rc = 0;

	if ((keys = malloc((map->count / 2 + 1) * sizeof *keys)) == NULL) {
		diag_error(d, map->line, map->col, "out of memory");
		return -1;
	}
	while (ymap_next(doc, map, &it, &k, &v)) {
		if (k->kind != YNODE_SCALAR) {
			ydoc_error(d, k, "a key must be a plain name, not %s",
			    k->kind == YNODE_MAP ? "a mapping" : "a list");
			rc = -1;
			continue;
		}
		keys[n++] = k;
	}
	qsort(keys, n, sizeof *keys, by_key_text);
	for (i = 1, first = 0; i < n; i++) {
		if (!same_text(keys[first], keys[i])) {
			first = i;
			continue;
		}
		ydoc_error(d, keys[i], "duplicate key '%.60s' (first at line "
		    "%ld)", keys[i]->text, keys[first]->line);
		rc = -1;
	}
	free(keys);
	return rc;
}

/* A field no key names: the one it is nearest, or all of them. */
static void
unknown_field(struct diag *d, const struct ynode *k, const char *what,
    const char *const *keys, size_t nkeys, const char *list)
{
	const char *hit = suggest_word(k->text, keys, nkeys);

	if (hit != NULL)
		ydoc_error(d, k, "%s: unknown field '%.40s'; did you mean "
		    "'%s'?", what, k->text, hit);
	else
		ydoc_error(d, k, "%s: unknown field '%.40s' (known: %s)",
		    what, k->text, list);
}

int
ymap_fields(const struct ydoc *doc, const struct ynode *map,
    const char *const *keys, const struct ynode **value, const char *what,
    struct diag *d)
{
	const struct ynode *k, *v;
	int32_t it = YDOC_NONE;
	char buf[64], list[512];
	size_t i, nkeys, used = 0;
	int rc;

	for (nkeys = 0; keys[nkeys]; nkeys++)
		value[nkeys] = NULL;
	if (map->kind != YNODE_MAP) {
		ydoc_error(d, map, "%s: expected a mapping of fields, found %s",
		    what, ynode_what(map, buf, sizeof buf));
		return -1;
	}
	if ((rc = ymap_check_keys(doc, map, d)) < 0)
		return rc;
	list[0] = '\0';
	for (i = 0; i < nkeys && used < sizeof list; i++)
		used += (size_t)snprintf(list + used, sizeof list - used,
		    "%s%s", i ? ", " : "", keys[i]);
	while (ymap_next(doc, map, &it, &k, &v)) {
		for (i = 0; i < nkeys; i++)
			if (ynode_is(k, keys[i]))
				break;
		if (i < nkeys) {
			value[i] = v;
			continue;
		}
		unknown_field(d, k, what, keys, nkeys, list);
		rc = -1;
	}
	return rc;
}

int
yparse_long(const char *s, long lo, long hi, long *out)
{
	const char *p = s;
	unsigned long v = 0;
	int neg = 0, base = 10, dv, big = 0;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p[2]) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && p[1] != '\0') {
		return -1;	/* 010: octal to some YAML readers */
	}
	if (*p == '\0')
		return -1;
	for (; *p; p++) {
		if (isdigit((unsigned char)*p))
			dv = *p - '0';
		else if (base == 16 && isxdigit((unsigned char)*p))
			dv = tolower((unsigned char)*p) - 'a' + 10;
		else
			return -1;
		if (v > 0x7fffffffUL)
			big = 1;	/* keep scanning for junk */
		else
			v = v * (unsigned long)base + (unsigned long)dv;
	}
	if (big || v > 0x7fffffffUL)
		return -2;
	*out = neg ? -(long)v : (long)v;
	return *out < lo || *out > hi ? -2 : 0;
}

int
yget_long(const struct ynode *n, long lo, long hi, const char *what,
    struct diag *d, long *out)
{
	char buf[64];
	int rc;

	if (n->kind != YNODE_SCALAR || !n->plain || n->len != strlen(n->text)) {
		ydoc_error(d, n, "%s: expected a number, found %s", what,
		    ynode_what(n, buf, sizeof buf));
		return -1;
	}
	if ((rc = yparse_long(n->text, lo, hi, out)) == -1) {
		ydoc_error(d, n, "%s: '%.40s' is not a whole number", what,
		    n->text);
		return -1;
	}
	if (rc == -2) {
		ydoc_error(d, n, "%s: %.40s is outside %ld..%ld", what,
		    n->text, lo, hi);
		return -1;
	}
	return 0;
}

int
yget_double(const struct ynode *n, double lo, double hi, const char *what,
    struct diag *d, double *out)
{
	char buf[64];

	if (n->kind != YNODE_SCALAR || !n->plain ||
	    n->len != strlen(n->text) || num_double(n->text, out) != NUM_OK) {
		ydoc_error(d, n, "%s: expected a number, found %s", what,
		    ynode_what(n, buf, sizeof buf));
		return -1;
	}
	if (*out < lo || *out > hi) {
		ydoc_error(d, n, "%s: %.40s is outside %g..%g", what, n->text,
		    lo, hi);
		return -1;
	}
	return 0;
}

int
yget_bool(const struct ynode *n, const char *what, struct diag *d, int *out)
{
	char buf[64];

	if (n->kind == YNODE_SCALAR && n->plain && (ynode_is(n, "true") ||
	    ynode_is(n, "false"))) {
		*out = ynode_is(n, "true");
		return 0;
	}
	ydoc_error(d, n, "%s: expected true or false, found %s", what,
	    ynode_what(n, buf, sizeof buf));
	return -1;
}

int
yget_name(const struct ynode *n, const char *what, struct diag *d,
    const char **out)
{
	char buf[64];

	if (n->kind != YNODE_SCALAR || n->len == 0 ||
	    n->len != strlen(n->text)) {
		ydoc_error(d, n, "%s: expected a name, found %s", what,
		    ynode_what(n, buf, sizeof buf));
		return -1;
	}
	*out = n->text;
	return 0;
}
