/*
 * detour.c - a bus arm as the detours' executor (detour.h): the run's
 * periods kept as samples through run.c's hook, its ending turned into
 * enum detour_ran, its story told.
 */
#include <string.h>

#include "servoarm/detour.h"

static void
keep(void *ctx, double t, const double *goal, const double *q, double lag)
{
	struct servoarm_detour *x = ctx;

	if (!x->full && detour_samples_add(x->s, t, goal, q, lag) != 0)
		x->full = 1;
}

static void
tell(struct servoarm_detour *x)
{
	char line[2][200];
	int i, n;

	if (x->say == NULL)
		return;
	n = servoarm_run_text(x->k, x->st, &x->r, line);
	for (i = 0; i < n; i++)
		x->say(x->say_ctx, line[i]);
}

enum detour_ran
servoarm_detour_run(void *ctx, const struct arm_path *p,
    const struct detour_watch *w, struct detour_samples *s)
{
	struct servoarm_detour *x = ctx;
	struct servoarm_run_opts o = x->o;

	detour_samples_clear(s);
	o.watch.lag_deg = w->threshold;
	o.watch.persist = w->persist;
	o.back_when_short = 1;
	o.sample = keep;
	o.sample_ctx = x;
	x->s = s;
	x->full = 0;
	x->st = servoarm_run_path(x->k, x->d, p, &o, &x->r);
	x->s = NULL;
	if (x->full)
		x->st = SERVOARM_NO_MEMORY;
	tell(x);
	memcpy(s->rest, x->r.rest, sizeof *s->rest * (size_t)x->k->arm.n);
	s->has_rest = x->st != SERVOARM_OK;
	switch (x->st) {
	case SERVOARM_OK:
		return DETOUR_RAN_DONE;
	case SERVOARM_OBSTRUCTED:
		return DETOUR_RAN_BLOCKED;
	case SERVOARM_BLOCKED:
		return DETOUR_RAN_STUCK;
	case SERVOARM_SHORT:
		return x->r.went_back ? DETOUR_RAN_SHORT : DETOUR_RAN_STUCK;
	default:
		return DETOUR_RAN_FAILED;
	}
}
