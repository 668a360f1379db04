/*
 * watch.h - PYT's obstruction rule, written once for every arm: a joint
 * that lags its command by more than a threshold (and, where the arm
 * reports its load, pushes with at least a load threshold) for `persist`
 * samples in a row is obstructed.  A pure function of the samples: the
 * servo-bus runs (lib/servoarm) call it with each joint's lag and load,
 * the spine-protocol stream (lib/client) with the lag the robot reports
 * for each step.  And the story's words, said alike on every arm.
 */
#ifndef SPINE_ARM_WATCH_H
#define SPINE_ARM_WATCH_H

#include <stddef.h>
#include <stdint.h>

#define ARM_WATCH_MAX 16	/* joints watched at once */
#define ARM_WATCH_ARRIVED_DEG 0.2	/* a run's end: every joint this near
					 * its last waypoint, or it stopped
					 * short (a bus servo's 2 ticks) */
#define ARM_WATCH_EASE_DEG 2.0	/* the way back first eases off what
				 * held the arm this far (path.h) */

struct arm_watch_rule {
	double lag_deg;		/* more than this behind its command */
	double load_pct;	/* and at least this load, when reported */
	long persist;		/* samples in a row (at least 1) */
};

struct arm_watch {
	long over[ARM_WATCH_MAX];	/* samples in a row over the rule */
	/* the verdict, once obstructed */
	int joint;
	double lag, load;
};

void arm_watch_init(struct arm_watch *w);

/*
 * One sample of n joints: lag[j] degrees behind the command (either
 * sign), load[j] in % of stall (either sign; NULL when the arm does not
 * report load), skip[j] non-zero for a joint never watched (a gripper may
 * squeeze what it holds), or skip NULL.  1 when a joint is obstructed
 * (w->joint, w->lag, w->load say which and by how much), else 0.
 */
int arm_watch_sample(struct arm_watch *w, const struct arm_watch_rule *r,
    const double *lag, const double *load, const unsigned char *skip, int n);

/*
 * The obstacle story in the words every arm says it (armctl's lines,
 * each starting "run: "), into buf.  step of steps is where the watch
 * fired, joint the joint that lagged most, lag its lag in degrees, load
 * its load in % (NaN when the arm does not report load).
 */
void arm_story_stopped(char *buf, size_t cap, uint32_t step, uint32_t steps,
    const char *joint, double lag, double load);
void arm_story_back(char *buf, size_t cap);
void arm_story_stuck(char *buf, size_t cap, uint32_t step, uint32_t steps,
    const char *joint, double lag);
/* Stopped `by` degrees short of the last waypoint, joint at `at`. */
void arm_story_short(char *buf, size_t cap, const char *joint, double by,
    double at);

#endif
