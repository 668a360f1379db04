/*
 * dxl.c - Dynamixel Protocol 2.0 packets (portable core): FF FF FD 00 ID
 * LEN(2) INSTR PARAMS CRC(2), with an FD stuffed after every FF FF FD in
 * the body so a header never appears inside a packet.  decode.c calls the
 * checks below.
 */
#include <string.h>

#include "internal.h"

#define DXL_HEAD 7u	/* FF FF FD 00 ID LEN_L LEN_H */

size_t
servo_dxl_encode(uint8_t *out, size_t cap, uint8_t id, uint8_t instr,
    const uint8_t *params, size_t n)
{
	size_t len = DXL_HEAD, i;
	uint16_t crc;

	if (cap > SERVO_FRAME_MAX)
		cap = SERVO_FRAME_MAX;
	if (n + DXL_HEAD + 3 > cap)
		return 0;
	out[0] = 0xFF;
	out[1] = 0xFF;
	out[2] = 0xFD;
	out[3] = 0x00;
	out[4] = id;
	out[len++] = instr;
	for (i = 0; i < n; i++) {
		if (len + 3 > cap)	/* this byte and the CRC */
			return 0;
		out[len++] = params[i];
		if (len >= DXL_HEAD + 3 && out[len - 3] == 0xFF &&
		    out[len - 2] == 0xFF && out[len - 1] == 0xFD) {
			if (len + 3 > cap)
				return 0;
			out[len++] = 0xFD;
		}
	}
	servo_put16(out + 5, (uint16_t)(len - DXL_HEAD + 2));
	crc = servo_dxl_crc16(0, out, len);
	out[len++] = (uint8_t)(crc & 0xFFu);
	out[len++] = (uint8_t)(crc >> 8);
	return len;
}

int
servo_dxl_frame_length(const struct servo_decoder *d)
{
	static const uint8_t head[4] = { 0xFF, 0xFF, 0xFD, 0x00 };
	const uint8_t *b = d->buf;
	uint16_t i, len;

	for (i = 0; i < 4 && i < d->n; i++)
		if (b[i] != head[i])
			return -1;
	if (d->n >= 5 && (b[4] == 0xFD || b[4] == 0xFF ||
	    (d->replies && !d->fast && b[4] == SERVO_BROADCAST)))
		return -1;
	if (d->n < DXL_HEAD)
		return 0;
	len = servo_get16(b + 5);
	if (len < 3 || len > SERVO_FRAME_MAX - DXL_HEAD)
		return -1;
	return (int)(len + DXL_HEAD);
}

/* Remove the stuffing of b[0..n) into out; the bytes kept. */
static size_t
unstuff(const uint8_t *b, size_t n, uint8_t *out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (i >= 3 && b[i] == 0xFD && b[i - 1] == 0xFD &&
		    b[i - 2] == 0xFF && b[i - 3] == 0xFF)
			continue;
		out[k++] = b[i];
	}
	return k;
}

int
servo_dxl_frame_take(const struct servo_decoder *d, size_t total,
    struct servo_packet *pk)
{
	uint8_t body[SERVO_FRAME_MAX];
	const uint8_t *b = d->buf;
	uint16_t crc = servo_dxl_crc16(0, b, total - 2);
	size_t n;

	if (b[total - 2] != (uint8_t)(crc & 0xFFu) ||
	    b[total - 1] != (uint8_t)(crc >> 8))
		return -1;
	/* INSTR and parameters, stuffing removed; a FAST SYNC READ's
	 * answer is not stuffed */
	if (d->fast && b[4] == SERVO_BROADCAST) {
		n = total - DXL_HEAD - 2;
		memcpy(body, b + DXL_HEAD, n);
	} else
		n = unstuff(b + DXL_HEAD, total - DXL_HEAD - 2, body);
	if (n < 1)
		return -1;
	pk->id = b[4];
	pk->instr = body[0];
	pk->err = 0;
	if (body[0] == SERVO_STATUS) {
		if (n < 2)
			return -1;
		pk->err = body[1];
		pk->n = (uint16_t)(n - 2);
		memcpy(pk->p, body + 2, pk->n);
	} else {
		pk->n = (uint16_t)(n - 1);
		memcpy(pk->p, body + 1, pk->n);
	}
	return 0;
}
