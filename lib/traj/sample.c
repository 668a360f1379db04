/*
 * sample.c - a timed path's samples: where they fall in each segment
 * (by step, count or rate) and the state there, from the segment's
 * minimum-jerk move or its quintic.  Called by mjtraj's emit.c.
 */
#include <string.h>

#include "traj/minjerk.h"
#include "traj/quintic.h"
#include "traj/sample.h"

static int
segment_sampling(struct traj_mj_sampling *s, const struct traj_path *path,
    size_t k, const struct traj_sampling *sm)
{
	size_t dim = path->dim;
	double T = path->dur[k];

	switch (sm->rule) {
	case TRAJ_SAMPLE_COUNT:
		traj_sampling_by_count(s, sm->samples, T);
		return 0;
	case TRAJ_SAMPLE_RATE:
		return traj_sampling_by_rate(s, sm->rate, T);
	default:
		return traj_sampling_by_step(s, traj_distance(dim,
		    path->pts + k * dim, path->pts + (k + 1) * dim), sm->step,
		    T);
	}
}

size_t
traj_path_oversampled(const struct traj_path *path,
    const struct traj_sampling *sm)
{
	struct traj_mj_sampling s;
	size_t k;

	for (k = 0; k + 1 < path->npts; k++)
		if (segment_sampling(&s, path, k, sm) < 0)
			return k + 1;
	return 0;
}

/*
 * The samples of segment k from sample `first` on; 0, or nonzero when fn
 * stopped them.  Only the derivatives asked for get computed.
 */
static int
sample_segment(const struct traj_path *path, size_t k,
    const struct traj_mj_sampling *s, uint64_t first, double t0,
    const struct traj_sampling *sm, traj_sample_fn fn, void *ctx)
{
	size_t dim = path->dim;
	const double *a = path->pts + k * dim, *b = a + dim;
	struct traj_move m = { dim, a, b, path->dur[k] };
	struct quintic q = { dim, path->dur[k], a, b,
	    path->coef ? path->coef + k * QUINTIC_COEFS(dim) : NULL };
	struct traj_state st;
	double *vel = sm->vel ? st.vel : NULL;
	double *acc = sm->acc ? st.acc : NULL;
	double *jerk = sm->jerk ? st.jerk : NULL;
	/* the end within half a period of the last grid sample: drop that */
	uint64_t crowded = s->rate > 0 && s->n >= 3 && (s->duration -
	    (double)(s->n - 2) / s->rate) * s->rate < 0.5 ? s->n - 2 : 0;
	uint64_t i;

	for (i = first; i < s->n; i++) {
		double tau, u;

		if (i == crowded && i > 0)
			continue;
		traj_sample_time(s, i, &tau, &u);
		if (path->through)
			traj_quintic_at(&q, tau, st.pos, vel, acc, jerk);
		else
			traj_move_at(&m, tau, st.pos, vel, acc, jerk);
		if (fn(ctx, t0 + u, &st) != 0)
			return 1;
	}
	return 0;
}

enum traj_status
traj_path_sample(const struct traj_path *path,
    const struct traj_sampling *sm, struct traj_run *r, traj_sample_fn fn,
    void *ctx)
{
	size_t k;
	int stopped = 0;

	for (k = 0; k + 1 < path->npts && !stopped; k++) {
		struct traj_mj_sampling s;
		int dwelt = !path->through && path->dwell > 0;

		if (segment_sampling(&s, path, k, sm) < 0)
			return TRAJ_USAGE;
		/* the segment's first point is the last one sampled, unless
		 * a dwell put time between them */
		stopped = sample_segment(path, k, &s, r->moved && !dwelt ? 1 :
		    0, r->t0, sm, fn, ctx);
		r->t0 += path->dur[k] + (path->through ? 0 : path->dwell);
		r->moved = 1;
	}
	return TRAJ_OK;
}
