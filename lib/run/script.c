/*
 * script.c - --senses FILE.csv: sense values by cycle, read as the run
 * goes (run.h).  The header names a `cycle` column (optional) and senses
 * by name, #id or id; a row gives values from its cycle until the next
 * row; without a cycle column row i is cycle i.  Senses not in the file,
 * and before the first row, read 0.
 */
#include <stdlib.h>
#include <string.h>

#include "host/input.h"
#include "host/num.h"
#include "run/run.h"

/* Columns from the header: the cycle column, else a sense id each. */
static int
read_header(struct script *s, const struct names *n)
{
	struct csv_reader *cr = &s->cr;
	size_t i, j;

	s->cycle_col = -1;
	s->width = csv_nfields(cr);
	s->sense = calloc(s->width + 1, sizeof *s->sense);
	s->value = calloc(s->width + 1, sizeof *s->value);
	if (s->sense == NULL || s->value == NULL) {
		diag_error(&s->d, 0, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < s->width; i++) {
		const char *f = csv_field(cr, i);
		long id;

		if (strcmp(f, "cycle") == 0 && s->cycle_col < 0) {
			s->cycle_col = (long)i;
			continue;
		}
		if ((id = names_sense_id(n, f)) < 0) {
			diag_error(&s->d, cr->line, csv_col(cr, i), "no sense "
			    "'%s' in the plan (a name, #id or id)", f);
			return -1;
		}
		for (j = 0; j < (size_t)s->ncols; j++)
			if (s->sense[j] == id) {
				diag_error(&s->d, cr->line, csv_col(cr, i),
				    "sense '%s' has two columns", f);
				return -1;
			}
		s->sense[s->ncols++] = (uint16_t)id;
	}
	return 0;
}

/* The row just read, checked, into the pending row. */
static int
take_row(struct script *s)
{
	struct csv_reader *cr = &s->cr;
	long k = 0, cycle = s->rows + 1, v;
	enum num_error e;
	size_t i;

	if (csv_nfields(cr) != s->width)
		return diag_error(&s->d, cr->line, 0, "expected %zu fields, "
		    "found %zu", s->width, csv_nfields(cr)), -1;
	for (i = 0; i < s->width; i++) {
		const char *f = csv_field(cr, i);

		if ((long)i == s->cycle_col) {
			if ((e = num_long(f, 1, 0x7fffffffL, &cycle)) != NUM_OK)
				return diag_error(&s->d, cr->line,
				    csv_col(cr, i), "cycle '%s': %s (cycles "
				    "count from 1)", f, num_strerror(e)), -1;
			continue;
		}
		if ((e = num_long(f, -32768, 32767, &v)) != NUM_OK)
			return diag_error(&s->d, cr->line, csv_col(cr, i),
			    "'%s': %s (sense values are integers "
			    "-32768..32767)", f, num_strerror(e)), -1;
		s->value[k++] = (int16_t)v;
	}
	if (s->rows > 0 && cycle <= s->last)
		return diag_error(&s->d, cr->line, s->cycle_col >= 0 ?
		    csv_col(cr, (size_t)s->cycle_col) : 0, "cycle %ld does not "
		    "come after cycle %ld", cycle, s->last), -1;
	s->rows++;
	s->pending = s->last = cycle;
	return 0;
}

/* The next row as the pending one, or the end; -1 after a message. */
static int
read_next(struct script *s)
{
	int got;

	s->pending = 0;
	if (s->ended)
		return 0;
	if ((got = csv_read(&s->cr)) == 1)
		return take_row(s);
	s->ended = 1;
	if (got < 0)
		return diag_error(&s->d, s->cr.error_line, s->cr.error_col,
		    "%s", s->cr.error), -1;
	if (ferror(s->fp))
		return diag_error(&s->d, 0, 0, "read error"), -1;
	return 0;
}

enum run_status
script_open(struct script *s, const char *path, const struct names *n)
{
	int got;

	memset(s, 0, sizeof *s);
	s->d = diag_for(path);
	if ((s->fp = input_open(path, "r")) == NULL)
		return RUN_NO_INPUT;
	csv_init(&s->cr, s->fp, ',');
	if ((got = csv_read(&s->cr)) <= 0) {
		if (got < 0)
			diag_error(&s->d, s->cr.error_line, s->cr.error_col,
			    "%s", s->cr.error);
		else
			diag_error(&s->d, 0, 0, "empty: a header line is "
			    "needed");
		return RUN_BAD_DATA;
	}
	if (read_header(s, n) < 0 || read_next(s) < 0)
		return RUN_BAD_DATA;
	return RUN_OK;
}

void
script_close(struct script *s)
{
	if (s->fp != NULL) {
		csv_free(&s->cr);
		input_close(s->fp);
	}
	free(s->sense);
	free(s->value);
	memset(s, 0, sizeof *s);
}

enum run_status
script_advance(struct script *s, long cycle, int16_t *values)
{
	long k;

	while (s->pending != 0 && s->pending <= cycle) {
		for (k = 0; k < s->ncols; k++)
			values[s->sense[k]] = s->value[k];
		if (read_next(s) < 0)
			return RUN_BAD_DATA;
	}
	return RUN_OK;
}

int
script_covers(const struct script *s, long cycle)
{
	return s->pending != 0 || cycle <= s->last;
}
