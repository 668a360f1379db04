/*
 * control.h - runtime control of the running plan (portable core): drive
 * priorities, element monitor flags, counters, state, pause and step, the
 * cycle rate.  Called by requests.c for request types 0x23 .. 0x28.
 */
#ifndef SPINE_ROBOT_CONTROL_H
#define SPINE_ROBOT_CONTROL_H

#include "profile.h"
#include "robot.h"

#if ROBOT_CONTROL
/* 0 with the reply in *out, or an enum wire_error code. */
int robot_control(struct robot *r, const struct wire_frame *req,
    struct wire_out *out);
#else
/* A build without runtime control (profile.h): none of these requests. */
static inline int
robot_control(struct robot *r, const struct wire_frame *req,
    struct wire_out *out)
{
	(void)r;
	(void)req;
	(void)out;
	return WIRE_E_UNKNOWN;
}
#endif

#endif
