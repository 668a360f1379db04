/*
 * crc32.c - reflected CRC-32, polynomial 0xEDB88320, a byte at a time from
 * two 16-entry tables: the CRC is linear, so a byte's table entry is the
 * entry of its low nibble xor that of its high nibble.  128 bytes instead
 * of 1 KB, and no 32-bit shift by 4, which an 8-bit robot pays dearly for.
 */
#include "crc32.h"
#include "profile.h"

#if PLAN_CRC_TABLES
/* The whole-byte table's entries for 0x00..0x0F and for 0x00..0xF0. */
static const uint32_t low_nibble[16] = {
	0x00000000UL, 0x77073096UL, 0xee0e612cUL, 0x990951baUL,
	0x076dc419UL, 0x706af48fUL, 0xe963a535UL, 0x9e6495a3UL,
	0x0edb8832UL, 0x79dcb8a4UL, 0xe0d5e91eUL, 0x97d2d988UL,
	0x09b64c2bUL, 0x7eb17cbdUL, 0xe7b82d07UL, 0x90bf1d91UL
};
static const uint32_t high_nibble[16] = {
	0x00000000UL, 0x1db71064UL, 0x3b6e20c8UL, 0x26d930acUL,
	0x76dc4190UL, 0x6b6b51f4UL, 0x4db26158UL, 0x5005713cUL,
	0xedb88320UL, 0xf00f9344UL, 0xd6d6a3e8UL, 0xcb61b38cUL,
	0x9b64c2b0UL, 0x86d3d2d4UL, 0xa00ae278UL, 0xbdbdf21cUL
};

uint32_t
plan_crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	uint8_t x;

	crc = ~crc;
	while (n--) {
		x = (uint8_t)crc ^ *p++;
		crc = (crc >> 8) ^ low_nibble[x & 15] ^ high_nibble[x >> 4];
	}
	return ~crc;
}
#else
/* No tables (profile.h: a chip whose RAM holds them is short of it): a
 * bit at a time, some four times slower. */
uint32_t
plan_crc32_update(uint32_t crc, const uint8_t *p, size_t n)
{
	uint8_t k;

	crc = ~crc;
	while (n--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320UL & (0UL - (crc & 1u)));
	}
	return ~crc;
}
#endif
