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

/* The self-description and running on its own, one file each:
   DESCRIBE (describe.c), CONFIG (config.c), TELEMETRY (telemetry.c). */
int robot_describe(struct robot *r, struct wire_in *in, struct wire_out *out);
int robot_config(struct robot *r, struct wire_in *in, struct wire_out *out);
int robot_telemetry(struct robot *r, struct wire_in *in,
    struct wire_out *out);

/* The sense ids the robot has, ascending, into ids[max]; how many. */
uint8_t robot_sense_ids(const struct robot *r, uint16_t *ids, uint8_t max);

/* At power-up: start the stored plan if its configuration says so. */
void robot_autostart(struct robot *r);

/* Send a SENSES frame when one is due. */
void robot_telemetry_tick(struct robot *r);

#endif
