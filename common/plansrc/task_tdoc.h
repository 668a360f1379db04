/*
 * task_tdoc.h - a loaded YAML (or JSON) document and the checked reads
 * the task reader makes from it: keys against a table with synonyms and
 * duplicates refused, numbers, integers, names, positions for messages.
 * Internal to common/plansrc (task_yaml.c, task_ystate.c).
 */
#ifndef SPINE_TASK_TDOC_H
#define SPINE_TASK_TDOC_H

#include <stddef.h>
#include <stdint.h>
#include <yaml.h>

#include "host/diag.h"

struct tpos {
	long line, col;
};

struct tdoc {
	yaml_document_t doc;
	struct diag *d;
	unsigned char *seen;	/* per node: already read (aliases) */
	int nnodes;
	int loaded;
	int alias_reported;
};

/* A key a mapping may have, and the original BrainJS spelling of it. */
struct tkey {
	const char *name;
	const char *alias;	/* NULL if none */
};

/* Parse buf as one document.  0, or -1 with the reason reported. */
int tdoc_load(struct tdoc *y, const char *buf, size_t len, struct diag *d);
void tdoc_free(struct tdoc *y);

/* The root node, or NULL for an empty document. */
yaml_node_t *tdoc_root(struct tdoc *y);

/*
 * Node `index` for reading; NULL (reported once) when it was read before,
 * which only happens through an alias: the reader refuses them so a few
 * bytes cannot expand into a huge task.
 */
yaml_node_t *tdoc_get(struct tdoc *y, int index);

/* The same, without marking it read (for looking ahead). */
yaml_node_t *tdoc_peek(struct tdoc *y, int index);

struct tpos tdoc_pos(const yaml_node_t *n);

void tdoc_error(struct tdoc *y, const yaml_node_t *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void tdoc_warn(struct tdoc *y, const yaml_node_t *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* "a mapping", "a list", "'text'" - what a node is, for messages. */
const char *tdoc_kind(const yaml_node_t *n);

static inline const char *
tdoc_text(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

static inline size_t
tdoc_len(const yaml_node_t *n)
{
	return n->data.scalar.length;
}

/* A plain (unquoted) scalar equal to s. */
int tdoc_is_plain(const yaml_node_t *n, const char *s);

/*
 * Check that n is a mapping whose keys are all in keys[nkeys] (by name
 * or alias), none twice; vals[i] gets the value of keys[i] or NULL.
 * 0, or -1 when something was reported.
 */
int tdoc_keys(struct tdoc *y, yaml_node_t *n, const struct tkey *keys,
    int nkeys, yaml_node_t **vals, const char *what);

/*
 * A mapping with free-form keys (names): each key a scalar, none twice,
 * at most max pairs.  0, or -1 when something was reported.
 */
int tdoc_name_map(struct tdoc *y, yaml_node_t *n, size_t max,
    const char *what);

/* A sequence of at most max items.  0, or -1 reported. */
int tdoc_list(struct tdoc *y, yaml_node_t *n, size_t max, const char *what);

/* A plain decimal number in units -> fixed-point counts, |v| <= 1e6. */
int tdoc_number(struct tdoc *y, yaml_node_t *n, const char *what,
    int32_t *counts);

/* A plain decimal integer in [lo, hi]. */
int tdoc_long(struct tdoc *y, yaml_node_t *n, const char *what, long lo,
    long hi, long *out);

/* A name: [A-Za-z_][A-Za-z0-9_-]*, at most TASK_NAME_MAX characters. */
int tdoc_name(struct tdoc *y, yaml_node_t *n, const char *what,
    const char **out);

/* The same rule for a piece of text (len bytes). */
int tdoc_name_ok(const char *s, size_t len);

#endif
