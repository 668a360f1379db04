/*
 * task_tdoc.h - the checked reads the task reader makes from a ydoc (the
 * one YAML/JSON reader, ydoc.h): keys against a table with synonyms and
 * duplicates refused, numbers, integers, names, positions for messages.
 * Internal to lib/plansrc (task_yaml.c, task_ystate.c).
 */
#ifndef SPINE_TASK_TDOC_H
#define SPINE_TASK_TDOC_H

#include <stddef.h>
#include <stdint.h>

#include "host/diag.h"
#include "yaml/ydoc.h"

struct tpos {
	long line, col;
};

/* The document being read (owned by the caller) and where to report. */
struct tdoc {
	const struct ydoc *doc;
	struct diag *d;
};

/* A key a mapping may have, and the original BrainJS spelling of it. */
struct tkey {
	const char *name;
	const char *alias;	/* NULL if none */
};

/* Entries of a mapping, items of a list. */
#define TDOC_PAIRS(n) ((n)->count / 2)
#define TDOC_ITEMS(n) ((n)->count)

struct tpos plansrc_tdoc_pos(const struct ynode *n);

void plansrc_tdoc_error(struct tdoc *y, const struct ynode *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void plansrc_tdoc_warn(struct tdoc *y, unsigned wclass, const struct ynode *n,
    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* "a mapping", "a list", "a plain value" - what a node is, for messages. */
const char *plansrc_tdoc_kind(const struct ynode *n);

/* A scalar's text (NUL-terminated) and length; "" for a collection. */
static inline const char *
tdoc_text(const struct ynode *n)
{
	return n->kind == YNODE_SCALAR ? n->text : "";
}

static inline size_t
tdoc_len(const struct ynode *n)
{
	return n->kind == YNODE_SCALAR ? n->len : 0;
}

/* A plain (unquoted) scalar equal to s. */
int plansrc_tdoc_is_plain(const struct ynode *n, const char *s);

/*
 * Check that n is a mapping whose keys are all in keys[nkeys] (by name
 * or alias), none twice; vals[i] gets the value of keys[i] or NULL.
 * 0, or -1 when something was reported.
 */
int plansrc_tdoc_keys(struct tdoc *y, const struct ynode *n, const struct tkey *keys,
    int nkeys, const struct ynode **vals, const char *what);

/*
 * A mapping with free-form keys (names): each key a scalar, none twice,
 * at most max pairs.  0, or -1 when something was reported.
 */
int plansrc_tdoc_name_map(struct tdoc *y, const struct ynode *n, size_t max,
    const char *what);

/* A sequence of at most max items.  0, or -1 reported. */
int plansrc_tdoc_list(struct tdoc *y, const struct ynode *n, size_t max,
    const char *what);

/* A plain decimal number in units -> fixed-point counts, |v| <= 1e6. */
int plansrc_tdoc_number(struct tdoc *y, const struct ynode *n, const char *what,
    int32_t *counts);

/* A plain decimal integer in [lo, hi]. */
int plansrc_tdoc_long(struct tdoc *y, const struct ynode *n, const char *what,
    long lo, long hi, long *out);

/* A name: [A-Za-z_][A-Za-z0-9_-]*, at most TASK_NAME_MAX characters. */
int plansrc_tdoc_name(struct tdoc *y, const struct ynode *n, const char *what,
    const char **out);

/* The same rule for a piece of text (len bytes). */
int plansrc_tdoc_name_ok(const char *s, size_t len);

#endif
