/*
 * frame.h - framing of the robot link (portable core, both ends).
 * A frame is SOF LEN ~LEN SEQ TYPE PAYLOAD[LEN] CRC16(lo,hi), at most 64
 * bytes so that a whole frame fits an Arduino's 64-byte UART receive buffer.
 */
#ifndef SPINE_WIRE_FRAME_H
#define SPINE_WIRE_FRAME_H

#include <stddef.h>
#include <stdint.h>

#define WIRE_SOF		0xA5u
#define WIRE_FRAME_MAX		64u
#define WIRE_FRAME_OVERHEAD	7u	/* SOF, LEN, ~LEN, SEQ, TYPE, CRC x2 */
#define WIRE_PAYLOAD_MAX	(WIRE_FRAME_MAX - WIRE_FRAME_OVERHEAD)

/* Where the fields sit in an encoded frame. */
#define WIRE_AT_LEN	1u
#define WIRE_AT_SEQ	3u
#define WIRE_AT_TYPE	4u
#define WIRE_AT_PAYLOAD	5u

struct wire_frame {
	uint8_t seq;
	uint8_t type;
	uint8_t len;
	uint8_t payload[WIRE_PAYLOAD_MAX];
};

/*
 * Encode into out (WIRE_FRAME_MAX bytes).  Returns the frame's length, or 0
 * when len exceeds WIRE_PAYLOAD_MAX.
 */
uint8_t wire_frame_encode(uint8_t *out, uint8_t seq, uint8_t type,
    const uint8_t *payload, uint8_t len);

/*
 * Incremental decoder: push bytes one at a time, then take every frame that
 * became complete with wire_decoder_next() until it returns 0.  A corrupted
 * frame is skipped by resynchronising on the next SOF byte inside it, so a
 * good frame that follows a bad one is not lost.  The ~LEN check makes a
 * stray SOF byte rarely look like a frame start; when one does, it can hold
 * back the frames behind it until enough bytes arrive to disprove it, so
 * owners call wire_decoder_idle() when the line has been quiet a while.
 */
struct wire_decoder {
	uint8_t buf[WIRE_FRAME_MAX];
	uint8_t n;
	uint16_t crc_errors;	/* frames dropped for a bad CRC (saturates) */
	uint16_t junk;		/* bytes skipped outside frames (saturates) */
	uint8_t damage;		/* either of those happened: counts on and
				 * wraps, so an owner who kept the last value
				 * sees that something arrived damaged */
};

void wire_decoder_init(struct wire_decoder *d);
void wire_decoder_push(struct wire_decoder *d, uint8_t byte);
/* The line went quiet mid-frame: give up on the frame start we hold. */
void wire_decoder_idle(struct wire_decoder *d);
/* 1 and *f filled when a valid frame is ready; 0 when more bytes are needed. */
int wire_decoder_next(struct wire_decoder *d, struct wire_frame *f);
/*
 * The raw bytes of the frame wire_decoder_next() just returned are the first
 * `n` bytes it consumed; armsim's fault injection wants them, so next() can
 * also copy them out.  raw must hold WIRE_FRAME_MAX bytes.
 */
int wire_decoder_next_raw(struct wire_decoder *d, struct wire_frame *f,
    uint8_t *raw, uint8_t *rawlen);

#endif
