/*
 * crc32.h - CRC-32 (IEEE 802.3, the zlib/PNG one) for plan images and the
 * wire.  Portable: two 16-entry tables, small enough for an AVR.
 */
#ifndef SPINE_CRC32_H
#define SPINE_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Continue a CRC: start with plan_crc32_update(0, ...). */
uint32_t plan_crc32_update(uint32_t crc, const uint8_t *p, size_t n);

#endif
