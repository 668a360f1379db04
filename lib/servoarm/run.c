/*
 * run.c - paths on a bus arm (run.h): each waypoint's goal at its time on
 * the arm's clock, the servos' feedback after it, PYT's watch, the way
 * back along where the joints were, and a bounded wait at the end.
 * Called by armctl --bus and the detour executor (detour.h); the unit
 * tests run it against lib/servosim.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm.h"
#include "servoarm/run.h"

#define KEEP_DEG 1.0		/* a pose kept for the way back lags its
				 * goal no more (a servo's own lag) */
#define SETTLE_S 5.0		/* the longest wait for the last goal */
#define STILL_S 0.3		/* not moving for this long: it is done */
#define STILL_DEG 0.02
#define POLL_S 0.01

struct runner {
	struct servoarm_bus *k;
	const struct arm_desc *d;
	const struct servoarm_run_opts *o;
	struct servoarm_run *r;
	struct arm_path done;		/* where the joints were, oldest
					 * first, from the path's first row,
					 * when they were where told */
	double pushed[SERVOARM_MAX];	/* the last goal sent */
	unsigned char skip[SERVOARM_MAX];	/* grippers: never watched */
	struct servoarm_feedback f;
	uint64_t first_us;		/* the first goal went out */
	int started;
};

static int
interrupted(const struct runner *u)
{
	return u->k->b.interrupted && *u->k->b.interrupted;
}

/* Seconds of the arm's clock since t0 (bus microseconds). */
static double
arm_seconds(const struct runner *u, uint64_t t0)
{
	return (double)(link_servobus_now_us(&u->k->b) - t0) / 1e6 *
	    u->o->time_scale;
}

/* Wait until s seconds of the arm's clock after t0; 0, or -1 when
 * interrupted. */
static int
wait_until(const struct runner *u, uint64_t t0, double s)
{
	double left;

	while ((left = s - arm_seconds(u, t0)) > 0) {
		if (interrupted(u))
			return -1;
		link_servobus_sleep_us(&u->k->b, (uint64_t)ceil(left /
		    u->o->time_scale * 1e6));
	}
	return interrupted(u) ? -1 : 0;
}

/* The servos' feedback, with their error bits as what they are: the
 * arm then holds. */
static enum servoarm_status
look(struct runner *u)
{
	struct servoarm_feedback hold;
	enum servoarm_status st;

	if ((st = servoarm_feedback(u->k, &u->f)) != SERVOARM_OK)
		return st;
	if ((st = servoarm_errors(u->k, &u->f)) != SERVOARM_OK) {
		int j = u->k->err_joint;
		uint8_t e = u->k->err, hw = u->k->hw_err;

		(void)servoarm_hold(u->k, &hold);
		u->k->err_joint = j;
		u->k->err = e;
		u->k->hw_err = hw;
		return st;
	}
	return SERVOARM_OK;
}

/* One sample for the watch: lag behind `goal` and the load; told to the
 * caller's sample hook at t when `record`. */
static int
watched(struct runner *u, const double *goal, struct arm_watch *w,
    int record, double t, double *lagged)
{
	double lag[SERVOARM_MAX], most = 0;
	int j, n = u->k->arm.n;

	for (j = 0; j < n; j++) {
		lag[j] = goal[j] - u->f.q[j];
		if (!u->skip[j] && fabs(lag[j]) > most)
			most = fabs(lag[j]);
	}
	if (record && u->o->sample != NULL)
		u->o->sample(u->o->sample_ctx, t, goal, u->f.q, most);
	*lagged = most;
	return arm_watch_sample(w, &u->o->watch, lag, u->f.load, u->skip, n);
}

/* Keep where the joints are (within their limits) as the path came:
 * only when they are where they were told, for a pose the arm lagged at
 * lies on what held it, and a way back through it cuts into it as often
 * as not (the way back eases off first instead). */
static int
came(struct runner *u)
{
	double q[SERVOARM_MAX];
	int j;

	for (j = 0; j < u->k->arm.n; j++)
		q[j] = arm_clamp(&u->d->joint[j], u->f.q[j]);
	return arm_path_append(&u->done, u->k->arm.n, q, 0, 0);
}

/*
 * t0 moved on by `late` when step s goes out more than half its period
 * late: a stalled host stretches the rest of the path rather than send
 * the steps it missed back to back, which would run the goals ahead of
 * the servos (a blocked joint then pressing as far behind as the stall
 * was long before the watch saw two samples).
 */
static uint64_t
stretched(const struct runner *u, const struct arm_path *p, uint32_t s,
    uint64_t t0, double late)
{
	double gap = s > 0 ? p->t[s] - p->t[s - 1] : 0;

	if (late <= gap / 2)
		return t0;
	return t0 + (uint64_t)(late / u->o->time_scale * 1e6);
}

