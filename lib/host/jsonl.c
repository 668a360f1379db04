/*
 * jsonl.c - JSON lines, one flat object a line (jsonl.h): just enough
 * JSON for what struct table writes, refusing anything else with the
 * column where it went wrong.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/csv.h"
#include "host/jsonl.h"

/* A line is read into the first half of j->buf; values go to the
   second. */
struct scan {
	struct jsonl_reader *j;
	const char *s, *p;	/* the line; where we are */
	char *out;		/* next free byte for decoded text */
};

static int
fail(struct jsonl_reader *j, long line, long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(j->error, sizeof j->error, fmt, ap);
	va_end(ap);
	j->err_line = line;
	j->err_col = col;
	return -1;
}

static int
bad(struct scan *sc, const char *why)
{
	return fail(sc->j, sc->j->line, (long)(sc->p - sc->s) + 1, "%s", why);
}

static void
skip_blanks(struct scan *sc)
{
	while (*sc->p == ' ' || *sc->p == '\t' || *sc->p == '\r')
		sc->p++;
}

static int
hex4(const char *p, unsigned *v)
{
	int i;

	*v = 0;
	for (i = 0; i < 4; i++) {
		char c = p[i];

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}

static void
put_utf8(struct scan *sc, unsigned long u)
{
	if (u < 0x80) {
		*sc->out++ = (char)u;
	} else if (u < 0x800) {
		*sc->out++ = (char)(0xC0 | u >> 6);
		*sc->out++ = (char)(0x80 | (u & 0x3F));
	} else if (u < 0x10000) {
		*sc->out++ = (char)(0xE0 | u >> 12);
		*sc->out++ = (char)(0x80 | (u >> 6 & 0x3F));
		*sc->out++ = (char)(0x80 | (u & 0x3F));
	} else {
		*sc->out++ = (char)(0xF0 | u >> 18);
		*sc->out++ = (char)(0x80 | (u >> 12 & 0x3F));
		*sc->out++ = (char)(0x80 | (u >> 6 & 0x3F));
		*sc->out++ = (char)(0x80 | (u & 0x3F));
	}
}

/* \uXXXX (p after the u), with a surrogate pair's second half. */
static int
unicode_escape(struct scan *sc)
{
	unsigned hi, lo;

	if (hex4(sc->p, &hi) < 0)
		return bad(sc, "\\u needs four hex digits");
	if (hi == 0)
		return bad(sc, "NUL in a string");
	if (hi >= 0xDC00 && hi <= 0xDFFF)
		return bad(sc, "a lone surrogate");
	sc->p += 4;
	if (hi >= 0xD800 && hi <= 0xDBFF) {
		if (sc->p[0] != '\\' || sc->p[1] != 'u' ||
		    hex4(sc->p + 2, &lo) < 0 || lo < 0xDC00 || lo > 0xDFFF)
			return bad(sc, "a lone surrogate");
		sc->p += 6;
		put_utf8(sc, 0x10000UL + ((unsigned long)(hi - 0xD800) << 10 |
		    (lo - 0xDC00)));
		return 0;
	}
	put_utf8(sc, hi);
	return 0;
}

/* A string (p at its opening quote) decoded into sc->out, NUL-ended.
   Decoded text is never longer than the JSON it came from. */
static int
string(struct scan *sc, const char **text)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";

	*text = sc->out;
	for (sc->p++; *sc->p != '"'; ) {
		const char *e;

		if (*sc->p == '\0')
			return bad(sc, "unterminated string");
		if ((unsigned char)*sc->p < 0x20)
			return bad(sc, "a control character in a string");
		if (*sc->p != '\\') {
			*sc->out++ = *sc->p++;
			continue;
		}
		sc->p++;
		if (*sc->p == 'u') {
			sc->p++;
			if (unicode_escape(sc) < 0)
				return -1;
		} else if (*sc->p != '\0' && (e = strchr(from, *sc->p))) {
			*sc->out++ = to[e - from];
			sc->p++;
		} else {
			return bad(sc, "unknown escape in a string");
		}
	}
	sc->p++;
	*sc->out++ = '\0';
	return 0;
}

/* A value: a string, null (NULL), or a number's text as written. */
static int
value(struct scan *sc, const char **text)
{
	const char *start = sc->p;

	if (*sc->p == '"')
		return string(sc, text);
	if (strncmp(sc->p, "null", 4) == 0) {
		sc->p += 4;
		*text = NULL;
		return 0;
	}
	while (*sc->p == '-' || *sc->p == '+' || *sc->p == '.' ||
	    (*sc->p >= '0' && *sc->p <= '9') || *sc->p == 'e' ||
	    *sc->p == 'E')
		sc->p++;
	if (sc->p == start)
		return bad(sc, "a value is a string, a number or null");
	*text = sc->out;
	memcpy(sc->out, start, (size_t)(sc->p - start));
	sc->out += sc->p - start;
	*sc->out++ = '\0';
	return 0;
}

