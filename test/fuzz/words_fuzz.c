/*
 * words_fuzz.c - libFuzzer harness for the session line splitter
 * (lib/host/words.c, what armctl session reads each line with): any
 * bytes in, no crash, no leak; the words it finds, quoted again, split
 * back to the same words.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/words.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *why)
{
	fprintf(stderr, "words_fuzz: %s\n", why);
	abort();
}

/* The words, each in single quotes ('\'' for a quote), blank-separated. */
static char *
requote(const struct words *w)
{
	size_t n = 1;
	int i;
	char *line, *o;
	const char *s;

	for (i = 0; i < w->n; i++)
		n += 3 + 4 * strlen(w->v[i]);
	if ((o = line = malloc(n)) == NULL)
		fail("out of memory");
	for (i = 0; i < w->n; i++) {
		*o++ = '\'';
		for (s = w->v[i]; *s; s++)
			if (*s == '\'') {
				memcpy(o, "'\\''", 4);
				o += 4;
			} else {
				*o++ = *s;
			}
		*o++ = '\'';
		*o++ = ' ';
	}
	*o = '\0';
	return line;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct words w, again;
	char err[128], *line, *re;
	int i;

	if ((line = malloc(size + 1)) == NULL)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';	/* a session line ends at a NUL */
	if (words_split(line, &w, err, sizeof err) == 0) {
		if (w.n < 0 || w.v[w.n] != NULL)
			fail("the word list is not NULL-terminated");
		re = requote(&w);
		if (words_split(re, &again, err, sizeof err) != 0 ||
		    again.n != w.n)
			fail("quoted words do not split back");
		for (i = 0; i < w.n; i++)
			if (strcmp(w.v[i], again.v[i]) != 0)
				fail("a quoted word changed");
		words_free(&again);
		free(re);
	} else if (err[0] == '\0') {
		fail("a refusal without a reason");
	}
	words_free(&w);
	free(line);
	return 0;
}