/*
 * The goals of p at their times: SERVOARM_OK, SERVOARM_OBSTRUCTED (w and
 * *step say where), or a failure.  `record`: keep where the joints were
 * as the path the arm came, and tell the sample hook.
 */
static enum servoarm_status
stream(struct runner *u, const struct arm_path *p, int record,
    struct arm_watch *w, uint32_t *step)
{
	const int nj = u->k->arm.n;
	enum servoarm_status st;
	uint64_t t0 = link_servobus_now_us(&u->k->b);
	double late, lagged;
	uint32_t s;

	arm_watch_init(w);
	for (s = 0; s < p->n; s++) {
		const double *goal = p->q + (size_t)s * nj;
		/* the goal the servos have had a period to reach */
		const double *prev = s > 0 ? goal - nj : goal;

		if (wait_until(u, t0, p->t[s] - p->t[0]) != 0)
			return SERVOARM_INTERRUPTED;
		late = arm_seconds(u, t0) - (p->t[s] - p->t[0]);
		if (late > u->r->late_s)
			u->r->late_s = late;
		t0 = stretched(u, p, s, t0, late);
		if ((st = servoarm_goals(u->k, goal)) != SERVOARM_OK)
			return st;
		if (!u->started) {
			u->started = 1;
			u->first_us = link_servobus_now_us(&u->k->b);
		}
		u->r->periods++;
		u->r->seconds = arm_seconds(u, u->first_us);
		memcpy(u->pushed, goal, sizeof *goal * nj);
		if ((st = look(u)) != SERVOARM_OK)
			return st;
		if (watched(u, prev, w, record, p->t[s] - p->t[0], &lagged)) {
			*step = s + 1;
			return SERVOARM_OBSTRUCTED;
		}
		if (record && lagged <= KEEP_DEG && came(u) != 0)
			return SERVOARM_NO_MEMORY;
		if (interrupted(u))
			return SERVOARM_INTERRUPTED;
	}
	return SERVOARM_OK;
}

/* Has any watched joint moved since last (and keep this pose)? */
static int
moved(struct runner *u, double *last)
{
	int j, any = 0;

	for (j = 0; j < u->k->arm.n; j++) {
		if (!u->skip[j] && fabs(u->f.q[j] - last[j]) > STILL_DEG)
			any = 1;
		last[j] = u->f.q[j];
	}
	return any;
}

/* The watched joint farthest from goal: its index, the distance. */
static double
farthest(const struct runner *u, const double *goal, int *joint)
{
	double worst = 0;
	int j;

	*joint = 0;
	for (j = 0; j < u->k->arm.n; j++)
		if (!u->skip[j] && fabs(goal[j] - u->f.q[j]) > worst) {
			worst = fabs(goal[j] - u->f.q[j]);
			*joint = j;
		}
	return worst;
}

/*
 * After the last goal: wait, bounded, until the arm is there or stops
 * moving, still watching.  SERVOARM_OK, SERVOARM_SHORT (r->joint,
 * r->short_by), SERVOARM_OBSTRUCTED, or a failure.
 */
static enum servoarm_status
settle(struct runner *u, const double *goal, struct arm_watch *w,
    int record, double t_end)
{
	double last[SERVOARM_MAX], still_since = 0, t, lag;
	uint64_t t0 = link_servobus_now_us(&u->k->b);
	enum servoarm_status st;
	int j;

	for (j = 0; j < u->k->arm.n; j++)
		last[j] = INFINITY;
	for (;;) {
		if ((st = look(u)) != SERVOARM_OK)
			return st;
		t = arm_seconds(u, t0);
		if (watched(u, goal, w, record, t_end + t, &lag))
			return SERVOARM_OBSTRUCTED;
		if (farthest(u, goal, &j) <= ARM_WATCH_ARRIVED_DEG)
			return SERVOARM_OK;
		if (moved(u, last))
			still_since = t;
		if (t >= SETTLE_S || t - still_since >= STILL_S)
			break;
		if (wait_until(u, t0, t + POLL_S) != 0)
			return SERVOARM_INTERRUPTED;
	}
	u->r->short_by = farthest(u, goal, &u->r->joint);
	u->r->short_at = u->f.q[u->r->joint];
	return SERVOARM_SHORT;
}

/* A path, then the wait at its end. */
static enum servoarm_status
run_one(struct runner *u, const struct arm_path *p, int record,
    struct arm_watch *w, uint32_t *step)
{
	enum servoarm_status st;

	*step = 0;
	if ((st = stream(u, p, record, w, step)) != SERVOARM_OK)
		return st;
	*step = p->n;
	return settle(u, p->q + (size_t)(p->n - 1) * u->k->arm.n, w, record,
	    p->t[p->n - 1] - p->t[0]);
}

