/*
 * run.h - streaming joint steps to the robot with obstacle detection and
 * reversal (run.c), shared by run and by the arm commands of armcmd.c
 * (run --arm, goto, home, jog, gripper).
 */
#ifndef ARMCTL_RUN_H
#define ARMCTL_RUN_H

#include <stdint.h>

#include "ctl.h"

struct steps {
	const int32_t *q;	/* n x joints, millidegrees */
	uint32_t n;
	int joints;
	uint32_t run_id;
	const uint16_t *period;	/* each step's hold, ms; NULL: --period */
	uint16_t max_period;	/* the largest of them */
};

/*
 * Time the n steps by the seconds in t[]: each held until the next one's
 * time (the sum rounded to keep to the plan), the last for last_ms.  per
 * (n entries) is the caller's; sets st->period, st->max_period.  0, or -1
 * when two steps are over 65.535 s apart.
 */
int steps_timed(struct steps *st, const double *t, uint32_t n, long last_ms,
    uint16_t *per);

/* Encoder readings in millidegrees; 0 or an exit status. */
int read_encoders(struct ctl *c, int32_t *mdeg);

/*
 * Stream st from its first step; on an obstruction go back to home (exit
 * status 1 either way), else wait for the joints to settle.  0 or an exit
 * status.
 */
int run_steps(struct ctl *c, const struct steps *st, const int32_t *home);

/* armctl --arm run FILE (armcmd.c). */
int arm_run(struct ctl *c, const char *path);

#endif
