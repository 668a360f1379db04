/*
 * points.c - the points mjtraj moves through: --from/--to, or the path
 * table (spine-path(5), lib/traj/waypoints.h) whose columns are found by
 * name (x,y,z; q1..qN; or --names).  Called by main.c; every problem is
 * reported here with its exit status.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "mjtraj.h"
#include "traj/waypoints.h"

void
points_free(struct points *p)
{
	size_t i;

	free(p->xyz);
	free(p->line);
	for (i = 0; i < MJTRAJ_DIM_MAX; i++)
		free(p->names[i]);
	memset(p, 0, sizeof *p);
}

static int
set_name(struct points *p, size_t i, const char *name)
{
	free(p->names[i]);
	if ((p->names[i] = strdup(name)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

/* x / x,y / x,y,z up to three coordinates, else (or `joint`) q1..qN. */
static int
default_names(struct points *p, int joint)
{
	static const char *const xyz[] = { "x", "y", "z" };
	char name[24];
	size_t i;
	int rc;

	for (i = 0; i < p->dim; i++) {
		if (!joint && p->dim <= 3)
			rc = set_name(p, i, xyz[i]);
		else {
			snprintf(name, sizeof name, "q%zu", i + 1);
			rc = set_name(p, i, name);
		}
		if (rc != EXIT_OK)
			return rc;
	}
	return EXIT_OK;
}

/* --names a,b,c: as many names as coordinates; none empty, none twice. */
static int
names_from_option(struct points *p, const char *list, size_t *count)
{
	const char *s = list;
	size_t n = 0, i;

	for (;;) {
		size_t len = strcspn(s, ",");
		char name[256];

		if (len == 0 || len >= sizeof name) {
			warnx_tool("--names: item %zu is %s", n + 1,
			    len ? "too long" : "empty");
			return EXIT_USAGE;
		}
		if (n == MJTRAJ_DIM_MAX) {
			warnx_tool("--names: more than %d names",
			    MJTRAJ_DIM_MAX);
			return EXIT_USAGE;
		}
		memcpy(name, s, len);
		name[len] = '\0';
		for (i = 0; i < n; i++)
			if (strcmp(p->names[i], name) == 0) {
				warnx_tool("--names: '%s' given twice", name);
				return EXIT_USAGE;
			}
		if (set_name(p, n++, name) != EXIT_OK)
			return EXIT_IOERR;
		if (s[len] == '\0')
			break;
		s += len + 1;
	}
	*count = n;
	return EXIT_OK;
}

/* Item i (0-based) of a comma-separated list, as a message shows it. */
static const char *
list_item(const char *s, int i, char *buf, size_t size)
{
	char item[48];
	size_t len;

	while (i-- > 0 && strchr(s, ','))
		s = strchr(s, ',') + 1;
	len = strcspn(s, ",");
	if (len >= sizeof item)
		len = sizeof item - 1;
	memcpy(item, s, len);
	item[len] = '\0';
	return diag_shown(item, buf, size);
}

/* Coordinates of --from or --to; the count, or -1 after a message. */
static int
parse_coords(const char *flag, const char *s, double *out)
{
	enum num_error e;
	int bad, n;
	char buf[48];

	n = num_double_list(s, out, MJTRAJ_DIM_MAX, &e, &bad);
	if (n > 0)
		return n;
	if (e == NUM_RANGE && bad == MJTRAJ_DIM_MAX)
		warnx_tool("%s: more than %d coordinates", flag,
		    MJTRAJ_DIM_MAX);
	else
		warnx_tool("%s: coordinate %d: %s: '%s'", flag, bad + 1,
		    num_strerror(e), list_item(s, bad, buf, sizeof buf));
	return -1;
}

static int
grow(struct points *p, size_t need)
{
	double *xyz;
	long *line;
	size_t cap;

	if (need <= p->cap)
		return EXIT_OK;
	cap = p->cap ? p->cap * 2 : 64;
	while (cap < need)
		cap *= 2;
	if ((xyz = realloc(p->xyz, cap * p->dim * sizeof *xyz)) == NULL)
		goto oom;
	p->xyz = xyz;
	if ((line = realloc(p->line, cap * sizeof *line)) == NULL)
		goto oom;
	p->line = line;
	p->cap = cap;
	return EXIT_OK;
oom:
	warnx_tool("out of memory after %zu waypoints", p->n);
	return EXIT_IOERR;
}

/* Adds a point at position `at` (0 = first, p->n = last). */
int
points_insert(struct points *p, size_t at, const double *xyz, long line)
{
	int rc;

	if ((rc = grow(p, p->n + 1)) != EXIT_OK)
		return rc;
	memmove(p->xyz + (at + 1) * p->dim, p->xyz + at * p->dim,
	    (p->n - at) * p->dim * sizeof *p->xyz);
	memmove(p->line + at + 1, p->line + at, (p->n - at) * sizeof *p->line);
	memcpy(p->xyz + at * p->dim, xyz, p->dim * sizeof *xyz);
	p->line[at] = line;
	p->n++;
	return EXIT_OK;
}

