/*
 * jsonl.c - the JSON-lines event log: each line's object (read by
 * lib/host/jsonl) taken apart by evlog_columns (other keys are skipped,
 * a key twice is refused), for read.c to check as it checks CSV fields
 * (see jsonl.h).
 */
#include <string.h>

#include "evlog/jsonl.h"

int
evlog_jsonl_next(struct evlog_reader *r, const char *v[EVLOG_NCOLS],
    long col[EVLOG_NCOLS], long *line)
{
	struct jsonl_reader *j = &r->json;
	size_t k;
	int c, got;

	if ((got = jsonl_read(j)) <= 0) {
		if (got < 0)
			return evlog_reader_fail(r, j->err_line, j->err_col,
			    "%s", j->error);
		r->truncated = j->truncated;
		return 0;
	}
	*line = j->line;
	for (c = 0; c < EVLOG_NCOLS; c++) {
		v[c] = "";
		col[c] = 0;
	}
	for (k = 0; k < j->n; k++) {
		for (c = 0; c < EVLOG_NCOLS; c++)
			if (strcmp(j->m[k].key, evlog_columns[c]) == 0)
				break;
		if (c == EVLOG_NCOLS)
			continue;
		if (col[c] != 0)
			return evlog_reader_fail(r, j->line, j->m[k].col,
			    "'%s' twice", j->m[k].key);
		v[c] = j->m[k].value;
		col[c] = j->m[k].col;
	}
	for (c = 0; c < EVLOG_NCOLS; c++)
		if (col[c] == 0)
			col[c] = 1;	/* absent: point at the line */
	return 1;
}
