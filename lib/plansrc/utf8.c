/*
 * utf8.c - finding the first byte of a string that is not UTF-8 (utf8.h).
 * Called by the .inst reader and by view.c for names.
 */
#include <stddef.h>

#include "plansrc/utf8.h"

/* The length of the sequence led by c (1..4), or 0 when c cannot lead. */
static unsigned
lead_length(unsigned c, unsigned *cp)
{
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		*cp = c & 0x1f;
		return 2;
	}
	if (c >= 0xe0 && c <= 0xef) {
		*cp = c & 0x0f;
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		*cp = c & 0x07;
		return 4;
	}
	return 0;
}

const char *
plansrc_utf8_first_bad(const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *lead;
	unsigned n, cp;

	while (*p) {
		lead = p;
		if ((n = lead_length(*p++, &cp)) == 0)
			return (const char *)lead;
		for (; n > 1; n--, p++) {
			if ((*p & 0xc0) != 0x80)	/* also the final NUL */
				return (const char *)lead;
			cp = cp << 6 | (*p & 0x3f);
		}
		if ((*lead == 0xe0 && cp < 0x800) ||
		    (*lead == 0xf0 && cp < 0x10000) ||
		    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return (const char *)lead;
	}
	return NULL;
}
