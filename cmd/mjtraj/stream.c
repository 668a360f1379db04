/*
 * stream.c - waypoint paths without --through, read and written a chunk
 * of points at a time: a stop-and-go move needs only its two ends and its
 * timing, so a stream of any length takes constant memory.  Called by
 * main.c when stream_wanted() says the path allows it.  Nothing is
 * written before the first chunk is read and planned, so a short file is
 * still refused whole, before any output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "mjtraj.h"
#include "traj/waypoints.h"

#define CHUNK 1024		/* points planned and written at once */

struct point_stream {
	FILE *fp;
	struct traj_table tt;
	struct diag d;
	struct points ends;	/* --from then --to, as given */
	long rows;
	int ended;
	size_t segments;	/* written so far, for messages */
};

/*
 * Only a path that needs no look ahead streams: --through solves every
 * via point at once, --reverse starts at the end, --check and limits
 * over a fixed duration judge the whole path before a row is written.
 */
int
stream_wanted(const struct options *o)
{
	const struct traj_timing *r = &o->timing;
	int limits = r->vmax > 0 || r->amax > 0 || r->jmax > 0;

	return o->input && !o->through && !o->reverse && !o->check &&
	    (!limits || traj_timing_from_limits(r));
}

struct point_stream *
stream_open(struct points *p, const struct options *o, int *rc)
{
	struct point_stream *s = calloc(1, sizeof *s);

	memset(p, 0, sizeof *p);
	p->file = o->input;
	if (s == NULL) {
		warnx_tool("out of memory");
		*rc = EXIT_IOERR;
		return NULL;
	}
	s->d = diag_for(o->input);
	s->fp = strcmp(o->input, "-") == 0 ? stdin : fopen(o->input, "r");
	if (s->fp == NULL) {
		warnx_tool("%s: %s", o->input, strerror(errno));
		free(s);
		*rc = EXIT_NOINPUT;
		return NULL;
	}
	*rc = points_table_open(p, o, &s->tt, s->fp, &s->d);
	s->ends.dim = p->dim;
	if (*rc == EXIT_OK)
		*rc = points_add_endpoints(&s->ends, o);
	return s;
}

void
stream_close(struct point_stream *s)
{
	if (s == NULL)
		return;
	if (s->fp != stdin)
		fclose(s->fp);
	traj_table_close(&s->tt);
	points_free(&s->ends);
	free(s);
}

/* The next chunk into p: the last point of the one before (or --from),
   then up to CHUNK rows, then at the end --to. */
static int
next_chunk(struct point_stream *s, struct points *p, const struct options *o)
{
	size_t dim = p->dim, before;
	int eof, rc;

	if (p->n > 0) {
		memmove(p->xyz, p->xyz + (p->n - 1) * dim, dim * sizeof *p->xyz);
		p->line[0] = p->line[p->n - 1];
		p->n = 1;
	} else if (o->from &&
	    (rc = points_insert(p, 0, s->ends.xyz, 0)) != EXIT_OK) {
		return rc;
	}
	before = p->n;
	rc = points_table_rows(p, &s->tt, CHUNK, &eof);
	s->rows += (long)(p->n - before);
	if (rc != EXIT_OK || !eof)
		return rc;
	s->ended = 1;
	if (s->rows == 0) {
		diag_error(&s->d, 0, 0, "no waypoints after the header");
		return EXIT_DATAERR;
	}
	if (o->to)
		return points_insert(p, p->n, s->ends.xyz +
		    (s->ends.n - 1) * dim, 0);
	return EXIT_OK;
}

/* The next chunk, planned into path (freed by the caller). */
int
stream_plan(struct point_stream *s, struct points *p,
    const struct options *o, struct traj_path *path)
{
	int rc;

	memset(path, 0, sizeof *path);
	if ((rc = next_chunk(s, p, o)) != EXIT_OK ||
	    (rc = plan_path(path, p, o)) != EXIT_OK)
		return rc;
	rc = samples_check(path, o, s->segments);
	s->segments += path->npts > 0 ? path->npts - 1 : 0;
	return rc;
}

/* Write the planned path, then plan and write chunk after chunk. */
int
stream_write(struct point_stream *s, struct points *p,
    const struct options *o, struct table *t, struct traj_path *path)
{
	struct emit_state e = { { 0, 0 }, 1 };
	int rc = emit_samples(path, o, t, &e);

	while (rc == EXIT_OK && !s->ended && !t->failed) {
		traj_path_free(path);
		if ((rc = stream_plan(s, p, o, path)) == EXIT_OK)
			rc = emit_samples(path, o, t, &e);
	}
	if (rc == EXIT_OK && !e.run.moved) {
		warnx_tool("warning: zero-length move: writing the single "
		    "point");
		emit_point(p->xyz, p->dim, o, t);
	}
	return rc;
}
