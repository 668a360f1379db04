/*
 * crc.c - CRC-16/CCITT for frames and CRC-32 for plans (portable core).
 * Bit by bit rather than table driven: an 8-bit robot has no RAM to spare
 * for 1 KiB of table, and frames are at most 64 bytes.
 */
#include "crc.h"

uint16_t
wire_crc16(uint16_t crc, const void *data, size_t n)
{
	const uint8_t *p = data;
	uint8_t bit;

	while (n--) {
		crc ^= (uint16_t)((uint16_t)*p++ << 8);
		for (bit = 0; bit < 8; bit++)
			crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u)
			    : (uint16_t)(crc << 1);
	}
	return crc;
}

uint32_t
wire_crc32_begin(void)
{
	return 0xFFFFFFFFul;
}

uint32_t
wire_crc32_update(uint32_t state, const void *data, size_t n)
{
	const uint8_t *p = data;
	uint8_t bit;

	while (n--) {
		state ^= *p++;
		for (bit = 0; bit < 8; bit++)
			state = (state & 1u) ? (state >> 1) ^ 0xEDB88320ul
			    : state >> 1;
	}
	return state;
}

uint32_t
wire_crc32_end(uint32_t state)
{
	return state ^ 0xFFFFFFFFul;
}

uint32_t
wire_crc32(const void *data, size_t n)
{
	return wire_crc32_end(wire_crc32_update(wire_crc32_begin(), data, n));
}