/* --from and --to, checked against each other and against p->dim. */
int
points_add_endpoints(struct points *p, const struct options *o)
{
	double from[MJTRAJ_DIM_MAX], to[MJTRAJ_DIM_MAX];
	int nf = 0, nt = 0, rc;

	if (o->from && (nf = parse_coords("--from", o->from, from)) < 0)
		return EXIT_USAGE;
	if (o->to && (nt = parse_coords("--to", o->to, to)) < 0)
		return EXIT_USAGE;
	if (o->from && o->to && nf != nt) {
		warnx_tool("--from has %d coordinates but --to has %d", nf,
		    nt);
		return EXIT_USAGE;
	}
	if (p->dim == 0)
		p->dim = (size_t)(o->from ? nf : nt);
	if ((o->from && (size_t)nf != p->dim) ||
	    (o->to && (size_t)nt != p->dim)) {
		warnx_tool("%s has %d coordinates but the waypoints have %zu",
		    o->from && (size_t)nf != p->dim ? "--from" : "--to",
		    o->from && (size_t)nf != p->dim ? nf : nt, p->dim);
		return EXIT_USAGE;
	}
	if (o->from && (rc = points_insert(p, 0, from, 0)) != EXIT_OK)
		return rc;
	if (o->to && (rc = points_insert(p, p->n, to, 0)) != EXIT_OK)
		return rc;
	return EXIT_OK;
}

int
points_from_args(struct points *p, const struct options *o)
{
	size_t n = 0;
	int rc;

	memset(p, 0, sizeof *p);
	if ((rc = points_add_endpoints(p, o)) != EXIT_OK)
		return rc;
	if (o->names) {
		if ((rc = names_from_option(p, o->names, &n)) != EXIT_OK)
			return rc;
		if (n != p->dim) {
			warnx_tool("--names gives %zu names for %zu "
			    "coordinates", n, p->dim);
			return EXIT_USAGE;
		}
		return EXIT_OK;
	}
	return default_names(p, o->joint);
}

/*
 * Which columns hold the coordinates, and their names: --names, q1..qN
 * with --joint, else x[,y[,z]], else q1..qN (spine-path(5)).
 */
static int
open_table(struct points *p, const struct options *o, struct traj_table *tt,
    FILE *fp, struct diag *d)
{
	static const char *const xyz[] = { "x", "y", "z" };
	struct traj_way ways[2];
	size_t n = 0, i;
	int nways = 0, rc;

	if (o->names) {
		if ((rc = names_from_option(p, o->names, &n)) != EXIT_OK)
			return rc;
		ways[nways++] = (struct traj_way){ (const char *const *)
		    p->names, (int)n, (int)n };
	} else {
		if (!o->joint)
			ways[nways++] = (struct traj_way){ xyz, 3, 1 };
		ways[nways++] = (struct traj_way){ NULL, MJTRAJ_DIM_MAX, 1 };
	}
	if (traj_table_open(tt, fp, d, ways, nways, NULL, 0) != 0)
		return traj_table_io_error(tt) ? EXIT_IOERR : EXIT_DATAERR;
	if (o->names)
		p->dim = n;
	else if (ways[tt->way].names) {	/* x, x,y or x,y,z */
		if (tt->col[1] < 0 && tt->col[2] >= 0) {
			diag_error(d, tt->csv.line, 0, "column z without y");
			return EXIT_DATAERR;
		}
		for (p->dim = 0; p->dim < 3 && tt->col[p->dim] >= 0; p->dim++)
			;
	} else
		p->dim = (size_t)tt->n;
	for (i = 0; !o->names && i < p->dim; i++)
		if ((rc = set_name(p, i, tt->name[i])) != EXIT_OK)
			return rc;
	return EXIT_OK;
}

int
points_table_open(struct points *p, const struct options *o,
    struct traj_table *tt, FILE *fp, struct diag *d)
{
	return open_table(p, o, tt, fp, d);
}

/* Rows onto p until it holds `max` points or the table ends (*eof). */
int
points_table_rows(struct points *p, struct traj_table *tt, size_t max,
    int *eof)
{
	int got = 0, rc = EXIT_OK;

	while (rc == EXIT_OK && p->n < max && (got = traj_table_next(tt)) == 1)
		rc = points_insert(p, p->n, tt->v, tt->line);
	if (rc == EXIT_OK && got < 0)
		rc = traj_table_io_error(tt) ? EXIT_IOERR : EXIT_DATAERR;
	*eof = got == 0;
	return rc;
}

static int
read_table(struct points *p, const struct options *o, FILE *fp,
    struct diag *d)
{
	struct traj_table tt;
	int eof, rc;

	rc = points_table_open(p, o, &tt, fp, d);
	if (rc == EXIT_OK)
		rc = points_table_rows(p, &tt, (size_t)-1, &eof);
	if (rc == EXIT_OK && p->n == 0) {
		diag_error(d, 0, 0, "no waypoints after the header");
		rc = EXIT_DATAERR;
	}
	traj_table_close(&tt);
	return rc;
}

int
points_read(struct points *p, const struct options *o)
{
	struct diag d = diag_for(o->input);
	FILE *fp = stdin;
	int rc;

	memset(p, 0, sizeof *p);
	p->file = o->input;
	if (strcmp(o->input, "-") != 0 &&
	    (fp = fopen(o->input, "r")) == NULL) {
		warnx_tool("%s: %s", o->input, strerror(errno));
		return EXIT_NOINPUT;
	}
	rc = read_table(p, o, fp, &d);
	if (fp != stdin)
		fclose(fp);
	if (rc == EXIT_OK)
		rc = points_add_endpoints(p, o);
	return rc;
}
