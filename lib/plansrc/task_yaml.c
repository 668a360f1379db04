/*
 * task_yaml.c - reading a task machine source (YAML, or JSON in the
 * shape of BrainJS's instructions.json) into a tsrc_task: the top level,
 * axes, objects, actions and their trajectories.  Decisions are read by
 * task_ystate.c.  Called through task_compile.c by plancc.
 */
#include <stdlib.h>
#include <string.h>

#include "plansrc/task_src.h"

static const struct tkey top_keys[] = {
	{ "task", NULL }, { "axes", NULL }, { "objects", NULL },
	{ "start", "initialAction" }, { "actions", NULL },
};
enum { K_TASK, K_AXES, K_OBJECTS, K_START, K_ACTIONS, N_TOP };

static const struct tkey action_keys[] = {
	{ "trajectory", NULL }, { "verify", "trajectoryVerification" },
	{ "decisions", NULL }, { "reset", NULL },
};
enum { A_TRAJECTORY, A_VERIFY, A_DECISIONS, A_RESET, N_ACTION };

static const struct tkey verify_keys[] = {
	{ "tolerance", NULL }, { "misses", NULL },
};

static const struct tkey reset_keys[] = {
	{ "limit", "timeout" }, { "action", NULL }, { "delay", NULL },
};

static const char *const default_axes[] = { "x", "y", "z" };

int
plansrc_tsrc_axis(const struct tsrc_task *m, const char *s, size_t len)
{
	uint8_t k;

	for (k = 0; k < m->naxes; k++)
		if (strlen(m->axis[k]) == len && memcmp(m->axis[k], s, len) ==
		    0)
			return k;
	return -1;
}

int
plansrc_tsrc_var_ref(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, uint8_t axis, struct tsrc_comp *c)
{
	const char *s = tdoc_text(n), *dot;
	size_t len = tdoc_len(n);
	int k;

	if (n->kind != YNODE_SCALAR || len == 0 || s[0] != '$')
		return 0;
	dot = memchr(s, '.', len);
	c->var = s + 1;
	c->var_len = dot ? (size_t)(dot - s - 1) : len - 1;
	if (!plansrc_tdoc_name_ok(c->var, c->var_len)) {
		plansrc_tdoc_error(y, n, "'%.40s' is not a variable reference "
		    "($name or $name.axis)", s);
		return -1;
	}
	c->kind = TASK_VAR;
	c->axis = axis;
	c->value = c->threshold = 0;
	c->pos = plansrc_tdoc_pos(n);
	if (dot == NULL)
		return 1;
	if ((k = plansrc_tsrc_axis(m, dot + 1, len - (size_t)(dot + 1 - s))) < 0) {
		plansrc_tdoc_error(y, n, "'%.40s': no axis '%.40s'", s, dot + 1);
		return -1;
	}
	c->axis = (uint8_t)k;
	return 1;
}

/* One coordinate of a point: a number or a variable reference. */
static int
read_coord(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, uint8_t axis, struct tsrc_comp *c)
{
	int rc = plansrc_tsrc_var_ref(y, m, n, axis, c);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	c->kind = TASK_VALUE;
	c->pos = plansrc_tdoc_pos(n);
	return plansrc_tdoc_number(y, n, "a coordinate", &c->value);
}

/* A whole point as one variable: "$name" stands for all its axes. */
static int
read_var_point(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_comp *c)
{
	uint8_t k;
	int rc = plansrc_tsrc_var_ref(y, m, n, 0, &c[0]);

	if (rc < 0)
		return -1;
	if (rc == 0 || memchr(tdoc_text(n), '.', tdoc_len(n))) {
		plansrc_tdoc_error(y, n, "a point is a list of %u coordinates, a "
		    "mapping of axes, or $variable", m->naxes);
		return -1;
	}
	for (k = 1; k < m->naxes; k++) {
		c[k] = c[0];
		c[k].axis = k;
	}
	return 0;
}