/* One "key": value member, added to the object's. */
static int
member(struct scan *sc)
{
	struct jsonl_reader *j = sc->j;
	struct jsonl_member *m;
	const char *key, *text;
	long at;

	if (*sc->p != '"')
		return bad(sc, "expected a key in quotes");
	if (string(sc, &key) < 0)
		return -1;
	skip_blanks(sc);
	if (*sc->p != ':')
		return bad(sc, "expected ':' after a key");
	sc->p++;
	skip_blanks(sc);
	at = (long)(sc->p - sc->s) + 1;
	if (value(sc, &text) < 0)
		return -1;
	if (j->n >= JSONL_MAX_MEMBERS)
		return fail(j, j->line, at, "more than %d members",
		    JSONL_MAX_MEMBERS);
	if (j->n == j->mcap) {
		size_t cap = j->mcap ? 2 * j->mcap : 16;

		if ((m = realloc(j->m, cap * sizeof *m)) == NULL)
			return fail(j, j->line, 0, "out of memory");
		j->m = m;
		j->mcap = cap;
	}
	m = &j->m[j->n++];
	m->key = key;
	m->null = text == NULL;
	m->value = text ? text : "";
	m->col = at;
	return 0;
}

static int
object(struct scan *sc)
{
	skip_blanks(sc);
	if (*sc->p != '{')
		return bad(sc, "expected '{': a line is one object");
	sc->p++;
	skip_blanks(sc);
	if (*sc->p == '}') {
		sc->p++;
	} else {
		for (;;) {
			if (member(sc) < 0)
				return -1;
			skip_blanks(sc);
			if (*sc->p == '}') {
				sc->p++;
				break;
			}
			if (*sc->p != ',')
				return bad(sc, "expected ',' or '}'");
			sc->p++;
			skip_blanks(sc);
		}
	}
	skip_blanks(sc);
	return *sc->p == '\0' ? 0 : bad(sc, "junk after the object");
}

/* The next line into the first half of j->buf: its length, -1 at the
   end, -2 after an error; *ended: it had a line end. */
static long
read_line(struct jsonl_reader *j, int *ended)
{
	size_t n = 0;
	int c;

	*ended = 0;
	while ((c = getc(j->fp)) != EOF && c != '\n') {
		if (c == '\0')
			return fail(j, j->next_line, (long)n + 1,
			    "NUL byte in input"), -2;
		if (n + 1 >= (size_t)CSV_MAX_RECORD)
			return fail(j, j->next_line, (long)n + 1,
			    "line too long"), -2;
		if (2 * (n + 1) >= j->cap) {
			size_t cap = j->cap ? 2 * j->cap : 512;
			char *p = realloc(j->buf, cap);

			if (p == NULL)
				return fail(j, j->next_line, 0,
				    "out of memory"), -2;
			j->buf = p;
			j->cap = cap;
		}
		j->buf[n++] = (char)c;
	}
	if (ferror(j->fp))
		return fail(j, j->next_line, 0, "read error"), -2;
	if (c == EOF && n == 0)
		return -1;
	*ended = c == '\n';
	j->buf[n] = '\0';
	return (long)n;
}

void
jsonl_init(struct jsonl_reader *j, FILE *fp)
{
	memset(j, 0, sizeof *j);
	j->fp = fp;
	j->next_line = 1;
}

void
jsonl_free(struct jsonl_reader *j)
{
	free(j->buf);
	free(j->m);
	j->buf = NULL;
	j->m = NULL;
	j->cap = j->mcap = j->n = 0;
}

int
jsonl_read(struct jsonl_reader *j)
{
	struct scan sc;
	long n;
	int ended;

	do {
		j->line = j->next_line;
		if ((n = read_line(j, &ended)) < 0)
			return n == -1 ? 0 : -1;
		j->next_line++;
		if (!ended) {
			j->truncated = j->line;
			return 0;
		}
	} while (strspn(j->buf, " \t\r") == (size_t)n);	/* blank */
	j->n = 0;
	sc.j = j;
	sc.s = sc.p = j->buf;
	sc.out = j->buf + n + 1;
	return object(&sc) < 0 ? -1 : 1;
}
