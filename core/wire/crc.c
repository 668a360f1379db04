/*
 * crc.c - CRC-16/CCITT for frames (portable core).
 * Bit by bit rather than table driven: an 8-bit robot has no RAM to spare
 * for a table, and frames are at most 64 bytes.
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
