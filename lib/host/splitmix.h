/*
 * splitmix.h - the one seeded random generator spine uses (splitmix64):
 * tiny, fast, identical on every platform, so --seed repeats a run.
 * Used by kin (restarts, memory banks), armsim (fault injection), benches.
 */
#ifndef SPINE_SPLITMIX_H
#define SPINE_SPLITMIX_H

#include <stdint.h>

/* The next 64 random bits; *state is any seed, advanced in place. */
uint64_t splitmix_next(uint64_t *state);

/* Uniform in [0, 1), from the top 53 bits. */
double splitmix_uniform(uint64_t *state);

#endif
