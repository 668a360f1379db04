/*
 * csv.c - a small CSV record reader.
 * It reads a character at a time into one growing buffer and records where
 * each field starts, so a record costs no allocation once the buffer has
 * grown; malformed input is reported with its line and column.
 */
#include <stdlib.h>
#include <string.h>

#include "csv.h"

void
csv_init(struct csv_reader *r, FILE *fp, char sep)
{
	memset(r, 0, sizeof *r);
	r->fp = fp;
	r->sep = sep ? sep : ',';
	r->next_line = 1;
	r->next_col = 1;
}

void
csv_free(struct csv_reader *r)
{
	free(r->buf);
	free(r->start);
	free(r->col);
	r->buf = NULL;
	r->start = NULL;
	r->col = NULL;
}

static int
fail(struct csv_reader *r, const char *why)
{
	r->error = why;
	r->error_line = r->next_line;
	r->error_col = r->next_col;
	return -1;
}

static int
put_byte(struct csv_reader *r, char c)
{
	if (r->len + 1 >= r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 256;
		char *b;

		if (cap > (size_t)CSV_MAX_RECORD + 2)
			return fail(r, "record too long");
		if ((b = realloc(r->buf, cap)) == NULL)
			return fail(r, "out of memory");
		r->buf = b;
		r->cap = cap;
	}
	r->buf[r->len++] = c;
	return 0;
}

static int
begin_field(struct csv_reader *r, long col)
{
	if (r->nfields == r->fcap) {
		size_t cap = r->fcap ? r->fcap * 2 : 16;
		size_t *s = realloc(r->start, cap * sizeof *s);
		long *c;

		if (s == NULL)
			return fail(r, "out of memory");
		r->start = s;
		if ((c = realloc(r->col, cap * sizeof *c)) == NULL)
			return fail(r, "out of memory");
		r->col = c;
		r->fcap = cap;
	}
	r->start[r->nfields] = r->len;
	r->col[r->nfields] = col;
	r->nfields++;
	return 0;
}

/* Ends the current field: trims unquoted blanks, terminates the string. */
static int
end_field(struct csv_reader *r, int quoted)
{
	size_t s = r->start[r->nfields - 1];

	if (!quoted) {
		while (r->len > s && (r->buf[r->len - 1] == ' ' ||
		    (r->buf[r->len - 1] == '\t' && r->sep != '\t')))
			r->len--;
	}
	return put_byte(r, '\0');
}

static int
get(struct csv_reader *r)
{
	int c = getc(r->fp);

	r->last_col = r->next_col;
	if (c == '\n') {
		r->next_line++;
		r->next_col = 1;
	} else if (c != EOF) {
		r->next_col++;
	}
	return c;
}

/* Skips blank and comment lines; returns the first character of a record. */
static int
skip_to_record(struct csv_reader *r)
{
	int c;

	for (;;) {
		c = get(r);
		if (c == '\r') {
			int d = getc(r->fp);

			if (d == '\n') {
				ungetc(d, r->fp);
				continue;
			}
			if (d != EOF)
				ungetc(d, r->fp);
			return c;
		}
		if (c == '\n')
			continue;
		if (c == '#') {
			while ((c = get(r)) != '\n' && c != EOF)
				;
			if (c == EOF)
				return EOF;
			continue;
		}
		return c;
	}
}

/* Reads a quoted field body (after the opening quote). */
static int
read_quoted(struct csv_reader *r)
{
	int c;

	for (;;) {
		if ((c = get(r)) == EOF)
			return fail(r, "unterminated quoted field");
		if (c == '\0')
			return fail(r, "NUL byte in input");
		if (c == '"') {
			int d = getc(r->fp);

			if (d != '"') {
				if (d != EOF)
					ungetc(d, r->fp);
				return 0;
			}
			r->next_col++;
		}
		if (put_byte(r, (char)c) < 0)
			return -1;
	}
}

/* One record; *blank is set when it was a line of spaces only. */
static int
read_record(struct csv_reader *r, int *blank)
{
	int c, quoted = 0;

	r->len = 0;
	r->nfields = 0;
	r->error = NULL;
	if ((c = skip_to_record(r)) == EOF)
		return ferror(r->fp) ? fail(r, "read error") : 0;
	r->line = r->next_line;
	for (;;) {
		/* one field per turn; c is its first character */
		while ((c == ' ' || (c == '\t' && r->sep != '\t')))
			c = get(r);
		if (begin_field(r, r->last_col) < 0)
			return -1;
		quoted = (c == '"');
		if (quoted) {
			if (read_quoted(r) < 0)
				return -1;
			c = get(r);
			while (c == ' ' || (c == '\t' && r->sep != '\t'))
				c = get(r);
			if (c != r->sep && c != '\n' && c != '\r' && c != EOF)
				return fail(r, "junk after a closing quote");
		} else {
			while (c != r->sep && c != '\n' && c != '\r' &&
			    c != EOF) {
				if (c == '\0')
					return fail(r, "NUL byte in input");
				if (c == '"')
					return fail(r,
					    "quote inside an unquoted field");
				if (put_byte(r, (char)c) < 0)
					return -1;
				c = get(r);
			}
		}
		if (end_field(r, quoted) < 0)
			return -1;
		if (c == r->sep) {
			c = get(r);
			continue;
		}
		if (c == '\r') {
			int d = getc(r->fp);

			if (d != '\n' && d != EOF)
				ungetc(d, r->fp);
			else if (d == '\n')
				r->next_line++, r->next_col = 1;
		}
		*blank = r->nfields == 1 && !quoted &&
		    r->buf[r->start[0]] == '\0';
		return ferror(r->fp) ? fail(r, "read error") : 1;
	}
}

int
csv_read(struct csv_reader *r)
{
	int blank, got;

	do
		got = read_record(r, &blank);
	while (got == 1 && blank);
	return got;
}

int
csv_header_take(const struct csv_reader *r, struct csv_header *h)
{
	size_t i;

	h->n = 0;
	if ((h->names = calloc(r->nfields ? r->nfields : 1,
	    sizeof *h->names)) == NULL)
		return -1;
	for (i = 0; i < r->nfields; i++) {
		if ((h->names[i] = strdup(csv_field(r, i))) == NULL) {
			csv_header_free(h);
			return -1;
		}
		h->n++;
	}
	return 0;
}

void
csv_header_free(struct csv_header *h)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		free(h->names[i]);
	free(h->names);
	h->names = NULL;
	h->n = 0;
}

int
csv_header_find(const struct csv_header *h, const char *name)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (strcmp(h->names[i], name) == 0)
			return (int)i;
	return -1;
}
