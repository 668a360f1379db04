/*
 * senses.h - the sense table (spine-senses(5)): a robot's senses over
 * time, one row per reading, as `armctl telemetry` records it and
 * `planrun --senses` replays it.  One reader and one writer; the meaning
 * of a sense name (which sense of which plan) is the caller's.  Host code.
 *
 * A header line, then rows of whole numbers (or JSON lines, one object a
 * row with the column names as keys, as struct table writes them):
 *
 *	time_ms,ObstacleDistance,Moving,Lag
 *	0,32767,0,0
 *	250,880,1,2
 *
 *   time_ms   when the row was read, in milliseconds from the start of
 *             the recording (never decreasing); or instead
 *   cycle     the plan cycle from which the row holds (from 1,
 *             increasing); with neither, row i is cycle i
 *   any other column: a sense by name (or #id, or id), -32768..32767
 */
#ifndef SPINE_SENSES_H
#define SPINE_SENSES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "host/csv.h"
#include "host/jsonl.h"
#include "host/table.h"

/* What a row's place in time is given by. */
enum senses_key { SENSES_BY_ROW, SENSES_BY_CYCLE, SENSES_BY_TIME };

#define SENSES_MAX_COLUMNS 4096

/* ---- reading (read.c) ------------------------------------------------- */

struct senses_reader {
	FILE *fp;
	int json;		/* JSON lines, else CSV */
	struct csv_reader csv;
	struct jsonl_reader jl;
	int held;		/* JSON: the first object, read for its keys,
				   is the first row still to give */
	const char **fv;	/* the row's fields by header position ... */
	long *fc;		/* ... and where each starts */
	const char **colname;	/* the name at each header position */
	enum senses_key key;
	long key_col;		/* the key's field, -1: none */
	size_t width;		/* fields a row has */
	long header_line;	/* where the columns were named */
	size_t ncols;		/* sense columns, in header order */
	char **name;		/* per sense column: its header name */
	long *name_col;		/* ... and the header's column there */
	size_t *field;		/* ... and its field in a row */
	/* the row read last */
	long line;
	long at;		/* its cycle, time_ms, or row number */
	int16_t *value;		/* per sense column */
	long rows;
	/* after -1: where and why */
	long err_line, err_col;
	char error[160];
};

/* Start reading fp (the caller keeps it): the header, or the first JSON
   object's keys.  0, or -1 with err_line, err_col and error set (call
   senses_reader_close either way). */
int senses_reader_open(struct senses_reader *r, FILE *fp);
void senses_reader_close(struct senses_reader *r);

/* The next row into r->at and r->value: 1, 0 at the end, -1 for a bad
   row (a value not a number in range, a time or cycle out of order). */
int senses_read(struct senses_reader *r);

/* ---- writing (write.c) ------------------------------------------------ */

struct senses_writer {
	struct table t;
	const char **cols;	/* "time_ms", then the names ... */
	char **names;		/* ... copied here */
	size_t ncols;
};

/*
 * Start a table on fp (the caller keeps it) whose rows are read at a time
 * in ms: the column time_ms, then one column per sense, names[0..n) in
 * that order (copied).  format: TABLE_CSV or TABLE_JSONL; header: the CSV
 * header line.  A table read live (fp not a regular file) has each row
 * written out at once.  0, or -1 when out of memory.
 */
int senses_writer_open(struct senses_writer *w, FILE *fp,
    enum table_format format, int header, const char *const *names,
    size_t n);
/* One row: the time, then values[i] for names[i]. */
void senses_write(struct senses_writer *w, long time_ms,
    const int16_t *values);
/* Write out what is buffered; 0, or -1 when any write failed (errno). */
int senses_writer_flush(struct senses_writer *w);
void senses_writer_close(struct senses_writer *w);

#endif
