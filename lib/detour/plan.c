/*
 * plan.c - planning a detour (plan.h): the ends checked against the
 * limits and the obstacles, the margins fitted to the ends, RRT-Connect,
 * shortcuts and the timed path; every failure said in words that name
 * the obstacles.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm3d.h"
#include "arm/obsmap.h"
#include "detour/plan.h"
#include "detour/rrt.h"
#include "detour/smooth.h"
#include "host/exits.h"

static const char *const status_names[] = { "ok", "start-limits",
    "target-limits", "start-blocked", "target-blocked", "no-way", "timeout",
    "no-memory" };

const char *
detour_status_name(enum detour_status s)
{
	return (unsigned)s < sizeof status_names / sizeof *status_names ?
	    status_names[s] : "?";
}

int
detour_status_exit(enum detour_status s)
{
	switch (s) {
	case DETOUR_OK:
		return EXIT_OK;
	case DETOUR_TIMEOUT:
		return EXIT_TEMPFAIL;
	case DETOUR_NO_MEMORY:
		return EXIT_IOERR;
	default:
		return EXIT_JOB_FAILED;
	}
}

/* "sphere 'cup' at ..., capsule 'found1-elbow_flex' from ..." into buf. */
static void
list_obstacles(char *buf, size_t size, const struct arm_obstacle *o, int n)
{
	char one[160];
	size_t used = 0, len;
	int k;

	buf[0] = '\0';
	for (k = 0; k < n; k++) {
		arm_obstacle_describe(&o[k], one, sizeof one);
		len = strlen(one) + 2;
		if (used + len + 5 >= size) {
			snprintf(buf + used, size - used, "%s...", k ? ", " :
			    "");
			return;
		}
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
		    k ? ", " : "", one);
	}
}

static int
limits_ok(const struct detour_world *w, const double *q, const char *end,
    enum detour_status st, struct detour_report *r)
{
	int i, j;

	for (i = 0; i < w->nmove; i++) {
		const struct arm_joint *jt = &w->arm->joint[j = w->move[i]];

		if (q[j] >= jt->lo && q[j] <= jt->hi)
			continue;
		r->status = st;
		r->joint = j;
		snprintf(r->why, sizeof r->why, "the %s has %s at %g, beyond "
		    "its limits %g..%g", end, jt->name, q[j], jt->lo, jt->hi);
		return 0;
	}
	return 1;
}

/* Body distance of pose q's links to obstacle o, less the link radius. */
static double
body_gap(const struct detour_world *w, const struct arm_obstacle *o,
    const double *q)
{
	struct arm_obstacle bare = *o;
	struct detour_world one = *w;

	bare.margin = 0;
	one.obs = &bare;
	one.nobs = 1;
	one.table = 0;
	return detour_clearance(&one, q, NULL);
}

static int
blocked(const struct detour_world *w, int k, const char *end,
    enum detour_status st, struct detour_report *r)
{
	char one[160];

	r->status = st;
	r->obstacle = k;
	if (k == DETOUR_TABLE) {
		snprintf(r->why, sizeof r->why, "the %s pose reaches below "
		    "the table", end);
	} else {
		arm_obstacle_describe(&w->obs[k], one, sizeof one);
		snprintf(r->why, sizeof r->why, "the %s pose touches %s", end,
		    one);
	}
	return 0;
}

/*
 * The ends' check, and each obstacle's margin no more than the ends
 * leave (into fit, the world's obstacles copied).  0 when an end is
 * blocked (r says which), 1 when the plan can go on.
 */
static int
fit_ends(const struct detour_world *w, const double *from, const double *to,
    struct arm_obstacle *fit, struct detour_report *r)
{
	struct detour_world bare = *w;
	double gap, ga, gb;
	int k;

	bare.nobs = 0;
	if (detour_clearance(&bare, from, NULL) < 0)
		return blocked(w, DETOUR_TABLE, "start", DETOUR_START_BLOCKED,
		    r);
	if (detour_clearance(&bare, to, NULL) < 0)
		return blocked(w, DETOUR_TABLE, "target", DETOUR_TARGET_BLOCKED,
		    r);
	for (k = 0; k < w->nobs; k++) {
		fit[k] = w->obs[k];
		if ((ga = body_gap(w, &w->obs[k], from)) <= 0)
			return blocked(w, k, "start", DETOUR_START_BLOCKED, r);
		if ((gb = body_gap(w, &w->obs[k], to)) <= 0)
			return blocked(w, k, "target", DETOUR_TARGET_BLOCKED,
			    r);
		gap = fmin(ga, gb);
		if (fit[k].margin > gap - fmin(1.0, gap / 2))
			fit[k].margin = gap - fmin(1.0, gap / 2);
	}
	return 1;
}

/* Half the least margin, within 1..5 mm. */
static double
resolution(const struct detour_world *w, const struct detour_opts *o)
{
	double least = 10;
	int k;

	if (o->res > 0)
		return o->res;
	for (k = 0; k < w->nobs; k++)
		if (w->obs[k].margin > 0)
			least = fmin(least, w->obs[k].margin);
	least /= 2;
	return least < 1 ? 1 : least > 5 ? 5 : least;
}

