/*
 * robotnames.h - names for the ids of the plan a robot runs, for the
 * runtime-control commands: the stored plan's own name table (pulled with
 * PLAN_READ), else --names FILE.plan's, else none (ids only).
 */
#ifndef ARMCTL_ROBOTNAMES_H
#define ARMCTL_ROBOTNAMES_H

#include "run/load.h"
#include "evlog/names.h"
#include "ctl.h"

struct robot_names {
	struct loaded_plan lp;		/* the plan the names come from */
	struct names names;
	int have;			/* names were found */
	int no_plan;			/* the robot holds none */
	const char *from;		/* "the robot's plan" or the file */
};

/* Connected: find the names; 0 or an exit status after a message. */
int robot_names_get(struct ctl *c, struct robot_names *rn);
void robot_names_free(struct robot_names *rn);

/* The name of element (type, id); NULL when unknown. */
const char *robot_name(const struct robot_names *rn, uint8_t type,
    uint16_t id);

/*
 * What a user wrote for an element: a name, TAG:ID (D:1, AP:20), or, for
 * a command that takes one type (want < PLAN_NTYPES), a bare id.  0 with
 * (*type, *id); otherwise EXIT_DATAERR after a message naming key (or
 * EXIT_JOB_FAILED when the robot holds no plan).
 */
int robot_element(const struct robot_names *rn, const char *key, int want,
    uint8_t *type, uint16_t *id);

#endif
