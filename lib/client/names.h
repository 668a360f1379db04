/*
 * names.h - names for the ids of the plan a robot holds, found by ONE
 * rule (armctl(1), NAMES) and kept by the plan's CRC-32:
 *
 *   1. --names FILE, when FILE is the plan the robot holds, or the plan
 *      it holds before plancc --strip took its names out (told by CRC,
 *      nothing read back);
 *   2. else the name table of the plan the robot holds (read back once,
 *      then kept while its CRC stays);
 *   3. else none: every element is "#<id>".
 *
 * A --names FILE that is not the robot's plan is refused, naming both
 * CRCs, unless forced, when its names are taken anyway.
 */
#ifndef SPINE_CLIENT_NAMES_H
#define SPINE_CLIENT_NAMES_H

#include <stdint.h>

#include "client/status.h"

#include "evlog/names.h"
#include "run/load.h"

struct client;

struct client_names {
	struct loaded_plan lp;	/* the plan the names come from */
	struct names names;
	int have;		/* names to give (else ids only) */
	int layout;		/* lp is the robot's plan, names or not:
				   its records are the robot's (packed.c) */
	int known;		/* found for the robot's plan below */
	uint32_t size, id;	/* ... that plan (size 0: none stored) */
	char file[4096];	/* the --names FILE they came from, or "" */
	char from[4200];	/* "the robot's plan" or the file, for messages */
};

/*
 * Names for the plan the robot holds now (one PLAN_INFO; more only the
 * first time for a plan), by the rule above; file may be NULL.  Into
 * cl->names.  CLIENT_OK (have 0 when there are none, size 0 when the
 * robot holds no plan), CLIENT_DATA for a FILE that is another plan, or
 * a failure.
 */
enum client_status client_names(struct client *cl, const char *file,
    int force);

/* The names to give events and tables, or NULL (ids only). */
const struct names *client_names_table(const struct client *cl);

/* The name of element (type, id); NULL when unknown. */
const char *client_name(const struct client *cl, uint8_t type,
    uint16_t id);

/*
 * What a user wrote for an element: a name, TAG:ID (D:1, AP:20) or, for a
 * command of one type (want < PLAN_NTYPES; -1 any), a bare id.  CLIENT_OK
 * with (*type, *id); CLIENT_DATA naming key, or CLIENT_FAILED when the
 * robot holds no plan.
 */
enum client_status client_element(struct client *cl, const char *key,
    int want, uint8_t *type, uint16_t *id);

void client_names_free(struct client_names *n);

/*
 * A plan's identities as a robot reports them (PLAN_INFO's id): its own
 * CRC-32, and the one the same plan has after plancc --strip (equal when
 * it has no names).
 */
void client_plan_ids(const struct plan *p, uint32_t *full,
    uint32_t *stripped);

#endif
