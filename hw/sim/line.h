/*
 * line.h - the serial line between armsim's pty and its robot: optional
 * pacing at a baud rate (10 bits a byte, as 8N1 takes), and fault injection
 * per frame (drop, corrupt one bit, stall for good after N frames, lose
 * every request or reply of one type until the next handshake).
 */
#ifndef ARMSIM_LINE_H
#define ARMSIM_LINE_H

#include <stddef.h>
#include <stdint.h>

#include "wire/frame.h"

#define LINE_QUEUE 8192

typedef void line_sink(void *ctx, const uint8_t *bytes, size_t n);

struct line {
	uint64_t byte_ns;		/* 0: deliver at once */
	/* host to robot */
	uint8_t rx[LINE_QUEUE];
	uint64_t rx_due[LINE_QUEUE];
	size_t rx_head, rx_n;
	uint64_t rx_free;		/* when the line is next idle */
	/* robot to host */
	uint8_t tx[LINE_QUEUE];
	size_t tx_head, tx_n;
	uint64_t tx_free;
	uint64_t tx_due;		/* when the head byte is across */
	/* faults */
	double drop, corrupt;
	long stall_after;		/* -1: never */
	uint64_t rng;
	int faulty;			/* split frames to apply faults */
	struct wire_decoder split;
	unsigned long frames_in, frames_out;
	unsigned long overflowed;
	int stalled;
	/* --lose-request / --lose-reply: 0, or the request type whose
	 * requests (or replies) vanish from its first one until the host's
	 * next HELLO; once only */
	uint8_t lose_request, lose_reply;
	uint8_t losing, lost_once;
};

void sim_line_init(struct line *l, long baud, double drop, double corrupt,
    long stall_after, uint64_t seed);

/* Lose every request (or reply) of a type for a while; 0 for none. */
void sim_line_lose(struct line *l, uint8_t request_type, uint8_t reply_type);

/* Free room for bytes from the host. */
size_t sim_line_rx_room(const struct line *l);
/* Bytes the host wrote, read at `now` (nanoseconds). */
void sim_line_from_host(struct line *l, const uint8_t *p, size_t n, uint64_t now);
/* Hand the robot every byte that has arrived by `now`, faults applied. */
void sim_line_deliver(struct line *l, uint64_t now, line_sink *sink, void *ctx);

/* A whole frame from the robot, sent at `now`. */
void sim_line_to_host(struct line *l, const uint8_t *frame, size_t n,
    uint64_t now);
/* Write what has finished crossing the line by `now` to fd. */
int sim_line_flush(struct line *l, int fd, uint64_t now);
/* The same into buf (a host in this process): how many bytes, at most cap. */
size_t sim_line_take(struct line *l, uint64_t now, uint8_t *buf, size_t cap);

/* Forget the bytes in flight both ways: a TCP client hung up, and the next
 * one must not get the last one's replies. */
void sim_line_discard(struct line *l);

/* Nanoseconds from `now` to the next byte due either way (max if none). */
uint64_t sim_line_next_due(const struct line *l, uint64_t now);

#endif
