/*
 * fault.h - what a bad line does to one frame: drop it, or flip one bit
 * of it, each by a seeded chance.  armsim's simulated line and the simavr
 * runner's lossy pty both call it, so their losses mean the same thing.
 */
#ifndef SPINE_FAULT_H
#define SPINE_FAULT_H

#include <stddef.h>
#include <stdint.h>

enum frame_fault {
	FAULT_NONE,
	FAULT_DROPPED,		/* the frame is gone */
	FAULT_CORRUPTED		/* one bit of it was flipped in place */
};

/* Decide the fate of frame[0..n) (n > 0) with the generator *rng. */
enum frame_fault frame_fault(uint64_t *rng, double drop, double corrupt,
    uint8_t *frame, size_t n);

#endif
