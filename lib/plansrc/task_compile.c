/*
 * task_compile.c - a task source -> a complete .plan image: the document
 * (loaded by ydoc.c, the reader plans use too) read by task_yaml.c,
 * checked and laid out by task_link.c, the section and the plan around it
 * encoded.  The image is opened once more before it is handed out.
 * Called by plancc.
 */
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/task.h"
#include "plansrc/task_compile.h"
#include "plansrc/task_link.h"

int
plansrc_task_doc_is_task(const struct ydoc *doc)
{
	const struct ynode *root = ydoc_at(doc, 0), *k, *v;
	int32_t it = YDOC_NONE;

	if (root == NULL || root->kind != YNODE_MAP)
		return 0;
	while (ymap_next(doc, root, &it, &k, &v))
		if (ynode_is(k, "task") || ynode_is(k, "initialAction"))
			return 1;
	return 0;
}

/* The section, then the plan holding it; 0 or -1 (reported). */
static int
encode(const struct task_linked *l, struct diag *d, uint8_t **out,
    uint32_t *size)
{
	struct plan_spec ps;
	struct plan p;
	struct plan_error err;
	uint32_t n = plan_task_encoded_size(&l->spec);
	uint8_t *sec = n ? malloc(n) : NULL;
	int rc = -1;

	*out = NULL;
	if (sec == NULL || plan_task_encode(&l->spec, sec, n) != n) {
		diag_error(d, 0, 0, n ? "out of memory" : "the task's names "
		    "are too long together (64 KiB at most)");
		free(sec);
		return -1;
	}
	memset(&ps, 0, sizeof ps);
	ps.id_width = 1;
	ps.task = sec;
	ps.task_size = n;
	*size = plan_encoded_size(&ps);
	if ((*out = malloc(*size)) == NULL ||
	    plan_encode(&ps, *out, *size) != *size) {
		diag_error(d, 0, 0, "out of memory");
	} else if (plan_open(&p, *out, *size, &err) != PLAN_OK) {
		diag_error(d, 0, 0, "internal error: the plan does not "
		    "validate (%s at byte %lu)", plan_strerror(err.code),
		    (unsigned long)err.offset);
	} else {
		rc = 0;
	}
	free(sec);
	if (rc < 0) {
		free(*out);
		*out = NULL;
	}
	return rc;
}

int
plansrc_task_compile_doc(const struct ydoc *doc, struct diag *d, uint8_t **out,
    uint32_t *size)
{
	struct tdoc y;
	struct tsrc_task m;
	struct task_linked l;
	int rc = -1;

	*out = NULL;
	y.doc = doc;
	y.d = d;
	if (plansrc_tsrc_read(&y, &m) == 0 && plansrc_task_link(&m, d, &l) == 0) {
		rc = encode(&l, d, out, size);
		plansrc_task_linked_free(&l);
	}
	plansrc_tsrc_free(&m);
	if (rc == 0 && diag_failed(d)) {
		free(*out);
		*out = NULL;
		rc = -1;
	}
	return rc;
}

int
plansrc_task_compile(const char *buf, size_t len, struct diag *d, uint8_t **out,
    uint32_t *size)
{
	struct ydoc doc;
	int rc;

	*out = NULL;
	if (ydoc_load(&doc, (const unsigned char *)buf, len, d) < 0)
		return -1;
	rc = plansrc_task_compile_doc(&doc, d, out, size);
	ydoc_free(&doc);
	return rc;
}
