/*
 * trial.c - a path on the simulated arm, in process (trial.h).  The robot
 * core measures a step's lag as its encoders' farthest joint from the
 * step's command when the step ends, its command leading the encoders by
 * the watch's threshold at most (core/robot/motion.c); the watch is
 * lib/detour's rule.  The way back retraces every physics step: a
 * blocked arm slides round an obstacle in steps cut short (arm.c), and
 * a coarser way back would cut the corner it slid round.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "trial.h"

#define TICK 0.001		/* s: armsim's physics step */

void
sim_trial_free(struct sim_trial *t)
{
	free(t->trail);
	t->trail = NULL;
	t->ntrail = t->cap = 0;
}

static int
remember(struct sim_trial *t)
{
	size_t nj = (size_t)t->arm->joints, cap;
	double *p;

	if (t->ntrail == t->cap) {
		cap = t->cap ? 2 * t->cap : 4096;
		if ((p = realloc(t->trail, cap * nj * sizeof *p)) == NULL)
			return -1;
		t->trail = p;
		t->cap = cap;
	}
	memcpy(t->trail + t->ntrail++ * nj, t->arm->q, nj * sizeof *p);
	return 0;
}

static void
tick(struct sim_trial *t)
{
	sim_arm_step(t->arm, TICK);
	t->steps++;
	t->clock += TICK;
}

/* The command toward q, leading the arm by `lead` degrees at most, as
 * the robot's is under the watch's rule (core/robot/motion.c). */
static void
led(struct arm *a, const double *q, double lead)
{
	int j;

	for (j = 0; j < a->joints; j++)
		a->cmd[j] = fmin(fmax(q[j], a->q[j] - lead), a->q[j] + lead);
}

/* The farthest joint from q. */
static double
behind(const struct arm *a, const double *q)
{
	double most = 0;
	int j;

	for (j = 0; j < a->joints; j++)
		most = fmax(most, fabs(a->q[j] - q[j]));
	return most;
}

/* Command q for `secs` led by `lead` degrees, remembering each pose; how
 * far from q the arm ends. */
static int
hold(struct sim_trial *t, const double *q, double lead, double secs,
    double *lag_out)
{
	struct arm *a = t->arm;
	long k, ticks = lround(secs / TICK);

	for (k = 0; k < ticks; k++) {
		led(a, q, lead);
		tick(t);
		if (remember(t) != 0)
			return -1;
	}
	*lag_out = behind(a, q);
	return 0;
}

/* Back through the trail, a physics step at a time, the watch looking
 * once a period. */
static enum detour_ran
go_back(struct sim_trial *t, const struct detour_watch *w)
{
	size_t nj = (size_t)t->arm->joints, k = t->ntrail;
	long per = lround(t->period / TICK), n = 0, over = 0;

	while (k-- > 0) {
		led(t->arm, t->trail + k * nj, w->threshold);
		tick(t);
		if (++n % per != 0 && k > 0)
			continue;
		over = behind(t->arm, t->trail + k * nj) > w->threshold ?
		    over + 1 : 0;
		if (over >= w->persist)
			return DETOUR_RAN_STUCK;
	}
	return DETOUR_RAN_BLOCKED;
}

/* The last row held until the arm is there, SETTLE periods at most. */
#define SETTLE 10

static enum detour_ran
settle(struct sim_trial *t, const struct arm_path *p,
    const struct detour_watch *w, struct detour_samples *s)
{
	const double *q = p->q + (size_t)(p->n - 1) * (size_t)p->nj;
	double lg = s->n ? s->lag[s->n - 1] : 0;
	int k;

	for (k = 0; k < SETTLE && lg > detour_watch_short_lag(w); k++)
		if (hold(t, q, w->threshold, t->period, &lg) != 0 ||
		    detour_samples_add(s, t->clock, q, t->arm->q, lg) != 0)
			return DETOUR_RAN_FAILED;
	if (lg <= detour_watch_short_lag(w))
		return DETOUR_RAN_DONE;
	memcpy(s->rest, t->arm->q, (size_t)t->arm->joints * sizeof *s->rest);
	s->has_rest = 1;
	return DETOUR_RAN_SHORT;
}

enum detour_ran
sim_trial_run(void *trial, const struct arm_path *p,
    const struct detour_watch *w, struct detour_samples *s)
{
	struct sim_trial *t = trial;
	struct arm *a = t->arm;
	double lg;
	long i, over = 0;

	detour_samples_clear(s);
	t->ntrail = 0;
	if (remember(t) != 0)
		return DETOUR_RAN_FAILED;
	for (i = 0; i < (long)p->n; i++) {
		const double *q = p->q + (size_t)i * (size_t)p->nj;

		if (hold(t, q, w->threshold, t->period, &lg) != 0 ||
		    detour_samples_add(s, t->clock, q, a->q, lg) != 0)
			return DETOUR_RAN_FAILED;
		over = lg > w->threshold ? over + 1 : 0;
		if (over < w->persist)
			continue;
		/* stop where it is, rest, and go back */
		if (hold(t, a->q, w->threshold, t->pause > 0 ? t->pause :
		    t->period, &lg) != 0)
			return DETOUR_RAN_FAILED;
		memcpy(s->rest, a->q, (size_t)a->joints * sizeof *s->rest);
		s->has_rest = 1;
		return go_back(t, w);
	}
	return settle(t, p, w, s);
}

int
sim_detour_run(const struct arm_desc *a, const struct detour_scenario *sc,
    const struct detour_attempts_opts *o, struct sim_detour *d)
{
	struct detour_executor x = { sim_trial_run, &d->t };
	int j, rc;

	memset(d, 0, sizeof *d);
	d->arm.desc = a;
	d->arm.joints = a->njoints;
	for (j = 0; j < a->njoints; j++) {
		d->arm.speed[j] = a->joint[j].speed;
		d->arm.q[j] = d->arm.cmd[j] = sc->from[j];
	}
	d->arm.obs3[0] = sc->obstacle;
	d->arm.nobs3 = 1;
	d->t.arm = &d->arm;
	d->t.period = o->plan.period;
	d->t.pause = 0.2;
	rc = detour_attempts(a, &d->map, sc->from, sc->to, NULL, &x, o,
	    &d->out);
	sim_trial_free(&d->t);
	return rc;
}
