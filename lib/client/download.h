/*
 * download.h - the plan stored on the robot, read back a chunk at a time
 * with several requests in flight and checked against the robot's
 * CRC-32: armctl pull, and the names of the robot's plan (names.c).
 */
#ifndef SPINE_CLIENT_DOWNLOAD_H
#define SPINE_CLIENT_DOWNLOAD_H

#include <stdint.h>

#include "client/client.h"

/*
 * The stored plan: CLIENT_OK with *bytes (malloc'd, the caller frees) and
 * *size, or *size 0 and *bytes NULL when the robot holds none; else a
 * failure, said with `doing`.
 */
enum client_status client_pull(struct client *cl, const char *doing,
    const struct client_progress *progress, uint8_t **bytes,
    uint32_t *size);

#endif
