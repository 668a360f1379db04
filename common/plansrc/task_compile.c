/*
 * task_compile.c - a task source in memory -> a complete .plan image:
 * load the document, read it (task_yaml.c), check and lay it out
 * (task_link.c), encode the section and the plan around it.  The image
 * is opened once more before it is handed out.  Called by plancc.
 */
#include <stdlib.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/task.h"
#include "plansrc/task_compile.h"
#include "plansrc/task_link.h"

int
task_source_sniff(const char *buf, size_t len)
{
	struct diag quiet = diag_for(NULL);
	struct tdoc y;
	yaml_node_t *root;
	yaml_node_pair_t *p;
	int found = 0;

	quiet.quiet = 1;
	if (tdoc_load(&y, buf, len, &quiet) == 0 &&
	    (root = tdoc_root(&y)) != NULL && root->type == YAML_MAPPING_NODE)
		for (p = root->data.mapping.pairs.start;
		    p < root->data.mapping.pairs.top && !found; p++) {
			yaml_node_t *k = tdoc_peek(&y, p->key);

			found = k && k->type == YAML_SCALAR_NODE &&
			    (strcmp(tdoc_text(k), "task") == 0 ||
			    strcmp(tdoc_text(k), "initialAction") == 0);
		}
	tdoc_free(&y);
	return found;
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
task_compile(const char *buf, size_t len, struct diag *d, uint8_t **out,
    uint32_t *size)
{
	struct tdoc y;
	struct tsrc_task m;
	struct task_linked l;
	int rc = -1;

	*out = NULL;
	memset(&m, 0, sizeof m);
	if (tdoc_load(&y, buf, len, d) == 0 && tsrc_read(&y, &m) == 0 &&
	    task_link(&m, d, &l) == 0) {
		rc = encode(&l, d, out, size);
		task_linked_free(&l);
	}
	tsrc_free(&m);
	tdoc_free(&y);
	if (rc == 0 && diag_failed(d)) {
		free(*out);
		*out = NULL;
		rc = -1;
	}
	return rc;
}
