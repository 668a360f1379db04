/*
 * bank.h - the memory bank as a file: explored poses written as a CSV
 * (x,y of the tip, base at the origin, and q1..qn in radians) under a
 * comment naming the links, read back pose by pose, each checked against
 * the arm.  Used by ikreach -M; the bank itself is struct kin_memory.
 */
#ifndef SPINE_KIN_BANK_H
#define SPINE_KIN_BANK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kin/kin.h"

struct kin_bank {
	struct kin_memory mem;
	double *q, *xy;
	uint32_t *order;
	size_t cap, n;		/* poses room is made for, poses added */
};

enum kin_bank_status {
	KIN_BANK_OK = 0,
	KIN_BANK_NOMEM,		/* out of memory, or more than KIN_MEMORY_MAX */
	KIN_BANK_MISFIT,	/* a pose's angles do not put the tip at x,y */
	KIN_BANK_EMPTY,		/* no poses */
	KIN_BANK_IO		/* writing failed (errno) */
};

/* The file's columns: x, y, q1..qn into names (2 + n), the q names
   spelt in qn. */
void kin_bank_columns(const struct kin_arm *arm, const char **names,
    char (*qn)[16]);

/* Explore count poses with solver s into a zeroed bank. */
enum kin_bank_status kin_bank_explore(struct kin_bank *b,
    struct kin_solver *s, long count);
/* The bank as its file on fp (the caller keeps it). */
enum kin_bank_status kin_bank_write(const struct kin_bank *b, FILE *fp,
    const struct kin_arm *arm);

/* One pose read back into a zeroed bank: vals holds x, y, q1..qn. */
enum kin_bank_status kin_bank_add(struct kin_bank *b,
    const struct kin_arm *arm, const double *vals);
/* Every pose added: the nearest-pose tree built. */
enum kin_bank_status kin_bank_finish(struct kin_bank *b,
    const struct kin_arm *arm);

void kin_bank_free(struct kin_bank *b);

#endif
