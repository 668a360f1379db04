/*
 * names.h - names for everything a plan refers to, on the host: elements,
 * senses and actions from the plan's name table ("#<id>" where it has
 * none), and the reverse lookups.  planrun, armctl and the event log.
 */
#ifndef SPINE_RUN_NAMES_H
#define SPINE_RUN_NAMES_H

#include <stdint.h>

#include "plan/plan.h"

struct names {
	const struct plan *plan;
	char **element[PLAN_NTYPES];	/* by record index */
	char **sense;			/* by sense id, 0..maxid; NULL for
					   ids the plan neither uses nor names */
	char **action;			/* by action id, the same */
	uint32_t nids;			/* maxid + 1 */
};

/* Names from the plan's table; "#<id>" where it has none.  -1 no memory
   (evlog_names_free still frees what was made). */
int evlog_names_init(struct names *n, const struct plan *p);
void evlog_names_free(struct names *n);

/*
 * Resolve what a user wrote for a sense or an action: a name from the
 * plan, "#<id>" or a bare decimal id.  The id, or -1.
 */
long evlog_names_sense_id(const struct names *n, const char *key);
long evlog_names_action_id(const struct names *n, const char *key);

/* An element by name or #<id>: 0 and (type, index), or -1. */
int evlog_names_element(const struct names *n, const char *key, uint8_t *type,
    uint16_t *index);

/* The record index of the element of `type` with plan id `id`, or -1. */
long evlog_names_index_of(const struct names *n, uint8_t type, uint16_t id);

/* The name of the element of `type` with plan id `id`, or of sense `id`;
   NULL when there is no such element (or sense), or n is NULL. */
const char *evlog_names_of_element_id(const struct names *n, uint8_t type,
    uint16_t id);
const char *evlog_names_of_sense(const struct names *n, uint16_t id);

#endif
