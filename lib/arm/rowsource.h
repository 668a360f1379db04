/*
 * rowsource.h - where ikreach's rows come from: numbers given as arguments,
 * or a CSV file whose columns are found by header name, with the other
 * columns carried along to be printed in front.  Used by cmd/ikreach.
 */
#ifndef SPINE_ARM_ROWSOURCE_H
#define SPINE_ARM_ROWSOURCE_H

#include <stdio.h>

#include "arm/status.h"
#include "host/diag.h"
#include "host/table.h"
#include "traj/waypoints.h"

#define ARM_SOURCE_MAX_WANT 64

struct arm_source {
	/* arguments */
	char **args;
	int nargs, next;
	/* CSV: the path table (spine-path(5)) through its one reader */
	const char *name;
	FILE *fp;
	struct traj_table tt;
	struct diag diag;	/* the file's: say's, at file:line:col */
	struct diag say;	/* the caller's sink (a copy) */
	int col[ARM_SOURCE_MAX_WANT];	/* field index of each wanted column */
	int nwant;
	size_t npass;		/* fields carried through */
	const char **pass_names;
	const char **pass_vals;	/* this row's carried fields */
	long line;		/* this row's line, or argument number */
};

/*
 * Rows from arguments: each "a,b[,c...]" holding between `need` and
 * `nwant` numbers; a bad one said through say.
 */
void arm_source_args(struct arm_source *s, char **args, int nargs, int nwant,
    struct diag *say);

/*
 * Rows from CSV `path` ("-" is stdin).  want[] names the columns to read,
 * the first `need` of them required; columns named in drop[] (which the
 * output repeats) are not carried through.  ARM_OK; or after a message
 * through say (as file:line:col where there is one): ARM_NO_INPUT,
 * ARM_DATA, ARM_IO, ARM_NO_MEMORY.
 */
enum arm_status arm_source_csv(struct arm_source *s, const char *path,
    const char *const *want, int nwant, int need, const char *const *drop,
    int ndrop, struct diag *say);

/*
 * The next row: vals[i] for each wanted column (NAN when an optional one
 * is absent), *have the count present.  Returns 1, 0 at the end, or -1
 * with a message said and *status set (ARM_USAGE for arguments,
 * ARM_DATA or ARM_IO for files).
 */
int arm_source_next(struct arm_source *s, double *vals, int need, int *have,
    enum arm_status *status);

/* This row's carried fields into t, as read (in JSON lines, numbers as
   numbers). */
void arm_source_put_passed(const struct arm_source *s, struct table *t);

void arm_source_close(struct arm_source *s);

#endif
