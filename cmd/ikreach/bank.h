/*
 * bank.h - ikreach's memory bank on disk: explore and save it, or load it
 * back and check it belongs to this arm.  Used by main.c; the bank and
 * its file are lib/kin/bank.h's.
 */
#ifndef IKREACH_BANK_H
#define IKREACH_BANK_H

#include "kin/bank.h"

/* Explore count poses with solver s; 0 or an exit status. */
int bank_explore(struct kin_bank *b, struct kin_solver *s, long count);
/* Write the bank to path, whole or not at all; 0 or an exit status. */
int bank_save(const struct kin_bank *b, const char *path,
    const struct kin_arm *arm);
/* Read a bank written by bank_save for this arm; 0 or an exit status. */
int bank_load(struct kin_bank *b, const char *path,
    const struct kin_arm *arm);

#endif
