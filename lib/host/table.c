/*
 * table.c - buffered row output.
 * Rows are assembled in the table's own buffer and handed to stdio in large
 * blocks: per-value fwrite calls cost more than formatting the numbers.
 */
#include <string.h>

#include "fmtnum.h"
#include "table.h"

int
table_format_parse(const char *s, enum table_format *f)
{
	if (strcmp(s, "csv") == 0)
		*f = TABLE_CSV;
	else if (strcmp(s, "tsv") == 0)
		*f = TABLE_TSV;
	else if (strcmp(s, "jsonl") == 0)
		*f = TABLE_JSONL;
	else
		return -1;
	return 0;
}

void
table_init(struct table *t, FILE *fp, enum table_format format, int precision,
    const char *const *names, size_t ncols)
{
	t->fp = fp;
	t->format = format;
	t->precision = precision;
	t->flush_rows = 0;
	t->names = names;
	t->ncols = ncols;
	t->col = 0;
	t->failed = 0;
	t->used = 0;
}

static void
drain(struct table *t)
{
	if (t->used && fwrite(t->buf, 1, t->used, t->fp) != t->used)
		t->failed = 1;
	t->used = 0;
}

static void
put(struct table *t, const char *s, size_t n)
{
	if (t->used + n > sizeof t->buf)
		drain(t);
	if (n > sizeof t->buf) {
		if (fwrite(s, 1, n, t->fp) != n)
			t->failed = 1;
		return;
	}
	memcpy(t->buf + t->used, s, n);
	t->used += n;
}

static void
put_char(struct table *t, char c)
{
	if (t->used == sizeof t->buf)
		drain(t);
	t->buf[t->used++] = c;
}

static int
needs_quotes(const struct table *t, const char *s)
{
	char sep = t->format == TABLE_TSV ? '\t' : ',';

	if (*s == '\0')
		return 0;
	if ((t->col == 0 && *s == '#') || *s == ' ' || s[strlen(s) - 1] == ' ')
		return 1;
	for (; *s; s++)
		if (*s == sep || *s == '"' || *s == '\n' || *s == '\r')
			return 1;
	return 0;
}

static void
put_csv_string(struct table *t, const char *s)
{
	if (!needs_quotes(t, s)) {
		put(t, s, strlen(s));
		return;
	}
	put_char(t, '"');
	for (; *s; s++) {
		if (*s == '"')
			put_char(t, '"');
		put_char(t, *s);
	}
	put_char(t, '"');
}

static void
put_json_string(struct table *t, const char *s)
{
	static const char hex[] = "0123456789abcdef";

	put_char(t, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			put_char(t, '\\');
			put_char(t, (char)c);
		} else if (c < 0x20) {
			char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4],
			    hex[c & 15] };

			put(t, esc, sizeof esc);
		} else {
			put_char(t, (char)c);
		}
	}
	put_char(t, '"');
}

/* Separator or JSON key before the next value. */
static void
begin_value(struct table *t)
{
	if (t->format == TABLE_JSONL) {
		put_char(t, t->col == 0 ? '{' : ',');
		if (t->names && t->col < t->ncols)
			put_json_string(t, t->names[t->col]);
		else {
			char key[32];
			int n = snprintf(key, sizeof key, "\"c%zu\"",
			    t->col + 1);

			put(t, key, (size_t)n);
		}
		put_char(t, ':');
	} else if (t->col > 0) {
		put_char(t, t->format == TABLE_TSV ? '\t' : ',');
	}
}

void
table_header(struct table *t)
{
	size_t i;

	if (t->format == TABLE_JSONL || t->names == NULL)
		return;
	for (i = 0; i < t->ncols; i++) {
		t->col = i;
		if (i > 0)
			put_char(t, t->format == TABLE_TSV ? '\t' : ',');
		put_csv_string(t, t->names[i]);
	}
	t->col = 0;
	put_char(t, '\n');
	if (t->flush_rows)
		table_flush(t);
}

/* Numbers are formatted straight into the buffer: this is the hot path. */
void
table_num(struct table *t, double v)
{
	char *s;

	begin_value(t);
	if (sizeof t->buf - t->used < FMTNUM_MAX)
		drain(t);
	s = t->buf + t->used;
	if (t->precision == TABLE_ROUND_TRIP)
		t->used += fmt_shortest(s, v);
	else
		t->used += fmt_fixed(s, v, t->precision);
	t->col++;
}

void
table_long(struct table *t, long v)
{
	char s[32];
	int n = snprintf(s, sizeof s, "%ld", v);

	begin_value(t);
	put(t, s, (size_t)n);
	t->col++;
}

void
table_str(struct table *t, const char *s)
{
	begin_value(t);
	if (t->format == TABLE_JSONL)
		put_json_string(t, s);
	else
		put_csv_string(t, s);
	t->col++;
}

void
table_null(struct table *t)
{
	begin_value(t);
	if (t->format == TABLE_JSONL)
		put(t, "null", 4);
	t->col++;
}

void
table_end_row(struct table *t)
{
	if (t->format == TABLE_JSONL) {
		if (t->col == 0)
			put_char(t, '{');	/* an empty row: {} */
		put_char(t, '}');
	}
	put_char(t, '\n');
	t->col = 0;
	if (t->flush_rows)
		table_flush(t);
}

int
table_flush(struct table *t)
{
	drain(t);
	if (fflush(t->fp) != 0)
		t->failed = 1;
	return t->failed ? -1 : 0;
}
