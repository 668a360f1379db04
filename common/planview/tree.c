/*
 * tree.c - the rows of planview's tree and the names of a plan's
 * elements and senses as logs write them (the plan's own, or "#id").
 * Called once per run by cmd/planview.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "planview/tree.h"
#include "plansrc/model.h"
#include "plansrc/view.h"

const char *
pv_type_tag(int type)
{
	return model_type_tag(type);
}

static char *
name_of(const struct plan *p, uint8_t kind, uint16_t key, uint16_t id)
{
	uint8_t len;
	const uint8_t *text = plan_find_name(p, kind, key, &len);
	char buf[16];

	if (text)
		return strndup((const char *)text, len);
	snprintf(buf, sizeof buf, "#%u", (unsigned)id);
	return strdup(buf);
}

static int
take_names(struct pv_tree *t, const struct plan *p)
{
	uint16_t i;
	int ty;

	for (ty = 0; ty < PLAN_NTYPES; ty++) {
		t->name[ty] = calloc((size_t)p->count[ty] + 1, sizeof(char *));
		if (t->name[ty] == NULL)
			return -1;
		for (i = 0; i < p->count[ty]; i++)
			if ((t->name[ty][i] = name_of(p, (uint8_t)ty, i,
			    plan_id(p, (uint8_t)ty, i))) == NULL)
				return -1;
	}
	return 0;
}

static void
note_sense(struct pv_tree *t, uint16_t id, uint8_t cmp)
{
	if (cmp == PLAN_TR || cmp == PLAN_FL)
		return;
	if (t->sense[id] == NULL) {
		t->sense[id] = name_of(t->p, PLAN_NAME_SENSE, id, id);
		t->sense_ids[t->nsense_ids++] = id;
	}
}

/* Senses the plan names or its releasers read, in id order. */
static int
take_senses(struct pv_tree *t, const struct plan *p)
{
	struct plan_name e;
	uint32_t pos = 0;
	uint16_t i;
	size_t k;

	t->nsense = 65536;
	t->sense = calloc(t->nsense, sizeof(char *));
	t->sense_ids = calloc(t->nsense, sizeof(uint16_t));
	if (t->sense == NULL || t->sense_ids == NULL)
		return -1;
	while (plan_next_name(p, &pos, &e))
		if (e.kind == PLAN_NAME_SENSE)
			note_sense(t, e.key, PLAN_EQ);
	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive d;

		plan_get_drive(p, i, &d);
		note_sense(t, d.rel.sense, d.rel.cmp);
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce c;

		plan_get_ce(p, i, &c);
		note_sense(t, c.rel.sense, c.rel.cmp);
	}
	for (k = 0; k < t->nsense_ids; k++)
		if (t->sense[t->sense_ids[k]] == NULL)
			return -1;
	return 0;
}

int
pv_tree_element(const struct pv_tree *t, const char *tag, const char *name,
    uint8_t *type, uint16_t *index)
{
	int ty;
	uint16_t i;

	for (ty = 0; ty < PLAN_NTYPES; ty++)
		if (strcmp(tag, model_type_tag(ty)) == 0)
			break;
	if (ty == PLAN_NTYPES)
		return -1;
	/* few elements per type: a scan costs less than it seems (the
	   caller caches the last hit per row shape) */
	for (i = 0; i < t->p->count[ty]; i++)
		if (strcmp(t->name[ty][i], name) == 0) {
			*type = (uint8_t)ty;
			*index = i;
			return 0;
		}
	return -1;
}

int
pv_tree_sense(const struct pv_tree *t, const char *name, uint16_t *id)
{
	size_t k;

	for (k = 0; k < t->nsense_ids; k++)
		if (strcmp(t->sense[t->sense_ids[k]], name) == 0) {
			*id = t->sense_ids[k];
			return 0;
		}
	return -1;
}

void
pv_tree_free(struct pv_tree *t)
{
	size_t k;
	int ty;

	for (k = 0; k < t->nrows; k++)
		free(t->row[k].info);
	free(t->row);
	for (ty = 0; ty < PLAN_NTYPES; ty++) {
		if (t->name[ty])
			for (k = 0; k < t->p->count[ty]; k++)
				free(t->name[ty][k]);
		free(t->name[ty]);
	}
	if (t->sense)
		for (k = 0; k < t->nsense_ids; k++)
			free(t->sense[t->sense_ids[k]]);
	free(t->sense);
	free(t->sense_ids);
	memset(t, 0, sizeof *t);
}

int pv_tree_rows(struct pv_tree *t);	/* rows.c */

int
pv_tree_open(struct pv_tree *t, const struct plan *p)
{
	memset(t, 0, sizeof *t);
	t->p = p;
	if (take_names(t, p) < 0 || take_senses(t, p) < 0)
		return -1;
	return pv_tree_rows(t);
}
