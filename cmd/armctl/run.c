/*
 * run.c - armctl run: stream a trajectory to the robot's setpoint buffer,
 * watching how far the arm lags each executed step; on an obstruction stop,
 * pause, and go back to where the run started along a minimum-jerk path, as
 * PYT did; if the way back is blocked too, stop and ask for a human.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "ctl.h"
#include "progress.h"
#include "reverse.h"
#include "run.h"
#include "traj.h"

#define OBSTRUCTED 1000		/* stream() result besides exit statuses */

struct watch {
	uint32_t checked;	/* last executed step examined */
	long over;		/* consecutive steps beyond the threshold */
	uint32_t step;		/* where the obstruction was declared */
	uint16_t lag;		/* its lag, millidegrees */
};

static int
send_setpoint(struct ctl *c, const struct steps *st, uint32_t step)
{
	struct wire_setpoint sp;
	uint8_t p[WIRE_PAYLOAD_MAX];

	memset(&sp, 0, sizeof sp);
	sp.step = step;
	sp.period_ms = st->period ? st->period[step - 1] :
	    (uint16_t)c->period_ms;
	sp.joints = (uint8_t)st->joints;
	memcpy(sp.mdeg, st->q + (size_t)(step - 1) * st->joints,
	    sizeof(int32_t) * st->joints);
	return wire_send(&c->s, WIRE_SETPOINT, p, wire_setpoint_encode(&sp, p));
}

static int
send_status(struct ctl *c, uint32_t from)
{
	uint8_t p[4] = { (uint8_t)from, (uint8_t)(from >> 8),
	    (uint8_t)(from >> 16), (uint8_t)(from >> 24) };

	return wire_send(&c->s, WIRE_STATUS, p, 4);
}

/* Look at the lags a STATUS reply brought; 1 when obstructed. */
static int
examine(struct ctl *c, const struct wire_status *s, struct watch *w)
{
	uint16_t limit = (uint16_t)lround(c->threshold_deg * 1000);
	uint32_t step;
	uint8_t i;

	for (i = 0; i < s->count; i++) {
		step = s->first + i;
		if (step <= w->checked)
			continue;
		if (step > w->checked + 1)
			w->over = 0;	/* lost from the history: start over */
		w->checked = step;
		w->over = s->dev[i] > limit ? w->over + 1 : 0;
		if (w->over >= c->persist) {
			w->step = step;
			w->lag = s->dev[i];
			return 1;
		}
	}
	return 0;
}

/* Collect the replies still due; the run is over either way. */
static void
drain(struct ctl *c)
{
	struct wire_frame reply;

	while (wire_outstanding(&c->s) > 0 && wire_recv(&c->s, &reply,
	    c->timeout_ms * (c->retries + 2)) == 1)
		;
}

static int
begin_stream(struct ctl *c, uint32_t run_id, uint32_t from)
{
	struct wire_frame reply;
	uint8_t p[8];
	struct wire_out o;

	wire_out_init(&o, p, sizeof p);
	wire_put_u32(&o, run_id);
	wire_put_u32(&o, from);
	return ctl_call(c, WIRE_STREAM, p, 8, &reply, "run");
}

/*
 * Stream steps from..n.  0 when every step was executed, OBSTRUCTED (w
 * says where, the arm is stopped), or an exit status.
 */
static int
stream_steps(struct ctl *c, const struct steps *st, uint32_t from,
    struct watch *w, struct progress *bar)
{
	struct wire_frame reply;
	struct wire_status s;
	uint32_t next = from, last_exec = from - 1;
	int free_slots = c->hello.slots, in_flight = 0, polling = 0, r;
	uint64_t now, next_poll = 0, progress = wire_now_ms();
	uint64_t stall = 5000 + 20 * (uint64_t)(st->period ?
	    st->max_period : c->period_ms) +
	    (uint64_t)c->timeout_ms * (c->retries + 1);
	/* Poll each period, but no more than 50 times a second: a STATUS
	 * reports up to 19 steps, the robot keeps 32, and the line back also
	 * carries an acknowledgement for every setpoint. */
	long poll_ms = c->period_ms < 20 ? 20 : c->period_ms > 100 ? 100 :
	    c->period_ms;

