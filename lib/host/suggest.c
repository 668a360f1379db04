/*
 * suggest.c - the nearest known word to a misspelt one (suggest.h), by
 * Levenshtein distance over letters folded to lower case.  Called by
 * the YAML field checks (ydoc.c), the plan readers and plancc.
 */
#include <ctype.h>
#include <string.h>

#include "host/suggest.h"

#define MAXW 64

/* Edits (insert, delete, replace) from a to b, both shorter than MAXW. */
static size_t
distance(const char *a, size_t na, const char *b, size_t nb)
{
	size_t row[MAXW], i, j, diag, up;

	for (j = 0; j <= nb; j++)
		row[j] = j;
	for (i = 1; i <= na; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= nb; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			size_t best = diag + (ca != cb);

			up = row[j];
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[nb];
}

const char *
suggest_word(const char *typed, const char *const *words, size_t n)
{
	size_t nt = strlen(typed), i, best = (size_t)-1, d, nw, longer;
	const char *hit = NULL;

	if (nt >= MAXW)
		return NULL;
	for (i = 0; i < n; i++) {
		if ((nw = strlen(words[i])) >= MAXW)
			continue;
		d = distance(typed, nt, words[i], nw);
		longer = nt > nw ? nt : nw;
		if (d < best && d < longer && (d <= 2 || 2 * d <= longer)) {
			best = d;
			hit = words[i];
		}
	}
	return hit;
}
