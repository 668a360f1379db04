/*
 * frame.c - encoding frames and finding them again in a noisy byte stream
 * (portable core).  The decoder keeps at most one frame's worth of bytes, so
 * the robot needs 64 bytes of RAM for it however bad the line is.
 */
#include <string.h>

#include "crc.h"
#include "frame.h"

uint8_t
wire_frame_encode(uint8_t *out, uint8_t seq, uint8_t type,
    const uint8_t *payload, uint8_t len)
{
	uint16_t crc;

	if (len > WIRE_PAYLOAD_MAX)
		return 0;
	out[0] = WIRE_SOF;
	out[1] = len;
	out[2] = (uint8_t)~len;
	out[3] = seq;
	out[4] = type;
	if (len)	/* the payload may be in place already (robot.c) */
		memmove(out + 5, payload, len);
	crc = wire_crc16(WIRE_CRC16_INIT, out + 1, (size_t)len + 4);
	out[5 + len] = (uint8_t)(crc & 0xFF);
	out[6 + len] = (uint8_t)(crc >> 8);
	return (uint8_t)(len + WIRE_FRAME_OVERHEAD);
}

void
wire_decoder_init(struct wire_decoder *d)
{
	memset(d, 0, sizeof *d);
}

static void
count(struct wire_decoder *d, uint16_t *c, uint8_t by)
{
	*c = (*c > 0xFFFFu - by) ? 0xFFFFu : (uint16_t)(*c + by);
	if (by)
		d->damage++;
}

/* Drop buf[0..k) and shift the rest down. */
static void
discard(struct wire_decoder *d, uint8_t k)
{
	if (k >= d->n) {
		d->n = 0;
		return;
	}
	memmove(d->buf, d->buf + k, (size_t)(d->n - k));
	d->n = (uint8_t)(d->n - k);
}

/* Skip to the next SOF after position 0 (or to the end). */
static void
resync(struct wire_decoder *d)
{
	uint8_t k = 1;

	while (k < d->n && d->buf[k] != WIRE_SOF)
		k++;
	count(d, &d->junk, (uint8_t)(k - 1));
	discard(d, k);
}

void
wire_decoder_push(struct wire_decoder *d, uint8_t byte)
{
	/* Callers drain with next() after every push; this is a safety net. */
	if (d->n == WIRE_FRAME_MAX)
		resync(d);
	if (d->n == 0 && byte != WIRE_SOF) {
		count(d, &d->junk, 1);
		return;
	}
	d->buf[d->n++] = byte;
}

void
wire_decoder_idle(struct wire_decoder *d)
{
	if (d->n > 0)
		resync(d);
}

int
wire_decoder_next_raw(struct wire_decoder *d, struct wire_frame *f,
    uint8_t *raw, uint8_t *rawlen)
{
	uint8_t len, check, total;
	uint16_t crc;

	for (;;) {
		if (d->n > 0 && d->buf[0] != WIRE_SOF) {
			resync(d);	/* defensive: push keeps buf[0] a SOF */
			continue;
		}
		if (d->n < 3)
			return 0;
		len = d->buf[1];
		check = (uint8_t)(0xFFu - d->buf[2]);	/* ~LEN undone */
		if (len > WIRE_PAYLOAD_MAX || check != len) {
			resync(d);
			continue;
		}
		total = (uint8_t)(len + WIRE_FRAME_OVERHEAD);
		if (d->n < total)
			return 0;
		crc = wire_crc16(WIRE_CRC16_INIT, d->buf + 1, (size_t)len + 4);
		if (d->buf[5 + len] != (uint8_t)(crc & 0xFF) ||
		    d->buf[6 + len] != (uint8_t)(crc >> 8)) {
			count(d, &d->crc_errors, 1);
			resync(d);
			continue;
		}
		f->len = len;
		f->seq = d->buf[3];
		f->type = d->buf[4];
		if (len)
			memcpy(f->payload, d->buf + 5, len);
		if (raw) {
			memcpy(raw, d->buf, total);
			*rawlen = total;
		}
		discard(d, total);
		return 1;
	}
}

int
wire_decoder_next(struct wire_decoder *d, struct wire_frame *f)
{
	return wire_decoder_next_raw(d, f, NULL, NULL);
}
