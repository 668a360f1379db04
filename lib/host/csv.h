/*
 * csv.h - reading CSV (RFC 4180 plus what people actually write).
 * Header names, quoted fields, CRLF, '#' comment lines, blank lines skipped,
 * spaces around unquoted fields trimmed.  Every tool that reads a table.
 */
#ifndef SPINE_CSV_H
#define SPINE_CSV_H

#include <stddef.h>
#include <stdio.h>

/* A record longer than this is refused (a random binary file, not a table). */
#define CSV_MAX_RECORD (1L << 20)

struct csv_reader {
	FILE *fp;
	char sep;		/* ',' (default) or '\t' */
	long line;		/* line on which the current record starts */
	const char *error;	/* why csv_read returned -1 */
	long error_line, error_col;

	/* The record: fields are NUL-terminated strings inside buf. */
	char *buf;
	size_t len, cap;
	size_t *start;		/* offset of each field in buf */
	long *col;		/* column (1-based) where each field starts */
	size_t nfields, fcap;

	long next_line;		/* line of the next character to read */
	long next_col;
	long last_col;		/* column of the character read last (of
				   where it would be, at the end of input) */
};

/* Start reading fp (the caller keeps ownership of fp). */
void csv_init(struct csv_reader *r, FILE *fp, char sep);
/* Free what the reader allocated (not fp). */
void csv_free(struct csv_reader *r);

/* Next record: 1 = got one, 0 = end of input, -1 = malformed (see r->error). */
int csv_read(struct csv_reader *r);

static inline size_t
csv_nfields(const struct csv_reader *r)
{
	return r->nfields;
}

static inline const char *
csv_field(const struct csv_reader *r, size_t i)
{
	return r->buf + r->start[i];
}

static inline long
csv_col(const struct csv_reader *r, size_t i)
{
	return r->col[i];
}

/* A header line's column names, copied so they outlive the next record. */
struct csv_header {
	char **names;
	size_t n;
};

/* Copy the current record as a header.  0, or -1 when out of memory. */
int csv_header_take(const struct csv_reader *r, struct csv_header *h);
void csv_header_free(struct csv_header *h);
/* Index of `name`, or -1. */
int csv_header_find(const struct csv_header *h, const char *name);

#endif
