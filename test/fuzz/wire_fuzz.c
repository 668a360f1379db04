/*
 * wire_fuzz.c - libFuzzer harness for the robot link's frame decoder and
 * message codecs, which armsim, armctl and the firmware feed from a serial
 * line: any bytes in, frames that really were in the stream, no frame lost.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire/frame.h"
#include "wire/msg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *why)
{
	fprintf(stderr, "wire_fuzz: %s\n", why);
	abort();
}

/* Does data hold the n bytes at p?  (memmem is not POSIX.) */
static int
holds(const uint8_t *data, size_t size, const uint8_t *p, uint8_t n)
{
	size_t i;

	for (i = 0; i + n <= size; i++)
		if (memcmp(data + i, p, n) == 0)
			return 1;
	return 0;
}

/* A frame the decoder returned: encoded again it is its raw bytes, and
 * those bytes were in the stream. */
static void
check_frame(const struct wire_frame *f, const uint8_t *raw, uint8_t rawlen,
    const uint8_t *data, size_t size)
{
	uint8_t again[WIRE_FRAME_MAX];
	uint8_t n;

	if (f->len > WIRE_PAYLOAD_MAX)
		fail("a payload longer than a frame holds");
	n = wire_frame_encode(again, f->seq, f->type, f->payload, f->len);
	if (n != rawlen || memcmp(again, raw, n) != 0)
		fail("a frame does not encode back to its bytes");
	if (!holds(data, size, raw, rawlen))
		fail("a frame that was not in the stream");
}

/* The stream a byte at a time; idle_on: call idle after that byte (or
 * -1 never).  Returns the frames found. */
static unsigned
decode_stream(const uint8_t *data, size_t size, int idle_on)
{
	struct wire_decoder d;
	struct wire_frame f;
	uint8_t raw[WIRE_FRAME_MAX], rawlen;
	unsigned frames = 0, rounds;
	size_t i;

	wire_decoder_init(&d);
	for (i = 0; i < size; i++) {
		wire_decoder_push(&d, data[i]);
		if (idle_on == data[i])
			wire_decoder_idle(&d);
		while (wire_decoder_next_raw(&d, &f, raw, &rawlen)) {
			check_frame(&f, raw, rawlen, data, size);
			frames++;
		}
		if (d.n > WIRE_FRAME_MAX)
			fail("the decoder holds more than a frame");
	}
	/* a quiet line ends every false start */
	for (rounds = 0; d.n > 0; rounds++) {
		if (rounds > WIRE_FRAME_MAX)
			fail("idle does not empty the decoder");
		wire_decoder_idle(&d);
		while (wire_decoder_next_raw(&d, &f, raw, &rawlen)) {
			check_frame(&f, raw, rawlen, data, size);
			frames++;
		}
	}
	return frames;
}

/*
 * Frames made from the input, with junk between them that holds no SOF
 * byte: the decoder must find every one, in order, unchanged.
 */
static void
framed_stream(const uint8_t *data, size_t size)
{
	static uint8_t stream[8192];
	struct wire_frame want[128], got;
	struct wire_decoder d;
	size_t pos = 0, len = 0, i;
	unsigned nwant = 0, ngot = 0;

	while (pos + 3 <= size && nwant < 128 && len + 2 * WIRE_FRAME_MAX <
	    sizeof stream) {
		struct wire_frame *f = &want[nwant++];
		uint8_t junk = data[pos] & 7;

		f->seq = data[pos + 1];
		f->type = data[pos + 2];
		pos += 3;
		f->len = (uint8_t)(size - pos < WIRE_PAYLOAD_MAX ? size - pos :
		    WIRE_PAYLOAD_MAX);
		f->len = (uint8_t)(f->len > (data[pos - 3] >> 3) ?
		    data[pos - 3] >> 3 : f->len);
		memcpy(f->payload, data + pos, f->len);
		pos += f->len;
		for (i = 0; i < junk; i++)
			stream[len++] = (uint8_t)(i == 0 ? 0x00 : 0x5A + i);
		len += wire_frame_encode(stream + len, f->seq, f->type,
		    f->payload, f->len);
	}
	wire_decoder_init(&d);
	for (i = 0; i < len; i++) {
		wire_decoder_push(&d, stream[i]);
		while (wire_decoder_next(&d, &got)) {
			if (ngot >= nwant || got.seq != want[ngot].seq ||
			    got.type != want[ngot].type ||
			    got.len != want[ngot].len ||
			    memcmp(got.payload, want[ngot].payload, got.len))
				fail("a clean frame came out wrong");
			ngot++;
		}
	}
	if (ngot != nwant)
		fail("a clean frame was lost");
}

/* Decoded, encoded and decoded again, a message is the same message. */
static void
messages(const uint8_t *p, uint8_t n)
{
	struct wire_hello h, h2;
	struct wire_setpoint s, s2;
	struct wire_status st, st2;
	struct wire_events e, e2;
	uint8_t out[WIRE_PAYLOAD_MAX], k, i;

	if (wire_hello_decode(&h, p, n) == 0) {
		/* joints 0 is a robot with no arm (the Uno's wheels) */
		if (h.joints > WIRE_MAX_JOINTS ||
		    strlen(h.firmware) > WIRE_NAME_MAX)
			fail("HELLO decoded out of range");
		k = wire_hello_encode(&h, out);
		if (k != n || wire_hello_decode(&h2, out, k) != 0 ||
		    memcmp(&h, &h2, sizeof h) != 0)
			fail("HELLO does not round-trip");
	}
	if (wire_setpoint_decode(&s, p, n) == 0) {
		k = wire_setpoint_encode(&s, out);
		if (k != n || memcmp(out, p, n) != 0 ||
		    wire_setpoint_decode(&s2, out, k) != 0 ||
		    s2.joints != s.joints)
			fail("SETPOINT does not round-trip");
		for (i = 0; i < s.joints; i++)
			if (s.mdeg[i] != s2.mdeg[i])
				fail("SETPOINT angles change");
	}
	if (wire_status_decode(&st, p, n) == 0) {
		k = wire_status_encode(&st, out);
		if (k != n || memcmp(out, p, n) != 0 ||
		    wire_status_decode(&st2, out, k) != 0 ||
		    memcmp(&st, &st2, sizeof st) != 0)
			fail("STATUS does not round-trip");
	}
	if (wire_events_decode(&e, p, n) == 0) {
		k = wire_events_encode(&e, out);
		if (k != n || memcmp(out, p, n) != 0 ||
		    wire_events_decode(&e2, out, k) != 0 ||
		    memcmp(&e, &e2, sizeof e) != 0)
			fail("EVENTS does not round-trip");
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy;
	uint8_t n;

	/* an exact-size copy, so reading one byte past is caught */
	if ((copy = malloc(size ? size : 1)) == NULL)
		return 0;
	memcpy(copy, data, size);
	if (decode_stream(copy, size, -1) != decode_stream(copy, size, -1))
		fail("the decoder is not deterministic");
	if (size > 0)
		decode_stream(copy, size, copy[0]);
	framed_stream(copy, size);
	/* the input itself as a payload, as long as a length byte allows */
	n = (uint8_t)(size > 255 ? 255 : size);
	messages(copy, n);
	if (n > WIRE_PAYLOAD_MAX)
		messages(copy + size - WIRE_PAYLOAD_MAX, WIRE_PAYLOAD_MAX);
	free(copy);
	return 0;
}
