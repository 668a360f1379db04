/*
 * bank.c - ikreach -M FILE: the memory bank (lib/kin/bank.h) explored and
 * saved whole, or read back through ikreach's row source; the messages
 * and exit statuses.  Called by main.c.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "bank.h"
#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "arm/rowsource.h"

int
bank_explore(struct kin_bank *b, struct kin_solver *s, long count)
{
	memset(b, 0, sizeof *b);
	if (kin_bank_explore(b, s, count) != KIN_BANK_OK) {
		warnx_tool("--explore %ld: out of memory", count);
		return EXIT_IOERR;
	}
	return 0;
}

int
bank_save(const struct kin_bank *b, const char *path,
    const struct kin_arm *arm)
{
	struct atomic_file af;
	enum kin_bank_status st;

	if (atomic_open(&af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	if ((st = kin_bank_write(b, af.fp, arm)) == KIN_BANK_NOMEM) {
		atomic_abort(&af);
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	if (st != KIN_BANK_OK || atomic_commit(&af) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		atomic_abort(&af);
		return EXIT_IOERR;
	}
	return 0;
}

/* Reads every pose, checking each against the arm. */
static int
read_poses(struct kin_bank *b, struct arm_source *src, const struct kin_arm *arm)
{
	double vals[2 + KIN_MAX_LINKS];
	enum arm_status status = ARM_OK;
	int have, got = 0;
	enum kin_bank_status st = KIN_BANK_OK;

	while (st == KIN_BANK_OK && (got = arm_source_next(src, vals, 2 + arm->n,
	    &have, &status)) == 1)
		st = kin_bank_add(b, arm, vals);
	if (st == KIN_BANK_NOMEM) {
		diag_error(&src->diag, src->line, 0,
		    "too many poses for memory");
		return EXIT_IOERR;
	}
	if (st == KIN_BANK_MISFIT) {
		diag_error(&src->diag, src->line, 0, "these angles do not put "
		    "the tip at x,y with --links as given: a bank for another "
		    "arm?");
		return EXIT_DATAERR;
	}
	if (got < 0)
		return arm_status_exit(status);
	if (kin_bank_finish(b, arm) != KIN_BANK_OK) {
		diag_error(&src->diag, 0, 0, "no poses in the memory bank");
		return EXIT_DATAERR;
	}
	return 0;
}

int
bank_load(struct kin_bank *b, const char *path, const struct kin_arm *arm)
{
	const char *want[2 + KIN_MAX_LINKS];
	char qn[KIN_MAX_LINKS][16];	/* "q" and any int */
	struct arm_source src;
	struct diag say = diag_for(NULL);
	int st;

	memset(b, 0, sizeof *b);
	kin_bank_columns(arm, want, qn);
	st = arm_status_exit(arm_source_csv(&src, path, want, 2 + arm->n,
	    2 + arm->n, NULL, 0, &say));
	if (st == 0)
		st = read_poses(b, &src, arm);
	arm_source_close(&src);
	return st;
}
