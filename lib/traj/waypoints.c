/*
 * waypoints.c - the path table's one reader (waypoints.h): the header's
 * columns sorted into the position, t, status and the carried rest; each
 * row's numbers checked, file:line:col on every problem.  Called by
 * mjtraj, ikreach, armctl and lib/arm/path.c.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/num.h"
#include "traj/waypoints.h"

static int
listed(const char *name, const char *const *list, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return 1;
	return 0;
}

/* A first line of numbers is data someone forgot to name. */
static int
numbers_only(const struct csv_reader *r)
{
	double v;
	size_t i;

	for (i = 0; i < csv_nfields(r); i++)
		if (num_double(csv_field(r, i), &v) != NUM_OK)
			return 0;
	return 1;
}

static int
twice(struct traj_table *tt)
{
	size_t i, j;
	char buf[48];

	for (i = 0; i < tt->hdr.n; i++)
		for (j = i + 1; j < tt->hdr.n; j++)
			if (strcmp(tt->hdr.names[i], tt->hdr.names[j]) == 0) {
				diag_error(tt->d, tt->csv.line, 0, "column '%s' "
				    "appears twice", diag_shown(tt->hdr.names[i],
				    buf, sizeof buf));
				return 1;
			}
	return 0;
}

/* Way w's columns in this header: 1 when it has the needed ones. */
static int
try_way(struct traj_table *tt, const struct traj_way *w)
{
	int i;

	tt->n = 0;
	for (i = 0; i < w->n && i < TRAJ_COLS_MAX; i++) {
		if (w->names)
			tt->name[i] = w->names[i];
		else {
			snprintf(tt->qname[i], sizeof tt->qname[i], "q%d", i + 1);
			tt->name[i] = tt->qname[i];
		}
		tt->col[i] = csv_header_find(&tt->hdr, tt->name[i]);
		if (tt->col[i] < 0 && !w->names)
			break;	/* q1..: as many as there are in a row */
		tt->n++;
	}
	for (i = 0; i < w->need; i++)
		if (i >= tt->n || tt->col[i] < 0)
			return 0;
	return 1;
}

