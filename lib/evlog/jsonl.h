/*
 * jsonl.h - inside the event-log reader: the JSON-lines side finds a
 * line's fields (jsonl.c) for read.c to check, as csv_reader does for CSV.
 * Not for other callers: they use evlog_read.
 */
#ifndef SPINE_EVLOG_JSONL_H
#define SPINE_EVLOG_JSONL_H

#include "evlog/evlog.h"

/*
 * The next line's fields by evlog_columns order: v[c] its text ("" when
 * absent or null), col[c] where it starts, *line the line number.  1, 0
 * at the end (r->truncated set for a last line without a line end), -1
 * after evlog_reader_fail.
 */
int evlog_jsonl_next(struct evlog_reader *r, const char *v[EVLOG_NCOLS],
    long col[EVLOG_NCOLS], long *line);

/* Set r's error (printf-style); -1. */
int evlog_reader_fail(struct evlog_reader *r, long line, long col,
    const char *fmt, ...);

#endif