/* Tip travel and the least body clearance over the path's rows. */
static void
measure(const struct detour_world *w, const struct arm_path *p,
    struct detour_report *r)
{
	struct arm_obstacle *bare = malloc((size_t)(w->nobs ? w->nobs : 1) *
	    sizeof *bare);
	struct detour_world b = *w;
	struct kin3d_pose a, c;
	uint32_t i;
	int k;

	r->length = 0;
	r->clearance = DBL_MAX;
	for (k = 0; bare && k < w->nobs; k++) {
		bare[k] = w->obs[k];
		bare[k].margin = 0;
	}
	b.obs = bare;
	for (i = 0; i < p->n; i++) {
		arm_3d_fk(w->arm, p->q + (size_t)i * (size_t)p->nj, &c);
		if (i > 0)
			r->length += sqrt((c.x - a.x) * (c.x - a.x) + (c.y -
			    a.y) * (c.y - a.y) + (c.z - a.z) * (c.z - a.z));
		a = c;
		if (bare)
			r->clearance = fmin(r->clearance, detour_clearance(&b,
			    p->q + (size_t)i * (size_t)p->nj, NULL));
	}
	free(bare);
}

static int
search_failed(const struct detour_world *w, enum detour_rrt_result rr,
    const struct detour_opts *o, struct detour_report *r)
{
	char list[400];

	list_obstacles(list, sizeof list, w->obs, w->nobs);
	if (rr == DETOUR_RRT_TIMEOUT) {
		r->status = DETOUR_TIMEOUT;
		snprintf(r->why, sizeof r->why, "no way round found in the "
		    "time budget (%g ms, %ld search rounds); obstacles: %s",
		    o->max_ms, r->iterations, list);
	} else if (rr == DETOUR_RRT_NO_MEMORY) {
		r->status = DETOUR_NO_MEMORY;
		snprintf(r->why, sizeof r->why, "out of memory");
	} else {
		r->status = DETOUR_NO_WAY;
		snprintf(r->why, sizeof r->why, "no way round within the "
		    "joints' limits in %ld search rounds; obstacles: %s",
		    r->iterations, list);
	}
	return -1;
}

static int
search(const struct detour_world *w, struct detour_world *fw,
    const double *from, const double *to, const struct detour_opts *o,
    double t0, struct arm_path *out, struct detour_report *r)
{
	struct detour_rrt_opts ro;
	enum detour_rrt_result rr;
	double *pts = NULL;
	int npts = 0;

	memset(&ro, 0, sizeof ro);
	ro.seed = o->seed;
	ro.max_iter = o->max_iter > 0 ? o->max_iter : DETOUR_MAX_ITER;
	ro.step = o->step > 0 ? o->step : 300;
	ro.res = resolution(w, o);
	ro.max_ms = o->max_ms;
	ro.t0_ms = t0;
	rr = detour_rrt_connect(fw, from, to, &ro, &pts, &npts,
	    &r->iterations);
	if (rr != DETOUR_RRT_FOUND)
		return search_failed(w, rr, o, r);
	detour_shortcut(fw, pts, &npts, ro.res, o->shortcuts < 0 ? 0 :
	    o->shortcuts ? o->shortcuts : 40, o->seed);
	r->vias = npts;
	if (detour_smooth(fw, pts, npts, ro.res, o->period > 0 ? o->period :
	    0.02, out, &r->stops) < 0) {
		free(pts);
		r->status = DETOUR_NO_MEMORY;
		snprintf(r->why, sizeof r->why, "out of memory");
		return -1;
	}
	free(pts);
	return 0;
}

int
detour_plan(const struct detour_world *w, const double *from,
    const double *to, const struct detour_opts *o, struct arm_path *out,
    struct detour_report *r)
{
	double t0 = detour_now_ms(), c0 = detour_cpu_ms();
	struct arm_obstacle *fit;
	struct detour_world fw = *w;
	int rc = -1;

	memset(out, 0, sizeof *out);
	memset(r, 0, sizeof *r);
	r->obstacle = r->joint = -1;
	if (!limits_ok(w, from, "start", DETOUR_START_LIMITS, r) ||
	    !limits_ok(w, to, "target", DETOUR_TARGET_LIMITS, r))
		goto out;
	if ((fit = malloc((size_t)(w->nobs ? w->nobs : 1) * sizeof *fit)) ==
	    NULL) {
		r->status = DETOUR_NO_MEMORY;
		snprintf(r->why, sizeof r->why, "out of memory");
		goto out;
	}
	fw.obs = fit;
	if (fit_ends(w, from, to, fit, r) &&
	    (rc = search(w, &fw, from, to, o, t0, out, r)) == 0) {
		measure(w, out, r);
		snprintf(r->why, sizeof r->why, "a way round: %d via points, "
		    "%.3f s", r->vias, out->t[out->n - 1]);
	}
	free(fit);
out:
	r->ms = detour_now_ms() - t0;
	r->cpu_ms = detour_cpu_ms() - c0;
	return rc;
}
