/*
 * names.c - what the host tools call things: element, sense and action
 * names from a plan's name table, "#<id>" where it has none (stripped
 * plans), and the reverse lookups for what users type in files and flags.
 * planrun, armctl monitor and the event log (lib/evlog) use it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/num.h"
#include "evlog/names.h"

static char *
id_name(uint16_t id)
{
	char buf[16];

	snprintf(buf, sizeof buf, "#%u", (unsigned)id);
	return strdup(buf);
}

/* The name of id in table kind, or "#id". */
static char *
name_for(const struct plan *p, uint8_t kind, uint16_t key, uint16_t id)
{
	uint8_t len;
	const uint8_t *text = plan_find_name(p, kind, key, &len);

	return text ? strndup((const char *)text, len) : id_name(id);
}

/* v[id] keeps its name, or gets "#id"; -1 when memory ran out. */
static int
need_name(char **v, uint16_t id)
{
	return v[id] != NULL || (v[id] = id_name(id)) != NULL ? 0 : -1;
}

/* Names for the senses and actions the plan uses or names. */
static int
fill_ids(struct names *n, const struct plan *p)
{
	struct plan_name e;
	uint32_t pos = 0;
	uint16_t i;

	while (plan_next_name(p, &pos, &e)) {
		char ***v = e.kind == PLAN_NAME_SENSE ? &n->sense :
		    e.kind == PLAN_NAME_ACTION ? &n->action : NULL;

		if (v && (*v)[e.key] == NULL &&
		    ((*v)[e.key] = strndup((const char *)e.text, e.len)) == NULL)
			return -1;
	}
	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive d;

		plan_get_drive(p, i, &d);
		if (need_name(n->sense, d.rel.sense) < 0)
			return -1;
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce c;

		plan_get_ce(p, i, &c);
		if (need_name(n->sense, c.rel.sense) < 0)
			return -1;
	}
	for (i = 0; i < p->count[PLAN_A]; i++) {
		struct plan_action a;

		plan_get_action(p, i, &a);
		if (need_name(n->action, a.action) < 0)
			return -1;
	}
	return 0;
}

int
evlog_names_init(struct names *n, const struct plan *p)
{
	uint16_t i;
	int t;

	memset(n, 0, sizeof *n);
	n->plan = p;
	n->nids = (uint32_t)PLAN_MAXID(p->id_width) + 1;
	n->sense = calloc(n->nids, sizeof *n->sense);
	n->action = calloc(n->nids, sizeof *n->action);
	if (n->sense == NULL || n->action == NULL)
		return -1;
	for (t = 0; t < PLAN_NTYPES; t++) {
		if ((n->element[t] = calloc((size_t)p->count[t] + 1,
		    sizeof (char *))) == NULL)
			return -1;
		for (i = 0; i < p->count[t]; i++)
			if ((n->element[t][i] = name_for(p, (uint8_t)t, i,
			    plan_id(p, (uint8_t)t, i))) == NULL)
				return -1;
	}
	return fill_ids(n, p);
}

void
evlog_names_free(struct names *n)
{
	uint32_t i;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++) {
		if (n->element[t] == NULL)
			continue;
		for (i = 0; i < n->plan->count[t]; i++)
			free(n->element[t][i]);
		free(n->element[t]);
	}
	for (i = 0; n->sense && i < n->nids; i++)
		free(n->sense[i]);
	for (i = 0; n->action && i < n->nids; i++)
		free(n->action[i]);
	free(n->sense);
	free(n->action);
	memset(n, 0, sizeof *n);
}

/* "#<id>" or a bare decimal within the width: the id, else -1. */
static long
id_key(const struct names *n, const char *key)
{
	long v;

	if (key[0] == '#')
		key++;
	if (num_long(key, 0, (long)n->nids - 1, &v) != NUM_OK)
		return -1;
	return v;
}

/* A name in table kind, searched by text. */
static long
find_named(const struct plan *p, uint8_t kind, const char *key)
{
	struct plan_name e;
	uint32_t pos = 0;
	size_t len = strlen(key);

	while (plan_next_name(p, &pos, &e))
		if (e.kind == kind && e.len == len &&
		    memcmp(e.text, key, len) == 0)
			return e.key;
	return -1;
}

long
evlog_names_sense_id(const struct names *n, const char *key)
{
	long id = find_named(n->plan, PLAN_NAME_SENSE, key);

	return id >= 0 ? id : id_key(n, key);
}

long
evlog_names_action_id(const struct names *n, const char *key)
{
	long id = find_named(n->plan, PLAN_NAME_ACTION, key);

	return id >= 0 ? id : id_key(n, key);
}

int
evlog_names_element(const struct names *n, const char *key, uint8_t *type,
    uint16_t *index)
{
	long id;
	int32_t i;
	int t;

	for (t = 0; t < PLAN_NTYPES; t++) {
		long k = find_named(n->plan, (uint8_t)t, key);

		if (k >= 0) {
			*type = (uint8_t)t;
			*index = (uint16_t)k;
			return 0;
		}
	}
	if ((id = id_key(n, key)) <= 0 || id > UINT16_MAX)
		return -1;
	for (t = 0; t < PLAN_NTYPES; t++)
		if ((i = plan_index_of(n->plan, (uint8_t)t, (uint16_t)id)) >= 0) {
			*type = (uint8_t)t;
			*index = (uint16_t)i;
			return 0;
		}
	return -1;
}

long
evlog_names_index_of(const struct names *n, uint8_t type, uint16_t id)
{
	return n == NULL ? -1 : plan_index_of(n->plan, type, id);
}

const char *
evlog_names_of_element_id(const struct names *n, uint8_t type, uint16_t id)
{
	long i = evlog_names_index_of(n, type, id);

	return i >= 0 ? n->element[type][i] : NULL;
}

const char *
evlog_names_of_sense(const struct names *n, uint16_t id)
{
	return n != NULL && id < n->nids ? n->sense[id] : NULL;
}