static int
read_axis_map(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_comp *c)
{
	const struct ynode *key, *v;
	int32_t it = YDOC_NONE;
	unsigned given = 0;
	int k;

	if (plansrc_tdoc_name_map(y, n, TASK_MAX_AXES, "a point") < 0)
		return -1;
	while (ymap_next(y->doc, n, &it, &key, &v)) {
		if ((k = plansrc_tsrc_axis(m, tdoc_text(key), tdoc_len(key))) < 0) {
			plansrc_tdoc_error(y, key, "no axis '%.40s' in this task",
			    tdoc_text(key));
			return -1;
		}
		if (read_coord(y, m, v, (uint8_t)k, &c[k]) < 0)
			return -1;
		given |= 1u << k;
	}
	for (k = 0; k < m->naxes; k++)
		if (!(given >> k & 1u)) {
			plansrc_tdoc_error(y, n, "this point has no '%s'", m->axis[k]);
			return -1;
		}
	return 0;
}

static int
read_point(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_comp *c)
{
	const struct ynode *v;
	int32_t it = YDOC_NONE;
	uint8_t k = 0;

	if (n->kind == YNODE_MAP)
		return read_axis_map(y, m, n, c);
	if (n->kind != YNODE_SEQ)
		return read_var_point(y, m, n, c);
	if (TDOC_ITEMS(n) != m->naxes) {
		plansrc_tdoc_error(y, n, "a point of %zu coordinates; this task has "
		    "%u axes", TDOC_ITEMS(n), m->naxes);
		return -1;
	}
	for (; yseq_next(y->doc, n, &it, &v); k++)
		if (read_coord(y, m, v, k, &c[k]) < 0)
			return -1;
	return 0;
}

static int
read_trajectory(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_action *a)
{
	const struct ynode *p;
	int32_t it = YDOC_NONE;
	size_t i = 0;

	if (plansrc_tdoc_list(y, n, 0xFFFF, "a trajectory") < 0)
		return -1;
	if (TDOC_ITEMS(n) == 0) {
		plansrc_tdoc_error(y, n, "action '%s': the trajectory has no points",
		    a->name);
		return -1;
	}
	a->npoints = TDOC_ITEMS(n);
	if ((a->point = calloc(a->npoints * m->naxes,
	    sizeof *a->point)) == NULL) {
		plansrc_tdoc_error(y, n, "out of memory");
		return -1;
	}
	for (; yseq_next(y->doc, n, &it, &p); i++)
		if (read_point(y, m, p, &a->point[i * m->naxes]) < 0)
			return -1;
	return 0;
}

static int
read_verify(struct tdoc *y, const struct ynode *n, struct tsrc_action *a)
{
	const struct ynode *v[2];

	if (plansrc_tdoc_is_plain(n, "false") || plansrc_tdoc_is_plain(n, "off"))
		return 0;
	if (n->kind == YNODE_SCALAR) {
		plansrc_tdoc_error(y, n, "verification needs a tolerance: write "
		    "{tolerance: T, misses: N}, or false");
		return -1;
	}
	if (plansrc_tdoc_keys(y, n, verify_keys, 2, v, "verify") < 0)
		return -1;
	if (v[0] == NULL) {
		plansrc_tdoc_error(y, n, "verify: no tolerance");
		return -1;
	}
	a->verify = 1;
	if (plansrc_tdoc_number(y, v[0], "the tolerance", &a->tolerance) < 0)
		return -1;
	if (a->tolerance < 0) {
		plansrc_tdoc_error(y, v[0], "the tolerance must not be negative");
		return -1;
	}
	if (v[1] && plansrc_tdoc_long(y, v[1], "misses", 0, 0xFFFF, &a->misses) < 0)
		return -1;
	return 0;
}

/* The original's reset: past `limit` self-restarts, start `action`. */
static int
read_reset(struct tdoc *y, const struct ynode *n, struct tsrc_action *a)
{
	const struct ynode *v[3];

	if (plansrc_tdoc_keys(y, n, reset_keys, 3, v, "reset") < 0)
		return -1;
	if (v[0] == NULL) {
		plansrc_tdoc_error(y, n, "reset: no limit");
		return -1;
	}
	if (plansrc_tdoc_long(y, v[0], "the reset limit", -1, 0xFFFF,
	    &a->reset_limit) < 0)
		return -1;
	if (a->reset_limit <= 0) {	/* the original: -1 means never */
		a->reset_limit = 0;
		return 0;
	}
	if (v[1] == NULL) {
		plansrc_tdoc_error(y, n, "reset: no action to start");
		return -1;
	}
	if (plansrc_tsrc_read_target(y, v[1], "the reset action", &a->reset) < 0)
		return -1;
	if (v[2] && plansrc_tdoc_long(y, v[2], "the delay", 0, 0xFFFF,
	    &a->reset.delay) < 0)
		return -1;
	return 0;
}

