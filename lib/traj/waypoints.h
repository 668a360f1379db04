/*
 * waypoints.h - the path table (spine-path(5)), read by one reader for
 * every tool: mjtraj's waypoints, ikreach's targets, armctl run's path
 * and lib/arm's.  A CSV whose first line names the columns; a row a
 * waypoint.  The position is one of the ways the caller offers (x,y,z
 * with pitch and roll; joints by name; q1..qN), the first the header
 * gives; a t column (seconds) and ikreach's status column are read when
 * there, the rest carried for tools that print them back.
 */
#ifndef SPINE_TRAJ_WAYPOINTS_H
#define SPINE_TRAJ_WAYPOINTS_H

#include <stdio.h>

#include "host/csv.h"
#include "host/diag.h"

#define TRAJ_COLS_MAX 64	/* position columns of one way */

/* One way a table can give the position. */
struct traj_way {
	const char *const *names;	/* its columns; NULL: q1, q2, ... */
	int n;			/* names[] given; for q1..: at most this */
	int need;		/* the first `need` must be in the header */
};

struct traj_table {
	struct csv_reader csv;
	struct csv_header hdr;
	struct diag *d;
	/* after traj_table_open */
	int way;		/* the way the header gives */
	int n;			/* its columns (q1..: as many as found) */
	int col[TRAJ_COLS_MAX];	/* each one's field, or -1 */
	const char *name[TRAJ_COLS_MAX];
	int t_col, status_col;	/* -1 when absent */
	int *pass;		/* fields carried (not read, not dropped) */
	size_t npass;
	const char **pass_names;
	/* the row, after traj_table_next */
	long line;
	double v[TRAJ_COLS_MAX];	/* NAN where the column is absent */
	double t;		/* NAN without a t column */
	const char *status;	/* NULL without a status column */
	char qname[TRAJ_COLS_MAX][16];
};

/*
 * The header from fp (d names the file): the first of ways[0..nways)
 * whose needed columns it has.  Columns named in drop[] are read by
 * nobody and not carried.  0; or -1 after reporting: no header, a header
 * of numbers, a column twice, no way given (nways: "no column named
 * 'x'" of the last way tried).
 */
int traj_table_open(struct traj_table *tt, FILE *fp, struct diag *d,
    const struct traj_way *ways, int nways, const char *const *drop,
    int ndrop);

/* The next row: 1, 0 at the end, -1 after reporting bad data (a short
 * or long row, a field that is not a number). */
int traj_table_next(struct traj_table *tt);

/* Did ikreach mark this row as missing its target (a status column not
 * "ok" or empty)?  1 after reporting it at the field, else 0. */
int traj_table_missed(struct traj_table *tt);

/* Carried field i of this row. */
const char *traj_table_pass(const struct traj_table *tt, size_t i);

/* The reader stopped on fp's own error (74), not bad data (65). */
int traj_table_io_error(const struct traj_table *tt);

void traj_table_close(struct traj_table *tt);

#endif