/* Joint speeds and accelerations, for the way back. */
static void
limits(const struct runner *u, double *speed, double *accel, double *here)
{
	int j;

	for (j = 0; j < u->k->arm.n; j++) {
		speed[j] = u->d->joint[j].speed;
		accel[j] = u->d->joint[j].accel;
		here[j] = arm_clamp(&u->d->joint[j], u->f.q[j]);
	}
}

/*
 * Obstructed: hold, pause, ease off, and go back along the path the arm
 * came.
 * SERVOARM_OBSTRUCTED when it got back, SERVOARM_BLOCKED when the way
 * back was obstructed too (the arm holds), or a failure.
 */
static enum servoarm_status
go_back(struct runner *u)
{
	double speed[SERVOARM_MAX], accel[SERVOARM_MAX], here[SERVOARM_MAX];
	double eased[SERVOARM_MAX], ease;
	struct arm_path back;
	enum servoarm_status st;
	uint64_t t0;
	int j;

	if ((st = servoarm_hold(u->k, &u->f)) != SERVOARM_OK)
		return st;
	t0 = link_servobus_now_us(&u->k->b);
	if (wait_until(u, t0, u->o->pause_s) != 0)
		return SERVOARM_INTERRUPTED;
	if ((st = look(u)) != SERVOARM_OK)
		return st;
	limits(u, speed, accel, here);
	memcpy(u->r->rest, here, sizeof *here * u->k->arm.n);
	for (j = 0; j < u->k->arm.n; j++)	/* a gripper holds what it has */
		if (u->skip[j])
			u->pushed[j] = here[j];
	memset(&back, 0, sizeof back);
	ease = arm_path_distance(here, u->done.q, u->k->arm.n);
	if (arm_path_ease_off(&back, u->k->arm.n, here, u->pushed, ease <
	    ARM_WATCH_EASE_DEG ? ease : ARM_WATCH_EASE_DEG, u->o->period_s,
	    eased) != 0) {
		arm_path_free(&back);
		return SERVOARM_NO_MEMORY;
	}
	for (j = 0; j < u->k->arm.n; j++)	/* within the limits */
		back.q[j] = back.q[u->k->arm.n + j] = eased[j] =
		    arm_clamp(&u->d->joint[j], eased[j]);
	if (arm_path_retrace(&back, u->done.q, u->done.n, u->k->arm.n, eased,
	    speed, accel, u->o->period_s) != 0) {
		arm_path_free(&back);
		return SERVOARM_NO_MEMORY;
	}
	u->r->back_steps = back.n;
	st = back.n ? run_one(u, &back, 0, &u->r->back, &u->r->back_step) :
	    SERVOARM_OK;
	arm_path_free(&back);
	if (st == SERVOARM_SHORT)
		st = SERVOARM_OK;	/* near enough to where it began */
	if (st == SERVOARM_OBSTRUCTED) {
		if ((st = servoarm_hold(u->k, &u->f)) != SERVOARM_OK)
			return st;
		return SERVOARM_BLOCKED;
	}
	return st == SERVOARM_OK ? SERVOARM_OBSTRUCTED : st;
}

/* Stopped short, and going back as after a block: SERVOARM_SHORT when
 * it got back (r->went_back), SERVOARM_BLOCKED, or a failure. */
static enum servoarm_status
short_back(struct runner *u)
{
	enum servoarm_status st = go_back(u);

	if (st != SERVOARM_OBSTRUCTED)
		return st;
	u->r->went_back = 1;
	return SERVOARM_SHORT;
}

enum servoarm_status
servoarm_run_path(struct servoarm_bus *k, const struct arm_desc *d,
    const struct arm_path *p, const struct servoarm_run_opts *o,
    struct servoarm_run *r)
{
	struct runner u;
	enum servoarm_status st;
	int j;

	memset(&u, 0, sizeof u);
	memset(r, 0, sizeof *r);
	u.k = k;
	u.d = d;
	u.o = o;
	u.r = r;
	for (j = 0; j < k->arm.n; j++)
		u.skip[j] = (unsigned char)k->arm.j[j].gripper;
	if ((st = servoarm_configure(k)) == SERVOARM_OK)
		st = look(&u);
	for (j = 0; j < k->arm.n && st == SERVOARM_OK; j++)
		st = servoarm_torque(k, j, 1);
	r->steps = p->n;
	if (st == SERVOARM_OK && arm_path_append(&u.done, k->arm.n, p->q, 0,
	    0) != 0)
		st = SERVOARM_NO_MEMORY;
	if (st == SERVOARM_OK)
		st = run_one(&u, p, 1, &r->w, &r->step);
	if (st == SERVOARM_OBSTRUCTED)
		st = go_back(&u);
	else if (st == SERVOARM_SHORT && o->back_when_short)
		st = short_back(&u);
	if (st == SERVOARM_INTERRUPTED) {
		r->released = o->release;
		r->let_go = servoarm_let_go(k, o->release);
	}
	arm_path_free(&u.done);
	return st;
}
