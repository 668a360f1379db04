/*
 * words.c - the word splitter of words.h (armctl session's lines).  A
 * small state machine; the words go into one buffer no longer than the line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "words.h"

static int
blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
}

/* One quoted stretch from just after its quote; the end or NULL. */
static const char *
quoted(const char *p, char q, char **out)
{
	for (; *p && *p != q; p++) {
		if (q == '"' && *p == '\\' && p[1] && strchr("\"\\$`", p[1]))
			p++;
		*(*out)++ = *p;
	}
	return *p == q ? p + 1 : NULL;
}

/* One word from p (not blank): its characters to *out; past it, or NULL
   with a reason. */
static const char *
word(const char *p, char **out, const char **why)
{
	while (*p && !blank(*p)) {
		if (*p == '\'' || *p == '"') {
			if ((p = quoted(p + 1, *p, out)) == NULL) {
				*why = "unterminated quote";
				return NULL;
			}
		} else if (*p == '\\') {
			if (p[1] == '\0') {
				*why = "a backslash at the end of the line";
				return NULL;
			}
			*(*out)++ = p[1];
			p += 2;
		} else {
			*(*out)++ = *p++;
		}
	}
	*(*out)++ = '\0';
	return p;
}

int
words_split(const char *line, struct words *w, char *err, size_t errlen)
{
	size_t len = strlen(line);
	const char *p = line, *why = NULL;
	char *out;

	w->n = 0;
	w->buf = malloc(len + 1);
	w->v = malloc((len / 2 + 2) * sizeof *w->v);
	if (w->buf == NULL || w->v == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	out = w->buf;
	for (;;) {
		while (blank(*p))
			p++;
		if (*p == '\0' || *p == '#')
			break;
		w->v[w->n++] = out;
		if ((p = word(p, &out, &why)) == NULL) {
			snprintf(err, errlen, "%s", why);
			return -1;
		}
	}
	w->v[w->n] = NULL;
	return 0;
}

void
words_free(struct words *w)
{
	free(w->buf);
	free(w->v);
	w->buf = NULL;
	w->v = NULL;
	w->n = 0;
}
