/*
 * write.c - writing the sense table (senses.h) through struct table, so
 * its CSV and JSON lines quote and name columns as every table does.
 * Used by armctl telemetry.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "senses/senses.h"

int
senses_writer_open(struct senses_writer *w, FILE *fp,
    enum table_format format, int header, const char *const *names,
    size_t n)
{
	struct stat st;

	memset(w, 0, sizeof *w);
	w->cols = calloc(n + 1, sizeof *w->cols);
	w->names = calloc(n + 1, sizeof *w->names);
	if (w->cols == NULL || w->names == NULL) {
		senses_writer_close(w);
		return -1;
	}
	w->cols[0] = "time_ms";
	for (w->ncols = 1; w->ncols <= n; w->ncols++) {
		w->names[w->ncols - 1] = strdup(names[w->ncols - 1]);
		if (w->names[w->ncols - 1] == NULL) {
			senses_writer_close(w);
			return -1;
		}
		w->cols[w->ncols] = w->names[w->ncols - 1];
	}
	table_init(&w->t, fp, format, TABLE_ROUND_TRIP, w->cols, w->ncols);
	w->t.flush_rows = fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode);
	if (header)
		table_header(&w->t);
	return 0;
}

void
senses_write(struct senses_writer *w, long time_ms, const int16_t *values)
{
	size_t i;

	table_long(&w->t, time_ms);
	for (i = 1; i < w->ncols; i++)
		table_long(&w->t, values[i - 1]);
	table_end_row(&w->t);
}

int
senses_writer_flush(struct senses_writer *w)
{
	return table_flush(&w->t);
}

void
senses_writer_close(struct senses_writer *w)
{
	size_t i;

	for (i = 0; w->names && i < w->ncols; i++)
		free(w->names[i]);
	free(w->names);
	free(w->cols);
	w->names = NULL;
	w->cols = NULL;
	w->ncols = 0;
}
