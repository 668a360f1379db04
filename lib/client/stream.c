/*
 * stream.c - streaming (stream.h): setpoints as the robot's buffer frees,
 * a request kept free for STATUS, which reports the lag of each executed
 * step to PYT's rule (lib/arm/watch.c); while the arm is not where it was
 * told, its encoders too, for the trace; an obstruction stops the arm, a robot that stops
 * executing ends the run.  run.c builds the whole run on it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm/path.h"
#include "client/stream.h"
#include "plan/crc32.h"

static int
send_setpoint(struct client *cl, const struct client_steps *st,
    const struct client_motion *mo, uint32_t step)
{
	struct wire_setpoint sp;
	uint8_t p[WIRE_PAYLOAD_MAX];

	memset(&sp, 0, sizeof sp);
	sp.step = step;
	sp.period_ms = st->period ? st->period[step - 1] :
	    (uint16_t)mo->period_ms;
	sp.joints = (uint8_t)st->joints;
	memcpy(sp.mdeg, st->q + (size_t)(step - 1) * st->joints,
	    sizeof(int32_t) * st->joints);
	return link_send(&cl->s, WIRE_SETPOINT, p, wire_setpoint_encode(&sp,
	    p));
}

static int
send_status(struct client *cl, uint32_t from)
{
	uint8_t p[4] = { (uint8_t)from, (uint8_t)(from >> 8),
	    (uint8_t)(from >> 16), (uint8_t)(from >> 24) };

	return link_send(&cl->s, WIRE_STATUS, p, 4);
}

/* The robot's lag at the end of step (millidegrees), for the trace. */
static void
trace_lag(struct client_trace *tr, uint32_t step, uint16_t dev)
{
	if (tr != NULL && step >= 1 && step <= tr->n) {
		tr->lag[step - 1] = dev;
		if (step > tr->executed)
			tr->executed = step;
	}
}

/*
 * Look at the lags a STATUS reply brought; 1 when obstructed.  *lagging:
 * the last step reported did not get where it was told (farther than
 * the arrival of watch.h): the encoders then say where the arm is.
 */
static int
examine(const struct client_motion *mo, const struct wire_status *s,
    struct client_watch *w, struct client_trace *tr, int *lagging)
{
	struct arm_watch_rule rule;
	uint32_t step;
	double lag;
	uint8_t i;

	memset(&rule, 0, sizeof rule);
	rule.lag_deg = mo->threshold_deg;
	rule.persist = mo->persist;
	*lagging = 0;
	for (i = 0; i < s->count; i++) {
		step = s->first + i;
		trace_lag(tr, step, s->dev[i]);
		lag = s->dev[i] / 1000.0;
		*lagging = lag > ARM_WATCH_ARRIVED_DEG;
		if (step <= w->checked)
			continue;
		if (step > w->checked + 1)	/* lost from the history */
			arm_watch_init(&w->w);
		w->checked = step;
		if (arm_watch_sample(&w->w, &rule, &lag, NULL, NULL, 1)) {
			w->step = step;
			w->lag = s->dev[i];
			return 1;
		}
	}
	return 0;
}

/*
 * Open the run; a robot that can (HELLO's WIRE_F_GUARD) is given the
 * watch's rule, and holds the arm itself the moment a step breaks it,
 * rather than play its queue on into what blocks it until our STOP
 * arrives.
 */
/*
 * The robot held the run by the rule (WIRE_F_HELD) where our watch has
 * not seen it fire (the steps' lags lost from its history): obstructed
 * at the last step it executed.  1 when held.
 */
static int
held(const struct wire_status *s, struct client_watch *w)
{
	if (!(s->flags & WIRE_F_HELD))
		return 0;
	w->step = s->executed;
	w->lag = s->count > 0 ? s->dev[s->count - 1] : 0;
	w->w.joint = 0;
	w->w.lag = w->lag / 1000.0;
	return 1;
}

static enum client_status
begin_stream(struct client *cl, const struct client_motion *mo,
    uint32_t run_id, uint32_t from)
{
	struct wire_frame reply;
	uint8_t p[11];
	struct wire_out o;
	double mdeg = mo->threshold_deg * 1000;

	wire_out_init(&o, p, sizeof p);
	wire_put_u32(&o, run_id);
	wire_put_u32(&o, from);
	if (cl->hello.flags & WIRE_F_GUARD) {
		wire_put_u16(&o, mdeg >= 65535 ? 65535 : mdeg <= 0 ? 0 :
		    (uint16_t)lround(mdeg));
		wire_put_u8(&o, mo->persist >= 255 ? 255 : mo->persist < 1 ?
		    1 : (uint8_t)mo->persist);
	}
	return client_call(cl, WIRE_STREAM, p, wire_out_len(&o), &reply,
	    "run");
}

/* Where a stream stands between replies. */
struct flow {
	uint32_t next, last_exec;
	int free_slots, in_flight, polling;
	int want_read, reading;	/* the encoders: wanted, asked for */
	uint64_t next_poll, progress, stall;
	long poll_ms;
	struct client_trace *tr;
};

