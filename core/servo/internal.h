/*
 * internal.h - what the servo decoder shares with the two buses' packet
 * files (portable core).  Not for callers outside core/servo.
 */
#ifndef SPINE_SERVO_INTERNAL_H
#define SPINE_SERVO_INTERNAL_H

#include "servo.h"

/* Length of the packet at buf[0]: 0 need more bytes, -1 not a packet. */
int servo_sts_frame_length(const struct servo_decoder *d);
int servo_dxl_frame_length(const struct servo_decoder *d);

/* Check and unpack a whole packet of `total` bytes: 0, or -1 when the
 * checksum (or the stuffing) is wrong. */
int servo_sts_frame_take(const struct servo_decoder *d, size_t total,
    struct servo_packet *pk);
int servo_dxl_frame_take(const struct servo_decoder *d, size_t total,
    struct servo_packet *pk);

#endif
