/*
 * run.c - a whole run on a spine robot (stream.h): the stream, and PYT's
 * story after an obstruction told as every arm tells it (lib/arm/watch.h):
 * stop, pause, back along the path the arm came (the steps it reached,
 * then its encoders where it lagged: lib/arm's retrace, minimum-jerk in
 * time), help asked for when that is blocked too; the end settled and a
 * stop short of it said.  Called by armctl and the detour executor.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm/path.h"
#include "client/stream.h"
#include "plan/crc32.h"

#define BACK_PERIOD_MS 20	/* the way back's steps when the run has
				 * no period of its own */

void
client_trace_free(struct client_trace *t)
{
	free(t->lag);
	free(t->read_after);
	free(t->read_q);
	memset(t, 0, sizeof *t);
}

static enum client_status
trace_init(struct client *cl, struct client_trace *t, uint32_t n, int joints)
{
	uint32_t i;

	memset(t, 0, sizeof *t);
	t->n = n;
	t->joints = joints;
	if ((t->lag = malloc(sizeof *t->lag * (n ? n : 1))) == NULL) {
		client_say(cl, "run: out of memory");
		return CLIENT_LOCAL_IO;
	}
	for (i = 0; i < n; i++)
		t->lag[i] = -1;
	return CLIENT_OK;
}

static void
say(struct client *cl, const struct client_motion *mo, const char *line)
{
	if (!mo->quiet)
		client_say(cl, "%s", line);
}

/* Joint j's name: the arm's, or q1, q2 ... */
static const char *
joint_name(const struct client_motion *mo, int j, char *buf, size_t cap)
{
	if (mo->arm != NULL && j < mo->arm->njoints)
		return mo->arm->joint[j].name;
	snprintf(buf, cap, "q%d", j + 1);
	return buf;
}

/* The joint farthest from want at pose q (millidegrees); its distance in
 * degrees into *by. */
static int
farthest(const int32_t *want, const int32_t *q, int joints, double *by)
{
	double d;
	int j, k = 0;

	*by = -1;
	for (j = 0; j < joints; j++)
		if ((d = fabs((double)want[j] - q[j]) / 1000) > *by) {
			*by = d;
			k = j;
		}
	return k;
}

/* After a STOP: the lags of the steps executed before it arrived. */
static enum client_status
trace_tail(struct client *cl, const struct client_watch *w,
    struct client_trace *tr)
{
	struct wire_frame reply;
	struct wire_status s;
	uint32_t from = w->checked + 1;
	uint8_t p[4] = { (uint8_t)from, (uint8_t)(from >> 8),
	    (uint8_t)(from >> 16), (uint8_t)(from >> 24) };
	enum client_status e;
	uint8_t i;

	if ((e = client_call(cl, WIRE_STATUS, p, 4, &reply, "run")) !=
	    CLIENT_OK)
		return e;
	if (wire_status_decode(&s, reply.payload, reply.len) != 0)
		return client_malformed(cl, "run");
	for (i = 0; i < s.count; i++)
		if (s.first + i >= 1 && s.first + i <= tr->n)
			tr->lag[s.first + i - 1] = s.dev[i];
	if (s.executed > tr->executed && s.executed <= tr->n)
		tr->executed = s.executed;
	return CLIENT_OK;
}

/* Append pose q (millidegrees) to the path the arm came, in degrees. */
static int
came(struct arm_path *done, const int32_t *q, int joints)
{
	double v[WIRE_MAX_JOINTS];
	int j;

	for (j = 0; j < joints; j++)
		v[j] = q[j] / 1000.0;
	return arm_path_append(done, joints, v, 0, 0);
}

/*
 * The path the arm came, oldest first: home; the steps before `from`
 * (a resumed run's, executed before); then each executed step the arm
 * reached (its lag within the arrival of watch.h).  Not the steps it
 * lagged, nor where the encoders found it then: those lie on (or in)
 * what held it, and a way back through them cuts into it as often as
 * not; the way back eases off first instead.  0, or -1 when out of
 * memory.
 */
static int
path_came(const struct client_steps *st, uint32_t from, const int32_t *home,
    const struct client_trace *tr, struct arm_path *done)
{
	long arrived = lround(ARM_WATCH_ARRIVED_DEG * 1000);
	uint32_t k;
	int nj = st->joints;

	if (came(done, home, nj) != 0)
		return -1;
	for (k = 1; k <= tr->executed; k++)
		if ((k < from || tr->lag[k - 1] < 0 || tr->lag[k - 1] <=
		    arrived) && came(done, st->q + (size_t)(k - 1) * nj, nj))
			return -1;
	return 0;
}

