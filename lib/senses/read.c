/*
 * read.c - reading the sense table (senses.h) row by row: the header's
 * key column (time_ms or cycle) and sense columns, then each row's values
 * checked (whole numbers in range, time or cycles in order).  Used by
 * planrun --senses (lib/run/script.c).
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

/* A header field as the key column: 1 when it is one, 0 when it is a
   sense, -1 when it is a second key. */
static int
key_field(struct senses_reader *r, const char *f, size_t i)
{
	enum senses_key k;

	if (strcmp(f, "time_ms") == 0)
		k = SENSES_BY_TIME;
	else if (strcmp(f, "cycle") == 0)
		k = SENSES_BY_CYCLE;
	else
		return 0;
	if (r->key_col >= 0)
		return fail(r, r->csv.line, csv_col(&r->csv, i), "'%s' and "
		    "'%s': a row is placed by time_ms or by cycle, not both",
		    csv_field(&r->csv, (size_t)r->key_col), f);
	r->key = k;
	r->key_col = (long)i;
	return 1;
}

static int
take_header(struct senses_reader *r)
{
	size_t i, n = csv_nfields(&r->csv);
	int k;

	if (n > SENSES_MAX_COLUMNS)
		return fail(r, r->csv.line, csv_col(&r->csv, SENSES_MAX_COLUMNS),
		    "more than %d columns", SENSES_MAX_COLUMNS);
	r->width = n;
	r->name = calloc(n + 1, sizeof *r->name);
	r->name_col = calloc(n + 1, sizeof *r->name_col);
	r->field = calloc(n + 1, sizeof *r->field);
	r->value = calloc(n + 1, sizeof *r->value);
	if (!r->name || !r->name_col || !r->field || !r->value)
		return fail(r, r->csv.line, 0, "out of memory");
	for (i = 0; i < n; i++) {
		const char *f = csv_field(&r->csv, i);

		if ((k = key_field(r, f, i)) < 0)
			return -1;
		if (k)
			continue;
		if (*f == '\0')
			return fail(r, r->csv.line, csv_col(&r->csv, i),
			    "column %zu has no name", i + 1);
		if ((r->name[r->ncols] = strdup(f)) == NULL)
			return fail(r, r->csv.line, 0, "out of memory");
		r->name_col[r->ncols] = csv_col(&r->csv, i);
		r->field[r->ncols++] = i;
	}
	return 0;
}

int
senses_reader_open(struct senses_reader *r, FILE *fp)
{
	int got;

	memset(r, 0, sizeof *r);
	r->fp = fp;
	r->key_col = -1;
	csv_init(&r->csv, fp, ',');
	if ((got = csv_read(&r->csv)) < 0)
		return fail(r, r->csv.error_line, r->csv.error_col, "%s",
		    r->csv.error);
	if (got == 0)
		return fail(r, 1, 0, "empty: a sense table starts with a "
		    "header line");
	return take_header(r);
}

void
senses_reader_close(struct senses_reader *r)
{
	size_t i;

	csv_free(&r->csv);
	for (i = 0; r->name && i < r->ncols; i++)
		free(r->name[i]);
	free(r->name);
	free(r->name_col);
	free(r->field);
	free(r->value);
	r->name = NULL;
	r->name_col = NULL;
	r->field = NULL;
	r->value = NULL;
}

/* The row's place: its cycle (from 1, increasing), its time (from 0,
   never decreasing), or its number. */
static int
take_key(struct senses_reader *r)
{
	const char *f;
	enum num_error e;
	long v, c;

	if (r->key == SENSES_BY_ROW) {
		r->at = r->rows + 1;
		return 0;
	}
	f = csv_field(&r->csv, (size_t)r->key_col);
	c = csv_col(&r->csv, (size_t)r->key_col);
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

int
senses_read(struct senses_reader *r)
{
	enum num_error e;
	size_t k;
	long v;
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
	if (take_key(r) < 0)
		return -1;
	for (k = 0; k < r->ncols; k++) {
		const char *f = csv_field(&r->csv, r->field[k]);

		if ((e = num_long(f, -32768, 32767, &v)) != NUM_OK)
			return fail(r, r->line, csv_col(&r->csv, r->field[k]),
			    "%s '%.40s': %s (sense values are integers "
			    "-32768..32767)", r->name[k], f, num_strerror(e));
		r->value[k] = (int16_t)v;
	}
	r->rows++;
	return 1;
}
