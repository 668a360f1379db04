/*
 * fmtshort.c - the shortest "%.15g".."%.17g" text that reads back exactly.
 * Round trip is every tool's default output, so it must not cost printf
 * plus strtod three times: for |v| in [1e-5, 1e15) the digits and the
 * read-back test are done exactly in 128-bit integers; elsewhere, printf.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmtnum.h"

/* The definition itself, and the answer outside the fast range. */
static size_t
shortest_printf(char *buf, double v)
{
	int prec;
	int n = 0;

	for (prec = 15; prec <= 17; prec++) {
		n = snprintf(buf, FMTNUM_MAX, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	return (size_t)n;
}

#ifdef __SIZEOF_INT128__
__extension__ typedef unsigned __int128 u128;

static const uint64_t pow5[] = {
	1ULL, 5ULL, 25ULL, 125ULL, 625ULL, 3125ULL, 15625ULL, 78125ULL,
	390625ULL, 1953125ULL, 9765625ULL, 48828125ULL, 244140625ULL,
	1220703125ULL, 6103515625ULL, 30517578125ULL, 152587890625ULL,
	762939453125ULL, 3814697265625ULL, 19073486328125ULL,
	95367431640625ULL, 476837158203125ULL, 2384185791015625ULL
};
static const uint64_t pow10_u64[] = {
	1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
	10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
	100000000000ULL, 1000000000000ULL, 10000000000000ULL,
	100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
	100000000000000000ULL
};

/* |v| = m 2^e with m a 53-bit integer (v normal, finite, nonzero). */
struct binary {
	uint64_t m;
	int e;
};

/*
 * |v| 10^(p-1-x) rounded as printf rounds (to nearest, ties to even, on
 * the exact binary value) into *q, truncated into *floor_q, and whether
 * q 10^(x-p+1) reads back as v.  x is right when floor_q has p digits.
 * 0, or -1 when the numbers would leave the exact range.
 */
static int
digits(struct binary b, int p, int x, uint64_t *q, uint64_t *floor_q,
    int *roundtrip)
{
	int k = p - 1 - x, shift, frac_bits;
	u128 n, whole, rest, half, diff, ulp2;

	if (k < 0 || k >= (int)(sizeof pow5 / sizeof pow5[0]))
		return -1;
	n = (u128)b.m * pow5[k];	/* |v| 10^k = n 2^(k+e) */
	shift = k + b.e;
	if (shift >= 0) {	/* an integer: exact, no rounding */
		if (shift > 10)
			return -1;
		*q = *floor_q = (uint64_t)(n << shift);
		*roundtrip = 1;
		return 0;
	}
	frac_bits = -shift;
	if (frac_bits > 120)
		return -1;
	whole = n >> frac_bits;
	if (whole > pow10_u64[17])
		return -1;
	*floor_q = (uint64_t)whole;
	rest = n - (whole << frac_bits);
	half = (u128)1 << (frac_bits - 1);
	if (rest > half || (rest == half && (whole & 1)))
		whole++;
	*q = (uint64_t)whole;
	/*
	 * Reads back iff within half an ulp of v; scaled by 10^k 2^-(k+e),
	 * the ulp 2^e becomes 5^k.  Below a power of two the gap to the
	 * next double down is half as wide.  A tie reads back to v only when
	 * v's mantissa is even.
	 */
	diff = whole << frac_bits;
	diff = diff > n ? diff - n : n - diff;
	ulp2 = (u128)pow5[k];
	if ((whole << frac_bits) < n && b.m == (1ULL << 52))
		diff *= 2;
	*roundtrip = 2 * diff < ulp2 || (2 * diff == ulp2 && !(b.m & 1));
	return 0;
}

/* q (p digits, exponent x) as printf's %.<p>g writes it. */
static size_t
put_g(char *buf, int negative, uint64_t q, int p, int x)
{
	char d[24], *s = buf;
	int nd = p, i;

	for (i = p - 1; i >= 0; i--) {
		d[i] = (char)('0' + q % 10);
		q /= 10;
	}
	while (nd > 1 && d[nd - 1] == '0')
		nd--;
	if (negative)
		*s++ = '-';
	if (x < -4 || x >= p) {
		*s++ = d[0];
		if (nd > 1) {
			*s++ = '.';
			memcpy(s, d + 1, (size_t)nd - 1);
			s += nd - 1;
		}
		s += sprintf(s, "e%c%02d", x < 0 ? '-' : '+', abs(x));
	} else if (x >= 0) {
		for (i = 0; i <= x; i++)
			*s++ = i < nd ? d[i] : '0';
		if (nd > x + 1) {
			*s++ = '.';
			memcpy(s, d + x + 1, (size_t)(nd - x - 1));
			s += nd - x - 1;
		}
	} else {
		*s++ = '0';
		*s++ = '.';
		for (i = -1; i > x; i--)
			*s++ = '0';
		memcpy(s, d, (size_t)nd);
		s += nd;
	}
	*s = '\0';
	return (size_t)(s - buf);
}

/* The fast path; 0 when v is outside it. */
static size_t
shortest_exact(char *buf, double v)
{
	struct binary b;
	uint64_t bits, q;
	double a = fabs(v);
	int p, x, roundtrip;

	if (!(a >= 1e-5 && a < 1e15))
		return 0;
	memcpy(&bits, &a, sizeof bits);
	b.m = (bits & ((1ULL << 52) - 1)) | (1ULL << 52);
	b.e = (int)(bits >> 52) - 1075;
	x = (int)floor(log10(a));
	for (p = 15; p <= 17; p++) {
		uint64_t floor_q;
		int tries;

		/* log10 can be one off near a power of ten: the digits say */
		for (tries = 0; tries < 3; tries++) {
			if (digits(b, p, x, &q, &floor_q, &roundtrip) < 0)
				return 0;
			if (floor_q < pow10_u64[p - 1])
				x--;
			else if (floor_q >= pow10_u64[p])
				x++;
			else
				break;
		}
		if (tries == 3)
			return 0;
		if (q == pow10_u64[p]) {	/* 9.99.. rounded up to 10 */
			q = pow10_u64[p - 1];
			x++;
		}
		if (roundtrip)
			return put_g(buf, v < 0, q, p, x);
	}
	return 0;
}
#endif

size_t
fmt_shortest(char *buf, double v)
{
	if (v == 0) {		/* also -0 */
		memcpy(buf, "0", 2);
		return 1;
	}
#ifdef __SIZEOF_INT128__
	{
		size_t n = shortest_exact(buf, v);

		if (n > 0)
			return n;
	}
#endif
	return shortest_printf(buf, v);
}