/*
 * How fast the way back may go: the arm's joints as described, else
 * the old way back's pace (a degree a period on average, 15/8 at the
 * profile's peak), which an arm that could follow the run can follow.
 */
static void
back_limits(const struct client_motion *mo, int joints, double *speed,
    double *accel)
{
	long per = mo->period_ms > 0 ? mo->period_ms : BACK_PERIOD_MS;
	int j;

	for (j = 0; j < joints; j++) {
		if (mo->arm != NULL && j < mo->arm->njoints) {
			speed[j] = mo->arm->joint[j].speed;
			accel[j] = mo->arm->joint[j].accel;
		} else {
			speed[j] = 1875.0 / per;
			accel[j] = INFINITY;
		}
	}
}

/* The first rows of the way back: off the obstacle (no farther than the
 * way back is long), within the arm's limits when it has a description. */
static int
ease_off(const struct client_motion *mo, struct arm_path *back, int joints,
    const double *here, const double *pushed, const double *home, long per,
    double *eased)
{
	double deg = arm_path_distance(here, home, joints);
	int j;

	if (arm_path_ease_off(back, joints, here, pushed, deg <
	    ARM_WATCH_EASE_DEG ? deg : ARM_WATCH_EASE_DEG, per / 1000.0,
	    eased) != 0)
		return -1;
	for (j = 0; mo->arm != NULL && j < joints && j < mo->arm->njoints;
	    j++)
		eased[j] = arm_clamp(&mo->arm->joint[j], eased[j]);
	for (j = 0; j < joints; j++)
		back->q[(size_t)(back->n - 1) * joints + j] =
		    back->q[(size_t)(back->n - 2) * joints + j] = eased[j];
	return 0;
}

static uint32_t
crc_i32(uint32_t crc, int32_t v)
{
	uint32_t u = (uint32_t)v;
	uint8_t b[4] = { (uint8_t)u, (uint8_t)(u >> 8), (uint8_t)(u >> 16),
	    (uint8_t)(u >> 24) };

	return plan_crc32_update(crc, b, 4);
}

enum client_status
client_path_steps(struct client *cl, const struct arm_path *p, long last_ms,
    struct client_steps *st, int32_t *mdeg, uint16_t *per)
{
	uint32_t i, crc = 0xFFFFFFFFu;

	memset(st, 0, sizeof *st);
	if (client_steps_timed(st, p->t, p->n, last_ms, per) != 0) {
		client_say(cl, "run: waypoints more than 65.535 s apart");
		return CLIENT_DATA;
	}
	for (i = 0; i < p->n * (uint32_t)p->nj; i++) {
		mdeg[i] = (int32_t)lround(p->q[i] * 1000);
		crc = crc_i32(crc, mdeg[i]);
	}
	for (i = 0; i < p->n; i++)
		crc = crc_i32(crc, per[i]);
	st->q = mdeg;
	st->n = p->n;
	st->joints = p->nj;
	st->run_id = ~crc ? ~crc : 1;
	return CLIENT_OK;
}

/* Stream the way back `back` (its run id marked as one), watched; on an
 * obstruction stopped, *w and *joint saying where. */
static enum client_status
stream_back(struct client *cl, const struct arm_path *back,
    const struct client_motion *mo, struct client_watch *w, int *joint)
{
	int32_t *mdeg = calloc((size_t)back->n * back->nj, sizeof *mdeg);
	uint16_t *per = calloc(back->n, sizeof *per);
	int32_t here[WIRE_MAX_JOINTS];
	struct client_motion bm = *mo;
	struct client_steps st;
	enum client_status e;
	double by;

	memset(&bm.progress, 0, sizeof bm.progress);
	if (mdeg == NULL || per == NULL) {
		client_say(cl, "run: out of memory");
		e = CLIENT_LOCAL_IO;
	} else if ((e = client_path_steps(cl, back, mo->period_ms > 0 ?
	    mo->period_ms : BACK_PERIOD_MS, &st, mdeg, per)) == CLIENT_OK) {
		st.run_id = plan_crc32_update(st.run_id, (const uint8_t *)"back",
		    4);
		st.run_id = st.run_id ? st.run_id : 1;
		e = client_stream(cl, &st, 1, &bm, w, NULL);
		if (e == CLIENT_OBSTRUCTED && client_encoders(cl, here,
		    "run") == CLIENT_OK)
			*joint = farthest(st.q + (size_t)(w->step - 1) *
			    st.joints, here, st.joints, &by);
		else if (e == CLIENT_OK)
			e = client_settle(cl);
	}
	free(mdeg);
	free(per);
	return e;
}