	if ((r = begin_stream(c, st->run_id, from == 1 ? 0 : from)) != 0)
		return r;
	memset(w, 0, sizeof *w);
	w->checked = from - 1;
	while (w->checked < st->n) {
		/* Keep a request free for STATUS: watching never starves. */
		while (next <= st->n && free_slots - in_flight > 0 &&
		    wire_outstanding(&c->s) + 1 < c->s.window) {
			if (send_setpoint(c, st, next) != 0)
				return ctl_link_failed(c, "run");
			next++;
			in_flight++;
		}
		now = wire_now_ms();
		if (!polling && wire_can_send(&c->s) && now >= next_poll) {
			if (send_status(c, w->checked + 1) != 0)
				return ctl_link_failed(c, "run");
			polling = 1;
			next_poll = now + (uint64_t)poll_ms;
		}
		r = wire_recv(&c->s, &reply, polling ? c->timeout_ms *
		    (c->retries + 2) : (int)(next_poll - now));
		if (r < 0)
			return ctl_link_failed(c, "run");
		if (r == 0)
			continue;
		if (reply.type == WIRE_ERROR) {
			drain(c);
			return ctl_robot_error(&reply, "run");
		}
		if (reply.type == (WIRE_SETPOINT | WIRE_REPLY)) {
			in_flight--;
			free_slots = reply.len ? reply.payload[0] : 0;
			continue;
		}
		polling = 0;
		if (wire_status_decode(&s, reply.payload, reply.len) != 0) {
			warnx_tool("run: malformed status from the robot");
			return EXIT_IOERR;
		}
		/* Setpoints still in flight were sent after this status. */
		free_slots = s.free;
		progress_update(bar, s.executed, st->n);
		if (examine(c, &s, w)) {
			drain(c);
			if ((r = ctl_call(c, WIRE_STOP, NULL, 0, &reply,
			    "stop")) != 0)
				return r;
			return OBSTRUCTED;
		}
		if (s.executed != last_exec) {
			last_exec = s.executed;
			progress = now;
		} else if (now - progress > stall) {
			warnx_tool("run: the robot stopped executing at step "
			    "%lu of %lu", (unsigned long)s.executed,
			    (unsigned long)st->n);
			drain(c);
			return EXIT_JOB_FAILED;
		}
	}
	drain(c);
	return 0;
}

/* The same with a bar on a terminal: how many steps the robot has done. */
static int
stream(struct ctl *c, const struct steps *st, uint32_t from,
    struct watch *w)
{
	struct progress bar;
	int r;

	progress_begin_units(&bar, "run", "steps");
	r = stream_steps(c, st, from, w, &bar);
	progress_end(&bar);
	return r;
}

/*
 * After the last step the joints may still be closing the last gap: wait,
 * a bounded while, until the robot says none is moving.
 */
static int
settle(struct ctl *c)
{
	struct wire_frame reply;
	struct wire_status s;
	uint8_t p[4] = { 0xFF, 0xFF, 0xFF, 0xFF };
	int i, r;

	for (i = 0; i < 100; i++) {
		if ((r = ctl_call(c, WIRE_STATUS, p, 4, &reply, "run")) != 0)
			return r;
		if (wire_status_decode(&s, reply.payload, reply.len) != 0)
			return EXIT_IOERR;
		if (!(s.flags & WIRE_F_MOVING))
			return 0;
		if ((r = ctl_sleep(c, 20)) != 0)
			return r;
	}
	return 0;
}

int
read_encoders(struct ctl *c, int32_t *mdeg)
{
	struct wire_frame reply;
	struct wire_in in;
	int j, r;

	if ((r = ctl_call(c, WIRE_ENCODERS, NULL, 0, &reply, "run")) != 0)
		return r;
	if (reply.len != 4 * c->hello.joints) {
		warnx_tool("run: malformed encoder reading");
		return EXIT_IOERR;
	}
	wire_in_init(&in, reply.payload, reply.len);
	for (j = 0; j < c->hello.joints; j++)
		mdeg[j] = wire_get_i32(&in);
	return 0;
}

/* Largest joint difference in degrees, and which joint. */
static double
farthest(const int32_t *a, const int32_t *b, int joints, int *which)
{
	double worst = -1, d;
	int j;

	for (j = 0; j < joints; j++) {
		d = fabs(((double)a[j] - (double)b[j]) / 1000);
		if (d > worst) {
			worst = d;
			*which = j;
		}
	}
	return worst;
}

/* Back to `home` after an obstruction; always ends in exit status 1. */
static int
go_back(struct ctl *c, const struct watch *w, uint32_t total,
    const int32_t *home)
{
	int32_t here[WIRE_MAX_JOINTS], *path = NULL;
	struct steps back;
	struct watch w2;
	uint32_t n;
	int r;

	warnx_tool("run: obstruction at step %lu of %lu: the arm lags its "
	    "command by %.1f degrees; stopped", (unsigned long)w->step,
	    (unsigned long)total, w->lag / 1000.0);
	if ((r = ctl_sleep(c, (int)c->pause_ms)) != 0 ||
	    (r = read_encoders(c, here)) != 0)
		return r;
	if (reverse_path(here, home, c->hello.joints, &path, &n) != 0) {
		warnx_tool("run: out of memory");
		return EXIT_IOERR;
	}
	memset(&back, 0, sizeof back);
	back.q = path;
	back.n = n;
	back.joints = c->hello.joints;
	back.run_id = 0;
	back.run_id = reverse_run_id(path, n, c->hello.joints);
	r = stream(c, &back, 1, &w2);
	free(path);
	if (r == OBSTRUCTED) {
		warnx_tool("run: obstructed again while reversing (step %lu of "
		    "%lu, lag %.1f degrees): stopped; the arm needs human help",
		    (unsigned long)w2.step, (unsigned long)n, w2.lag / 1000.0);
		return EXIT_JOB_FAILED;
	}
	if (r != 0)
		return r;
	warnx_tool("run: reversed to the start of the run");
	return EXIT_JOB_FAILED;
}

