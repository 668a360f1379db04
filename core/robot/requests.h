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

/*
 * One handler per request of wire/messages.h, robot_req_<handler>: the
 * payload in `in`, the reply's into `out`; 0, or an enum wire_error code.
 * Requests, the plan store's and motion's are in requests.c; runtime
 * control in control.c; DESCRIBE and DESCRIBE_PAGE in describe.c, CONFIG
 * in config.c, TELEMETRY in telemetry.c.
 */
#define ROBOT_REQ_DECLARE_(name, type, handler) \
	int robot_req_##handler(struct robot *r, struct wire_in *in, \
	    struct wire_out *out);
#define ROBOT_REQ_NONE_(name, type)
WIRE_MESSAGES(ROBOT_REQ_DECLARE_, ROBOT_REQ_NONE_)
#undef ROBOT_REQ_DECLARE_
#undef ROBOT_REQ_NONE_

/* The CRC-32 of the robot's description (DESCRIBE's entries, as encoded):
   a host that has seen it need not ask again. */
uint32_t robot_describe_crc(const struct robot *r);

/* The sense ids the robot has, ascending, into ids[max]; how many. */
uint8_t robot_sense_ids(const struct robot *r, uint16_t *ids, uint8_t max);

/* At power-up: start the stored plan if its configuration says so. */
void robot_autostart(struct robot *r);

/* Send a SENSES frame when one is due. */
void robot_telemetry_tick(struct robot *r);

#endif
