/*
 * check.h - does a plan fit the robot it is pushed to?  Every sense and
 * action id the plan uses must be one the robot describes, under the same
 * name where the plan names it; a plan for another robot (action 1
 * "Drive" on an arm whose action 1 turns joint 1) is refused, each
 * mismatch said.  Called by push (upload.c) and push --check.
 */
#ifndef SPINE_CLIENT_CHECK_H
#define SPINE_CLIENT_CHECK_H

#include "client/client.h"
#include "plan/plan.h"

/*
 * With cl->desc current: a line for each mismatch of plan p (read from
 * `path`) and the sum.  CLIENT_OK when it fits, or force, or the robot
 * does not describe itself (said); CLIENT_DATA otherwise.
 */
enum client_status client_check_report(struct client *cl, const char *path,
    const struct plan *p, int force);

/* The same after bringing cl->desc up to date (client_describe). */
enum client_status client_check(struct client *cl, const char *path,
    const struct plan *p, int force);

#endif
