/*
 * emit.c - writes the samples of a planned path as table rows: t, the
 * positions, then the derivative columns asked for.  Time runs on across
 * segments; a via point shared by two segments is written once.  Times
 * keep 15 significant digits, so sums of durations print as written
 * (1.64, not 1.6400000000000001), and at a --rate no two rows come closer
 * than half a period: a segment's end that falls within half a period of
 * the last grid sample takes that sample's place.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "mjtraj.h"
#include "traj/minjerk.h"
#include "traj/quintic.h"

/* The state at one sample: positions and derivatives, dim each. */
struct state {
	double pos[MJTRAJ_DIM_MAX];
	double vel[MJTRAJ_DIM_MAX];
	double acc[MJTRAJ_DIM_MAX];
	double jerk[MJTRAJ_DIM_MAX];
};

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
    const struct state *s)
{
	table_num(t, digits15(time));
	put_values(t, s->pos, dim);
	if (o->vel)
		put_values(t, s->vel, dim);
	if (o->acc)
		put_values(t, s->acc, dim);
	if (o->jerk)
		put_values(t, s->jerk, dim);
	table_end_row(t);
}

static int
segment_sampling(struct mj_sampling *s, const struct path *path, size_t k,
    const struct options *o)
{
	size_t dim = path->dim;
	double T = path->dur[k];

	switch (o->sampling) {
	case SAMPLE_COUNT:
		mj_sampling_by_count(s, o->samples, T);
		return 0;
	case SAMPLE_RATE:
		return mj_sampling_by_rate(s, o->rate, T);
	default:
		return mj_sampling_by_step(s, mj_distance(dim,
		    path->pts + k * dim, path->pts + (k + 1) * dim), o->step,
		    T);
	}
}

/*
 * The samples of segment k from sample `first` on.  Only the derivative
 * arrays that are printed get computed.
 */
static void
emit_segment(const struct path *path, size_t k, const struct mj_sampling *s,
    uint64_t first, double t0, const struct options *o, struct table *t)
{
	size_t dim = path->dim;
	const double *a = path->pts + k * dim, *b = a + dim;
	struct mj_move m = { dim, a, b, path->dur[k] };
	struct quintic q = { dim, path->dur[k], a, b,
	    path->coef ? path->coef + k * QUINTIC_COEFS(dim) : NULL };
	struct state st;
	double *vel = o->vel ? st.vel : NULL;
	double *acc = o->acc ? st.acc : NULL;
	double *jerk = o->jerk ? st.jerk : NULL;
	/* the end within half a period of the last grid sample: drop that */
	uint64_t crowded = s->rate > 0 && s->n >= 3 && (s->duration -
	    (double)(s->n - 2) / s->rate) * s->rate < 0.5 ? s->n - 2 : 0;
	uint64_t i;

	for (i = first; i < s->n && !t->failed; i++) {
		double tau, u;

		if (i == crowded && i > 0)
			continue;
		mj_sample_time(s, i, &tau, &u);
		if (path->through)
			quintic_at(&q, tau, st.pos, vel, acc, jerk);
		else
			mj_move_at(&m, tau, st.pos, vel, acc, jerk);
		put_row(t, o, dim, t0 + u, &st);
	}
}

int
samples_check(const struct path *path, const struct options *o, size_t seg0)
{
	struct mj_sampling s;
	size_t k;

	for (k = 0; k + 1 < path->npts; k++) {
		if (segment_sampling(&s, path, k, o) < 0) {
			warnx_tool("segment %zu would need more than %llu "
			    "samples: use a larger --step or a lower --rate",
			    seg0 + k + 1, (unsigned long long)MJ_SAMPLES_MAX);
			return EXIT_USAGE;
		}
	}
	return EXIT_OK;
}

void
emit_point(const double *pos, size_t dim, const struct options *o,
    struct table *t)
{
	struct state st;

	memset(&st, 0, sizeof st);
	memcpy(st.pos, pos, dim * sizeof *st.pos);
	put_row(t, o, dim, 0, &st);
}

int
emit_samples(const struct path *path, const struct options *o,
    struct table *t, struct emit_state *e)
{
	size_t k;

	if (path->npts == 1) {	/* nowhere to go (yet) */
		if (!e->stream)
			emit_point(path->pts, path->dim, o, t);
		return EXIT_OK;
	}
	for (k = 0; k + 1 < path->npts && !t->failed; k++) {
		struct mj_sampling s;
		int stopped = !path->through && path->dwell > 0;

		if (segment_sampling(&s, path, k, o) < 0)
			return EXIT_USAGE;	/* samples_check said so */
		/* the segment's first point is the last one written, unless
		 * a dwell put time between them */
		emit_segment(path, k, &s, e->moved && !stopped ? 1 : 0, e->t0,
		    o, t);
		e->t0 += path->dur[k] + (path->through ? 0 : path->dwell);
		e->moved = 1;
	}
	return EXIT_OK;
}
