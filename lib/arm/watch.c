/*
 * watch.c - the obstruction rule of watch.h: consecutive samples over
 * both thresholds, counted per joint; and the story's words.  Called by
 * lib/servoarm's runs and lib/client's stream.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arm/watch.h"

void
arm_watch_init(struct arm_watch *w)
{
	memset(w, 0, sizeof *w);
	w->joint = -1;
}

int
arm_watch_sample(struct arm_watch *w, const struct arm_watch_rule *r,
    const double *lag, const double *load, const unsigned char *skip, int n)
{
	int j;

	for (j = 0; j < n && j < ARM_WATCH_MAX; j++) {
		if ((skip == NULL || !skip[j]) && fabs(lag[j]) > r->lag_deg &&
		    (load == NULL || fabs(load[j]) >= r->load_pct))
			w->over[j]++;
		else
			w->over[j] = 0;
		if (w->over[j] >= (r->persist > 0 ? r->persist : 1)) {
			w->joint = j;
			w->lag = fabs(lag[j]);
			w->load = load ? fabs(load[j]) : NAN;
			return 1;
		}
	}
	return 0;
}

void
arm_story_stopped(char *buf, size_t cap, uint32_t step, uint32_t steps,
    const char *joint, double lag, double load)
{
	char with[40] = "";

	if (!isnan(load))
		snprintf(with, sizeof with, ", load %.0f %%", load);
	snprintf(buf, cap, "run: obstructed at step %lu of %lu: %s %.1f\xc2\xb0 "
	    "behind%s; stopped", (unsigned long)step, (unsigned long)steps,
	    joint, lag, with);
}

void
arm_story_back(char *buf, size_t cap)
{
	snprintf(buf, cap, "run: went back along its path to where the run "
	    "began");
}

void
arm_story_stuck(char *buf, size_t cap, uint32_t step, uint32_t steps,
    const char *joint, double lag)
{
	snprintf(buf, cap, "run: obstructed again on the way back (step %lu of "
	    "%lu: %s %.1f\xc2\xb0 behind): stopped; the arm needs human help",
	    (unsigned long)step, (unsigned long)steps, joint, lag);
}

void
arm_story_short(char *buf, size_t cap, const char *joint, double by,
    double at)
{
	snprintf(buf, cap, "run: stopped %.1f\xc2\xb0 short of the last waypoint "
	    "(%s at %.2f): something holds it", by, joint, at);
}
