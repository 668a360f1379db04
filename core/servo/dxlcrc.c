/*
 * dxlcrc.c - the CRC-16 that guards Dynamixel 2.0 packets (portable core):
 * the catalogue's CRC-16/UMTS, bit by bit, since a table would cost an AVR
 * 512 bytes of flash.  Called by dxl.c for encoding and decoding.
 */
#include "servo.h"

uint16_t
servo_dxl_crc16(uint16_t crc, const uint8_t *p, size_t n)
{
	uint8_t k;

	while (n-- > 0) {
		crc ^= (uint16_t)((uint16_t)*p++ << 8);
		for (k = 0; k < 8; k++)
			crc = (crc & 0x8000u) ?
			    (uint16_t)((uint16_t)(crc << 1) ^ 0x8005u) :
			    (uint16_t)(crc << 1);
	}
	return crc;
}
