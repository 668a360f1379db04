/*
 * fmtnum.c - double to text.
 * Bulk trajectory output is dominated by number formatting, and printf's
 * exact decimal conversion is several times slower than scaling to an
 * integer.  The fast path is taken only when the scaled value is safely away
 * from a rounding tie, so its digits always equal printf's.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmtnum.h"

size_t
fmt_shortest(char *buf, double v)
{
	int prec;
	int n = 0;

	if (v == 0)
		v = 0;		/* print -0 as 0 */
	for (prec = 15; prec <= 17; prec++) {
		n = snprintf(buf, FMTNUM_MAX, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return (size_t)n;
}

static const double pow10_table[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9
};

/* Writes the decimal digits of u, at least `width` of them, right to left. */
static char *
put_digits(char *end, uint64_t u, int width)
{
	char *p = end;

	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
		width--;
	} while (u != 0 || width > 0);
	return p;
}

static size_t
fixed_slow(char *buf, double v, int prec)
{
	int n = snprintf(buf, FMTNUM_MAX, "%.*f", prec, v);

	if (n < 0 || n >= FMTNUM_MAX)
		n = snprintf(buf, FMTNUM_MAX, "%.17g", v);
	return (size_t)n;
}

size_t
fmt_fixed(char *buf, double v, int prec)
{
	char tmp[FMTNUM_MAX];
	char *end = tmp + sizeof tmp, *p;
	double scaled, whole, frac;
	uint64_t u, scale;
	int neg;
	size_t len;

	if (prec < 0 || prec > 9 || !(fabs(v) < 1e9))
		return fixed_slow(buf, v, prec < 0 ? 6 : prec);
	scaled = fabs(v) * pow10_table[prec];
	if (scaled >= 4e15)	/* no fraction bits left to judge rounding */
		return fixed_slow(buf, v, prec);
	whole = floor(scaled);
	frac = scaled - whole;
	/* Near a tie the product's own rounding could decide: ask printf. */
	if (fabs(frac - 0.5) < 1e-6)
		return fixed_slow(buf, v, prec);
	u = (uint64_t)whole + (frac > 0.5);
	neg = v < 0 && u != 0;
	scale = (uint64_t)pow10_table[prec];
	p = end;
	if (prec > 0) {
		p = put_digits(p, u % scale, prec);
		*--p = '.';
	}
	p = put_digits(p, u / scale, 1);
	if (neg)
		*--p = '-';
	len = (size_t)(end - p);
	memcpy(buf, p, len);
	buf[len] = '\0';
	return len;
}
