/*
 * read.c - reading the sense table (senses.h) row by row, CSV or JSON
 * lines: the columns (the key, time_ms or cycle, and the senses) from the
 * header or the first object's keys, then each row's fields found (by
 * position, or by key) and checked the same way for both: whole numbers
 * in range, time or cycles in order.  Used by planrun --senses
 * (lib/run/script.c).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/num.h"
#include "senses/senses.h"

static int
fail(struct senses_reader *r, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->error, sizeof r->error, fmt, ap);
	va_end(ap);
	r->err_line = line;
	r->err_col = col;
	return -1;
}

/* A column name as the key column: 1 when it is one, 0 when it is a
   sense, -1 when it is a second key. */
static int
key_field(struct senses_reader *r, const char *f, size_t i, long col)
{
	enum senses_key k;

	if (strcmp(f, "time_ms") == 0)
		k = SENSES_BY_TIME;
	else if (strcmp(f, "cycle") == 0)
		k = SENSES_BY_CYCLE;
	else
		return 0;
	if (r->key_col >= 0)
		return fail(r, r->header_line, col, "'%s' and '%s': a row is "
		    "placed by time_ms or by cycle, not both", r->key ==
		    SENSES_BY_TIME ? "time_ms" : "cycle", f);
	r->key = k;
	r->key_col = (long)i;
	return 1;
}

/* The columns, named in names[0..n) at cols[] on header_line. */
static int
take_columns(struct senses_reader *r, const char *const *names,
    const long *cols, size_t n)
{
	size_t i;
	int k;

	if (n > SENSES_MAX_COLUMNS)
		return fail(r, r->header_line, cols[SENSES_MAX_COLUMNS],
		    "more than %d columns", SENSES_MAX_COLUMNS);
	r->width = n;
	r->name = calloc(n + 1, sizeof *r->name);
	r->name_col = calloc(n + 1, sizeof *r->name_col);
	r->field = calloc(n + 1, sizeof *r->field);
	r->value = calloc(n + 1, sizeof *r->value);
	r->fv = calloc(n + 1, sizeof *r->fv);
	r->fc = calloc(n + 1, sizeof *r->fc);
	r->colname = calloc(n + 1, sizeof *r->colname);
	if (!r->name || !r->name_col || !r->field || !r->value || !r->fv ||
	    !r->fc || !r->colname)
		return fail(r, r->header_line, 0, "out of memory");
	for (i = 0; i < n; i++) {
		if ((k = key_field(r, names[i], i, cols[i])) < 0)
			return -1;
		if (k) {
			r->colname[i] = r->key == SENSES_BY_TIME ? "time_ms" :
			    "cycle";
			continue;
		}
		if (*names[i] == '\0')
			return fail(r, r->header_line, cols[i], "column %zu "
			    "has no name", i + 1);
		if ((r->name[r->ncols] = strdup(names[i])) == NULL)
			return fail(r, r->header_line, 0, "out of memory");
		r->name_col[r->ncols] = cols[i];
		r->colname[i] = r->name[r->ncols];
		r->field[r->ncols++] = i;
	}
	return 0;
}

static int
csv_header(struct senses_reader *r)
{
	size_t i, n = csv_nfields(&r->csv);
	const char **names = calloc(n + 1, sizeof *names);
	long *cols = calloc(n + 1, sizeof *cols);
	int rc;

	if (names == NULL || cols == NULL)
		rc = fail(r, r->csv.line, 0, "out of memory");
	else {
		for (i = 0; i < n; i++) {
			names[i] = csv_field(&r->csv, i);
			cols[i] = csv_col(&r->csv, i);
		}
		rc = take_columns(r, names, cols, n);
	}
	free(names);
	free(cols);
	return rc;
}

/* JSON lines: the first object's keys name the columns; it is also the
   first row.  A key's column is that of its value. */
static int
json_header(struct senses_reader *r)
{
	struct jsonl_reader *j = &r->jl;
	size_t i, n;
	const char **names;
	long *cols;
	int got, rc;

	if ((got = jsonl_read(j)) <= 0)
		return got < 0 ? fail(r, j->err_line, j->err_col, "%s",
		    j->error) : fail(r, 1, 0, "empty: no whole line");
	n = j->n;
	r->header_line = j->line;
	names = calloc(n + 1, sizeof *names);
	cols = calloc(n + 1, sizeof *cols);
	if (names == NULL || cols == NULL)
		rc = fail(r, j->line, 0, "out of memory");
	else {
		for (i = 0; i < n; i++) {
			names[i] = j->m[i].key;
			cols[i] = j->m[i].col;
		}
		rc = take_columns(r, names, cols, n);
	}
	free(names);
	free(cols);
	r->held = 1;
	return rc;
}

int
senses_reader_open(struct senses_reader *r, FILE *fp)
{
	int got, c;

	memset(r, 0, sizeof *r);
	r->fp = fp;
	r->key_col = -1;
	csv_init(&r->csv, fp, ',');
	jsonl_init(&r->jl, fp);
	c = getc(fp);
	if (c != EOF)
		ungetc(c, fp);
	if (c == '{') {
		r->json = 1;
		return json_header(r);
	}
	if ((got = csv_read(&r->csv)) < 0)
		return fail(r, r->csv.error_line, r->csv.error_col, "%s",
		    r->csv.error);
	if (got == 0)
		return fail(r, 1, 0, "empty: a sense table starts with a "
		    "header line");
	r->header_line = r->csv.line;
	return csv_header(r);
}

