/*
 * wayback.h - after an obstruction: say where it was, hold still a
 * moment, and go back to where the run began along a minimum-jerk path in
 * joint space, sampled as PYT sampled its paths (about a step per degree
 * of the widest joint move); blocked again, stop and ask for a human.
 * One function, replaceable as a whole (by a retrace of the path the arm
 * took, say); called by stream.c.
 */
#ifndef SPINE_CLIENT_WAYBACK_H
#define SPINE_CLIENT_WAYBACK_H

#include <stdint.h>

#include "client/stream.h"

/*
 * The arm stopped at w->step of `total`: back to `home` (millidegrees,
 * cl->hello.joints).  CLIENT_OBSTRUCTED when it got back or stopped again
 * (said), or a failure.
 */
enum client_status client_way_back(struct client *cl,
    const struct client_motion *mo, const struct client_watch *w,
    uint32_t total, const int32_t *home);

/* Setpoints (millidegrees, n x joints, malloc'd) from `from` to `to`,
 * both included; 0, or -1 when out of memory.  (Also the servo bus's.) */
int client_wayback_path(const int32_t *from, const int32_t *to, int joints,
    int32_t **out, uint32_t *n);

/* A run id for such a path (never 0). */
uint32_t client_wayback_run_id(const int32_t *q, uint32_t n, int joints);

#endif
