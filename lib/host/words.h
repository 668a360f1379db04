/*
 * words.h - splitting a line into words as a shell would (quotes,
 * backslashes, # comments), without expansion.  Called by armctl session.
 */
#ifndef SPINE_WORDS_H
#define SPINE_WORDS_H

#include <stddef.h>

struct words {
	char *buf;	/* the words, each NUL-terminated */
	char **v;	/* n words, then NULL */
	int n;
};

/*
 * Split line: blanks separate words; '...' keeps everything; "..." keeps
 * all but \" \\ \$ \`; a backslash outside quotes keeps the next
 * character; # at the start of a word ends the line.  0, or -1 with a
 * reason in err (an unterminated quote, out of memory).  words_free
 * either way.
 */
int words_split(const char *line, struct words *w, char *err, size_t errlen);
void words_free(struct words *w);

#endif
