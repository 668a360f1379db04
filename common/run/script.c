/*
 * script.c - --senses FILE.csv: sense values by cycle.  The header names a
 * `cycle` column (optional) and senses by name, #id or id; a row gives
 * values from its cycle until the next row; without a cycle column row i
 * is cycle i.  Senses not in the file, and before the first row, read 0.
 */
#include <stdlib.h>
#include <string.h>

#include "host/csv.h"
#include "host/diag.h"
#include "host/num.h"
#include "host/input.h"
#include "run/run.h"

/* Columns from the header: -1 the cycle column, else a sense id. */
static int
read_header(struct script *s, struct csv_reader *cr, struct diag *d,
    const struct names *n, long *cycle_col)
{
	size_t i, j;

	*cycle_col = -1;
	s->ncols = 0;
	s->sense = calloc(csv_nfields(cr) + 1, sizeof *s->sense);
	if (s->sense == NULL)
		return -1;
	for (i = 0; i < csv_nfields(cr); i++) {
		const char *f = csv_field(cr, i);
		long id;

		if (strcmp(f, "cycle") == 0 && *cycle_col < 0) {
			*cycle_col = (long)i;
			continue;
		}
		if ((id = names_sense_id(n, f)) < 0) {
			diag_error(d, cr->line, csv_col(cr, i), "no sense "
			    "'%s' in the plan (a name, #id or id)", f);
			return -1;
		}
		for (j = 0; j < (size_t)s->ncols; j++)
			if (s->sense[j] == id) {
				diag_error(d, cr->line, csv_col(cr, i),
				    "sense '%s' has two columns", f);
				return -1;
			}
		s->sense[s->ncols++] = (uint16_t)id;
	}
	return 0;
}

/* Room for one more row: a cycle and ncols values. */
static int
grow(struct script *s, long *cap, long *vcap)
{
	long width = s->ncols ? s->ncols : 1;
	long *c;
	int16_t *v;

	if ((c = grow_array(s->cycle, s->nrows, cap, 64, sizeof *c)) == NULL)
		return -1;
	s->cycle = c;
	if ((v = grow_array(s->value, s->nrows * width, vcap, 64 * width,
	    sizeof *v)) == NULL)
		return -1;
	s->value = v;
	return 0;
}

/* One data row into row s->nrows. */
static int
read_row(struct script *s, struct csv_reader *cr, struct diag *d,
    long cycle_col, size_t width)
{
	long k = 0, cycle, v;
	size_t i;
	enum num_error e;

	if (csv_nfields(cr) != width) {
		diag_error(d, cr->line, 0, "expected %zu fields, found %zu",
		    width, csv_nfields(cr));
		return -1;
	}
	cycle = s->nrows + 1;
	for (i = 0; i < width; i++) {
		const char *f = csv_field(cr, i);

		if ((long)i == cycle_col) {
			if ((e = num_long(f, 1, 0x7fffffffL, &cycle)) !=
			    NUM_OK) {
				diag_error(d, cr->line, csv_col(cr, i),
				    "cycle '%s': %s (cycles count from 1)", f,
				    num_strerror(e));
				return -1;
			}
			continue;
		}
		if ((e = num_long(f, -32768, 32767, &v)) != NUM_OK) {
			diag_error(d, cr->line, csv_col(cr, i), "'%s': %s "
			    "(sense values are integers -32768..32767)", f,
			    num_strerror(e));
			return -1;
		}
		s->value[s->nrows * s->ncols + k++] = (int16_t)v;
	}
	if (s->nrows > 0 && cycle <= s->cycle[s->nrows - 1]) {
		diag_error(d, cr->line, cycle_col >= 0 ?
		    csv_col(cr, (size_t)cycle_col) : 0, "cycle %ld does not "
		    "come after cycle %ld", cycle, s->cycle[s->nrows - 1]);
		return -1;
	}
	s->cycle[s->nrows++] = cycle;
	return 0;
}

static int
read_script(struct script *s, FILE *fp, struct diag *d, const struct names *n)
{
	struct csv_reader cr;
	long cycle_col, cap = 0, vcap = 0;
	size_t width = 0;
	int got, rc = -1;

	csv_init(&cr, fp, ',');
	if ((got = csv_read(&cr)) <= 0) {
		if (got < 0)
			diag_error(d, cr.error_line, cr.error_col, "%s",
			    cr.error);
		else
			diag_error(d, 0, 0, "empty: a header line is needed");
		goto out;
	}
	width = csv_nfields(&cr);
	if (read_header(s, &cr, d, n, &cycle_col) < 0)
		goto out;
	while ((got = csv_read(&cr)) == 1) {
		if (grow(s, &cap, &vcap) < 0) {
			diag_error(d, cr.line, 0, "out of memory");
			goto out;
		}
		if (read_row(s, &cr, d, cycle_col, width) < 0)
			goto out;
	}
	if (got < 0) {
		diag_error(d, cr.error_line, cr.error_col, "%s", cr.error);
		goto out;
	}
	rc = 0;
out:
	csv_free(&cr);
	return rc;
}

enum run_status
script_load(struct script *s, const char *path, const struct names *n)
{
	struct diag d = diag_for(path);
	FILE *fp;
	int rc;

	memset(s, 0, sizeof *s);
	if ((fp = input_open(path, "r")) == NULL)
		return RUN_NO_INPUT;
	rc = read_script(s, fp, &d, n);
	if (rc == 0 && ferror(fp)) {
		warnx_tool("%s: read error", path);
		rc = -1;
	}
	input_close(fp);
	return rc < 0 ? RUN_BAD_DATA : RUN_OK;
}

void
script_free(struct script *s)
{
	free(s->cycle);
	free(s->sense);
	free(s->value);
	memset(s, 0, sizeof *s);
}

void
script_advance(struct script *s, long cycle, int16_t *values)
{
	long k;

	for (; s->next < s->nrows && s->cycle[s->next] <= cycle; s->next++)
		for (k = 0; k < s->ncols; k++)
			values[s->sense[k]] = s->value[s->next * s->ncols + k];
}

long
script_last_cycle(const struct script *s)
{
	return s->nrows ? s->cycle[s->nrows - 1] : 0;
}