/* An encoder reading while the arm lagged: where it really is. */
static enum client_status
trace_read(struct client *cl, struct flow *fl, const struct wire_frame *r)
{
	struct client_trace *tr = fl->tr;
	struct wire_in in;
	size_t cap;
	void *a, *b;
	int j;

	fl->reading = 0;
	if (r->len != 4 * cl->hello.joints)
		return client_malformed(cl, "run");
	if (tr->nread == tr->cap) {
		cap = tr->cap ? 2 * tr->cap : 16;
		a = realloc(tr->read_after, cap * sizeof *tr->read_after);
		if (a != NULL)
			tr->read_after = a;
		b = realloc(tr->read_q, cap * (size_t)tr->joints *
		    sizeof *tr->read_q);
		if (b != NULL)
			tr->read_q = b;
		if (a == NULL || b == NULL) {
			client_say(cl, "run: out of memory");
			return CLIENT_LOCAL_IO;
		}
		tr->cap = (uint32_t)cap;
	}
	wire_in_init(&in, r->payload, r->len);
	for (j = 0; j < tr->joints; j++)
		tr->read_q[(size_t)tr->nread * tr->joints + j] =
		    wire_get_i32(&in);
	tr->read_after[tr->nread++] = fl->last_exec;
	return CLIENT_OK;
}

/* A STATUS reply: progress, the watch, a stall.  CLIENT_OK to go on. */
static enum client_status
status(struct client *cl, const struct client_steps *st,
    const struct client_motion *mo, struct client_watch *w, struct flow *fl,
    const struct wire_frame *reply)
{
	struct wire_frame stopped;
	struct wire_status s;
	uint64_t now = client_now(cl);
	enum client_status e;
	int lagging;

	fl->polling = 0;
	if (wire_status_decode(&s, reply->payload, reply->len) != 0)
		return client_malformed(cl, "run");
	/* Setpoints still in flight were sent after this status. */
	fl->free_slots = s.free;
	client_progress(&mo->progress, s.executed, st->n);
	if (examine(mo, &s, w, fl->tr, &lagging) || held(&s, w)) {
		client_drain(cl);
		e = client_call(cl, WIRE_STOP, NULL, 0, &stopped, "stop");
		return e != CLIENT_OK ? e : CLIENT_OBSTRUCTED;
	}
	fl->want_read = fl->tr != NULL && lagging;
	if (s.executed != fl->last_exec) {
		fl->last_exec = s.executed;
		fl->progress = now;
	} else if (now - fl->progress > fl->stall) {
		client_say(cl, "run: the robot stopped executing at step %lu "
		    "of %lu", (unsigned long)s.executed, (unsigned long)st->n);
		client_drain(cl);
		return CLIENT_FAILED;
	}
	return CLIENT_OK;
}

/* Setpoints while the buffer has room, a STATUS each poll period. */
static int
send_more(struct client *cl, const struct client_steps *st,
    const struct client_motion *mo, const struct client_watch *w,
    struct flow *fl)
{
	uint64_t now;

	/* Keep a request free for STATUS: watching never starves. */
	while (fl->next <= st->n && fl->free_slots - fl->in_flight > 0 &&
	    link_outstanding(&cl->s) + 1 < cl->s.window) {
		if (send_setpoint(cl, st, mo, fl->next) != 0)
			return -1;
		fl->next++;
		fl->in_flight++;
	}
	/* the encoders while the arm lags, in the slot STATUS just left */
	if (fl->want_read && !fl->reading && link_can_send(&cl->s)) {
		if (link_send(&cl->s, WIRE_ENCODERS, NULL, 0) != 0)
			return -1;
		fl->reading = 1;
		fl->want_read = 0;
	}
	now = client_now(cl);
	if (!fl->polling && link_can_send(&cl->s) && now >= fl->next_poll) {
		if (send_status(cl, w->checked + 1) != 0)
			return -1;
		fl->polling = 1;
		fl->next_poll = now + (uint64_t)fl->poll_ms;
	}
	return 0;
}

enum client_status
client_stream(struct client *cl, const struct client_steps *st,
    uint32_t from, const struct client_motion *mo, struct client_watch *w,
    struct client_trace *tr)
{
	struct wire_frame reply;
	struct flow fl;
	enum client_status e;
	uint64_t now;
	int r;

