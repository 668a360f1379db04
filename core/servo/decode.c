/*
 * decode.c - finding servo packets in a noisy byte stream (portable core),
 * for both buses: one packet's worth of bytes at most, a byte dropped and
 * the scan resumed after anything that fails.  Callers: armctl's bus
 * driver (replies) and the servo emulator (instructions).
 */
#include <string.h>

#include "internal.h"

void
servo_decoder_init(struct servo_decoder *d, enum servo_proto proto,
    int replies)
{
	memset(d, 0, sizeof *d);
	d->proto = (uint8_t)proto;
	d->replies = replies ? 1 : 0;
}

static void
count(uint16_t *c, uint16_t by)
{
	*c = (*c > 0xFFFFu - by) ? 0xFFFFu : (uint16_t)(*c + by);
}

/* Drop buf[0] and everything up to the next 0xFF (a header's first byte). */
static void
resync(struct servo_decoder *d)
{
	uint16_t k = 1;

	while (k < d->n && d->buf[k] != 0xFF)
		k++;
	count(&d->junk, (uint16_t)(k - 1));
	if (k >= d->n) {
		d->n = 0;
		return;
	}
	memmove(d->buf, d->buf + k, (size_t)(d->n - k));
	d->n = (uint16_t)(d->n - k);
}

void
servo_decoder_push(struct servo_decoder *d, uint8_t byte)
{
	if (d->n == SERVO_FRAME_MAX)	/* callers drain after each push */
		resync(d);
	if (d->n == 0 && byte != 0xFF) {
		count(&d->junk, 1);
		return;
	}
	d->buf[d->n++] = byte;
}

void
servo_decoder_idle(struct servo_decoder *d)
{
	if (d->n > 0)
		resync(d);
}

int
servo_decoder_next(struct servo_decoder *d, struct servo_packet *pk)
{
	int total, bad;

	for (;;) {
		if (d->n == 0)
			return 0;
		total = d->proto == SERVO_DXL ? servo_dxl_frame_length(d) :
		    servo_sts_frame_length(d);
		if (total < 0) {
			resync(d);
			continue;
		}
		if (total == 0 || d->n < (uint16_t)total)
			return 0;
		bad = d->proto == SERVO_DXL ?
		    servo_dxl_frame_take(d, (size_t)total, pk) :
		    servo_sts_frame_take(d, (size_t)total, pk);
		if (bad) {
			count(&d->bad_checksums, 1);
			resync(d);
			continue;
		}
		memmove(d->buf, d->buf + total, (size_t)(d->n - total));
		d->n = (uint16_t)(d->n - total);
		return 1;
	}
}
