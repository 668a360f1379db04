/*
 * ydoc.h - one YAML (or JSON) document as a small tree that remembers
 * where every node was written, for readers that must report file:line:col.
 * Used by the YAML plan reader and the task-machine reader (plancc loads
 * a file once, then picks the reader by its top level).
 */
#ifndef SPINE_YDOC_H
#define SPINE_YDOC_H

#include <stddef.h>
#include <stdint.h>

#include "host/diag.h"

#define YDOC_NONE (-1)
#define YDOC_MAX_DEPTH 64	/* deeper nesting is refused, see ydoc.c */

enum ynode_kind { YNODE_SCALAR, YNODE_SEQ, YNODE_MAP };

struct ynode {
	int kind;
	long line, col;		/* 1-based, where the node starts */
	char *text;		/* scalar: its value, NUL-terminated */
	size_t len;		/* scalar: bytes in text (may hold NULs) */
	int plain;		/* scalar written without quotes or | > */
	int32_t first;		/* first child; a map's children alternate */
	int32_t next;		/*   key, value, key, value ... */
	int32_t last;		/* last child (while building) */
	size_t count;		/* children (a map has 2 per entry) */
};

struct ydoc {
	struct ynode *node;	/* node[0] is the root */
	size_t n, cap;
};

/*
 * Parse buf[0..len) as exactly one document.  Anchors are allowed but
 * aliases are not (they would make a tree a graph).  0 on success, -1
 * with diagnostics in d.  An empty stream is an error.
 */
int ydoc_load(struct ydoc *doc, const unsigned char *buf, size_t len,
    struct diag *d);

void ydoc_free(struct ydoc *doc);

/* Report at a node's position. */
void ydoc_error(struct diag *d, const struct ynode *n, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* A warning of class wclass (diag_wreport). */
void ydoc_warn(struct diag *d, unsigned wclass, const struct ynode *n,
    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The node at index i (YDOC_NONE gives NULL). */
const struct ynode *ydoc_at(const struct ydoc *doc, int32_t i);

/* A scalar whose text is exactly s. */
int ynode_is(const struct ynode *n, const char *s);

/* "a mapping", "a list", "'text'" - what a node is, for messages. */
const char *ynode_what(const struct ynode *n, char *buf, size_t size);

/*
 * Check that map is a mapping whose keys are distinct scalars from
 * keys[] (NULL-terminated); `what` names the mapping in messages.  Fills
 * value[i] with the value node of keys[i] or NULL.  0 when all is well,
 * -1 after reporting; a key not in keys[] is reported with the known one
 * it is nearest ("did you mean"), or with the list of them.
 */
int ymap_fields(const struct ydoc *doc, const struct ynode *map,
    const char *const *keys, const struct ynode **value, const char *what,
    struct diag *d);

/*
 * Walk a mapping's entries: start with *it = YDOC_NONE; returns 1 and sets
 * *key, *value while entries remain.
 */
int ymap_next(const struct ydoc *doc, const struct ynode *map, int32_t *it,
    const struct ynode **key, const struct ynode **value);

/* Walk a sequence's items the same way. */
int yseq_next(const struct ydoc *doc, const struct ynode *seq, int32_t *it,
    const struct ynode **item);

/*
 * Mapping keys must be distinct scalars; reports duplicates and non-scalar
 * keys (first occurrence named).  0 ok, -1 reported.
 */
int ymap_check_keys(const struct ydoc *doc, const struct ynode *map,
    struct diag *d);

/*
 * An integer: plain decimal (no leading zeros) or 0x hex, within lo..hi.
 * 0, or -1 after reporting "<what>: ..." at the node.
 */
int yget_long(const struct ynode *n, long lo, long hi, const char *what,
    struct diag *d, long *out);

/*
 * A finite number (num_double: no NaN, no infinity), plain, within
 * lo..hi.  0, or -1 after reporting "<what>: ..." at the node.
 */
int yget_double(const struct ynode *n, double lo, double hi,
    const char *what, struct diag *d, double *out);

/* true or false, plain. */
int yget_bool(const struct ynode *n, const char *what, struct diag *d,
    int *out);

/* A non-empty scalar without NUL bytes (a name). */
int yget_name(const struct ynode *n, const char *what, struct diag *d,
    const char **out);

/* Parse text as yget_long does, without messages: 0 ok, -1 not a number,
 * -2 out of lo..hi. */
int yparse_long(const char *s, long lo, long hi, long *out);

#endif
