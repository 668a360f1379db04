/*
 * detour.c - a spine robot as the detours' executor (detour.h): the
 * run's trace turned into samples, its ending into enum detour_ran.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm/path.h"
#include "client/detour.h"

/* Row k (from 0) of a path, in degrees. */
static const double *
row(const struct arm_path *p, uint32_t k)
{
	return p->q + (size_t)k * (size_t)p->nj;
}

/* The last reading taken after step k (1-based), or NULL. */
static const int32_t *
reading(const struct client_trace *tr, uint32_t k)
{
	const int32_t *q = NULL;
	uint32_t r;

	for (r = 0; r < tr->nread && tr->read_after[r] <= k; r++)
		if (tr->read_after[r] == k)
			q = tr->read_q + (size_t)r * tr->joints;
	return q;
}

static void
degrees(const int32_t *mdeg, int n, double *q)
{
	int j;

	for (j = 0; j < n; j++)
		q[j] = mdeg[j] / 1000.0;
}

/* Each executed step, then (stopped short) the settled pose. */
static int
samples(const struct arm_path *p, long last_ms, const struct client_trace *tr,
    struct detour_samples *s)
{
	double meas[WIRE_MAX_JOINTS], t;
	const int32_t *m;
	uint32_t k;

	detour_samples_clear(s);
	for (k = 1; k <= tr->executed && k <= p->n; k++) {
		t = k < p->n ? p->t[k] : p->t[p->n - 1] + last_ms / 1000.0;
		if ((m = reading(tr, k)) != NULL)
			degrees(m, p->nj, meas);
		if (detour_samples_add(s, t, row(p, k - 1), m ? meas : NULL,
		    tr->lag[k - 1] < 0 ? 0 : tr->lag[k - 1] / 1000.0) != 0)
			return -1;
	}
	degrees(tr->rest, p->nj, s->rest);
	if (tr->ran == CLIENT_RAN_SHORT || (tr->ran == CLIENT_RAN_STUCK &&
	    tr->short_by > 0)) {
		t = p->t[p->n - 1] + last_ms / 1000.0;
		if (detour_samples_add(s, t + 0.1, row(p, p->n - 1), s->rest,
		    tr->short_by) != 0)
			return -1;
	}
	s->has_rest = tr->ran != CLIENT_RAN_DONE;
	return 0;
}

enum detour_ran
client_detour_run(void *ctx, const struct arm_path *p,
    const struct detour_watch *w, struct detour_samples *s)
{
	struct client_detour *x = ctx;
	struct client_motion mo = x->mo;
	int32_t home[WIRE_MAX_JOINTS];
	struct client_trace tr;
	enum detour_ran ran = DETOUR_RAN_FAILED;
	int j;

	mo.threshold_deg = w->threshold;
	mo.persist = w->persist;
	mo.short_deg = detour_watch_short_lag(w);
	mo.back_when_short = 1;
	for (j = 0; j < p->nj && j < (int)WIRE_MAX_JOINTS; j++)
		home[j] = (int32_t)lround(p->q[j] * 1000);
	x->st = client_run_path(x->cl, p, home, &mo, &tr);
	if (x->st == CLIENT_OK || x->st == CLIENT_OBSTRUCTED) {
		if (samples(p, mo.period_ms, &tr, s) != 0) {
			client_say(x->cl, "run: out of memory");
			x->st = CLIENT_LOCAL_IO;
		} else {
			static const enum detour_ran as[] = {
			    [CLIENT_RAN_DONE] = DETOUR_RAN_DONE,
			    [CLIENT_RAN_SHORT] = DETOUR_RAN_SHORT,
			    [CLIENT_RAN_BACK] = DETOUR_RAN_BLOCKED,
			    [CLIENT_RAN_STUCK] = DETOUR_RAN_STUCK };

			ran = as[tr.ran];
		}
	}
	client_trace_free(&tr);
	return ran;
}
