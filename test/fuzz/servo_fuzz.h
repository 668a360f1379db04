/*
 * servo_fuzz.h - what the two servo-bus harnesses (sts_fuzz.c, dxl_fuzz.c)
 * share: any bytes through a decoder in both directions, the parsers run
 * on whatever comes out, and packets built from the input found again.
 */
#ifndef SPINE_SERVO_FUZZ_H
#define SPINE_SERVO_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "servo/regs.h"
#include "servo/servo.h"
#include "servosim/servosim.h"

static void
servo_fuzz_fail(const char *why)
{
	fprintf(stderr, "servo fuzz: %s\n", why);
	abort();
}

/* The parsers must stay inside the packet whatever it holds. */
static void
servo_fuzz_parse(enum servo_proto p, const struct servo_packet *pk)
{
	const uint8_t *q;
	uint16_t addr, count, n;
	int found;

	if (pk->n > SERVO_PARAMS_MAX)
		servo_fuzz_fail("more parameters than a packet holds");
	if (servo_parse_write(p, pk, &addr, &q, &n) == 0 &&
	    (q < pk->p || q + n > pk->p + pk->n))
		servo_fuzz_fail("write data outside the packet");
	(void)servo_parse_read(p, pk, &addr, &count);
	if (servo_parse_sync_read(p, pk, &addr, &count, &q, &n) == 0 &&
	    q + n > pk->p + pk->n)
		servo_fuzz_fail("sync read ids outside the packet");
	if (servo_parse_sync_write(p, pk, pk->p[0], &addr, &count, &q) == 0 &&
	    q != NULL && q + count > pk->p + pk->n)
		servo_fuzz_fail("sync write block outside the packet");
	if (p == SERVO_DXL && servo_dxl_parse_bulk(pk, pk->id & 1, pk->p[0], &found,
	    &addr, &count, &q) == 0 && found && (pk->id & 1) &&
	    q + count > pk->p + pk->n)
		servo_fuzz_fail("bulk write data outside the packet");
}

/* Every byte of the stream through a decoder, then a quiet line. */
static unsigned
servo_fuzz_stream(enum servo_proto p, int replies, const uint8_t *data,
    size_t size)
{
	struct servo_decoder d;
	struct servo_packet pk;
	unsigned found = 0, rounds = 0;
	size_t i;

	servo_decoder_init(&d, p, replies);
	for (i = 0; i < size; i++) {
		servo_decoder_push(&d, data[i]);
		while (servo_decoder_next(&d, &pk)) {
			servo_fuzz_parse(p, &pk);
			found++;
		}
		if (d.n > SERVO_FRAME_MAX)
			servo_fuzz_fail("the decoder holds more than a packet");
	}
	while (d.n > 0) {
		if (rounds++ > SERVO_FRAME_MAX)
			servo_fuzz_fail("idle does not empty the decoder");
		servo_decoder_idle(&d);
		while (servo_decoder_next(&d, &pk)) {
			servo_fuzz_parse(p, &pk);
			found++;
		}
	}
	return found;
}

/*
 * Status packets built from the input, with junk holding no 0xFF between
 * them: every one comes out, in order, unchanged.
 */
static void
servo_fuzz_framed(enum servo_proto p, const uint8_t *data, size_t size)
{
	static uint8_t stream[16384];
	static struct servo_packet want[64];
	struct servo_packet got;
	struct servo_decoder d;
	size_t pos = 0, len = 0, i, k;
	unsigned nwant = 0, ngot = 0;

	while (pos + 3 <= size && nwant < 64 && len + 2 * SERVO_FRAME_MAX <
	    sizeof stream) {
		struct servo_packet *w = &want[nwant];

		w->id = (uint8_t)(data[pos] % 0xFDu);
		w->err = (uint8_t)(data[pos + 1] & 0x7Fu);
		w->instr = SERVO_STATUS;
		w->n = data[pos + 2] % 60u;
		pos += 3;
		if (w->n > size - pos)
			w->n = (uint16_t)(size - pos);
		memcpy(w->p, data + pos, w->n);
		pos += w->n;
		for (i = 0; i < (size_t)(w->id & 3u); i++)
			stream[len++] = (uint8_t)(0x10u + i);
		k = servo_status(p, stream + len, sizeof stream - len, w->id,
		    w->err, w->p, w->n);
		if (k == 0)
			servo_fuzz_fail("a small status packet did not encode");
		len += k;
		nwant++;
	}
	servo_decoder_init(&d, p, 1);
	for (i = 0; i < len; i++) {
		servo_decoder_push(&d, stream[i]);
		while (servo_decoder_next(&d, &got)) {
			if (ngot >= nwant || got.id != want[ngot].id ||
			    got.err != want[ngot].err ||
			    got.n != want[ngot].n ||
			    memcmp(got.p, want[ngot].p, got.n) != 0)
				servo_fuzz_fail("a clean packet came out wrong");
			ngot++;
		}
	}
	if (ngot != nwant)
		servo_fuzz_fail("a clean packet was lost");
}

static void
servo_fuzz_sink(void *ctx, const uint8_t *bytes, size_t n, uint32_t delay)
{
	struct servo_decoder *d = ctx;
	struct servo_packet pk;
	size_t i;
	int got = 0;

	(void)delay;
	/* every reply the emulator sends is one whole, valid status packet */
	servo_decoder_init(d, (enum servo_proto)d->proto, 1);
	for (i = 0; i < n; i++) {
		servo_decoder_push(d, bytes[i]);
		while (servo_decoder_next(d, &pk))
			got++;
	}
	if (got != 1 || d->n != 0)
		servo_fuzz_fail("the emulator sent a broken reply");
}

/* The input as instructions to six emulated servos (armsim's pty); on
 * a Feetech bus ids 4 to 6 are SCS servos, big-endian, without SYNC READ. */
static void
servo_fuzz_emulator(enum servo_proto p, const uint8_t *data, size_t size)
{
	static struct servosim s;
	struct servo_decoder check;
	int i;

	servosim_init(&s, p);
	for (i = 1; i <= 6; i++)
		if (p != SERVO_FEETECH || i <= 3 || servosim_add_series(&s,
		    (uint8_t)i, SERVO_SERIES_SCS, 512) == NULL)
			servosim_add(&s, (uint8_t)i, 2048);
	check.proto = (uint8_t)p;
	servosim_rx(&s, data, size, servo_fuzz_sink, &check);
	servosim_idle(&s);
	servosim_step(&s, 0.01);
}

static int
servo_fuzz_one(enum servo_proto p, const uint8_t *data, size_t size)
{
	uint8_t *copy = malloc(size ? size : 1);

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);	/* exact size: overreads are caught */
	if (servo_fuzz_stream(p, 1, copy, size) !=
	    servo_fuzz_stream(p, 1, copy, size))
		servo_fuzz_fail("the decoder is not deterministic");
	servo_fuzz_stream(p, 0, copy, size);
	servo_fuzz_framed(p, copy, size);
	servo_fuzz_emulator(p, copy, size);
	free(copy);
	return 0;
}

#endif