/* Where the run resumes; 0 or an exit status. */
static int
resume_point(struct ctl *c, const struct steps *st, uint32_t *from)
{
	struct wire_frame reply;
	struct wire_status s;
	uint8_t p[4] = { 0, 0, 0, 0 };
	int r;

	if ((r = ctl_call(c, WIRE_STATUS, p, 4, &reply, "run")) != 0)
		return r;
	if (wire_status_decode(&s, reply.payload, reply.len) != 0) {
		warnx_tool("run: malformed status from the robot");
		return EXIT_IOERR;
	}
	if (s.run_id != st->run_id) {
		warnx_tool("run: cannot resume: the robot's last run was not "
		    "this trajectory");
		return EXIT_JOB_FAILED;
	}
	*from = s.executed + 1;
	return 0;
}

/* The arm must be at the step before `from` (the first step: near it). */
static int
check_start(struct ctl *c, const struct steps *st, uint32_t from,
    const int32_t *here)
{
	const int32_t *want = st->q + (size_t)(from > 1 ? from - 2 : 0) *
	    st->joints;
	int j = 0;
	double d = farthest(want, here, st->joints, &j);

	if (d <= c->threshold_deg)
		return 0;
	warnx_tool("run: the trajectory %s at q%d = %.3f but the arm is at "
	    "%.3f degrees; move it there first", from > 1 ? "resumes" :
	    "starts", j + 1, want[j] / 1000.0, here[j] / 1000.0);
	return EXIT_JOB_FAILED;
}

int
steps_timed(struct steps *st, const double *t, uint32_t n, long last_ms,
    uint16_t *per)
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

int
run_steps(struct ctl *c, const struct steps *st, const int32_t *home)
{
	struct watch w;
	int r = stream(c, st, 1, &w);

	if (r == OBSTRUCTED)
		return go_back(c, &w, st->n, home);
	return r == 0 ? settle(c) : r;
}

static int
run_trajectory(struct ctl *c, struct trajectory *t)
{
	int32_t here[WIRE_MAX_JOINTS], home[WIRE_MAX_JOINTS];
	struct steps st;
	struct watch w;
	uint32_t from = 1;
	int r;

	memset(&st, 0, sizeof st);
	st.n = t->n;
	st.joints = c->hello.joints;
	st.run_id = traj_run_id(t);
	if ((r = read_encoders(c, here)) != 0 ||
	    (c->resume && (r = resume_point(c, &st, &from)) != 0))
		return r;
	if (from > st.n) {
		warnx_tool("run: nothing to resume: all %lu steps were "
		    "executed", (unsigned long)st.n);
		return 0;
	}
	/* The arm is at the first waypoint, or at the last one executed. */
	if ((r = traj_to_joints(t, c, here, from > 1 ? from - 2 : 0)) != 0)
		return r;
	st.q = t->mdeg;
	if ((r = check_start(c, &st, from, here)) != 0)
		return r;
	if (c->check) {
		printf("%s: %lu waypoints for %d joints, %s; starts where the "
		    "arm is\n", t->path, (unsigned long)t->n, st.joints,
		    t->cartesian ? "Cartesian, all within reach" :
		    "joint angles");
		return 0;
	}
	/* Home is where this run began: the arm now, or the first step. */
	memcpy(home, from > 1 ? st.q : here, sizeof(int32_t) * st.joints);
	if (t->times && (t->periods = malloc(sizeof *t->periods * t->n)) ==
	    NULL) {
		warnx_tool("run: out of memory");
		return EXIT_IOERR;
	}
	if (t->times && steps_timed(&st, t->times, t->n, c->period_ms,
	    t->periods) != 0) {
		warnx_tool("run: waypoints more than 65.535 s apart");
		return EXIT_DATAERR;
	}
	r = stream(c, &st, from, &w);
	if (r == OBSTRUCTED)
		return go_back(c, &w, st.n, home);
	return r == 0 ? settle(c) : r;
}

int
cmd_run(struct ctl *c, int argc, char **argv)
{
	struct trajectory t;
	int r;

	if (argc != 2) {
		warnx_tool("run: give one FILE.csv, or - for stdin");
		return EXIT_USAGE;
	}
	if (c->arm)
		return arm_run(c, argv[1]);
	if ((r = traj_read(argv[1], &t)) == 0 && (r = ctl_connect(c)) == 0)
		r = run_trajectory(c, &t);
	traj_free(&t);
	return r;
}
