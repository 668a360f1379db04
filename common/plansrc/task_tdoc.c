/*
 * task_tdoc.c - checked reads from a libyaml document for the task
 * reader (task_tdoc.h).  libyaml reads JSON too, but takes duplicate keys
 * and aliases without a word, so both are checked here.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/num.h"
#include "plan/task.h"
#include "plansrc/task_tdoc.h"

struct tpos
tdoc_pos(const yaml_node_t *n)
{
	struct tpos p;

	p.line = (long)n->start_mark.line + 1;
	p.col = (long)n->start_mark.column + 1;
	return p;
}

static void
vreport(struct tdoc *y, enum diag_level level, const yaml_node_t *n,
    const char *fmt, va_list ap)
{
	struct tpos p = { 0, 0 };

	if (n)
		p = tdoc_pos(n);
	diag_vreport(y->d, level, p.line, p.col, fmt, ap);
}

void
tdoc_error(struct tdoc *y, const yaml_node_t *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(y, DIAG_ERROR, n, fmt, ap);
	va_end(ap);
}

void
tdoc_warn(struct tdoc *y, const yaml_node_t *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(y, DIAG_WARNING, n, fmt, ap);
	va_end(ap);
}

static void
parse_error(struct tdoc *y, const yaml_parser_t *p)
{
	const char *what = p->problem ? p->problem : "malformed YAML";

	if (p->error == YAML_MEMORY_ERROR) {
		diag_error(y->d, 0, 0, "out of memory");
		return;
	}
	if (p->context)
		diag_error(y->d, (long)p->problem_mark.line + 1,
		    (long)p->problem_mark.column + 1, "%s %s", what,
		    p->context);
	else
		diag_error(y->d, (long)p->problem_mark.line + 1,
		    (long)p->problem_mark.column + 1, "%s", what);
}

/* Nothing may follow the first document. */
static int
only_one(struct tdoc *y, yaml_parser_t *p)
{
	yaml_document_t next;
	yaml_node_t *root;
	int rc = 0;

	if (!yaml_parser_load(p, &next)) {
		parse_error(y, p);
		return -1;
	}
	if ((root = yaml_document_get_root_node(&next)) != NULL) {
		tdoc_error(y, root, "more than one document in the file");
		rc = -1;
	}
	yaml_document_delete(&next);
	return rc;
}

int
tdoc_load(struct tdoc *y, const char *buf, size_t len, struct diag *d)
{
	yaml_parser_t p;
	int rc = 0;

	memset(y, 0, sizeof *y);
	y->d = d;
	if (!yaml_parser_initialize(&p)) {
		diag_error(d, 0, 0, "out of memory");
		return -1;
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	if (!yaml_parser_load(&p, &y->doc)) {
		parse_error(y, &p);
		yaml_parser_delete(&p);
		return -1;
	}
	y->loaded = 1;
	y->nnodes = (int)(y->doc.nodes.top - y->doc.nodes.start);
	if ((y->seen = calloc((size_t)y->nnodes + 1, 1)) == NULL) {
		diag_error(d, 0, 0, "out of memory");
		rc = -1;
	} else if (tdoc_root(y) != NULL) {
		rc = only_one(y, &p);
	}
	yaml_parser_delete(&p);
	return rc;
}

void
tdoc_free(struct tdoc *y)
{
	if (y->loaded)
		yaml_document_delete(&y->doc);
	free(y->seen);
	y->seen = NULL;
	y->loaded = 0;
}

yaml_node_t *
tdoc_root(struct tdoc *y)
{
	return yaml_document_get_root_node(&y->doc);
}

yaml_node_t *
tdoc_peek(struct tdoc *y, int index)
{
	return yaml_document_get_node(&y->doc, index);
}

yaml_node_t *
tdoc_get(struct tdoc *y, int index)
{
	yaml_node_t *n = tdoc_peek(y, index);

	if (n == NULL || index < 1 || index > y->nnodes)
		return NULL;
	if (y->seen[index]) {
		if (!y->alias_reported)
			tdoc_error(y, n, "this is used again through an "
			    "alias (*name); task sources do not take aliases");
		y->alias_reported = 1;
		return NULL;
	}
	y->seen[index] = 1;
	return n;
}

const char *
tdoc_kind(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_MAPPING_NODE:
		return "a mapping";
	case YAML_SEQUENCE_NODE:
		return "a list";
	case YAML_SCALAR_NODE:
		return n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ?
		    "a plain value" : "a quoted string";
	default:
		return "nothing";
	}
}