/*
 * The arm stopped (or settled short) at tr->rest: back along the path it
 * came to home.  CLIENT_OK with tr->ran BACK or STUCK (said), or a
 * failure.
 */
static enum client_status
go_back(struct client *cl, const struct client_steps *st, uint32_t from,
    const int32_t *home, const struct client_motion *mo,
    struct client_trace *tr)
{
	double speed[WIRE_MAX_JOINTS], accel[WIRE_MAX_JOINTS];
	double here[WIRE_MAX_JOINTS], pushed[WIRE_MAX_JOINTS];
	double eased[WIRE_MAX_JOINTS];
	long per = mo->period_ms > 0 ? mo->period_ms : BACK_PERIOD_MS;
	const int32_t *last = tr->executed ? st->q + (size_t)(tr->executed -
	    1) * st->joints : home;
	struct arm_path done, back;
	enum client_status e = CLIENT_OK;
	char line[200], name[16];
	int j;

	memset(&done, 0, sizeof done);
	memset(&back, 0, sizeof back);
	back_limits(mo, st->joints, speed, accel);
	for (j = 0; j < st->joints; j++) {
		here[j] = tr->rest[j] / 1000.0;
		pushed[j] = last[j] / 1000.0;
		if (mo->arm != NULL && j < mo->arm->njoints &&
		    mo->arm->joint[j].role == ARM_GRIPPER)
			pushed[j] = here[j];	/* it holds what it has */
	}
	if (path_came(st, from, home, tr, &done) != 0 ||
	    ease_off(mo, &back, st->joints, here, pushed, done.q, per,
	    eased) != 0 ||
	    arm_path_retrace(&back, done.q, done.n, st->joints, eased, speed,
	    accel, per / 1000.0) != 0) {
		client_say(cl, "run: out of memory");
		e = CLIENT_LOCAL_IO;
	} else if ((tr->back_steps = back.n) > 0)
		e = stream_back(cl, &back, mo, &tr->back, &tr->back_joint);
	arm_path_free(&done);
	arm_path_free(&back);
	if (e == CLIENT_OBSTRUCTED) {
		tr->ran = CLIENT_RAN_STUCK;
		arm_story_stuck(line, sizeof line, tr->back.step,
		    tr->back_steps, joint_name(mo, tr->back_joint, name,
		    sizeof name), tr->back.lag / 1000.0);
		say(cl, mo, line);
		return CLIENT_OK;
	}
	if (e != CLIENT_OK)
		return e;
	if (tr->ran != CLIENT_RAN_SHORT)
		tr->ran = CLIENT_RAN_BACK;
	arm_story_back(line, sizeof line);
	say(cl, mo, line);
	return CLIENT_OK;
}

/* Obstructed (the arm stopped): say where, pause, go back. */
static enum client_status
obstructed(struct client *cl, const struct client_steps *st, uint32_t from,
    const int32_t *home, const struct client_motion *mo,
    struct client_trace *tr)
{
	char line[200], name[16];
	enum client_status e;
	double by;

	if ((e = trace_tail(cl, &tr->w, tr)) != CLIENT_OK ||
	    (e = client_encoders(cl, tr->rest, "run")) != CLIENT_OK)
		return e;
	tr->joint = farthest(st->q + (size_t)(tr->w.step - 1) * st->joints,
	    tr->rest, st->joints, &by);
	arm_story_stopped(line, sizeof line, tr->w.step, st->n,
	    joint_name(mo, tr->joint, name, sizeof name), tr->w.lag / 1000.0,
	    NAN);
	say(cl, mo, line);
	if ((e = client_wait(cl, (int)mo->pause_ms)) != CLIENT_OK ||
	    (e = client_encoders(cl, tr->rest, "run")) != CLIENT_OK)
		return e;
	return go_back(cl, st, from, home, mo, tr);
}

/*
 * The encoders at rest into rest: within tol of last, or no longer
 * changing.  The robot calls a joint within ROBOT_AT_TARGET_MDEG (0.5 deg)
 * of its command not moving, a looser rule than a run's end, so a joint
 * still closing in would be judged short.  Bounded: STILL_READS reads.
 */
