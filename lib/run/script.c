/*
 * script.c - --senses FILE: sense values by cycle from a sense table
 * (spine-senses(5), read by lib/senses), as the run goes (run.h).  Each
 * column names a sense of the plan by name, #id or id (others are left
 * out, with one note); a row holds from its cycle (or from the first
 * cycle at its time_ms) until the next row; without either, row i is
 * cycle i.  Senses not in the table, and before the first row, read 0.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/input.h"
#include "run/run.h"

/* The names of the columns left out, in one note: the first few. */
static void
note_unused(struct script *s, size_t unused)
{
	struct senses_reader *sr = &s->sr;
	char list[200];
	size_t k, n = 0, shown = 0;

	list[0] = '\0';
	for (k = 0; k < sr->ncols && shown < 6; k++) {
		if (s->sense[k] >= 0)
			continue;
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%.40s",
		    shown++ ? ", " : "", sr->name[k]);
		if (n >= sizeof list)
			n = sizeof list - 1;
	}
	diag_report(&s->d, DIAG_NOTE, 1, 0, "%zu %s no sense of the plan, "
	    "left out: %s%s", unused, unused == 1 ? "column names" :
	    "columns name", list, unused > shown ? ", ..." : "");
}

/* Each column's sense in the plan, or -1; two columns for one sense are
   refused. */
static int
map_columns(struct script *s, const struct names *n)
{
	struct senses_reader *sr = &s->sr;
	size_t i, j, unused = 0;

	if ((s->sense = calloc(sr->ncols + 1, sizeof *s->sense)) == NULL) {
		diag_error(&s->d, 0, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < sr->ncols; i++) {
		s->sense[i] = evlog_names_sense_id(n, sr->name[i]);
		if (s->sense[i] < 0) {
			unused++;
			continue;
		}
		for (j = 0; j < i; j++)
			if (s->sense[j] == s->sense[i]) {
				diag_error(&s->d, 1, sr->name_col[i], "sense "
				    "'%s' has two columns", sr->name[i]);
				return -1;
			}
	}
	if (unused)
		note_unused(s, unused);
	return 0;
}

/* The first cycle at or after time ms, at the run's pace: cycle c starts
   at (c - 1) x the cycle's length, as the run's own clock has it. */
static long
cycle_at(const struct script *s, long ms)
{
	long long k;

	if (s->rate > 0)
		k = (long long)ceil((double)ms * s->rate / 1000.0 - 1e-9);
	else if (s->tick_every > 0)
		k = ((long long)ms * s->tick_every + s->tick_ms - 1) /
		    s->tick_ms;
	else
		k = ((long long)ms + s->tick_ms - 1) / s->tick_ms;
	return k >= 0x7ffffffeLL ? 0x7ffffffeL : (long)k + 1;
}

/* The next row as the pending one, or the end; -1 after a message. */
static int
read_next(struct script *s)
{
	int got;

	s->pending = 0;
	if (s->ended)
		return 0;
	if ((got = senses_read(&s->sr)) == 1) {
		s->pending = s->sr.key == SENSES_BY_TIME ?
		    cycle_at(s, s->sr.at) : s->sr.at;
		s->last = s->pending;
		return 0;
	}
	s->ended = 1;
	if (got < 0)
		return diag_error(&s->d, s->sr.err_line, s->sr.err_col, "%s",
		    s->sr.error), -1;
	return 0;
}

enum run_status
run_script_open(struct script *s, const char *path, const struct names *n,
    const struct run_options *o)
{
	memset(s, 0, sizeof *s);
	s->d = diag_for(path);
	s->tick_ms = o->tick_ms > 0 ? o->tick_ms : 1000;
	s->tick_every = o->tick_every;
	s->rate = o->rate;
	if ((s->fp = input_open(path, "r")) == NULL)
		return RUN_NO_INPUT;
	s->open = 1;
	if (senses_reader_open(&s->sr, s->fp) < 0) {
		diag_error(&s->d, s->sr.err_line, s->sr.err_col, "%s",
		    s->sr.error);
		return RUN_BAD_DATA;
	}
	if (map_columns(s, n) < 0 || read_next(s) < 0)
		return RUN_BAD_DATA;
	return RUN_OK;
}

void
run_script_close(struct script *s)
{
	if (s->open)
		senses_reader_close(&s->sr);
	if (s->fp != NULL)
		input_close(s->fp);
	free(s->sense);
	memset(s, 0, sizeof *s);
}

enum run_status
run_script_advance(struct script *s, long cycle, int16_t *values)
{
	size_t k;

	while (s->pending != 0 && s->pending <= cycle) {
		for (k = 0; k < s->sr.ncols; k++)
			if (s->sense[k] >= 0)
				values[s->sense[k]] = s->sr.value[k];
		if (read_next(s) < 0)
			return RUN_BAD_DATA;
	}
	return RUN_OK;
}

int
run_script_covers(const struct script *s, long cycle)
{
	return s->pending != 0 || cycle <= s->last;
}
