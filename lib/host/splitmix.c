/*
 * splitmix.c - splitmix64 (Steele, Lea and Flood's SplittableRandom
 * finaliser over a Weyl sequence).  Not for cryptography: for repeatable
 * scatter of poses, test inputs and injected faults.
 */
#include "host/splitmix.h"

uint64_t
splitmix_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

double
splitmix_uniform(uint64_t *state)
{
	return (double)(splitmix_next(state) >> 11) *
	    (1.0 / 9007199254740992.0);
}
