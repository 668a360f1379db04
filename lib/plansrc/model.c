/*
 * model.c - building a plan model.  Growth by doubling; the model owns its
 * names and frees them with plansrc_model_free.
 */
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "plansrc/model.h"

void
plansrc_model_init(struct plan_model *m)
{
	memset(m, 0, sizeof *m);
}

static void
free_labels(struct plan_label *l, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(l[i].name);
	free(l);
}

void
plansrc_model_free(struct plan_model *m)
{
	size_t i;

	for (i = 0; i < m->nelem; i++)
		free(m->elem[i].name);
	free(m->elem);
	free_labels(m->sense, m->nsense);
	free_labels(m->action, m->naction);
	plansrc_model_init(m);
}

/* Make room for one more item of `size` bytes in *arr. */
static int
grow(void **arr, size_t n, size_t *cap, size_t size)
{
	void *p;
	size_t c;

	if (n < *cap)
		return 0;
	c = *cap ? *cap * 2 : 16;
	if ((p = realloc(*arr, c * size)) == NULL)
		return -1;
	*arr = p;
	*cap = c;
	return 0;
}

struct plan_elem *
plansrc_model_add(struct plan_model *m, int type, const struct src_pos *pos)
{
	struct plan_elem *e;

	if (grow((void **)&m->elem, m->nelem, &m->elem_cap, sizeof *e) < 0)
		return NULL;
	e = &m->elem[m->nelem++];
	memset(e, 0, sizeof *e);
	e->type = type;
	e->priority = 1;
	e->cmp = PLAN_GT;
	e->value = 1;
	e->hysteresis = 1;
	e->action_value = 1;
	if (pos)
		e->pos = e->child_pos = e->parent_pos = *pos;
	return e;
}

static int
add_label(struct plan_label **arr, size_t *n, size_t *cap, long id,
    const char *name, const struct src_pos *pos)
{
	struct plan_label *l;
	char *copy = strdup(name);

	if (copy == NULL || grow((void **)arr, *n, cap, sizeof **arr) < 0) {
		free(copy);
		return -1;
	}
	l = &(*arr)[(*n)++];
	l->id = id;
	l->name = copy;
	memset(&l->pos, 0, sizeof l->pos);
	if (pos)
		l->pos = *pos;
	return 0;
}

int
plansrc_model_add_sense(struct plan_model *m, long id, const char *name,
    const struct src_pos *pos)
{
	return add_label(&m->sense, &m->nsense, &m->sense_cap, id, name, pos);
}

int
plansrc_model_add_action(struct plan_model *m, long id, const char *name,
    const struct src_pos *pos)
{
	return add_label(&m->action, &m->naction, &m->action_cap, id, name,
	    pos);
}

int
plansrc_model_set_name(struct plan_elem *e, const char *name)
{
	char *copy = strdup(name);

	if (copy == NULL)
		return -1;
	free(e->name);
	e->name = copy;
	return 0;
}
