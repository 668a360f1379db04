/*
 * crc.h - the two checksums of the robot link (portable core).
 * CRC-16/CCITT guards every frame; CRC-32 (IEEE) guards a whole plan upload.
 * Used by common/wire framing, common/robot's plan store and armctl.
 */
#ifndef SPINE_WIRE_CRC_H
#define SPINE_WIRE_CRC_H

#include <stddef.h>
#include <stdint.h>

#define WIRE_CRC16_INIT 0xFFFFu

/* CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no xorout). */
uint16_t wire_crc16(uint16_t crc, const void *data, size_t n);

/*
 * CRC-32/ISO-HDLC, the zlib one (poly 0xEDB88320 reflected, init and xorout
 * 0xFFFFFFFF).  Incremental: c = wire_crc32_begin(); c = wire_crc32_update(c,
 * ...); ...; wire_crc32_end(c).  Bitwise, so it needs no table in RAM.
 */
uint32_t wire_crc32_begin(void);
uint32_t wire_crc32_update(uint32_t state, const void *data, size_t n);
uint32_t wire_crc32_end(uint32_t state);
uint32_t wire_crc32(const void *data, size_t n);

#endif
