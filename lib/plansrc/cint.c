/*
 * cint.c - C %i integers for the .inst and Dia readers.
 * Accumulates in unsigned long and refuses anything beyond LONG_MAX, so no
 * input can overflow.
 */
#include <ctype.h>
#include <limits.h>

#include "plansrc/cint.h"

static int
digit_value(int ch, int base)
{
	int v;

	if (isdigit(ch))
		v = ch - '0';
	else if (base == 16 && isxdigit(ch))
		v = tolower(ch) - 'a' + 10;
	else
		return -1;
	return v;
}

enum cint_status
plansrc_cint_parse(const char *s, const char **end, long *out, int *octal)
{
	const char *p = s, *digits;
	unsigned long v = 0;
	int neg = 0, base = 10, dv;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') &&
	    isxdigit((unsigned char)p[2])) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && isdigit((unsigned char)p[1])) {
		base = 8;
	}
	digits = p;
	for (; (dv = digit_value((unsigned char)*p, base)) >= 0; p++) {
		if (dv >= base) {
			*end = p;
			return CINT_OCTAL_DIGIT;
		}
		if (v > ((unsigned long)LONG_MAX - (unsigned long)dv) /
		    (unsigned long)base) {
			*end = p;
			return CINT_RANGE;
		}
		v = v * (unsigned long)base + (unsigned long)dv;
	}
	*end = p;
	if (p == digits)
		return CINT_NONE;
	*out = neg ? -(long)v : (long)v;
	*octal = base == 8 && v != 0;
	return CINT_OK;
}
