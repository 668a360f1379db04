/*
 * loss.c - frame faults between avrpty's pty and the AVR (see loss.h).
 * Faults are decided per whole frame, as armsim decides them, so the same
 * --drop/--corrupt figures mean the same line to both simulators.  Towards
 * the host frames always go whole: a host drops a frame whose bytes stop
 * coming for 50 ms, and a loaded machine can hold avrpty up that long
 * between two slices of the AVR's time.
 */
#include <string.h>

#include "host/fault.h"
#include "loss.h"

void
loss_init(struct loss *l, double drop, double corrupt, uint64_t seed)
{
	memset(l, 0, sizeof *l);
	l->drop = drop;
	l->corrupt = corrupt;
	l->rng = seed;
	l->on = drop > 0 || corrupt > 0;
	wire_decoder_init(&l->split[LOSS_TO_AVR]);
	wire_decoder_init(&l->split[LOSS_TO_HOST]);
}

/* Drop, corrupt or pass one frame; 0 when it is dropped. */
static int
fault(struct loss *l, uint8_t *frame, size_t n)
{
	l->frames++;
	switch (frame_fault(&l->rng, l->drop, l->corrupt, frame, n)) {
	case FAULT_DROPPED:
		l->dropped++;
		return 0;
	case FAULT_CORRUPTED:
		l->corrupted++;
		break;
	case FAULT_NONE:
		break;
	}
	return 1;
}

void
loss_pass(struct loss *l, int way, const uint8_t *p, size_t n,
    loss_sink *sink, void *ctx)
{
	struct wire_decoder *d = &l->split[way];
	struct wire_frame f;
	uint8_t raw[WIRE_FRAME_MAX], len;
	size_t i;

	if (!l->on && way == LOSS_TO_AVR) {
		sink(ctx, p, n);
		return;
	}
	for (i = 0; i < n; i++) {
		wire_decoder_push(d, p[i]);
		while (wire_decoder_next_raw(d, &f, raw, &len))
			if (!l->on || fault(l, raw, len))
				sink(ctx, raw, len);
	}
}

void
loss_idle(struct loss *l, int way)
{
	if (l->on && l->split[way].n > 0)
		wire_decoder_idle(&l->split[way]);
}
