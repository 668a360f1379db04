/*
 * fast.c - Dynamixel FAST SYNC READ (0x8A, portable core): asked as a
 * SYNC READ is, answered by one status packet from id 0xFE in which each
 * listed servo in turn appends ERR, ID, its data and a CRC of the whole
 * packet so far (the last one is the packet's own), never byte-stuffed
 * (ROBOTIS e-manual, Protocol 2.0, "Fast Sync Read").  armctl reads with
 * it, the emulator answers it.
 */
#include <string.h>

#include "servo.h"

#define FAST_HEAD 8u	/* FF FF FD 00 FE LEN_L LEN_H 55 */

size_t
servo_dxl_fast_sync_read(uint8_t *out, size_t cap, uint16_t addr,
    uint16_t count, const uint8_t *ids, uint8_t nids)
{
	uint8_t q[SERVO_PARAMS_MAX];

	if (nids > SERVO_PARAMS_MAX - 4)
		return 0;
	servo_put16(q, addr);
	servo_put16(q + 2, count);
	memcpy(q + 4, ids, nids);
	return servo_dxl_encode(out, cap, SERVO_BROADCAST,
	    SERVO_FAST_SYNC_READ, q, 4u + nids);
}

size_t
servo_dxl_fast_status(uint8_t *out, size_t cap, uint16_t count,
    uint8_t nids, uint8_t nsent, const uint8_t *ids, const uint8_t *err,
    const uint8_t *data)
{
	size_t len = FAST_HEAD, block = (size_t)count + 4u;
	uint16_t crc;
	uint8_t i;

	if (cap > SERVO_FRAME_MAX)
		cap = SERVO_FRAME_MAX;
	if (nids == 0 || nsent > nids || FAST_HEAD + nids * block > cap)
		return 0;
	out[0] = 0xFF;
	out[1] = 0xFF;
	out[2] = 0xFD;
	out[3] = 0x00;
	out[4] = SERVO_BROADCAST;
	servo_put16(out + 5, (uint16_t)(1u + nids * block));
	out[7] = SERVO_STATUS;
	for (i = 0; i < nsent; i++) {
		out[len++] = err[i];
		out[len++] = ids[i];
		memcpy(out + len, data + (size_t)i * count, count);
		len += count;
		crc = servo_dxl_crc16(0, out, len);
		out[len++] = (uint8_t)(crc & 0xFFu);
		out[len++] = (uint8_t)(crc >> 8);
	}
	return len;
}

int
servo_dxl_parse_fast(const struct servo_packet *pk, uint16_t count,
    const uint8_t *ids, uint8_t nids, uint8_t *out, uint8_t *err)
{
	size_t block = (size_t)count + 4u, at;
	uint8_t i;

	/* p starts after the first ERR and ends before the last CRC */
	if (pk->id != SERVO_BROADCAST || pk->instr != SERVO_STATUS ||
	    nids == 0 || pk->n != nids * block - 3u)
		return -1;
	for (i = 0; i < nids; i++) {
		at = i == 0 ? 0 : i * block - 1u;
		err[i] = i == 0 ? pk->err : pk->p[at++];
		if (pk->p[at++] != ids[i])
			return -1;
		memcpy(out + (size_t)i * count, pk->p + at, count);
	}
	return 0;
}
