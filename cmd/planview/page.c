/*
 * page.c - planview's pictures of a whole run: --html (the replay page,
 * html.c) and --svg (the plan with each element's counts, coloured by its
 * last outcome).  Reads the whole log first, then writes the file
 * atomically.  Called by main.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "planview.h"
#include "planview/html.h"
#include "plansrc/emit.h"

struct marks {
	const struct pv_state *s;
	char note[64];
};

/* --svg: counts under each element that ran, its last outcome's colour. */
static void
mark(void *ctx, int type, uint16_t index, const char **note,
    const char **fill)
{
	struct marks *m = ctx;
	const struct pv_elem *x = &m->s->elem[type][index];
	int k;

	if (x->executed == 0 && x->last == 0)
		return;
	snprintf(m->note, sizeof m->note, "ran %lu, ok %lu, failed %lu",
	    x->executed, x->succeeded, x->failed + x->errors);
	*note = m->note;
	for (k = 0; k < EMIT_NOUTCOMES; k++)
		if (emit_outcomes[k].event == x->last)
			*fill = emit_outcomes[k].colour;
}

static int
graph(struct viewer *v, char **svg)
{
	struct emit_options eo;
	struct marks m;
	struct diag d = diag_for(v->o->plan);
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	int rc;

	if (fp == NULL)
		return EXIT_IOERR;
	memset(&eo, 0, sizeof eo);
	eo.source = v->o->plan;
	if (v->o->svg) {
		m.s = &v->state;
		eo.mark = mark;
		eo.mark_ctx = &m;
	}
	rc = emit_dot(fp, &v->lp.plan, &eo, &d);
	if (fclose(fp) != 0 || rc < 0) {
		free(text);
		return EXIT_IOERR;
	}
	rc = run_dot(text, len, svg);
	free(text);
	return rc;
}

static int
write_out(struct viewer *v, const struct pv_run *run, const char *svg)
{
	const char *path = v->o->html ? v->o->html : v->o->svg;
	struct atomic_file af;
	char title[512];
	int bad;

	if (atomic_open(&af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	snprintf(title, sizeof title, "%s, %s", v->o->plan, v->o->log);
	if (v->o->html)
		bad = pv_html_write(af.fp, &v->tree, svg, run, title) < 0;
	else
		bad = fputs(svg, af.fp) < 0;
	if (bad || atomic_commit(&af) < 0) {
		warnx_tool("%s: %s", path, strerror(errno ? errno : EIO));
		if (bad)
			atomic_abort(&af);
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

int
page_run(struct viewer *v)
{
	struct pv_run run;
	char *svg = NULL;
	int rc;

	memset(&run, 0, sizeof run);
	v->run = &run;
	v->log_clock = 1;
	while ((rc = viewer_read(v, 1000, 0)) == 0)
		;
	if (rc > 1)
		goto out;
	if (v->run_failed) {
		warnx_tool("out of memory");
		rc = EXIT_IOERR;
		goto out;
	}
	run.truncated = v->eof && pv_log_truncated(&v->log);
	if ((rc = graph(v, &svg)) != EXIT_OK)
		goto out;
	if ((rc = write_out(v, &run, svg)) == EXIT_OK)
		rc = viewer_finish(v);
out:
	free(svg);
	pv_run_free(&run);
	return rc;
}
