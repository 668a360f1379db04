/*
 * source.h - where ikreach's rows come from: numbers given as arguments,
 * or a CSV file whose columns are found by header name, with the other
 * columns carried along to be printed in front.  Used by main.c.
 */
#ifndef IKREACH_SOURCE_H
#define IKREACH_SOURCE_H

#include <stdio.h>

#include "host/diag.h"
#include "host/table.h"
#include "traj/waypoints.h"

#define SOURCE_MAX_WANT 64

struct source {
	/* arguments */
	char **args;
	int nargs, next;
	/* CSV: the path table (spine-path(5)) through its one reader */
	const char *name;
	FILE *fp;
	struct traj_table tt;
	struct diag diag;
	int col[SOURCE_MAX_WANT];	/* field index of each wanted column */
	int nwant;
	size_t npass;		/* fields carried through */
	const char **pass_names;
	const char **pass_vals;	/* this row's carried fields */
	long line;		/* this row's line, or argument number */
};

/*
 * Rows from arguments: each "a,b[,c...]" holding between `need` and
 * `nwant` numbers.
 */
void source_args(struct source *s, char **args, int nargs, int nwant);

/*
 * Rows from CSV `path` ("-" is stdin).  want[] names the columns to read,
 * the first `need` of them required; columns named in drop[] (which the
 * output repeats) are not carried through.  Returns 0, or an exit status
 * with a message printed.
 */
int source_csv(struct source *s, const char *path, const char *const *want,
    int nwant, int need, const char *const *drop, int ndrop);

/*
 * The next row: vals[i] for each wanted column (NAN when an optional one
 * is absent), *have the count present.  Returns 1, 0 at the end, or -1
 * with a message printed and *status set (EXIT_USAGE for arguments,
 * EXIT_DATAERR or EXIT_IOERR for files).
 */
int source_next(struct source *s, double *vals, int need, int *have,
    int *status);

/* This row's carried fields into t, as read (in JSON lines, numbers as
   numbers). */
void source_put_passed(const struct source *s, struct table *t);

void source_close(struct source *s);

#endif
