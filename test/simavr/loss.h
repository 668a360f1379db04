/*
 * loss.h - a bad line between avrpty's pty and the AVR's UART (avrpty
 * --drop P --corrupt P --seed N): whole frames are dropped, or have one bit
 * flipped, each way, from a seeded generator, as armsim's line does.
 */
#ifndef AVRPTY_LOSS_H
#define AVRPTY_LOSS_H

#include <stddef.h>
#include <stdint.h>

#include "wire/frame.h"

typedef void loss_sink(void *ctx, const uint8_t *bytes, size_t n);

enum { LOSS_TO_AVR, LOSS_TO_HOST };

struct loss {
	double drop, corrupt;
	uint64_t rng;
	int on;				/* any fault asked for */
	struct wire_decoder split[2];	/* one a direction */
	unsigned long frames, dropped, corrupted;
};

void loss_init(struct loss *l, double drop, double corrupt, uint64_t seed);

/* Bytes going one way: handed to sink, whole frames at a time with faults
 * applied when the loss is on; towards the AVR as they come otherwise,
 * towards the host whole frames always. */
void loss_pass(struct loss *l, int way, const uint8_t *p, size_t n,
    loss_sink *sink, void *ctx);

/* The line went quiet one way: give up a partial frame held there. */
void loss_idle(struct loss *l, int way);

#endif
