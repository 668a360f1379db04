/*
 * run.h - a timed joint path (lib/arm/path.h) on a bus arm, as a spine
 * robot runs one: each waypoint's goal sent at its time,
 * watched by PYT's rule (lib/arm/watch.h: lag and load); on an
 * obstruction stop, pause, and go back along the path the arm came
 * (arm_path_retrace); if that is blocked too, hold and ask for help.
 * armctl --bus run, goto, home, jog and gripper call it, having checked
 * the path against the arm's speed and acceleration limits
 * (arm_path_too_fast) as for every arm.
 */
#ifndef SPINE_SERVOARM_RUN_H
#define SPINE_SERVOARM_RUN_H

#include <stdint.h>

#include "arm/path.h"
#include "arm/watch.h"
#include "servoarm/bus.h"

struct servoarm_run_opts {
	struct arm_watch_rule watch;	/* lag, load, persist */
	double pause_s;		/* held still before going back */
	double period_s;	/* sampling of the way there and back */
	double time_scale;	/* the arm's clock runs this many times
				 * faster than the bus's (an emulator's
				 * --time-scale); 1 for real servos */
	int release;		/* interrupted: let the arm go limp, not
				 * hold where it is */
	int back_when_short;	/* a run that stops short goes back too
				 * (the detours: detour.h) */
	/* each period's goal of the path there (that of the period
	 * before: the one the servos had time to reach), where the joints
	 * were, and the watched joints' largest lag; NULL for none */
	void (*sample)(void *ctx, double t, const double *goal,
	    const double *q, double lag);
	void *sample_ctx;
};

/* What a run did, for the tool to say. */
struct servoarm_run {
	/* SERVOARM_OBSTRUCTED, SERVOARM_BLOCKED */
	uint32_t step, steps;	/* where, of how many */
	struct arm_watch w;	/* which joint, its lag and load */
	uint32_t back_step, back_steps;
	struct arm_watch back;	/* BLOCKED: on the way back */
	double rest[SERVOARM_MAX];	/* where it stopped (or settled) */
	int went_back;		/* SHORT: and went back (back_when_short) */
	/* SERVOARM_SHORT */
	int joint;
	double short_by;	/* degrees */
	double short_at;	/* where that joint stopped */
	/* figures (-v) */
	uint32_t periods;	/* goals sent */
	double seconds;		/* of the arm's clock, first goal to last */
	double late_s;		/* the latest a goal went out */
	/* SERVOARM_INTERRUPTED: held, or let go limp; how that went */
	int released;
	enum servoarm_status let_go;
};

/*
 * Run path p on the bus (checked already: arm_path_too_fast, and starting
 * where the arm is, or with arm_path_approach in front): the servos set
 * up and their torque on, the path, then a bounded wait for the arm to
 * arrive.  The way back retraces where the joints were each period
 * while they kept up (the servos' feedback), after easing off, from p's
 * first row; d gives its speed and acceleration limits.  SERVOARM_OK;
 * SERVOARM_OBSTRUCTED (went back to the start), SERVOARM_BLOCKED
 * (obstructed on the way back too: holds where it is), SERVOARM_SHORT
 * (stopped short of the last waypoint by less than the lag threshold;
 * with back_when_short it then went back: r->went_back, or BLOCKED),
 * SERVOARM_SERVO_ERROR (holds), SERVOARM_LIMIT, SERVOARM_INTERRUPTED
 * (held, or limp with o->release: servoarm_let_go), or the bus's
 * failures; r says the details.
 */
enum servoarm_status servoarm_run_path(struct servoarm_bus *k,
    const struct arm_desc *d, const struct arm_path *p,
    const struct servoarm_run_opts *o, struct servoarm_run *r);

/*
 * What a run's st means, a line or two (the obstruction, then how the way
 * back went; a servo's error, then that the arm holds; where a run stopped
 * short; how an interrupted one was left; else as servoarm_text): the
 * count of lines filled.
 */
int servoarm_run_text(const struct servoarm_bus *k, enum servoarm_status st,
    const struct servoarm_run *r, char (*line)[200]);

/* A run's figures in a line (-v): goals, seconds of the arm's clock, how
 * late the latest went out, the bus's transactions and failures. */
void servoarm_run_figures(const struct servoarm_bus *k,
    const struct servoarm_run *r, char *buf, size_t cap);

#endif
