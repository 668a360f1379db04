/*
 * profile.c - a robot profile (worldsim-profile(5)): the YAML that binds a
 * plan's own sense and action ids to the world's senses and actions, with
 * unit conversions, so a plan written for a real robot runs in the world.
 * Read through lib/yaml.  Called by worldsim (cmd/worldsim/profile.c) and
 * the fuzz harness.
 */
#include <stdlib.h>
#include <string.h>

#include "world.h"
#include "yaml/ydoc.h"

static int
kind_of(const char *const *names, int n, const char *s)
{
	int i;

	for (i = 1; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* A plan sense/action by name (its name table) or by number. */
static long
id_of(const struct plan *p, uint8_t kind, const struct ynode *key,
    struct diag *d)
{
	struct plan_name e;
	uint32_t pos = 0;
	long id;

	if (yparse_long(key->text, 0, PLAN_MAXID(p->id_width), &id) == 0)
		return id;
	while (plan_next_name(p, &pos, &e))
		if (e.kind == kind && e.len == key->len &&
		    memcmp(e.text, key->text, e.len) == 0)
			return e.key;
	ydoc_error(d, key, "the plan has no %s '%s'", kind ==
	    PLAN_NAME_SENSE ? "sense" : "action", key->text);
	return -1;
}

struct reader {
	struct ydoc doc;
	struct diag *d;
	const struct plan *plan;
	long range;		/* the profile's default reach */
};

static int
one_binding(struct reader *rd, const struct ynode *v, int is_sense,
    struct world_bind *b)
{
	static const char *const keys[] = {
		"world", "multiply", "divide", "value", "range", NULL
	};
	const struct ynode *f[5];
	const char *kind;
	long n;
	int k;

	b->range = (int16_t)rd->range;
	b->mul = b->div = 1;
	b->value = 0;
	if (v->kind == YNODE_SCALAR) {		/* shorthand: the kind */
		f[0] = v;
		f[1] = f[2] = f[3] = f[4] = NULL;
	} else if (ymap_fields(&rd->doc, v, keys, f, "a binding", rd->d) < 0) {
		return -1;
	}
	if (f[0] == NULL) {
		ydoc_error(rd->d, v, "a binding needs 'world:'");
		return -1;
	}
	if (yget_name(f[0], "world", rd->d, &kind) < 0)
		return -1;
	k = is_sense ? kind_of(world_sense_names, WS_NKINDS, kind) :
	    kind_of(world_action_names, WA_NKINDS, kind);
	if (k < 0) {
		ydoc_error(rd->d, f[0], "no world %s '%s'", is_sense ?
		    "sense" : "action", kind);
		return -1;
	}
	b->kind = (uint8_t)k;
	if (f[1] && yget_long(f[1], -1000000, 1000000, "multiply", rd->d,
	    &n) < 0)
		return -1;
	b->mul = f[1] ? (int32_t)n : 1;
	if (f[2] && (yget_long(f[2], 1, 1000000, "divide", rd->d, &n) < 0))
		return -1;
	b->div = f[2] ? (int32_t)n : 1;
	if (f[3] && yget_long(f[3], -32768, 32767, "value", rd->d, &n) < 0)
		return -1;
	b->value = f[3] ? (int16_t)n : 0;
	if (f[4] && yget_long(f[4], 0, WORLD_MAX_RANGE, "range", rd->d, &n) < 0)
		return -1;
	if (f[4])
		b->range = (int16_t)n;
	return 0;
}

static int
bindings(struct reader *rd, const struct ynode *map, int is_sense,
    struct world_bind **out, uint32_t *nout)
{
	const struct ynode *key, *val;
	int32_t it = YDOC_NONE;
	uint32_t n = (uint32_t)PLAN_MAXID(rd->plan->id_width) + 1;
	long id;

	if (map->kind != YNODE_MAP) {
		ydoc_error(rd->d, map, "%s: expected a mapping of ids to "
		    "bindings", is_sense ? "senses" : "actions");
		return -1;
	}
	if (ymap_check_keys(&rd->doc, map, rd->d) < 0)
		return -1;
	if ((*out = calloc(n, sizeof **out)) == NULL) {
		ydoc_error(rd->d, map, "out of memory");
		return -1;
	}
	*nout = n;
	while (ymap_next(&rd->doc, map, &it, &key, &val)) {
		if ((id = id_of(rd->plan, is_sense ? PLAN_NAME_SENSE :
		    PLAN_NAME_ACTION, key, rd->d)) < 0 ||
		    one_binding(rd, val, is_sense, &(*out)[id]) < 0)
			return -1;
	}
	return 0;
}

static int
read_profile(struct world_profile *pf, struct reader *rd)
{
	static const char *const keys[] = {
		"name", "range", "senses", "actions", NULL
	};
	const struct ynode *root = ydoc_at(&rd->doc, 0), *f[4];

	if (root->kind != YNODE_MAP) {
		ydoc_error(rd->d, root, "a profile is a mapping with senses: "
		    "and actions:");
		return -1;
	}
	if (ymap_fields(&rd->doc, root, keys, f, "the profile", rd->d) < 0)
		return -1;
	rd->range = 4;
	if (f[1] && yget_long(f[1], 0, WORLD_MAX_RANGE, "range", rd->d,
	    &rd->range) < 0)
		return -1;
	if (f[2] == NULL || f[3] == NULL) {
		ydoc_error(rd->d, root, "a profile needs both senses: and "
		    "actions:");
		return -1;
	}
	return bindings(rd, f[2], 1, &pf->sense, &pf->nsense) < 0 ||
	    bindings(rd, f[3], 0, &pf->action, &pf->naction) < 0 ? -1 : 0;
}

int
world_profile_read(struct world_profile *pf, const unsigned char *buf,
    size_t len, const struct plan *p, struct diag *d)
{
	struct reader rd;
	int rc = 0;

	memset(pf, 0, sizeof *pf);
	memset(&rd, 0, sizeof rd);
	rd.d = d;
	rd.plan = p;
	if (ydoc_load(&rd.doc, buf, len, d) < 0 || read_profile(pf, &rd) < 0)
		rc = -1;
	ydoc_free(&rd.doc);
	if (rc != 0)
		world_profile_free(pf);
	return rc;
}

void
world_profile_free(struct world_profile *pf)
{
	free(pf->sense);
	free(pf->action);
	pf->sense = pf->action = NULL;
	pf->nsense = pf->naction = 0;
}
