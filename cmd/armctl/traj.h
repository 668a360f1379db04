/*
 * traj.h - armctl run's path table on a spine robot without an arm file
 * (lib/traj/joints.h), for the robot the handshake described.  run.c.
 */
#ifndef ARMCTL_TRAJ_H
#define ARMCTL_TRAJ_H

#include "ctl.h"
#include "traj/joints.h"

/* Read path ("-": stdin); 0 or an exit status after a diagnostic. */
int traj_read(const char *path, struct trajectory *t);

/* Setpoints (traj_to_mdeg) for the handshake's joints and links, --links
 * checked first; 0 or an exit status. */
int traj_to_joints(struct trajectory *t, const struct ctl *c,
    const int32_t *seed_mdeg, uint32_t seed_row);

#endif
