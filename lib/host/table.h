/*
 * table.h - writing rows of numbers and words as CSV, TSV or JSON lines.
 * Every tool's stdout goes through it, so quoting, precision and the header
 * rule (DESIGN: a header line unless --no-header) are the same everywhere.
 */
#ifndef SPINE_TABLE_H
#define SPINE_TABLE_H

#include <stddef.h>
#include <stdio.h>

enum table_format { TABLE_CSV, TABLE_TSV, TABLE_JSONL };

/* Shortest round-trip text for every number (the default precision). */
#define TABLE_ROUND_TRIP (-1)
#define TABLE_BUFSIZE 65536

struct table {
	FILE *fp;
	enum table_format format;
	int precision;		/* digits after the point, or TABLE_ROUND_TRIP */
	int flush_rows;		/* write each row out at once (live output) */
	const char *const *names;	/* column names, owned by the caller */
	size_t ncols;
	size_t col;		/* index of the next value in this row */
	int failed;		/* a write failed */
	size_t used;
	char buf[TABLE_BUFSIZE];
};

/* "csv", "tsv", "jsonl" -> format; -1 if unknown. */
int table_format_parse(const char *s, enum table_format *f);

void table_init(struct table *t, FILE *fp, enum table_format format,
    int precision, const char *const *names, size_t ncols);

/* The header line (CSV/TSV); JSON lines carry names in every row instead. */
void table_header(struct table *t);

void table_num(struct table *t, double v);
void table_long(struct table *t, long v);
void table_str(struct table *t, const char *s);
/* No value: an empty field in CSV/TSV, null in JSON lines. */
void table_null(struct table *t);
void table_end_row(struct table *t);

/* Writes out what is buffered; 0, or -1 if any write failed. */
int table_flush(struct table *t);

#endif