int
tdoc_is_plain(const yaml_node_t *n, const char *s)
{
	return n->type == YAML_SCALAR_NODE &&
	    n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
	    tdoc_len(n) == strlen(s) && memcmp(tdoc_text(n), s,
	    tdoc_len(n)) == 0;
}

static int
key_is(const yaml_node_t *k, const char *name)
{
	return name && tdoc_len(k) == strlen(name) &&
	    memcmp(tdoc_text(k), name, tdoc_len(k)) == 0;
}

/* A key node: a scalar without NUL bytes, short enough to print. */
static yaml_node_t *
key_node(struct tdoc *y, int index, const char *what)
{
	yaml_node_t *k = tdoc_get(y, index);

	if (k == NULL)
		return NULL;
	if (k->type != YAML_SCALAR_NODE || memchr(tdoc_text(k), '\0',
	    tdoc_len(k)) != NULL) {
		tdoc_error(y, k, "a key in %s must be a name, not %s", what,
		    tdoc_kind(k));
		return NULL;
	}
	return k;
}

int
tdoc_keys(struct tdoc *y, yaml_node_t *n, const struct tkey *keys,
    int nkeys, yaml_node_t **vals, const char *what)
{
	yaml_node_pair_t *pair;
	int i, rc = 0;

	for (i = 0; i < nkeys; i++)
		vals[i] = NULL;
	if (n->type != YAML_MAPPING_NODE) {
		tdoc_error(y, n, "%s must be a mapping, not %s", what,
		    tdoc_kind(n));
		return -1;
	}
	for (pair = n->data.mapping.pairs.start;
	    pair < n->data.mapping.pairs.top; pair++) {
		yaml_node_t *k = key_node(y, pair->key, what);

		if (k == NULL)
			return -1;
		for (i = 0; i < nkeys; i++)
			if (key_is(k, keys[i].name) || key_is(k, keys[i].alias))
				break;
		if (i == nkeys) {
			tdoc_error(y, k, "unknown key '%.40s' in %s",
			    tdoc_text(k), what);
			rc = -1;
			continue;
		}
		if (vals[i] != NULL) {
			tdoc_error(y, k, "'%.40s' given twice in %s (line "
			    "%ld)", tdoc_text(k), what, tdoc_pos(vals[i]).line);
			rc = -1;
			continue;
		}
		if ((vals[i] = tdoc_get(y, pair->value)) == NULL)
			return -1;
	}
	return rc;
}

int
tdoc_name_map(struct tdoc *y, yaml_node_t *n, size_t max, const char *what)
{
	yaml_node_pair_t *a, *b, *start;
	size_t count;

	if (n->type != YAML_MAPPING_NODE) {
		tdoc_error(y, n, "%s must be a mapping, not %s", what,
		    tdoc_kind(n));
		return -1;
	}
	start = n->data.mapping.pairs.start;
	count = (size_t)(n->data.mapping.pairs.top - start);
	if (count > max) {
		tdoc_error(y, n, "%s has %zu entries; at most %zu", what,
		    count, max);
		return -1;
	}
	for (a = start; a < n->data.mapping.pairs.top; a++) {
		const yaml_node_t *ka = tdoc_peek(y, a->key);

		if (key_node(y, a->key, what) == NULL)
			return -1;
		for (b = start; b < a; b++) {
			const yaml_node_t *kb = tdoc_peek(y, b->key);

			if (tdoc_len(ka) == tdoc_len(kb) &&
			    memcmp(tdoc_text(ka), tdoc_text(kb),
			    tdoc_len(ka)) == 0) {
				tdoc_error(y, ka, "'%.40s' given twice in %s "
				    "(line %ld)", tdoc_text(ka), what,
				    tdoc_pos(kb).line);
				return -1;
			}
		}
	}
	return 0;
}

