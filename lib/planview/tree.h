/*
 * tree.h - a plan as planview shows it: rows in tree order (drives by
 * priority, each competence's elements by priority, each pattern's steps
 * in run order), and the names a log uses for elements and senses.  Built
 * once per run by cmd/planview; read by state.c, frame.c and html.c.
 */
#ifndef SPINE_PLANVIEW_TREE_H
#define SPINE_PLANVIEW_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "plan/plan.h"
#include "evlog/names.h"

/* Rows are bounded so a recursive plan cannot grow the view forever. */
#define PLANVIEW_MAX_ROWS 20000
#define PLANVIEW_MAX_DEPTH 24

struct planview_row {
	uint8_t type;		/* enum plan_type */
	uint8_t depth;		/* 0 for drives */
	uint16_t index;		/* record index in that type's table */
	char *info;		/* what the row says beside the name */
};

struct planview_tree {
	const struct plan *p;
	struct names names;		/* the shared id -> name lookup */
	struct planview_row *row;
	size_t nrows;
	char **name[PLAN_NTYPES];	/* per record: name, or "#id" (names') */
	char **sense;			/* per sense id (0..nsense-1) or NULL */
	size_t nsense;
	uint16_t *sense_ids;		/* the ids the plan names or reads */
	size_t nsense_ids;
	uint16_t *at_id[PLAN_NTYPES];	/* record index by element id, or
					   PLAN_NONE */
};

/* 0, or -1 when out of memory (call planview_tree_free either way). */
int planview_tree_open(struct planview_tree *t, const struct plan *p);
void planview_tree_free(struct planview_tree *t);

/* The element a log names: type tag ("D", "CE", ...) and name ("#id" for
 * unnamed ones).  0 with type and index set, or -1 when the plan has none. */
int planview_tree_element(const struct planview_tree *t, const char *tag,
    const char *name, uint8_t *type, uint16_t *index);
/* The record of the element of type with plan id: 0 and *index, or -1. */
int planview_tree_index(const struct planview_tree *t, uint8_t type, uint16_t id,
    uint16_t *index);
/* The type tag of an element type ("AP", "APE", "C", "CE", "D", "A"). */
const char *planview_type_tag(int type);

#endif
