/*
 * stream.h - a trajectory into the robot's setpoint buffer, watched by
 * PYT's rule (lib/arm/watch.h) over the lag the robot reports for each
 * executed step (stream.c); and a whole run (run.c): on an obstruction
 * stop, pause, and go back along the path the arm came (the steps it
 * reached, after easing off what held it; lib/arm's retrace), and
 * if that is blocked too stop and ask for help; a run that ends short
 * of its last step says so.  Used by armctl run and its arm commands
 * (goto, home, jog, gripper), and by the detour executor (detour.h).
 */
#ifndef SPINE_CLIENT_STREAM_H
#define SPINE_CLIENT_STREAM_H

#include <stdint.h>

#include "arm/arm.h"
#include "arm/watch.h"
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
	const struct arm_desc *arm;	/* the joints' names, speeds and
					 * accelerations; NULL: q1, q2 ...
					 * and the pace of the old way back
					 * (15/8 degree a period at most) */
	double short_deg;	/* settled farther than this from the last
				 * step: stopped short (0: the arrival of
				 * watch.h, ARM_WATCH_ARRIVED_DEG) */
	int back_when_short;	/* and then go back as after a block */
	int quiet;		/* say nothing of the story (the caller
				 * says it from the trace) */
	struct client_progress progress;	/* steps the robot has done */
};

/* Where an obstruction was declared. */
struct client_watch {
	uint32_t checked;	/* the last executed step examined */
	struct arm_watch w;	/* the rule's counts (one "joint": the
				 * robot reports the largest lag) */
	uint32_t step;		/* the step it was declared at */
	uint16_t lag;		/* its lag, millidegrees */
};

/* How a run ended, when it was not a failure of the link. */
enum client_ran {
	CLIENT_RAN_DONE,	/* at its last step */
	CLIENT_RAN_SHORT,	/* settled short of it (and went back when
				 * back_when_short) */
	CLIENT_RAN_BACK,	/* obstructed, and went back to its start */
	CLIENT_RAN_STUCK	/* obstructed on the way back too: stopped */
};

/*
 * What a run executed: the robot's lag at the end of each step and,
 * while steps lagged (farther than ARM_WATCH_ARRIVED_DEG), the encoders
 * at each poll (where the arm really went: a blocked arm slides along
 * what holds it; the detours' estimate uses them); where it came to
 * rest; and the story.
 */
struct client_trace {
	uint32_t n;		/* steps of the run */
	int joints;
	int32_t *lag;		/* n: millidegrees, -1 unknown */
	uint32_t executed;	/* the last step the robot executed */
	uint32_t nread, cap;
	uint32_t *read_after;	/* each reading: the last step executed */
	int32_t *read_q;	/* nread x joints, millidegrees */
	int32_t rest[WIRE_MAX_JOINTS];	/* after the stop (or the end) */
	enum client_ran ran;
	struct client_watch w;	/* where it was obstructed */
	int joint;		/* the joint that lagged most there */
	uint32_t back_steps;	/* the way back's steps */
	struct client_watch back;	/* STUCK: where on the way back */
	int back_joint;
	int short_joint;	/* SHORT: which joint, by how much */
	double short_by;
};

/* Free what a trace holds. */
void client_trace_free(struct client_trace *t);

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
 * failure, said.  tr (NULL for none, else set up for st by the caller:
 * client_run_traced does) keeps the lags and the encoder readings.
 */
enum client_status client_stream(struct client *cl,
    const struct client_steps *st, uint32_t from,
    const struct client_motion *mo, struct client_watch *w,
    struct client_trace *tr);

/* After the last step: wait, a bounded while, until no joint moves. */
enum client_status client_settle(struct client *cl);

/* Where a run of st that was cut short resumes: the step after the last
   the robot executed, if its last run was this one. */
enum client_status client_resume_point(struct client *cl,
    const struct client_steps *st, uint32_t *from);

/*
 * A whole run (run.c), the arm at `home` (or, resuming, at the step
 * before `from`, home being the first): stream from `from`; on an
 * obstruction stop, say where, pause, ease off (ARM_WATCH_EASE_DEG) and
 * go back along the path the arm came (the steps it reached) to `home`,
 * watched the same way (said: back, or stuck and in need
 * of help); else settle, and a joint settled farther than short_deg from
 * the last step is a stop short of it (said).  CLIENT_OK at the end;
 * CLIENT_OBSTRUCTED for the rest (tr->ran says which); or a failure.
 * tr is filled (free it with client_trace_free).
 */
enum client_status client_run_traced(struct client *cl,
    const struct client_steps *st, uint32_t from, const int32_t *home,
    const struct client_motion *mo, struct client_trace *tr);

/* The same without the trace. */
enum client_status client_run(struct client *cl,
    const struct client_steps *st, uint32_t from, const int32_t *home,
    const struct client_motion *mo);

/* The arm must be at the step before `from` (the first step: near it),
   within threshold_deg; CLIENT_FAILED, said, when it is not. */
enum client_status client_starts_here(struct client *cl,
    const struct client_steps *st, uint32_t from, const int32_t *here,
    double threshold_deg);

/*
 * A timed path of joint values (lib/arm/path.h) as steps: millidegrees
 * into mdeg (n x nj), each step's hold into per (n; the last last_ms),
 * and a run id made from them.  CLIENT_OK, or CLIENT_DATA (said) when
 * two rows are over 65.535 s apart.
 */
struct arm_path;
enum client_status client_path_steps(struct client *cl,
    const struct arm_path *p, long last_ms, struct client_steps *st,
    int32_t *mdeg, uint16_t *per);

/* A timed path of joint values run from `here` as client_run_traced runs
   steps (tr NULL: no trace kept). */
enum client_status client_run_path(struct client *cl,
    const struct arm_path *p, const int32_t *here,
    const struct client_motion *mo, struct client_trace *tr);

#endif
