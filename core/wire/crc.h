/*
 * crc.h - the frame checksum of the robot link (portable core).
 * CRC-16/CCITT guards every frame; a whole plan upload is guarded by the
 * plan format's CRC-32 (core/plan/crc32.h).  Used by core/wire framing.
 */
#ifndef SPINE_WIRE_CRC_H
#define SPINE_WIRE_CRC_H

#include <stddef.h>
#include <stdint.h>

#define WIRE_CRC16_INIT 0xFFFFu

/* CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no xorout). */
uint16_t wire_crc16(uint16_t crc, const void *data, size_t n);

#endif
