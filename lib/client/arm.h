/*
 * arm.h - a described arm (lib/arm, spine-arm(5)) on a spine robot: the
 * robot must have its joints, and where the arm is comes from the
 * encoders in the description's joint values.  armctl's arm commands.
 */
#ifndef SPINE_CLIENT_ARM_H
#define SPINE_CLIENT_ARM_H

#include <stdint.h>

#include "arm/arm.h"
#include "client/client.h"

/* The pose: q joint values, mdeg the encoders' millidegrees.  CLIENT_OK;
   CLIENT_FAILED (said) when the robot's joints are not a's; a failure. */
enum client_status client_arm_here(struct client *cl,
    const struct arm_desc *a, double *q, int32_t *mdeg);

#endif
