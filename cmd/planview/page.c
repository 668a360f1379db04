/*
 * page.c - planview's pictures of a whole run: --html (the page, html.c),
 * --svg (the plan with each element's counts, coloured by its last
 * outcome) and --compare (two runs' attention, as text or a page).  Reads
 * whole logs first, then writes the file atomically.  Called by main.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "planview.h"
#include "planview/compare.h"
#include "planview/dot.h"
#include "planview/html.h"
#include "plansrc/emit.h"

#define DOT_LIMIT_S 120	/* seconds dot may take before it is killed */

struct marks {
	const struct planview_state *s;
	char note[64];
};

/* --svg: counts under each element that ran, its last outcome's colour. */
static void
mark(void *ctx, int type, uint16_t index, const char **note,
    const char **fill)
{
	struct marks *m = ctx;
	const struct planview_elem *x = &m->s->elem[type][index];
	const struct emit_outcome *o;

	if (x->executed == 0 && x->last == 0)
		return;
	snprintf(m->note, sizeof m->note, "ran %lu, ok %lu, failed %lu",
	    x->executed, x->succeeded, x->failed + x->errors);
	*note = m->note;
	if ((o = plansrc_emit_outcome_of(x->last)) != NULL)
		*fill = o->colour;
}

/* dot's complaints, as planview's. */
static void
say_dot(void *ctx, const char *msg)
{
	(void)ctx;
	warnx_tool("%s", msg);
}

/* The plan laid out by dot: a graph per drive for a page, the whole plan
 * with counts for --svg. */
int
page_graph(struct viewer *v, char **svg)
{
	struct emit_options eo;
	struct marks m;
	struct diag d = diag_for(v->o->plan);
	char *text = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&text, &len);
	struct planview_say say = { say_dot, NULL };
	int rc;

	if (fp == NULL)
		return EXIT_IOERR;
	memset(&eo, 0, sizeof eo);
	eo.source = v->o->plan;
	if (v->o->svg) {
		m.s = &v->state;
		eo.mark = mark;
		eo.mark_ctx = &m;
	} else
		eo.per_drive = 1;
	rc = plansrc_emit_dot(fp, &v->lp.plan, &eo, &d);
	if (fclose(fp) != 0 || rc < 0) {
		free(text);
		return EXIT_IOERR;
	}
	rc = planview_status_exit(planview_dot_svg(text, len, DOT_LIMIT_S, svg, &say));
	free(text);
	return rc;
}

/* Write what fn puts out to path, atomically; an exit status. */
int
page_write(const char *path, int (*fn)(FILE *, void *), void *ctx)
{
	struct atomic_file af;
	int bad;

	if (atomic_open(&af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	bad = fn(af.fp, ctx) < 0;
	if (bad || atomic_commit(&af) < 0) {
		warnx_tool("%s: %s", path, strerror(errno ? errno : EIO));
		if (bad)
			atomic_abort(&af);
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

static int
put_page(FILE *fp, void *ctx)
{
	return planview_html_write(fp, ctx);
}

static int
put_svg(FILE *fp, void *ctx)
{
	return fputs(ctx, fp) < 0 ? -1 : 0;
}

/* The whole log through the viewer (pack and timeline if it has them);
 * an exit status. */
int
viewer_load(struct viewer *v)
{
	int rc;

	while ((rc = viewer_read(v, 1000, 0)) == 0)
		;
	if (rc > 1)
		return rc;
	if (v->pack && v->pack->failed) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

void
page_title(struct viewer *v, char *title, size_t size)
{
	snprintf(title, size, "%s, %s", v->o->plan, v->o->log);
}

int
page_run(struct viewer *v)
{
	struct planview_pack pack;
	struct planview_page pg;
	char *svg = NULL, title[512];
	int rc;

	memset(&pack, 0, sizeof pack);
	if (v->o->html)
		v->pack = &pack;
	v->log_clock = 1;
	if ((rc = viewer_load(v)) != EXIT_OK)
		goto out;
	if ((rc = page_graph(v, &svg)) != EXIT_OK)
		goto out;
	if (v->o->svg) {
		rc = page_write(v->o->svg, put_svg, svg);
	} else {
		memset(&pg, 0, sizeof pg);
		page_title(v, title, sizeof title);
		pg.t = &v->tree;
		pg.title = title;
		pg.svg = svg;
		pg.nruns = 1;
		pg.run[0].name = v->o->log;
		pg.run[0].events = pack.buf ? pack.buf : "";
		pg.run[0].len = pack.len;
		pg.run[0].truncated = v->eof && planview_log_truncated(&v->log);
		rc = page_write(v->o->html, put_page, &pg);
	}
	if (rc == EXIT_OK)
		rc = viewer_finish(v);
out:
	v->pack = NULL;
	free(svg);
	planview_pack_free(&pack);
	return rc;
}

/* --compare's page: both runs, the first difference marked. */
int
page_compare(struct viewer *v, struct viewer *w, const char *text,
    long index)
{
	struct planview_page pg;
	char *svg = NULL, title[512], *json = NULL;
	size_t jlen = 0;
	FILE *fp;
	int rc;

	if ((rc = page_graph(v, &svg)) != EXIT_OK)
		return rc;
	snprintf(title, sizeof title, "%s: %s against %s", v->o->plan,
	    v->o->log, w->o->log);
	if ((fp = open_memstream(&json, &jlen)) == NULL) {
		free(svg);
		return EXIT_IOERR;
	}
	fprintf(fp, "{\"index\":%ld,\"text\":", index);
	planview_html_json(fp, text);
	fputc('}', fp);
	if (fclose(fp) != 0) {
		free(svg);
		return EXIT_IOERR;
	}
	memset(&pg, 0, sizeof pg);
	pg.t = &v->tree;
	pg.title = title;
	pg.svg = svg;
	pg.compare = json;
	pg.nruns = 2;
	pg.run[0].name = v->o->log;
	pg.run[0].events = v->pack->buf ? v->pack->buf : "";
	pg.run[0].len = v->pack->len;
	pg.run[0].truncated = v->eof && planview_log_truncated(&v->log);
	pg.run[1].name = w->o->log;
	pg.run[1].events = w->pack->buf ? w->pack->buf : "";
	pg.run[1].len = w->pack->len;
	pg.run[1].truncated = w->eof && planview_log_truncated(&w->log);
	rc = page_write(v->o->html, put_page, &pg);
	free(json);
	free(svg);
	return rc;
}
