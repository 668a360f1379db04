/*
 * watch.c - the obstruction rule of watch.h: consecutive samples over
 * both thresholds, counted per joint.  Called by lib/servoarm's runs.
 */
#include <math.h>
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
