/*
 * fmtnum.c - double to text with a fixed number of decimals.
 * Bulk trajectory output is dominated by number formatting, and printf's
 * exact decimal conversion is several times slower than scaling to an
 * integer.  The fast path is taken only when the scaled value is safely away
 * from a rounding tie, so its digits always equal printf's.  (The shortest
 * round-trip text is in fmtshort.c.)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmtnum.h"

static const double pow10_table[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9
};

static const char digit_pairs[] =
	"00010203040506070809101112131415161718192021222324252627282930313233"
	"34353637383940414243444546474849505152535455565758596061626364656667"
	"6869707172737475767778798081828384858687888990919293949596979899";

/* Writes the `width` low decimal digits of u so that they end at end. */
static void
put_digits32(char *end, uint32_t u, int width)
{
	while (width >= 2) {
		const char *pair = digit_pairs + 2 * (u % 100);

		*--end = pair[1];
		*--end = pair[0];
		u /= 100;
		width -= 2;
	}
	if (width)
		*--end = (char)('0' + u % 10);
}

static int
count_digits32(uint32_t u)
{
	static const uint32_t pow10[] = { 10, 100, 1000, 10000, 100000,
	    1000000, 10000000, 100000000, 1000000000 };
	int n = 1;

	while (n < 10 && u >= pow10[n - 1])
		n++;
	return n;
}

/*
 * u / 10^prec and u % 10^prec.  A switch so that every divisor is a
 * constant the compiler turns into a multiplication: a 64-bit division
 * by a variable costs more than formatting all the digits.
 */
static void
split(uint64_t u, int prec, uint32_t *ipart, uint32_t *fpart)
{
	uint64_t q;

	switch (prec) {
	case 0: q = u; break;
	case 1: q = u / 10; break;
	case 2: q = u / 100; break;
	case 3: q = u / 1000; break;
	case 4: q = u / 10000; break;
	case 5: q = u / 100000; break;
	case 6: q = u / 1000000; break;
	case 7: q = u / 10000000; break;
	case 8: q = u / 100000000; break;
	default: q = u / 1000000000; break;
	}
	*ipart = (uint32_t)q;
	*fpart = (uint32_t)(u - q * (uint64_t)pow10_table[prec]);
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
	double scaled, whole, frac;
	uint64_t u;
	uint32_t ipart, fpart;
	int neg, ndigits;
	size_t len;

	if (prec < 0 || prec > 9 || !(fabs(v) < 1e9))
		return fixed_slow(buf, v, prec < 0 ? 6 : prec);
	scaled = fabs(v) * pow10_table[prec];
	if (scaled >= 4e15)	/* no fraction bits left to judge rounding */
		return fixed_slow(buf, v, prec);
	whole = floor(scaled);
	frac = scaled - whole;
	/*
	 * The product is the double nearest |v| 10^prec, and k + 1/2 is a
	 * double here, so frac > 1/2 (< 1/2) means the exact product is above
	 * (below) the tie too; only frac == 1/2 needs printf's exact answer.
	 */
	if (fabs(frac - 0.5) < 1e-6)
		return fixed_slow(buf, v, prec);
	u = (uint64_t)whole + (frac > 0.5);
	neg = v < 0 && u != 0;
	split(u, prec, &ipart, &fpart);	/* both below 1e9 */
	ndigits = count_digits32(ipart);
	len = (size_t)(neg + ndigits + (prec > 0 ? 1 + prec : 0));
	buf[len] = '\0';
	if (prec > 0) {
		put_digits32(buf + len, fpart, prec);
		buf[neg + ndigits] = '.';
	}
	put_digits32(buf + neg + ndigits, ipart, ndigits);
	if (neg)
		buf[0] = '-';
	return len;
}
