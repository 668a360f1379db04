/*
 * num.h - strict number parsing for arguments and CSV fields.
 * A value is accepted only when the whole string is a finite decimal number:
 * no trailing junk, no hex, no NaN or infinity.  Used by every cmd/.
 */
#ifndef SPINE_NUM_H
#define SPINE_NUM_H

#include <stddef.h>

enum num_error {
	NUM_OK = 0,
	NUM_EMPTY,		/* nothing to parse */
	NUM_SYNTAX,		/* not a decimal number, or junk after it */
	NUM_RANGE,		/* too large for the type (or for the bounds) */
	NUM_NOT_FINITE		/* nan, inf */
};

/* Words for a message: "not a number", "out of range", ... */
const char *num_strerror(enum num_error e);

/*
 * Decimal floating point: [+-]digits[.digits][(e|E)[+-]digits], at least one
 * digit in the mantissa.  The decimal point is '.' whatever the locale: the
 * grammar is checked here, and spine tools never call setlocale(LC_NUMERIC),
 * so strtod always sees the C locale.
 */
enum num_error num_double(const char *s, double *out);

/* Decimal integer within [lo, hi]. */
enum num_error num_long(const char *s, long lo, long hi, long *out);

/*
 * A list "a,b,c" of doubles into out[max].  Returns the count (>= 1), or -1
 * with *err set and *bad_index the 0-based item at fault (max + 1 items is
 * NUM_RANGE with *bad_index = max).
 */
int num_double_list(const char *s, double *out, int max,
    enum num_error *err, int *bad_index);

/* A period "250ms", "0.5s" or "250" (milliseconds) within lo..hi ms,
   rounded to a millisecond (NUM_SYNTAX past 31 characters). */
enum num_error num_period_ms(const char *s, long lo, long hi, long *out);

/*
 * Bytes written as hex pairs, "01 ff 3a" or "01ff3a", over words w[n]
 * into out[max]: the count, or -1 for an odd digit, a non-hex digit or
 * more than max bytes.
 */
int num_hex_bytes(char *const *w, int n, unsigned char *out, int max);

#endif