#define STILL_READS 100
#define STILL_MDEG 50		/* moved less than this between two reads */
#define STILL_GAP_MS 20

static enum client_status
settle_still(struct client *cl, const int32_t *last, int joints, double tol,
    int32_t *rest)
{
	int32_t before[WIRE_MAX_JOINTS];
	enum client_status e;
	double by, moved;
	int i;

	for (i = 0; i < STILL_READS; i++) {
		if ((e = client_encoders(cl, rest, "run")) != CLIENT_OK)
			return e;
		(void)farthest(last, rest, joints, &by);
		if (by <= tol)
			return CLIENT_OK;
		if (i > 0) {
			(void)farthest(before, rest, joints, &moved);
			if (moved * 1000 < STILL_MDEG)
				return CLIENT_OK;
		}
		memcpy(before, rest, sizeof *rest * (size_t)joints);
		if ((e = client_wait(cl, STILL_GAP_MS)) != CLIENT_OK)
			return e;
	}
	return CLIENT_OK;
}

/* Every step executed: settled at the last, or short of it (said). */
static enum client_status
ended(struct client *cl, const struct client_steps *st, uint32_t from,
    const int32_t *home, const struct client_motion *mo,
    struct client_trace *tr)
{
	double tol = mo->short_deg > 0 ? mo->short_deg : ARM_WATCH_ARRIVED_DEG;
	const int32_t *last = st->q + (size_t)(st->n - 1) * st->joints;
	char line[200], name[16];
	enum client_status e;

	if ((e = client_settle(cl)) != CLIENT_OK ||
	    (e = settle_still(cl, last, st->joints, tol, tr->rest)) !=
	    CLIENT_OK)
		return e;
	tr->short_joint = farthest(last, tr->rest, st->joints, &tr->short_by);
	if (tr->short_by <= tol) {
		tr->ran = CLIENT_RAN_DONE;
		return CLIENT_OK;
	}
	tr->ran = CLIENT_RAN_SHORT;
	arm_story_short(line, sizeof line, joint_name(mo, tr->short_joint,
	    name, sizeof name), tr->short_by, tr->rest[tr->short_joint] /
	    1000.0);
	say(cl, mo, line);
	if (mo->back_when_short && (e = go_back(cl, st, from, home, mo, tr)) !=
	    CLIENT_OK)
		return e;
	return CLIENT_OBSTRUCTED;
}

enum client_status
client_run_traced(struct client *cl, const struct client_steps *st,
    uint32_t from, const int32_t *home, const struct client_motion *mo,
    struct client_trace *tr)
{
	enum client_status e;

	if ((e = trace_init(cl, tr, st->n, st->joints)) != CLIENT_OK)
		return e;
	tr->executed = from - 1;
	e = client_stream(cl, st, from, mo, &tr->w, tr);
	if (e == CLIENT_OK)
		return ended(cl, st, from, home, mo, tr);
	if (e != CLIENT_OBSTRUCTED)
		return e;
	if ((e = obstructed(cl, st, from, home, mo, tr)) != CLIENT_OK)
		return e;
	return CLIENT_OBSTRUCTED;
}

enum client_status
client_run(struct client *cl, const struct client_steps *st, uint32_t from,
    const int32_t *home, const struct client_motion *mo)
{
	struct client_trace tr;
	enum client_status e = client_run_traced(cl, st, from, home, mo, &tr);

	client_trace_free(&tr);
	return e;
}

enum client_status
client_run_path(struct client *cl, const struct arm_path *p,
    const int32_t *here, const struct client_motion *mo,
    struct client_trace *tr)
{
	int32_t *mdeg = calloc((size_t)p->n * p->nj, sizeof *mdeg);
	uint16_t *per = calloc(p->n, sizeof *per);
	struct client_trace own;
	struct client_steps st;
	enum client_status e;

	if (tr != NULL)
		memset(tr, 0, sizeof *tr);
	if (mdeg == NULL || per == NULL) {
		client_say(cl, "out of memory");
		e = CLIENT_LOCAL_IO;
	} else if ((e = client_path_steps(cl, p, mo->period_ms, &st, mdeg,
	    per)) == CLIENT_OK) {
		e = client_run_traced(cl, &st, 1, here, mo, tr ? tr : &own);
		if (tr == NULL)
			client_trace_free(&own);
	}
	free(mdeg);
	free(per);
	return e;
}
