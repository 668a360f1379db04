/*
 * crc32.c - reflected CRC-32, polynomial 0xEDB88320, processed a nibble at a
 * time: a 64-byte table instead of 1 KB, which matters on an 8-bit robot and
 * costs nothing that shows for plan-sized inputs.
 */
#include "crc32.h"

static const uint32_t nibble_table[16] = {
	0x00000000UL, 0x1db71064UL, 0x3b6e20c8UL, 0x26d930acUL,
	0x76dc4190UL, 0x6b6b51f4UL, 0x4db26158UL, 0x5005713cUL,
	0xedb88320UL, 0xf00f9344UL, 0xd6d6a3e8UL, 0xcb61b38cUL,
	0x9b64c2b0UL, 0x86d3d2d4UL, 0xa00ae278UL, 0xbdbdf21cUL
};

uint32_t
crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		crc = (crc >> 4) ^ nibble_table[crc & 15];
		crc = (crc >> 4) ^ nibble_table[crc & 15];
	}
	return ~crc;
}