	memset(&fl, 0, sizeof fl);
	fl.tr = tr;
	fl.next = from;
	fl.last_exec = from - 1;
	fl.free_slots = cl->hello.slots;
	fl.progress = client_now(cl);
	fl.stall = 5000 + 20 * (uint64_t)(st->period ? st->max_period :
	    mo->period_ms) + (uint64_t)cl->timeout_ms * (cl->retries + 1);
	/* Poll each period, but no more than 50 times a second: a STATUS
	 * reports up to 19 steps, the robot keeps 32, and the line back also
	 * carries an acknowledgement for every setpoint. */
	fl.poll_ms = mo->period_ms < 20 ? 20 : mo->period_ms > 100 ? 100 :
	    mo->period_ms;
	if ((e = begin_stream(cl, mo, st->run_id, from == 1 ? 0 : from)) !=
	    CLIENT_OK)
		return e;
	memset(w, 0, sizeof *w);
	arm_watch_init(&w->w);
	w->checked = from - 1;
	while (w->checked < st->n) {
		if (send_more(cl, st, mo, w, &fl) != 0)
			return client_link_failed(cl, "run");
		now = client_now(cl);
		r = link_recv(&cl->s, &reply, fl.polling || fl.reading ?
		    cl->timeout_ms * (cl->retries + 2) : fl.next_poll > now ?
		    (int)(fl.next_poll - now) : 0);
		if (r < 0)
			return client_link_failed(cl, "run");
		if (r == 0)
			continue;
		if (reply.type == WIRE_ERROR) {
			client_drain(cl);
			return client_refused(cl, &reply, "run");
		}
		if (reply.type == (WIRE_SETPOINT | WIRE_REPLY)) {
			fl.in_flight--;
			fl.free_slots = reply.len ? reply.payload[0] : 0;
		} else if (reply.type == (WIRE_ENCODERS | WIRE_REPLY)) {
			if ((e = trace_read(cl, &fl, &reply)) != CLIENT_OK) {
				client_drain(cl);
				return e;
			}
		} else if ((e = status(cl, st, mo, w, &fl, &reply)) !=
		    CLIENT_OK)
			return e;
	}
	client_drain(cl);
	return CLIENT_OK;
}

enum client_status
client_settle(struct client *cl)
{
	struct wire_frame reply;
	struct wire_status s;
	uint8_t p[4] = { 0xFF, 0xFF, 0xFF, 0xFF };
	enum client_status e;
	int i;

	for (i = 0; i < 100; i++) {
		if ((e = client_call(cl, WIRE_STATUS, p, 4, &reply, "run")) !=
		    CLIENT_OK)
			return e;
		if (wire_status_decode(&s, reply.payload, reply.len) != 0)
			return client_malformed(cl, "run");
		if (!(s.flags & WIRE_F_MOVING))
			return CLIENT_OK;
		if ((e = client_wait(cl, 20)) != CLIENT_OK)
			return e;
	}
	return CLIENT_OK;
}

enum client_status
client_encoders(struct client *cl, int32_t *mdeg, const char *doing)
{
	struct wire_frame reply;
	struct wire_in in;
	enum client_status e;
	int j;

	if ((e = client_call(cl, WIRE_ENCODERS, NULL, 0, &reply, doing)) !=
	    CLIENT_OK)
		return e;
	if (reply.len != 4 * cl->hello.joints) {
		client_say(cl, "%s: the robot sent %u bytes for %u joints",
		    doing, reply.len, cl->hello.joints);
		cl->s.fail = WIRE_FAIL_PROTO;
		return CLIENT_IO;
	}
	wire_in_init(&in, reply.payload, reply.len);
	for (j = 0; j < cl->hello.joints; j++)
		mdeg[j] = wire_get_i32(&in);
	return CLIENT_OK;
}

enum client_status
client_resume_point(struct client *cl, const struct client_steps *st,
    uint32_t *from)
{
	struct wire_frame reply;
	struct wire_status s;
	uint8_t p[4] = { 0, 0, 0, 0 };
	enum client_status e;

	if ((e = client_call(cl, WIRE_STATUS, p, 4, &reply, "run")) !=
	    CLIENT_OK)
		return e;
	if (wire_status_decode(&s, reply.payload, reply.len) != 0)
		return client_malformed(cl, "run");
	if (s.run_id != st->run_id) {
		client_say(cl, "run: cannot resume: the robot's last run was "
		    "not this trajectory");
		return CLIENT_FAILED;
	}
	*from = s.executed + 1;
	return CLIENT_OK;
}

int
client_steps_timed(struct client_steps *st, const double *t, uint32_t n,
    long last_ms, uint16_t *per)
{
	uint32_t i;
	long ms;

	st->max_period = 0;
	for (i = 0; i < n; i++) {
		ms = i + 1 < n ? lround(t[i + 1] * 1000) - lround(t[i] * 1000) :
		    last_ms;
		if (ms > 65535)
			return -1;
		per[i] = (uint16_t)(ms < 1 ? 1 : ms);
		if (per[i] > st->max_period)
			st->max_period = per[i];
	}
	st->period = per;
	return 0;
}

enum client_status
client_starts_here(struct client *cl, const struct client_steps *st,
    uint32_t from, const int32_t *here, double threshold_deg)
{
	const int32_t *want = st->q + (size_t)(from > 1 ? from - 2 : 0) *
	    st->joints;
	double d, worst = -1;
	int j, k = 0;

	for (j = 0; j < st->joints; j++)
		if ((d = fabs(((double)want[j] - here[j]) / 1000)) > worst) {
			worst = d;
			k = j;
		}
	if (worst <= threshold_deg)
		return CLIENT_OK;
	client_say(cl, "run: the trajectory %s at q%d = %.3f but the arm is "
	    "at %.3f degrees; move it there first", from > 1 ? "resumes" :
	    "starts", k + 1, want[k] / 1000.0, here[k] / 1000.0);
	return CLIENT_FAILED;
}
