/*
 * view.h - a validated plan seen by the writers (YAML, .inst, dot): a
 * label for every record (its name, or a made-up one such as "A60" that is
 * unique in the plan), and the names of senses and actions by robot id.
 * Used by emit_yaml.c, emit_inst.c and emit_dot.c.
 */
#ifndef SPINE_VIEW_H
#define SPINE_VIEW_H

#include <stddef.h>
#include <stdint.h>

#include "plan/plan.h"

struct view_label {
	uint16_t id;
	char *name;
};

struct plan_view {
	const struct plan *p;
	char **label[PLAN_NTYPES];	/* per record, NUL-terminated */
	unsigned char *named[PLAN_NTYPES];	/* 1: the plan's own name */
	struct view_label *sense, *action;	/* sorted by id */
	size_t nsense, naction;
};

/* 0, or -1 when out of memory (call plansrc_view_free either way). */
int plansrc_view_open(struct plan_view *v, const struct plan *p);
void plansrc_view_free(struct plan_view *v);

/* Name of a robot sense / action, or NULL when the plan names none. */
const char *plansrc_view_sense(const struct plan_view *v, uint16_t id);
const char *plansrc_view_action(const struct plan_view *v, uint16_t id);

/* The label of a child reference, or NULL for "no child". */
const char *plansrc_view_child(const struct plan_view *v, const struct plan_ref *r);

/* A record index with a 16-bit key (an id, an order, a priority). */
struct view_key {
	uint16_t key, index;
};

/* Sort by key, ascending or descending; equal keys stay in index order,
 * as the planner breaks ties. */
void plansrc_view_sort(struct view_key *v, size_t n, int descending);

/* Is s valid UTF-8? (YAML can carry nothing else.) */
int plansrc_view_utf8_ok(const char *s);

#endif
