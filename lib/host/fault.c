/*
 * fault.c - a bad line's damage to one frame (see fault.h).  The drop is
 * decided first, so a dropped frame costs one draw and a passed one two,
 * which keeps a given --seed's sequence of losses what it always was.
 */
#include "fault.h"
#include "splitmix.h"

enum frame_fault
frame_fault(uint64_t *rng, double drop, double corrupt, uint8_t *frame,
    size_t n)
{
	uint64_t r;

	if (splitmix_uniform(rng) < drop)
		return FAULT_DROPPED;
	if (splitmix_uniform(rng) >= corrupt)
		return FAULT_NONE;
	r = splitmix_next(rng);
	frame[(r >> 3) % n] ^= (uint8_t)(1u << (r & 7));
	return FAULT_CORRUPTED;
}
