/*
 * bank.h - ikreach's memory bank on disk: explore and save it, or load it
 * back and check it belongs to this arm.  Used by main.c; the bank itself
 * (and its nearest-neighbour tree) is lib/kin's struct kin_memory.
 */
#ifndef IKREACH_BANK_H
#define IKREACH_BANK_H

#include "kin/kin.h"

struct bank {
	struct kin_memory mem;
	double *q, *xy;
	uint32_t *order;
	size_t cap;
};

/* Explore count poses with solver s; 0 or an exit status. */
int bank_explore(struct bank *b, struct kin_solver *s, long count);
/* Write the bank to path, whole or not at all; 0 or an exit status. */
int bank_save(const struct bank *b, const char *path,
    const struct kin_arm *arm);
/* Read a bank written by bank_save for this arm; 0 or an exit status. */
int bank_load(struct bank *b, const char *path, const struct kin_arm *arm);
void bank_free(struct bank *b);

#endif
