/*
 * control.h - runtime control of the running plan (portable core): drive
 * priorities, element monitor flags, counters, state, pause and step, the
 * cycle rate.  Called by requests.c for request types 0x23 .. 0x28.
 */
#ifndef SPINE_ROBOT_CONTROL_H
#define SPINE_ROBOT_CONTROL_H

#include "robot.h"

/* 0 with the reply in *out, or an enum wire_error code. */
int robot_control(struct robot *r, const struct wire_frame *req,
    struct wire_out *out);

#endif
