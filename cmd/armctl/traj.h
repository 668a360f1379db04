/*
 * traj.h - armctl run's input on a spine robot without an arm file: the
 * path table read and solved by lib/traj/joints.h, checked against what
 * the handshake reported.  Used by run.c.
 */
#ifndef ARMCTL_TRAJ_H
#define ARMCTL_TRAJ_H

#include <stdint.h>

#include "ctl.h"
#include "traj/joints.h"

/* Read path ("-": stdin); 0 or an exit status after a diagnostic. */
int traj_read(const char *path, struct trajectory *t);

/*
 * Setpoints for the robot the handshake described (traj_to_mdeg with its
 * joint count and link lengths, after --links is checked); 0 or an exit
 * status.
 */
int traj_to_joints(struct trajectory *t, const struct ctl *c,
    const int32_t *seed_mdeg, uint32_t seed_row);

#endif
