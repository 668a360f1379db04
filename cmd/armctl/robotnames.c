/*
 * robotnames.c - names for the robot's plan (see robotnames.h): pull the
 * stored plan and use its name table when it has one, else --names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "plan/vocab.h"
#include "robotnames.h"

/* The robot's stored plan into rn->lp (none: bytes NULL); 0 or an exit
   status. */
static int
pull_plan(struct ctl *c, struct robot_names *rn)
{
	struct plan_error err;
	uint32_t size;
	int r;

	if ((r = ctl_plan_fetch(c, "names", &rn->lp.bytes, &size)) != 0)
		return r;
	if (size == 0) {
		rn->no_plan = 1;
		return 0;
	}
	if (plan_open(&rn->lp.plan, rn->lp.bytes, size, &err) != PLAN_OK) {
		plan_unload(&rn->lp);	/* not ours to read: ids only */
		return 0;
	}
	rn->lp.size = size;
	return 0;
}

static int
use_names(struct robot_names *rn, const char *from)
{
	if (names_init(&rn->names, &rn->lp.plan) < 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	rn->have = 1;
	rn->from = from;
	return 0;
}

int
robot_names_get(struct ctl *c, struct robot_names *rn)
{
	int r;

	memset(rn, 0, sizeof *rn);
	if ((r = pull_plan(c, rn)) != 0)
		return r;
	if (rn->lp.bytes && rn->lp.plan.names_size > 0)
		return use_names(rn, "the robot's plan");
	plan_unload(&rn->lp);
	if (c->names == NULL)
		return 0;
	if ((r = ctl_plan_load(c->names, &rn->lp)) != 0)
		return r;
	return use_names(rn, c->names);
}

void
robot_names_free(struct robot_names *rn)
{
	if (rn->have)
		names_free(&rn->names);
	rn->have = 0;
	plan_unload(&rn->lp);
}

const char *
robot_name(const struct robot_names *rn, uint8_t type, uint16_t id)
{
	return rn->have ? names_of_element_id(&rn->names, type, id) : NULL;
}

/* TAG:ID or a bare id: 0 and the parts, or -1 when it is neither. */
static int
numeric(const char *key, int want, uint8_t *type, uint16_t *id)
{
	const char *colon = strchr(key, ':');
	char tag[4];
	long v;
	int t = want;

	if (colon != NULL) {
		if (colon - key >= (long)sizeof tag)
			return -1;
		memcpy(tag, key, (size_t)(colon - key));
		tag[colon - key] = '\0';
		if ((t = plan_type_from_tag(tag)) < 0)
			return -1;
		key = colon + 1;
	}
	if (*key == '#')
		key++;
	if (t < 0 || t >= PLAN_NTYPES || num_long(key, 0, 65535, &v) != 0)
		return -1;
	*type = (uint8_t)t;
	*id = (uint16_t)v;
	return 0;
}

int
robot_element(const struct robot_names *rn, const char *key, int want,
    uint8_t *type, uint16_t *id)
{
	uint16_t index;

	if (numeric(key, want, type, id) == 0)
		return 0;
	if (rn->no_plan) {
		warnx_tool("%s: the robot holds no plan ('armctl push')", key);
		return EXIT_JOB_FAILED;
	}
	if (!rn->have) {
		warnx_tool("%s: the robot's plan has no names: give an id "
		    "(TYPE:ID, such as D:1) or --names FILE.plan", key);
		return EXIT_DATAERR;
	}
	if (names_element(&rn->names, key, type, &index) != 0) {
		warnx_tool("%s: no such element in %s", key, rn->from);
		return EXIT_DATAERR;
	}
	if (want >= 0 && *type != want) {
		warnx_tool("%s: names the %s %s, not a %s", key,
		    plan_type_word(*type), key, plan_type_word((uint8_t)want));
		return EXIT_DATAERR;
	}
	*id = plan_id(&rn->lp.plan, *type, index);
	return 0;
}
