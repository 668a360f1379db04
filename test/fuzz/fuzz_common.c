/*
 * fuzz_common.c - the checks the harnesses share.  A property that fails
 * calls abort(), which libFuzzer reports with the input that did it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "plan/plan.h"
#include "plan/task.h"
#include "plansrc/emit.h"
#include "plansrc/inst.h"
#include "plansrc/link.h"
#include "host/slurp.h"
#include "plansrc/task_compile.h"
#include "plansrc/task_emit.h"
#include "plansrc/yamlplan.h"

struct diag
fuzz_diag(void)
{
	struct diag d = diag_for("fuzz");

	d.quiet = 1;
	return d;
}

/* Links and encodes m; a malloc'd image, or NULL when m has errors. */
static uint8_t *
build(const struct plan_model *m, const struct link_options *o,
    uint32_t *size)
{
	struct diag d = fuzz_diag();
	struct linked_plan lp;
	uint8_t *buf;

	if (plansrc_plan_link(m, o, &d, &lp) < 0)
		return NULL;
	*size = plan_encoded_size(&lp.spec);
	if ((buf = malloc(*size)) == NULL ||
	    plan_encode(&lp.spec, buf, *size) != *size)
		abort();
	plansrc_linked_plan_free(&lp);
	return buf;
}

void
fuzz_compile(const struct plan_model *m)
{
	struct link_options o;
	uint8_t *buf;
	uint32_t size;

	memset(&o, 0, sizeof o);
	if ((buf = build(m, &o, &size)) == NULL)
		return;
	fuzz_round_trip(buf, size);
	free(buf);
}

/* Text from an emitter, read back by a reader, compiled with o. */
static uint8_t *
again(const struct plan *p, int yaml, const struct link_options *o,
    uint32_t *size)
{
	struct emit_options eo = { .source = "fuzz" };
	struct diag d = fuzz_diag();
	struct plan_model m;
	char *text = NULL;
	size_t len = 0;
	uint8_t *buf = NULL;
	FILE *fp = open_memstream(&text, &len);
	int rc;

	if (fp == NULL)
		abort();
	rc = yaml ? plansrc_emit_yaml(fp, p, &eo, &d) : plansrc_emit_inst(fp, p, &eo, &d);
	fclose(fp);
	if (rc < 0) {	/* a name the text form cannot carry */
		free(text);
		return NULL;
	}
	plansrc_model_init(&m);
	if (yaml) {
		plansrc_yaml_read_mem((unsigned char *)text, len, &m, &d);
	} else {
		fp = fmemopen(text, len ? len : 1, "r");
		plansrc_inst_read(fp, "/nonexistent/fuzz.inst", &m, &d);
		fclose(fp);
	}
	if (d.errors == 0)
		buf = build(&m, o, size);
	plansrc_model_free(&m);
	free(text);
	return buf;
}

/* Text from one of the task writers, in memory (malloc'd). */
static char *
task_text(int (*emit)(FILE *, const struct plan_task *),
    const struct plan_task *t, size_t *len)
{
	char *text = NULL;
	FILE *fp;

	if ((fp = open_memstream(&text, len)) == NULL || emit(fp, t) < 0)
		abort();
	fclose(fp);
	return text;
}

void
fuzz_task_round_trip(const struct plan_task *t, const uint8_t *img,
    uint32_t size, int exact)
{
	struct diag d = fuzz_diag();
	struct plan_error err;
	struct plan_task t2;
	struct plan p;
	uint8_t *again = NULL;
	uint32_t n = 0;
	size_t len;
	char *text;

	free(task_text(plansrc_task_emit_dot, t, &len));
	text = task_text(plansrc_task_emit_yaml, t, &len);
	if (plansrc_task_compile(text, len, &d, &again, &n) < 0) {
		if (exact)
			goto changed;
	} else if (!exact) {
		/* plancc's own image now: it must come back exactly */
		if (plan_open(&p, again, n, &err) != PLAN_OK ||
		    !plan_task_of(&p, &t2))
			abort();
		fuzz_task_round_trip(&t2, again, n, 1);
	} else if (n != size || memcmp(again, img, size) != 0) {
		goto changed;
	}
	free(again);
	free(text);
	return;
changed:
	fprintf(stderr, "YAML round trip changed the task:\n%.*s\n",
	    (int)len, text);
	abort();
}

void
fuzz_round_trip(const uint8_t *plan, size_t size)
{
	struct link_options o;
	struct plan_error err;
	struct plan_task t;
	struct plan p;
	uint8_t *buf;
	uint32_t n;
	int yaml;

	if (size > 0xffffffffUL ||
	    plan_open(&p, plan, (uint32_t)size, &err) != PLAN_OK)
		return;
	if (plan_task_of(&p, &t)) {
		/* any valid section, so not always in plancc's own order */
		fuzz_task_round_trip(&t, plan, (uint32_t)size, 0);
		return;
	}
	for (yaml = 1; yaml >= 0; yaml--) {
		/* what .inst cannot say, the options say (plancc(1)) */
		memset(&o, 0, sizeof o);
		if (!yaml) {
			o.id_width = p.id_width;
			o.allow_recursion = (p.flags & PLAN_F_RECURSION) != 0;
			o.strip_names = (p.flags & PLAN_F_NAMES) == 0;
		}
		if ((buf = again(&p, yaml, &o, &n)) == NULL)
			continue;	/* e.g. duplicate ids: not ours */
		if (n != size || memcmp(buf, plan, size) != 0) {
			fprintf(stderr, "%s round trip changed the plan\n",
			    yaml ? "YAML" : "inst");
			abort();
		}
		free(buf);
	}
}

uint8_t *
fuzz_plan_image(const char *text, int inst, uint32_t *size)
{
	struct diag d = diag_for("fuzz-plan");
	struct link_options o;
	struct plan_model m;
	uint8_t *buf = NULL;
	FILE *fp;

	memset(&o, 0, sizeof o);
	plansrc_model_init(&m);
	if (inst) {
		if ((fp = fmemopen((void *)text, strlen(text), "r")) == NULL)
			abort();
		plansrc_inst_read(fp, "fuzz-plan.inst", &m, &d);
		fclose(fp);
	} else {
		plansrc_yaml_read_mem((const unsigned char *)text, strlen(text),
		    &m, &d);
	}
	if (d.errors == 0)
		buf = build(&m, &o, size);
	plansrc_model_free(&m);
	if (buf == NULL) {
		fprintf(stderr, "fuzz: the harness's own plan does not "
		    "compile\n");
		abort();
	}
	return buf;
}

char *
fuzz_slurp(const char *path, size_t *len)
{
	unsigned char *buf = NULL;
	FILE *fp = fopen(path, "r");

	if (fp == NULL || slurp(fp, SLURP_MAX, &buf, len) != 0) {
		fprintf(stderr, "fuzz: cannot read %s (run from the top of "
		    "the tree)\n", path);
		abort();
	}
	fclose(fp);
	return (char *)buf;
}

void
fuzz_read(fuzz_reader read, const uint8_t *data, size_t size)
{
	struct diag d = fuzz_diag();
	struct plan_model m;

	plansrc_model_init(&m);
	read(data, size, &m, &d);
	if (d.errors == 0)
		fuzz_compile(&m);
	plansrc_model_free(&m);
}
