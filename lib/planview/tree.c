/*
 * tree.c - what planview needs to know of a plan besides its rows: the
 * names of its elements and senses as logs write them (the shared lookup,
 * lib/run/names), and each element's record by its id.  Called once
 * per run by cmd/planview.
 */
#include <stdlib.h>
#include <string.h>

#include "plan/vocab.h"
#include "planview/tree.h"

const char *
planview_type_tag(int type)
{
	return plan_type_tag((uint8_t)type);
}

/* A sense on the status line: one the plan names, or a releaser reads
 * (TR and FL read none). */
static void
note_sense(struct planview_tree *t, unsigned char *seen, uint16_t id, uint8_t cmp)
{
	if (cmp == PLAN_TR || cmp == PLAN_FL || id >= t->nsense ||
	    t->sense[id] == NULL)
		return;
	seen[id] = 1;
}

static void
reads(struct planview_tree *t, unsigned char *seen)
{
	const struct plan *p = t->p;
	struct plan_name e;
	uint32_t pos = 0;
	uint16_t i;

	while (plan_next_name(p, &pos, &e))
		if (e.kind == PLAN_NAME_SENSE)
			note_sense(t, seen, e.key, PLAN_EQ);
	for (i = 0; i < p->count[PLAN_D]; i++) {
		struct plan_drive d;

		plan_get_drive(p, i, &d);
		note_sense(t, seen, d.rel.sense, d.rel.cmp);
	}
	for (i = 0; i < p->count[PLAN_CE]; i++) {
		struct plan_ce c;

		plan_get_ce(p, i, &c);
		note_sense(t, seen, c.rel.sense, c.rel.cmp);
	}
}

static int
take_names(struct planview_tree *t, const struct plan *p)
{
	unsigned char *seen;
	uint32_t id;
	int ty;

	if (evlog_names_init(&t->names, p) < 0)
		return -1;
	for (ty = 0; ty < PLAN_NTYPES; ty++)
		t->name[ty] = t->names.element[ty];
	t->sense = t->names.sense;
	t->nsense = t->names.nids;
	t->sense_ids = calloc(t->nsense + 1, sizeof *t->sense_ids);
	seen = calloc(t->nsense + 1, 1);
	if (t->sense_ids == NULL || seen == NULL) {
		free(seen);
		return -1;
	}
	reads(t, seen);
	for (id = 0; id < t->nsense; id++)
		if (seen[id])
			t->sense_ids[t->nsense_ids++] = (uint16_t)id;
	free(seen);
	return 0;
}

static int
take_ids(struct planview_tree *t, const struct plan *p)
{
	uint32_t k;
	uint16_t i;
	int ty;

	for (ty = 0; ty < PLAN_NTYPES; ty++) {
		if ((t->at_id[ty] = malloc(65536 * sizeof(uint16_t))) == NULL)
			return -1;
		for (k = 0; k < 65536; k++)
			t->at_id[ty][k] = PLAN_NONE;
		for (i = 0; i < p->count[ty]; i++)
			t->at_id[ty][plan_id(p, (uint8_t)ty, i)] = i;
	}
	return 0;
}

int
planview_tree_element(const struct planview_tree *t, const char *tag, const char *name,
    uint8_t *type, uint16_t *index)
{
	int ty = plan_type_from_tag(tag);
	uint16_t i;

	if (ty < 0)
		return -1;
	for (i = 0; i < t->p->count[ty]; i++)
		if (strcmp(t->name[ty][i], name) == 0) {
			*type = (uint8_t)ty;
			*index = i;
			return 0;
		}
	return -1;
}

int
planview_tree_index(const struct planview_tree *t, uint8_t type, uint16_t id,
    uint16_t *index)
{
	if (type >= PLAN_NTYPES || t->at_id[type][id] == PLAN_NONE)
		return -1;
	*index = t->at_id[type][id];
	return 0;
}

void
planview_tree_free(struct planview_tree *t)
{
	size_t k;
	int ty;

	for (k = 0; k < t->nrows; k++)
		free(t->row[k].info);
	free(t->row);
	for (ty = 0; ty < PLAN_NTYPES; ty++)
		free(t->at_id[ty]);
	free(t->sense_ids);
	if (t->p)
		evlog_names_free(&t->names);
	memset(t, 0, sizeof *t);
}

int planview_tree_rows(struct planview_tree *t);	/* rows.c */

int
planview_tree_open(struct planview_tree *t, const struct plan *p)
{
	memset(t, 0, sizeof *t);
	t->p = p;
	if (take_names(t, p) < 0 || take_ids(t, p) < 0)
		return -1;
	return planview_tree_rows(t);
}
