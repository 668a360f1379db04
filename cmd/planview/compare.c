/*
 * compare.c - planview --compare A.log B.log PLAN: both logs read whole,
 * the first cycle where the drive with attention differs and each
 * drive's cycles of attention printed, and with --html the page with
 * both timelines one above the other.  Called by main.c.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>

#include "host/diag.h"
#include "host/exits.h"
#include "planview.h"
#include "planview/compare.h"

static void
print_counts(const struct viewer *v, const struct planview_timeline *a,
    const struct planview_timeline *b)
{
	uint16_t i;

	printf("drive,A,B\n");
	for (i = 0; i < v->tree.p->count[PLAN_D]; i++)
		printf("%s,%zu,%zu\n", v->tree.name[PLAN_D][i],
		    planview_timeline_count(a, i), planview_timeline_count(b, i));
	printf("(none),%zu,%zu\n", planview_timeline_count(a, -1),
	    planview_timeline_count(b, -1));
}

/* B's reader: the same plan and tree as A's, its own log and state. */
static int
second(struct viewer *v, struct viewer *w, struct options *o)
{
	*o = *v->o;
	o->log = v->o->log2;
	memset(w, 0, sizeof *w);
	w->o = o;
	w->tree = v->tree;	/* shared, freed once (by v) */
	w->log_clock = 1;
	if (planview_state_open(&w->state, &v->tree) < 0)
		return EXIT_IOERR;
	planview_log_init(&w->log, &v->tree);
	if ((w->fd = open(o->log, O_RDONLY)) < 0) {
		warnx_tool("%s: %s", o->log, strerror(errno));
		return EXIT_NOINPUT;
	}
	return EXIT_OK;
}

int
compare_run(struct viewer *v)
{
	struct options o;
	struct viewer w;
	struct planview_timeline ta, tb;
	struct planview_pack pa, pb;
	struct planview_diff d;
	char text[512];
	int rc;

	memset(&ta, 0, sizeof ta);
	memset(&tb, 0, sizeof tb);
	memset(&pa, 0, sizeof pa);
	memset(&pb, 0, sizeof pb);
	if ((rc = second(v, &w, &o)) != EXIT_OK)
		goto out;
	v->timeline = &ta;
	w.timeline = &tb;
	if (v->o->html) {
		v->pack = &pa;
		w.pack = &pb;
	}
	v->log_clock = 1;
	if ((rc = viewer_load(v)) != EXIT_OK ||
	    (rc = viewer_load(&w)) != EXIT_OK)
		goto out;
	if (v->timeline_failed || w.timeline_failed) {
		warnx_tool("out of memory");
		rc = EXIT_IOERR;
		goto out;
	}
	planview_compare(&ta, &tb, &d);
	planview_diff_text(&v->tree, &d, ta.n, text, sizeof text);
	printf("A: %s, %zu cycles\nB: %s, %zu cycles\n%s\n", v->o->log, ta.n,
	    w.o->log, tb.n, text);
	print_counts(v, &ta, &tb);
	if (fflush(stdout) != 0) {
		warnx_tool("stdout: write error");
		rc = EXIT_IOERR;
		goto out;
	}
	if (v->o->html)
		rc = page_compare(v, &w, text, d.index);
	if (rc == EXIT_OK && (rc = viewer_finish(v)) == EXIT_OK)
		rc = viewer_finish(&w);
out:
	v->pack = NULL;
	v->timeline = NULL;
	if (w.fd > STDIN_FILENO)
		close(w.fd);
	planview_log_free(&w.log);
	planview_state_free(&w.state);
	planview_pack_free(&pa);
	planview_pack_free(&pb);
	planview_timeline_free(&ta);
	planview_timeline_free(&tb);
	return rc;
}
