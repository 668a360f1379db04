/*
 * sts.c - Feetech STS/SMS packets (portable core): FF FF ID LEN CODE
 * PARAMS CHK, where CHK is the complement of the byte sum after the
 * header.  Encoding here; the decoder (decode.c) calls the checks below.
 */
#include <string.h>

#include "internal.h"

#define STS_LEN_MAX 250u	/* the SDK's limit: LEN + 4 <= 254 */

static uint8_t
sts_sum(const uint8_t *p, size_t n)
{
	uint8_t s = 0;

	while (n-- > 0)
		s = (uint8_t)(s + *p++);
	return (uint8_t)~s;
}

size_t
servo_sts_encode(uint8_t *out, size_t cap, uint8_t id, uint8_t code,
    const uint8_t *params, size_t n)
{
	size_t total = n + 6;

	if (n + 2 > STS_LEN_MAX || total > cap)
		return 0;
	out[0] = 0xFF;
	out[1] = 0xFF;
	out[2] = id;
	out[3] = (uint8_t)(n + 2);
	out[4] = code;
	if (n)
		memcpy(out + 5, params, n);
	out[5 + n] = sts_sum(out + 2, n + 3);
	return total;
}

/*
 * How long the packet starting at buf[0] is: 0 while the header is
 * incomplete, -1 when it cannot be a packet.  The SDK's own sanity
 * limits (ID <= 0xFD, LEN <= 250, ERR <= 0x7F) make a stray FF FF in
 * data rarely look like a header.
 */
int
servo_sts_frame_length(const struct servo_decoder *d)
{
	const uint8_t *b = d->buf;

	if (d->n >= 1 && b[0] != 0xFF)
		return -1;
	if (d->n >= 2 && b[1] != 0xFF)
		return -1;
	if (d->n >= 3 && (b[2] == 0xFF || (d->replies && b[2] > 0xFDu)))
		return -1;
	if (d->n < 4)
		return 0;
	if (b[3] < 2 || b[3] > STS_LEN_MAX)
		return -1;
	if (d->n >= 5 && d->replies && b[4] > 0x7Fu)
		return -1;
	return b[3] + 4;
}

int
servo_sts_frame_take(const struct servo_decoder *d, size_t total,
    struct servo_packet *pk)
{
	const uint8_t *b = d->buf;

	if (sts_sum(b + 2, total - 3) != b[total - 1])
		return -1;
	pk->id = b[2];
	pk->n = (uint16_t)(b[3] - 2);
	if (d->replies) {
		pk->instr = SERVO_STATUS;
		pk->err = b[4];
	} else {
		pk->instr = b[4];
		pk->err = 0;
	}
	memcpy(pk->p, b + 5, pk->n);
	return 0;
}