int
tdoc_list(struct tdoc *y, yaml_node_t *n, size_t max, const char *what)
{
	size_t count;

	if (n->type != YAML_SEQUENCE_NODE) {
		tdoc_error(y, n, "%s must be a list, not %s", what,
		    tdoc_kind(n));
		return -1;
	}
	count = (size_t)(n->data.sequence.items.top -
	    n->data.sequence.items.start);
	if (count > max) {
		tdoc_error(y, n, "%s has %zu items; at most %zu", what, count,
		    max);
		return -1;
	}
	return 0;
}

/* A plain scalar holding text for a number; NULL (reported) otherwise. */
static const char *
plain_text(struct tdoc *y, yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SCALAR_NODE ||
	    n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
	    memchr(tdoc_text(n), '\0', tdoc_len(n)) != NULL) {
		if (n->type == YAML_SCALAR_NODE)
			tdoc_error(y, n, "%s must be a number, not the "
			    "string \"%.40s\"", what, tdoc_text(n));
		else
			tdoc_error(y, n, "%s must be a number, not %s", what,
			    tdoc_kind(n));
		return NULL;
	}
	return tdoc_text(n);
}

int
tdoc_number(struct tdoc *y, yaml_node_t *n, const char *what,
    int32_t *counts)
{
	const char *s = plain_text(y, n, what);
	enum num_error e;
	double v;

	if (s == NULL)
		return -1;
	if ((e = num_double(s, &v)) != NUM_OK) {
		tdoc_error(y, n, "%s: '%.40s' is %s", what, s,
		    num_strerror(e));
		return -1;
	}
	if (fabs(v) > (double)TASK_COORD_MAX / TASK_SCALE) {
		tdoc_error(y, n, "%s: %.40s is out of range (at most %ld in "
		    "size)", what, s, TASK_COORD_MAX / TASK_SCALE);
		return -1;
	}
	*counts = (int32_t)lround(v * TASK_SCALE);
	return 0;
}

int
tdoc_long(struct tdoc *y, yaml_node_t *n, const char *what, long lo,
    long hi, long *out)
{
	const char *s = plain_text(y, n, what);
	enum num_error e;

	if (s == NULL)
		return -1;
	if ((e = num_long(s, lo, hi, out)) != NUM_OK) {
		if (e == NUM_RANGE)
			tdoc_error(y, n, "%s: %.40s is out of range (%ld to "
			    "%ld)", what, s, lo, hi);
		else
			tdoc_error(y, n, "%s must be a whole number, not "
			    "'%.40s'", what, s);
		return -1;
	}
	return 0;
}

int
tdoc_name_ok(const char *s, size_t len)
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
tdoc_name(struct tdoc *y, yaml_node_t *n, const char *what, const char **out)
{
	if (n->type != YAML_SCALAR_NODE) {
		tdoc_error(y, n, "%s must be a name, not %s", what,
		    tdoc_kind(n));
		return -1;
	}
	if (!tdoc_name_ok(tdoc_text(n), tdoc_len(n))) {
		tdoc_error(y, n, "%s '%.40s' is not a valid name (a letter or "
		    "_, then letters, digits, _ or -; at most %d)", what,
		    tdoc_text(n), TASK_NAME_MAX);
		return -1;
	}
	*out = tdoc_text(n);
	return 0;
}