static int
read_action(struct tdoc *y, const struct tsrc_task *m,
    const struct ynode *n, struct tsrc_action *a)
{
	const struct ynode *v[N_ACTION];

	if (plansrc_tdoc_keys(y, n, action_keys, N_ACTION, v, "an action") < 0)
		return -1;
	if (v[A_TRAJECTORY] == NULL) {
		plansrc_tdoc_error(y, n, "action '%s' has no trajectory", a->name);
		return -1;
	}
	if (read_trajectory(y, m, v[A_TRAJECTORY], a) < 0 ||
	    (v[A_VERIFY] && read_verify(y, v[A_VERIFY], a) < 0) ||
	    (v[A_RESET] && read_reset(y, v[A_RESET], a) < 0) ||
	    (v[A_DECISIONS] && plansrc_tsrc_read_decisions(y, m, v[A_DECISIONS],
	    a) < 0))
		return -1;
	return 0;
}

static int
reserved(const char *s)
{
	return strcmp(s, "none") == 0 || strcmp(s, "done") == 0 ||
	    strcmp(s, "abort") == 0;
}

static int
read_actions(struct tdoc *y, struct tsrc_task *m, const struct ynode *n)
{
	const struct ynode *key, *v;
	int32_t it = YDOC_NONE;
	int rc = 0;
	size_t i = 0;

	if (plansrc_tdoc_name_map(y, n, TASK_MAX_ACTIONS, "actions") < 0)
		return -1;
	if ((m->nactions = TDOC_PAIRS(n)) == 0) {
		plansrc_tdoc_error(y, n, "the task has no actions");
		return -1;
	}
	if ((m->act = calloc(m->nactions, sizeof *m->act)) == NULL) {
		plansrc_tdoc_error(y, n, "out of memory");
		return -1;
	}
	for (; ymap_next(y->doc, n, &it, &key, &v); i++) {
		struct tsrc_action *a = &m->act[i];

		a->pos = plansrc_tdoc_pos(key);
		if (plansrc_tdoc_name(y, key, "an action name", &a->name) < 0) {
			rc = -1;
			continue;
		}
		if (reserved(a->name)) {
			plansrc_tdoc_error(y, key, "'%s' is reserved; call the action "
			    "something else", a->name);
			rc = -1;
			continue;
		}
		if (read_action(y, m, v, a) < 0)
			rc = -1;
	}
	return rc;
}

/* Names from a list into out (at most max, distinct). */
static int
read_names(struct tdoc *y, const struct ynode *n, size_t max, const char *what,
    const char **out, struct tpos *pos, size_t *count)
{
	const struct ynode *v;
	int32_t it = YDOC_NONE;
	size_t i = 0, j;

	if (plansrc_tdoc_list(y, n, max, what) < 0)
		return -1;
	for (; yseq_next(y->doc, n, &it, &v); i++) {
		if (plansrc_tdoc_name(y, v, what, &out[i]) < 0)
			return -1;
		if (pos)
			pos[i] = plansrc_tdoc_pos(v);
		for (j = 0; j < i; j++)
			if (strcmp(out[j], out[i]) == 0) {
				plansrc_tdoc_error(y, v, "'%s' is listed twice in %s",
				    out[i], what);
				return -1;
			}
	}
	*count = i;
	return 0;
}

static int
read_objects(struct tdoc *y, struct tsrc_task *m, const struct ynode *n)
{
	size_t i;

	if (plansrc_tdoc_list(y, n, TASK_MAX_OBJECTS, "objects") < 0)
		return -1;
	m->object = calloc(TDOC_ITEMS(n) + 1, sizeof *m->object);
	m->object_pos = calloc(TDOC_ITEMS(n) + 1, sizeof *m->object_pos);
	if (m->object == NULL || m->object_pos == NULL) {
		plansrc_tdoc_error(y, n, "out of memory");
		return -1;
	}
	m->objects_declared = 1;
	if (read_names(y, n, TASK_MAX_OBJECTS, "objects", m->object,
	    m->object_pos, &m->nobjects) < 0)
		return -1;
	for (i = 0; i < m->nobjects; i++)
		if (strcmp(m->object[i], "arm") == 0) {
			plansrc_tdoc_error(y, n, "'arm' is the arm, not an object");
			return -1;
		}
	return 0;
}

