/*
 * run.h - streaming joint steps from armctl's options (run.c), shared by
 * run and the arm commands of armcmd.c (run --arm, goto, home, jog,
 * gripper).
 */
#ifndef ARMCTL_RUN_H
#define ARMCTL_RUN_H

#include <stdint.h>

#include "client/stream.h"
#include "ctl.h"

/* --period, --threshold, --persist, --pause and --arm as lib/client
   takes them. */
void run_motion(const struct ctl *c, struct client_motion *mo);

/* Stream st from step `from` with a bar; the way back to `home` on an
   obstruction (exit status 1 either way).  0 or an exit status. */
int run_steps(struct ctl *c, const struct client_steps *st, uint32_t from,
    const int32_t *home);

/* The same for a timed path of joint values (lib/arm/path.h). */
struct arm_path;
int run_path(struct ctl *c, const struct arm_path *p, const int32_t *here);

#endif
