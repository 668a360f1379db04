/*
 * names.c - the one rule for names of the robot's plan (names.h): a
 * --names FILE that is the robot's plan (or its unstripped original), by
 * CRC; else the robot's own name table, read back once per plan; else
 * ids.  Kept in cl->names while the robot's plan CRC stays the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/client.h"
#include "client/download.h"
#include "client/upload.h"
#include "host/num.h"
#include "plan/crc32.h"
#include "plan/layout.h"
#include "plan/vocab.h"

void
client_plan_ids(const struct plan *p, uint32_t *full, uint32_t *stripped)
{
	const uint8_t *b = p->base, *names = p->names;
	uint8_t head[PLAN_HEADER_SIZE];
	uint32_t crc, tail = p->size - PLAN_CRC_SIZE;

	*full = (uint32_t)b[tail] | (uint32_t)b[tail + 1] << 8 |
	    (uint32_t)b[tail + 2] << 16 | (uint32_t)b[tail + 3] << 24;
	if (!(p->flags & PLAN_F_NAMES)) {
		*stripped = *full;
		return;
	}
	/* what plancc --strip writes: no flag, no size, no table */
	memcpy(head, b, sizeof head);
	head[PLAN_H_FLAGS] &= (uint8_t)~PLAN_F_NAMES;
	memset(head + PLAN_H_NAMES_SIZE, 0, 4);
	crc = plan_crc32_update(0, head, sizeof head);
	crc = plan_crc32_update(crc, b + sizeof head, (size_t)(names - b) -
	    sizeof head);
	*stripped = plan_crc32_update(crc, names + p->names_size, (size_t)(b +
	    tail - names) - p->names_size);
}

void
client_names_free(struct client_names *n)
{
	if (n->have)
		evlog_names_free(&n->names);
	run_plan_unload(&n->lp);
	n->have = n->layout = n->known = 0;
	n->file[0] = n->from[0] = '\0';
}

/* Names from n->lp, which `from` says where it came from. */
static enum client_status
use(struct client *cl, const char *from)
{
	struct client_names *n = &cl->names;

	if (evlog_names_init(&n->names, &n->lp.plan) < 0) {
		evlog_names_free(&n->names);
		client_say(cl, "out of memory");
		return CLIENT_LOCAL_IO;
	}
	n->have = 1;
	snprintf(n->from, sizeof n->from, "%s", from);
	return CLIENT_OK;
}

/* The robot's plan, read back: its name table if it has one. */
static enum client_status
from_robot(struct client *cl)
{
	struct client_names *n = &cl->names;
	struct plan_error err;
	enum client_status st;
	uint32_t size;

	if ((st = client_pull(cl, "names", NULL, &n->lp.bytes, &size)) !=
	    CLIENT_OK || size == 0)
		return st;
	n->lp.size = size;
	if (plan_open(&n->lp.plan, n->lp.bytes, size, &err) != PLAN_OK) {
		client_say(cl, "names: the robot's plan does not decode (%s): "
		    "ids only", plan_strerror(err.code));
		run_plan_unload(&n->lp);
		return CLIENT_OK;
	}
	n->layout = 1;
	if (n->lp.plan.names_size == 0)
		return CLIENT_OK;
	return use(cl, "the robot's plan");
}

/* A robot before plan ids: its plan's id from the plan read back. */
static enum client_status
id_by_pull(struct client *cl)
{
	enum client_status st;
	uint8_t *bytes;
	uint32_t size;

	if ((st = client_pull(cl, "names", NULL, &bytes, &size)) != CLIENT_OK)
		return st;
	if (size >= 4)
		cl->info.id = (uint32_t)bytes[size - 4] |
		    (uint32_t)bytes[size - 3] << 8 |
		    (uint32_t)bytes[size - 2] << 16 |
		    (uint32_t)bytes[size - 1] << 24;
	free(bytes);
	return CLIENT_OK;
}

/* --names FILE: its names if it is the robot's plan (or forced). */
static enum client_status
from_file(struct client *cl, const char *file, int force)
{
	struct client_names *n = &cl->names;
	uint32_t full, stripped;
	enum client_status st;

	if (!cl->info.ids && (st = id_by_pull(cl)) != CLIENT_OK)
		return st;
	if ((st = client_plan_file(file, &n->lp)) != CLIENT_OK)
		return st;
	client_plan_ids(&n->lp.plan, &full, &stripped);
	if (cl->info.id != full && cl->info.id != stripped) {
		client_say(cl, "--names %s (plan crc32 %08lx) is not the plan "
		    "the robot holds (plan crc32 %08lx)%s", file,
		    (unsigned long)full, (unsigned long)cl->info.id, force ?
		    "; its names are used anyway (--force)" : "; --force uses "
		    "its names anyway");
		if (!force)
			return CLIENT_DATA;
	} else
		n->layout = 1;
	return use(cl, file);
}

enum client_status
client_names(struct client *cl, const char *file, int force)
{
	struct client_names *n = &cl->names;
	enum client_status st;

	if ((st = client_plan_info(cl, NULL)) != CLIENT_OK)
		return st;
	/* the robot's own names are kept while its plan stays; a file's are
	   read again (it may have changed), which costs no round trip */
	if (n->known && n->size == cl->info.size && n->id == cl->info.id &&
	    cl->info.ids && !file && !n->file[0])
		return CLIENT_OK;
	client_names_free(n);
	if (cl->info.size > 0)
		st = file ? from_file(cl, file, force) : from_robot(cl);
	if (st != CLIENT_OK) {
		client_names_free(n);
		return st;
	}
	n->known = 1;
	n->size = cl->info.size;
	n->id = cl->info.id;
	snprintf(n->file, sizeof n->file, "%s", file ? file : "");
	return CLIENT_OK;
}

const struct names *
client_names_table(const struct client *cl)
{
	return cl->names.have ? &cl->names.names : NULL;
}

const char *
client_name(const struct client *cl, uint8_t type, uint16_t id)
{
	return evlog_names_of_element_id(client_names_table(cl), type, id);
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

enum client_status
client_element(struct client *cl, const char *key, int want,
    uint8_t *type, uint16_t *id)
{
	const struct client_names *n = &cl->names;
	uint16_t index;

	if (numeric(key, want, type, id) == 0)
		return CLIENT_OK;
	if (n->known && n->size == 0) {
		client_say(cl, "%s: the robot holds no plan ('armctl push')",
		    key);
		return CLIENT_FAILED;
	}
	if (!n->have) {
		client_say(cl, "%s: the robot's plan has no names: give an id "
		    "(TYPE:ID, such as D:1) or --names FILE.plan", key);
		return CLIENT_DATA;
	}
	if (evlog_names_element(&n->names, key, type, &index) != 0) {
		client_say(cl, "%s: no such element in %s", key, n->from);
		return CLIENT_DATA;
	}
	if (want >= 0 && *type != want) {
		client_say(cl, "%s: names the %s %s, not a %s", key,
		    plan_type_word(*type), key, plan_type_word((uint8_t)want));
		return CLIENT_DATA;
	}
	*id = plan_id(&n->lp.plan, *type, index);
	return CLIENT_OK;
}
