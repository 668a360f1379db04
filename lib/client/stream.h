/*
 * stream.h - a trajectory into the robot's setpoint buffer, watching how
 * far the arm lags each executed step: over a threshold for `persist`
 * steps in a row is an obstruction, which stops the arm; then the way
 * back (wayback.h).  Used by armctl run and its arm commands (goto, home,
 * jog, gripper), a step of joint angles at a time.
 */
#ifndef SPINE_CLIENT_STREAM_H
#define SPINE_CLIENT_STREAM_H

#include <stdint.h>

#include "client/client.h"

struct client_steps {
	const int32_t *q;	/* n x joints, millidegrees */
	uint32_t n;
	int joints;
	uint32_t run_id;	/* names the run, for --resume (never 0) */
	const uint16_t *period;	/* each step's hold, ms; NULL: period_ms */
	uint16_t max_period;	/* the largest of them */
};

/* How a run goes. */
struct client_motion {
	long period_ms;		/* a step's hold when the steps have none */
	double threshold_deg;	/* a lag beyond this ... */
	long persist;		/* ... this many steps in a row: obstructed */
	long pause_ms;		/* held still after it, before the way back */
	struct client_progress progress;	/* steps the robot has done */
};

/* Where an obstruction was declared. */
struct client_watch {
	uint32_t checked;	/* the last executed step examined */
	long over;		/* steps in a row beyond the threshold */
	uint32_t step;		/* the step it was declared at */
	uint16_t lag;		/* its lag, millidegrees */
};

/*
 * Time the n steps by the seconds in t[]: each held until the next one's
 * time (the sum rounded to keep to the plan), the last for last_ms.  per
 * (n entries) is the caller's; sets st->period, st->max_period.  0, or -1
 * when two steps are over 65.535 s apart.
 */
int client_steps_timed(struct client_steps *st, const double *t,
    uint32_t n, long last_ms, uint16_t *per);

/* The joints' encoder readings (cl->hello.joints), millidegrees. */
enum client_status client_encoders(struct client *cl, int32_t *mdeg,
    const char *doing);

/*
 * Stream steps from..n.  CLIENT_OK when every step was executed;
 * CLIENT_OBSTRUCTED with *w saying where (the arm stopped); else a
 * failure, said.
 */
enum client_status client_stream(struct client *cl,
    const struct client_steps *st, uint32_t from,
    const struct client_motion *mo, struct client_watch *w);

/* After the last step: wait, a bounded while, until no joint moves. */
enum client_status client_settle(struct client *cl);

/* Where a run of st that was cut short resumes: the step after the last
   the robot executed, if its last run was this one. */
enum client_status client_resume_point(struct client *cl,
    const struct client_steps *st, uint32_t *from);

/*
 * A whole run: stream from `from`; on an obstruction the way back to
 * `home` (CLIENT_OBSTRUCTED, said, however that went), else settle.
 */
enum client_status client_run(struct client *cl,
    const struct client_steps *st, uint32_t from, const int32_t *home,
    const struct client_motion *mo);

/* The arm must be at the step before `from` (the first step: near it),
   within threshold_deg; CLIENT_FAILED, said, when it is not. */
enum client_status client_starts_here(struct client *cl,
    const struct client_steps *st, uint32_t from, const int32_t *here,
    double threshold_deg);

/* A timed path of joint values (lib/arm/path.h) run from `here` as
   client_run runs steps, its run id made from them. */
struct arm_path;
enum client_status client_run_path(struct client *cl,
    const struct arm_path *p, const int32_t *here,
    const struct client_motion *mo);

#endif