/* The fields nobody reads: carried to the caller. */
static int
carried(struct traj_table *tt, const char *const *drop, int ndrop)
{
	size_t i;
	int k, used;

	tt->pass = calloc(tt->hdr.n + 1, sizeof *tt->pass);
	tt->pass_names = calloc(tt->hdr.n + 1, sizeof *tt->pass_names);
	if (tt->pass == NULL || tt->pass_names == NULL) {
		diag_error(tt->d, 0, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < tt->hdr.n; i++) {
		for (k = 0, used = 0; k < tt->n; k++)
			used |= tt->col[k] == (int)i;
		if (used || listed(tt->hdr.names[i], drop, ndrop))
			continue;
		tt->pass_names[tt->npass] = tt->hdr.names[i];
		tt->pass[tt->npass++] = (int)i;
	}
	return 0;
}

/* The reader stopped: the file failed (said as such), or bad data. */
static void
failed(struct traj_table *tt)
{
	if (ferror(tt->csv.fp))
		diag_error(tt->d, 0, 0, "read error: %s", strerror(errno));
	else
		diag_error(tt->d, tt->csv.error_line, tt->csv.error_col, "%s",
		    tt->csv.error);
}

static int
header(struct traj_table *tt)
{
	int got = csv_read(&tt->csv);

	if (got < 0) {
		failed(tt);
		return -1;
	}
	if (got == 0) {
		diag_error(tt->d, 0, 0, "no header line and no waypoints");
		return -1;
	}
	if (numbers_only(&tt->csv)) {
		diag_error(tt->d, tt->csv.line, 1, "the first line must be a "
		    "header naming the columns (x,y,z; joint names; q1..qN)");
		return -1;
	}
	if (csv_header_take(&tt->csv, &tt->hdr) < 0) {
		diag_error(tt->d, 0, 0, "out of memory");
		return -1;
	}
	return twice(tt) ? -1 : 0;
}

/* "x,y,z or q1..qN": the ways' needed columns, for a message. */
static void
wanted(const struct traj_way *ways, int nways, char *buf, size_t cap)
{
	size_t k = 0;
	int w, i;

	buf[0] = '\0';
	for (w = 0; w < nways && k + 1 < cap; w++) {
		k += (size_t)snprintf(buf + k, cap - k, "%s", w == 0 ? "" :
		    w + 1 < nways ? "; " : " or ");
		for (i = 0; ways[w].names && i < ways[w].need && k + 1 < cap;
		    i++)
			k += (size_t)snprintf(buf + k, cap - k, "%s%s", i ? "," :
			    "", ways[w].names[i]);
		if (!ways[w].names && k + 1 < cap)
			k += (size_t)snprintf(buf + k, cap - k, "q1..qN");
	}
}

int
traj_table_open(struct traj_table *tt, FILE *fp, struct diag *d,
    const struct traj_way *ways, int nways, const char *const *drop,
    int ndrop)
{
	char buf[400];
	int w;

	memset(tt, 0, sizeof *tt);
	tt->d = d;
	tt->way = -1;
	csv_init(&tt->csv, fp, ',');
	if (header(tt) != 0)
		return -1;
	for (w = 0; w < nways; w++)
		if (try_way(tt, &ways[w]))
			break;
	if (w == nways) {
		wanted(ways, nways, buf, sizeof buf);
		diag_error(d, tt->csv.line, 0, "the header gives no position: "
		    "want %s", buf);
		return -1;
	}
	tt->way = w;
	tt->t_col = csv_header_find(&tt->hdr, "t");
	tt->status_col = csv_header_find(&tt->hdr, "status");
	return carried(tt, drop, ndrop);
}

/* Field f as a number into *v; 0, or -1 reported. */
static int
number(struct traj_table *tt, int f, double *v)
{
	const char *s = csv_field(&tt->csv, (size_t)f);
	char b1[48], b2[48];
	enum num_error e;

	if ((e = num_double(s, v)) == NUM_OK)
		return 0;
	diag_error(tt->d, tt->line, csv_col(&tt->csv, (size_t)f), "%s: %s: "
	    "'%s'", diag_shown(tt->hdr.names[f], b1, sizeof b1),
	    num_strerror(e), diag_shown(s, b2, sizeof b2));
	return -1;
}

int
traj_table_next(struct traj_table *tt)
{
	int got = csv_read(&tt->csv), i;

	if (got < 0) {
		failed(tt);
		return -1;
	}
	if (got == 0)
		return 0;
	tt->line = tt->csv.line;
	if (csv_nfields(&tt->csv) != tt->hdr.n) {
		diag_error(tt->d, tt->line, 0, "%zu fields where the header "
		    "has %zu", csv_nfields(&tt->csv), tt->hdr.n);
		return -1;
	}
	for (i = 0; i < tt->n; i++) {
		tt->v[i] = NAN;
		if (tt->col[i] >= 0 && number(tt, tt->col[i], &tt->v[i]) != 0)
			return -1;
	}
	tt->t = NAN;
	if (tt->t_col >= 0 && number(tt, tt->t_col, &tt->t) != 0)
		return -1;
	tt->status = tt->status_col < 0 ? NULL : csv_field(&tt->csv,
	    (size_t)tt->status_col);
	return 1;
}

int
traj_table_missed(struct traj_table *tt)
{
	if (tt->status == NULL || *tt->status == '\0' ||
	    strcmp(tt->status, "ok") == 0)
		return 0;
	diag_error(tt->d, tt->line, csv_col(&tt->csv, (size_t)tt->status_col),
	    "the joint values of this row missed their target (status %s)",
	    tt->status);
	return 1;
}

const char *
traj_table_pass(const struct traj_table *tt, size_t i)
{
	return csv_field(&tt->csv, (size_t)tt->pass[i]);
}

int
traj_table_io_error(const struct traj_table *tt)
{
	return tt->csv.fp && ferror(tt->csv.fp);
}

void
traj_table_close(struct traj_table *tt)
{
	csv_header_free(&tt->hdr);
	csv_free(&tt->csv);
	free(tt->pass);
	free(tt->pass_names);
	tt->pass = NULL;
	tt->pass_names = NULL;
}
