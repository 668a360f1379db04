/*
 * requests.h - the robot's answer to each request type (portable core).
 * Called by robot.c once the session layer has accepted a request as new;
 * the handler fills the reply payload or returns an enum wire_error code.
 */
#ifndef SPINE_ROBOT_REQUESTS_H
#define SPINE_ROBOT_REQUESTS_H

#include "robot.h"

int robot_handle(struct robot *r, const struct wire_frame *req,
    struct wire_out *reply);

#endif
