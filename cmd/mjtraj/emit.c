/*
 * emit.c - writes the samples of a planned path (lib/traj/sample.c) as
 * table rows: t, the positions, then the derivative columns asked for.
 * Times keep 15 significant digits, so sums of durations print as
 * written (1.64, not 1.6400000000000001).  Called by main.c and stream.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "mjtraj.h"

static void
put_values(struct table *t, const double *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		table_num(t, v[i]);
}

/* A time to 15 significant digits: what a double holds exactly, without
   the noise of the sums that made it. */
static double
digits15(double time)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%.15g", time);
	return strtod(buf, NULL);
}

static void
put_row(struct table *t, const struct options *o, size_t dim, double time,
    const struct traj_state *s)
{
	table_num(t, digits15(time));
	put_values(t, s->pos, dim);
	if (o->sampling.vel)
		put_values(t, s->vel, dim);
	if (o->sampling.acc)
		put_values(t, s->acc, dim);
	if (o->sampling.jerk)
		put_values(t, s->jerk, dim);
	table_end_row(t);
}

struct rows {
	const struct options *o;
	struct table *t;
	size_t dim;
};

static int
sample_row(void *ctx, double time, const struct traj_state *s)
{
	struct rows *r = ctx;

	put_row(r->t, r->o, r->dim, time, s);
	return r->t->failed;
}

int
samples_check(const struct traj_path *path, const struct options *o,
    size_t seg0)
{
	size_t k = traj_path_oversampled(path, &o->sampling);

	if (k == 0)
		return EXIT_OK;
	warnx_tool("segment %zu would need more than %llu samples: use a "
	    "larger --step or a lower --rate", seg0 + k,
	    (unsigned long long)TRAJ_SAMPLES_MAX);
	return EXIT_USAGE;
}

void
emit_point(const double *pos, size_t dim, const struct options *o,
    struct table *t)
{
	struct traj_state st;

	memset(&st, 0, sizeof st);
	memcpy(st.pos, pos, dim * sizeof *st.pos);
	put_row(t, o, dim, 0, &st);
}

int
emit_samples(const struct traj_path *path, const struct options *o,
    struct table *t, struct emit_state *e)
{
	struct rows r = { o, t, path->dim };

	if (path->npts == 1) {	/* nowhere to go (yet) */
		if (!e->stream)
			emit_point(path->pts, path->dim, o, t);
		return EXIT_OK;
	}
	if (t->failed)
		return EXIT_OK;
	/* samples_check said so when it is not */
	return traj_status_exit(traj_path_sample(path, &o->sampling, &e->run,
	    sample_row, &r));
}
