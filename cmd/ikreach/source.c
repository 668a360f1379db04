/*
 * source.c - ikreach's rows, from arguments or from a CSV file with a
 * header line.  Strict: a missing column, a short record or a field that is
 * not a number stops the run with file:line:col and exit status 65.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/exits.h"
#include "host/num.h"
#include "source.h"

void
source_args(struct source *s, char **args, int nargs, int nwant)
{
	memset(s, 0, sizeof *s);
	s->args = args;
	s->nargs = nargs;
	s->nwant = nwant;
}

static int
in_list(const char *name, const char *const *list, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return 1;
	return 0;
}

/* Finds the wanted columns and the ones to carry; 0 or an exit status. */
static int
map_columns(struct source *s, const char *const *want, int nwant, int need,
    const char *const *drop, int ndrop)
{
	size_t i, j;
	int w;

	for (w = 0; w < nwant; w++) {
		s->col[w] = csv_header_find(&s->hdr, want[w]);
		if (s->col[w] < 0 && w < need) {
			diag_error(&s->diag, s->line, 0,
			    "no column named '%s' (the first line must name "
			    "the columns)", want[w]);
			return EXIT_DATAERR;
		}
	}
	for (i = 0; i < s->hdr.n; i++)
		for (j = i + 1; j < s->hdr.n; j++)
			if (strcmp(s->hdr.names[i], s->hdr.names[j]) == 0) {
				diag_error(&s->diag, s->line, 0,
				    "column '%s' appears twice",
				    s->hdr.names[i]);
				return EXIT_DATAERR;
			}
	s->pass = calloc(s->hdr.n + 1, sizeof *s->pass);
	s->pass_names = calloc(s->hdr.n + 1, sizeof *s->pass_names);
	s->pass_vals = calloc(s->hdr.n + 1, sizeof *s->pass_vals);
	if (!s->pass || !s->pass_names || !s->pass_vals) {
		diag_error(&s->diag, 0, 0, "out of memory");
		return EXIT_IOERR;
	}
	for (i = 0; i < s->hdr.n; i++) {
		const char *name = s->hdr.names[i];

		if (in_list(name, want, nwant) || in_list(name, drop, ndrop))
			continue;
		s->pass[s->npass] = (int)i;
		s->pass_names[s->npass++] = name;
	}
	return 0;
}

int
source_csv(struct source *s, const char *path, const char *const *want,
    int nwant, int need, const char *const *drop, int ndrop)
{
	int got;

	memset(s, 0, sizeof *s);
	s->name = path;
	s->nwant = nwant;
	s->diag = diag_for(path);
	if (strcmp(path, "-") == 0) {
		s->fp = stdin;
	} else if ((s->fp = fopen(path, "r")) == NULL) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_NOINPUT;
	}
	csv_init(&s->csv, s->fp, ',');
	got = csv_read(&s->csv);
	if (got < 0) {
		diag_error(&s->diag, s->csv.error_line, s->csv.error_col, "%s",
		    s->csv.error);
		return EXIT_DATAERR;
	}
	if (got == 0) {
		diag_error(&s->diag, 0, 0, "empty input: no header line");
		return EXIT_DATAERR;
	}
	s->line = s->csv.line;
	if (csv_header_take(&s->csv, &s->hdr) < 0) {
		diag_error(&s->diag, 0, 0, "out of memory");
		return EXIT_IOERR;
	}
	return map_columns(s, want, nwant, need, drop, ndrop);
}

static int
next_arg(struct source *s, double *vals, int need, int *have, int *status)
{
	enum num_error e;
	int bad, n;
	const char *a;

	if (s->next >= s->nargs)
		return 0;
	a = s->args[s->next++];
	s->line = s->next;
	n = num_double_list(a, vals, s->nwant, &e, &bad);
	if (n < 0 || n < need) {
		if (n < 0 && e == NUM_RANGE && bad == s->nwant)
			warnx_tool("'%s': at most %d numbers", a, s->nwant);
		else if (n < 0)
			warnx_tool("'%s': item %d: %s", a, bad + 1,
			    num_strerror(e));
		else
			warnx_tool("'%s': need %d numbers, not %d", a, need,
			    n);
		*status = EXIT_USAGE;
		return -1;
	}
	*have = n;
	return 1;
}

static int
next_record(struct source *s, double *vals, int *have, int *status)
{
	int got, w;
	size_t i;

	got = csv_read(&s->csv);
	if (got < 0) {
		diag_error(&s->diag, s->csv.error_line, s->csv.error_col, "%s",
		    s->csv.error);
		*status = ferror(s->fp) ? EXIT_IOERR : EXIT_DATAERR;
		return -1;
	}
	if (got == 0)
		return 0;
	s->line = s->csv.line;
	if (csv_nfields(&s->csv) != s->hdr.n) {
		diag_error(&s->diag, s->line, 0,
		    "%zu fields where the header has %zu",
		    csv_nfields(&s->csv), s->hdr.n);
		*status = EXIT_DATAERR;
		return -1;
	}
	*have = 0;
	for (w = 0; w < s->nwant; w++) {
		enum num_error e;

		vals[w] = NAN;
		if (s->col[w] < 0)
			continue;
		e = num_double(csv_field(&s->csv, (size_t)s->col[w]), &vals[w]);
		if (e != NUM_OK) {
			diag_error(&s->diag, s->line,
			    csv_col(&s->csv, (size_t)s->col[w]), "%s: %s",
			    s->hdr.names[s->col[w]], num_strerror(e));
			*status = EXIT_DATAERR;
			return -1;
		}
		++*have;
	}
	for (i = 0; i < s->npass; i++)
		s->pass_vals[i] = csv_field(&s->csv, (size_t)s->pass[i]);
	return 1;
}

int
source_next(struct source *s, double *vals, int need, int *have,
    int *status)
{
	if (s->args || s->fp == NULL)
		return next_arg(s, vals, need, have, status);
	return next_record(s, vals, have, status);
}

void
source_close(struct source *s)
{
	if (s->fp) {
		csv_free(&s->csv);
		csv_header_free(&s->hdr);
		if (s->fp != stdin)
			fclose(s->fp);
	}
	free(s->pass);
	free(s->pass_names);
	free(s->pass_vals);
	s->fp = NULL;
	s->pass = NULL;
	s->pass_names = NULL;
	s->pass_vals = NULL;
}