void
senses_reader_close(struct senses_reader *r)
{
	size_t i;

	csv_free(&r->csv);
	jsonl_free(&r->jl);
	for (i = 0; r->name && i < r->ncols; i++)
		free(r->name[i]);
	free(r->name);
	free(r->name_col);
	free(r->field);
	free(r->value);
	free(r->fv);
	free(r->fc);
	free(r->colname);
	r->name = NULL;
	r->name_col = NULL;
	r->field = NULL;
	r->value = NULL;
	r->fv = NULL;
	r->fc = NULL;
	r->colname = NULL;
}

/* The row's place: its cycle (from 1, increasing), its time (from 0,
   never decreasing), or its number. */
static int
take_key(struct senses_reader *r)
{
	enum num_error e;
	const char *f;
	long v, c;

	if (r->key == SENSES_BY_ROW) {
		r->at = r->rows + 1;
		return 0;
	}
	f = r->fv[r->key_col];
	c = r->fc[r->key_col];
	if (r->key == SENSES_BY_CYCLE) {
		if ((e = num_long(f, 1, 0x7fffffffL, &v)) != NUM_OK)
			return fail(r, r->line, c, "cycle '%.40s': %s (cycles "
			    "count from 1)", f, num_strerror(e));
		if (r->rows > 0 && v <= r->at)
			return fail(r, r->line, c, "cycle %ld does not come "
			    "after cycle %ld", v, r->at);
	} else {
		if ((e = num_long(f, 0, 0x7fffffffL, &v)) != NUM_OK)
			return fail(r, r->line, c, "time_ms '%.40s': %s (a "
			    "time from 0 in ms)", f, num_strerror(e));
		if (r->rows > 0 && v < r->at)
			return fail(r, r->line, c, "time_ms %ld comes before "
			    "%ld", v, r->at);
	}
	r->at = v;
	return 0;
}

/* A CSV row's fields; 1, 0 at the end, -1. */
static int
csv_row(struct senses_reader *r)
{
	size_t i;
	int got;

	if ((got = csv_read(&r->csv)) < 0)
		return fail(r, r->csv.error_line, r->csv.error_col, "%s",
		    r->csv.error);
	if (got == 0)
		return ferror(r->fp) ? fail(r, 0, 0, "read error") : 0;
	r->line = r->csv.line;
	if (csv_nfields(&r->csv) != r->width)
		return fail(r, r->line, 0, "expected %zu fields, found %zu",
		    r->width, csv_nfields(&r->csv));
	for (i = 0; i < r->width; i++) {
		r->fv[i] = csv_field(&r->csv, i);
		r->fc[i] = csv_col(&r->csv, i);
	}
	return 1;
}

/* The header position of a JSON key: where it was on the first line,
   looked for there first (struct table keeps the order); -1 if none. */
static long
json_position(const struct senses_reader *r, const char *key, size_t guess)
{
	size_t i;

	for (i = 0; i < r->width; i++) {
		size_t at = (guess + i) % r->width;

		if (strcmp(r->colname[at], key) == 0)
			return (long)at;
	}
	return -1;
}

/* A JSON row's fields, by key: every column once, no other key. */
static int
json_row(struct senses_reader *r)
{
	struct jsonl_reader *j = &r->jl;
	size_t i;
	long at;
	int got;

	if (r->held)
		r->held = 0;
	else if ((got = jsonl_read(j)) <= 0)
		return got < 0 ? fail(r, j->err_line, j->err_col, "%s",
		    j->error) : 0;
	r->line = j->line;
	for (i = 0; i < r->width; i++)
		r->fv[i] = NULL;
	for (i = 0; i < j->n; i++) {
		if ((at = json_position(r, j->m[i].key, i)) < 0)
			return fail(r, r->line, j->m[i].col, "'%.40s': not a "
			    "column of the first line", j->m[i].key);
		if (r->fv[at] != NULL)
			return fail(r, r->line, j->m[i].col, "'%.40s' twice",
			    j->m[i].key);
		r->fv[at] = j->m[i].value;
		r->fc[at] = j->m[i].col;
	}
	for (i = 0; i < r->width; i++)
		if (r->fv[i] == NULL)
			return fail(r, r->line, 1, "no '%s'",
			    r->colname[i]);
	return 1;
}

int
senses_read(struct senses_reader *r)
{
	enum num_error e;
	size_t k;
	long v;
	int got;

	if ((got = r->json ? json_row(r) : csv_row(r)) <= 0)
		return got;
	if (take_key(r) < 0)
		return -1;
	for (k = 0; k < r->ncols; k++) {
		const char *f = r->fv[r->field[k]];

		if ((e = num_long(f, -32768, 32767, &v)) != NUM_OK)
			return fail(r, r->line, r->fc[r->field[k]], "%s "
			    "'%.40s': %s (sense values are integers "
			    "-32768..32767)", r->name[k], f, num_strerror(e));
		r->value[k] = (int16_t)v;
	}
	r->rows++;
	return 1;
}