/* The first point of the first action, without reading it. */
static const struct ynode *
first_point(struct tdoc *y, const struct ynode *actions)
{
	const struct ynode *k, *a, *t;
	int32_t it = YDOC_NONE;

	if (actions->kind != YNODE_MAP ||
	    !ymap_next(y->doc, actions, &it, &k, &a) || a->kind != YNODE_MAP)
		return NULL;
	for (it = YDOC_NONE; ymap_next(y->doc, a, &it, &k, &t);)
		if (k->kind == YNODE_SCALAR &&
		    strcmp(k->text, "trajectory") == 0 &&
		    t->kind == YNODE_SEQ && TDOC_ITEMS(t))
			return ydoc_at(y->doc, t->first);
	return NULL;
}

/* Without axes: x, y, z as many as the first point has. */
static int
infer_axes(struct tdoc *y, struct tsrc_task *m, const struct ynode *root,
    const struct ynode *actions)
{
	const struct ynode *p = first_point(y, actions);
	size_t n = 0;

	if (p && p->kind == YNODE_SEQ)
		n = TDOC_ITEMS(p);
	else if (p && p->kind == YNODE_MAP)
		n = TDOC_PAIRS(p);
	if (n == 0 || n > 3) {
		plansrc_tdoc_error(y, p ? p : root, "cannot tell the axes from the "
		    "first point; name them with axes: [x, y, z]");
		return -1;
	}
	m->naxes = (uint8_t)n;
	memcpy(m->axis, default_axes, n * sizeof *m->axis);
	return 0;
}

static int
read_axes(struct tdoc *y, struct tsrc_task *m, const struct ynode *n)
{
	size_t count = 0;

	if (read_names(y, n, TASK_MAX_AXES, "axes", m->axis, NULL,
	    &count) < 0)
		return -1;
	if (count == 0) {
		plansrc_tdoc_error(y, n, "axes: at least one");
		return -1;
	}
	m->naxes = (uint8_t)count;
	return 0;
}

static int
read_top(struct tdoc *y, struct tsrc_task *m, const struct ynode *root,
    const struct ynode **v)
{
	m->name = "";
	if (v[K_TASK] && !(v[K_TASK]->kind == YNODE_SCALAR &&
	    tdoc_len(v[K_TASK]) == 0) && plansrc_tdoc_name(y, v[K_TASK],
	    "the task name", &m->name) < 0)
		return -1;
	if (v[K_ACTIONS] == NULL || v[K_START] == NULL) {
		plansrc_tdoc_error(y, root, "a task needs %s", v[K_ACTIONS] ?
		    "start: (the action it starts with)" : "actions:");
		return -1;
	}
	if (plansrc_tdoc_name(y, v[K_START], "the start action", &m->start) < 0)
		return -1;
	m->start_pos = plansrc_tdoc_pos(v[K_START]);
	if (v[K_AXES] ? read_axes(y, m, v[K_AXES]) :
	    infer_axes(y, m, root, v[K_ACTIONS]))
		return -1;
	if (v[K_OBJECTS] && read_objects(y, m, v[K_OBJECTS]) < 0)
		return -1;
	return read_actions(y, m, v[K_ACTIONS]);
}

int
plansrc_tsrc_read(struct tdoc *y, struct tsrc_task *m)
{
	const struct ynode *root = ydoc_at(y->doc, 0), *v[N_TOP];

	memset(m, 0, sizeof *m);
	if (root == NULL) {
		diag_error(y->d, 0, 0, "empty file: no task");
		return -1;
	}
	if (plansrc_tdoc_keys(y, root, top_keys, N_TOP, v, "the task") < 0)
		return -1;
	return read_top(y, m, root, v);
}

void
plansrc_tsrc_free(struct tsrc_task *m)
{
	size_t i, j;

	for (i = 0; i < m->nactions; i++) {
		struct tsrc_action *a = &m->act[i];

		free(a->point);
		for (j = 0; j < a->ndecisions; j++) {
			free(a->dec[j].check);
			free(a->dec[j].rec);
		}
		free(a->dec);
	}
	free(m->act);
	free((void *)m->object);
	free(m->object_pos);
	memset(m, 0, sizeof *m);
}
