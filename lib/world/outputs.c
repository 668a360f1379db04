/*
 * outputs.c - a run's files (outputs.h): tables beside their targets
 * until the run starts, then fed a tick at a time and flushed ten times
 * a second; pictures through world/plot.c.  Called by worldsim's loop.
 */
#include <string.h>

#include "world/outputs.h"

enum world_status
world_outputs_open(struct world_outputs *out,
    const struct world_outputs_setup *o, const struct world *w)
{
	memset(out, 0, sizeof *out);
	out->o = *o;
	out->want_stats = o->stats != NULL;
	if (out->want_stats) {
		if (world_stream_open(&out->stats_file, o->stats, o->d) < 0)
			return WORLD_IO;
		world_stats_init(&out->stats, out->stats_file.af.fp, o->seed,
		    o->header);
	}
	if (o->trace) {
		if (world_stream_open(&out->trace_file, o->trace, o->d) < 0)
			return WORLD_IO;
		out->want_trace = 1;
		world_trace_init(&out->trace, out->trace_file.af.fp,
		    o->header);
	}
	out->want_pic = o->gif || o->frames;
	if (out->want_pic)
		return world_plot_begin(&out->pic, o->gif, o->frames, w,
		    o->rate, o->px, o->d);
	return WORLD_OK;
}

enum world_status
world_outputs_publish(struct world_outputs *out)
{
	if (out->want_stats)
		(void)table_flush(&out->stats.t);	/* the header, whole */
	if (out->want_trace)
		(void)table_flush(&out->trace);
	if ((out->want_stats && world_stream_publish(&out->stats_file) < 0) ||
	    (out->want_trace && world_stream_publish(&out->trace_file) < 0))
		return WORLD_IO;
	clock_gettime(CLOCK_MONOTONIC, &out->flushed);
	if (out->o.logs == NULL)
		return WORLD_OK;
	return world_logs_publish(out->o.logs);
}

enum world_status
world_outputs_stats(struct world_outputs *out, const struct world *w)
{
	if (!out->want_stats)
		return WORLD_OK;
	world_stats_row(&out->stats, w);
	(void)table_flush(&out->stats.t);	/* an error: the stream's */
	return world_stream_tick(&out->stats_file) < 0 ? WORLD_IO : WORLD_OK;
}

enum world_status
world_outputs_flush(struct world_outputs *out, int now)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	if (!now && (t.tv_sec - out->flushed.tv_sec) * 1000000000L +
	    (t.tv_nsec - out->flushed.tv_nsec) < 100000000L)
		return WORLD_OK;
	out->flushed = t;
	if (out->want_trace) {
		(void)table_flush(&out->trace);	/* an error: the stream's */
		if (world_stream_tick(&out->trace_file) < 0)
			return WORLD_IO;
	}
	if (out->o.logs == NULL)
		return WORLD_OK;
	return world_logs_tick(out->o.logs);
}

enum world_status
world_outputs_tick(struct world_outputs *out, const struct world *w, long t)
{
	const struct world_outputs_setup *o = &out->o;

	if (out->want_trace)
		world_trace_tick(&out->trace, w);
	if (out->want_pic && t % o->frame_every == 0)
		world_plot_frame(&out->pic, w);
	if (out->want_stats && o->stats_every && t > 0 &&
	    t % o->stats_every == 0 && t != o->ticks)
		return world_outputs_stats(out, w);
	return WORLD_OK;
}

enum world_status
world_outputs_end_pictures(struct world_outputs *out, enum world_status rc,
    int keep)
{
	enum world_status prc;

	if (!out->want_pic)
		return rc;
	out->want_pic = 0;
	prc = world_plot_end(&out->pic, rc == WORLD_OK || keep ? WORLD_OK :
	    WORLD_IO);
	return rc == WORLD_OK ? prc : rc;
}

/* A table's file put in place (the run ended or was interrupted) or
   dropped (it failed before starting). */
static enum world_status
commit(int *want, struct table *t, struct world_stream *st,
    enum world_status rc, int keep)
{
	int ok = rc == WORLD_OK || keep;

	if (!*want)
		return rc;
	*want = 0;
	if (ok)
		(void)table_flush(t);	/* an error: the stream's */
	if (world_stream_close(st, ok) < 0 && rc == WORLD_OK)
		rc = WORLD_IO;
	return rc;
}

enum world_status
world_outputs_close(struct world_outputs *out, enum world_status rc,
    int keep)
{
	rc = commit(&out->want_trace, &out->trace, &out->trace_file, rc,
	    keep);
	return commit(&out->want_stats, &out->stats.t, &out->stats_file, rc,
	    keep);
}
