/*
 * num.c - strict number parsing.
 * strtod alone accepts "nan", "0x1p3", " 5" and stops silently at junk; a
 * robot's target must never come from a half-parsed argument, so the grammar
 * is checked first and strtod only converts what passed.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

const char *
num_strerror(enum num_error e)
{
	switch (e) {
	case NUM_OK:
		return "ok";
	case NUM_EMPTY:
		return "empty value";
	case NUM_SYNTAX:
		return "not a number";
	case NUM_RANGE:
		return "out of range";
	case NUM_NOT_FINITE:
		return "not a finite number";
	}
	return "bad number";
}

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Length of the decimal number at s, or 0 when s does not start with one. */
static size_t
scan_decimal(const char *s)
{
	const char *p = s;
	size_t digits = 0;

	if (*p == '+' || *p == '-')
		p++;
	while (is_digit(*p)) {
		p++;
		digits++;
	}
	if (*p == '.') {
		p++;
		while (is_digit(*p)) {
			p++;
			digits++;
		}
	}
	if (digits == 0)
		return 0;
	if (*p == 'e' || *p == 'E') {
		const char *e = p + 1;

		if (*e == '+' || *e == '-')
			e++;
		if (!is_digit(*e))
			return 0;
		while (is_digit(*e))
			e++;
		p = e;
	}
	return (size_t)(p - s);
}

static int
looks_not_finite(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	return (s[0] == 'n' || s[0] == 'N' || s[0] == 'i' || s[0] == 'I');
}

enum num_error
num_double(const char *s, double *out)
{
	size_t n;
	double v;

	if (s == NULL || *s == '\0')
		return NUM_EMPTY;
	n = scan_decimal(s);
	if (n == 0)
		return looks_not_finite(s) ? NUM_NOT_FINITE : NUM_SYNTAX;
	if (s[n] != '\0')
		return NUM_SYNTAX;
	errno = 0;
	v = strtod(s, NULL);
	if (errno == ERANGE && (v == HUGE_VAL || v == -HUGE_VAL))
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}

enum num_error
num_long(const char *s, long lo, long hi, long *out)
{
	const char *p = s;
	long v;

	if (s == NULL || *s == '\0')
		return NUM_EMPTY;
	if (*p == '+' || *p == '-')
		p++;
	if (!is_digit(*p))
		return NUM_SYNTAX;
	while (is_digit(*p))
		p++;
	if (*p != '\0')
		return NUM_SYNTAX;
	errno = 0;
	v = strtol(s, NULL, 10);
	if (errno == ERANGE || v < lo || v > hi)
		return NUM_RANGE;
	*out = v;
	return NUM_OK;
}

int
num_double_list(const char *s, double *out, int max, enum num_error *err,
    int *bad_index)
{
	char item[128];
	int n = 0;

	for (;;) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		enum num_error e;

		*bad_index = n;
		if (n == max) {
			*err = NUM_RANGE;
			return -1;
		}
		if (len >= sizeof item) {
			*err = NUM_SYNTAX;
			return -1;
		}
		memcpy(item, s, len);
		item[len] = '\0';
		if ((e = num_double(item, &out[n])) != NUM_OK) {
			*err = e;
			return -1;
		}
		n++;
		if (comma == NULL)
			return n;
		s = comma + 1;
	}
}

enum num_error
num_period_ms(const char *s, long lo, long hi, long *out)
{
	char num[32];
	size_t n = strlen(s);
	double v, scale = 1;
	enum num_error e;

	if (n >= sizeof num)
		return NUM_SYNTAX;
	memcpy(num, s, n + 1);
	if (n > 2 && strcmp(num + n - 2, "ms") == 0)
		num[n - 2] = '\0';
	else if (n > 1 && num[n - 1] == 's') {
		num[n - 1] = '\0';
		scale = 1000;
	}
	if ((e = num_double(num, &v)) != NUM_OK)
		return e;
	if (v * scale < lo || v * scale > hi)
		return NUM_RANGE;
	*out = (long)(v * scale + 0.5);
	return NUM_OK;
}

int
num_hex_bytes(char *const *w, int n, unsigned char *out, int max)
{
	int count = 0, i;
	const char *s;

	for (i = 0; i < n; i++)
		for (s = w[i]; *s; s += 2) {
			char byte[3] = { s[0], s[1], 0 }, *end;

			if (s[1] == '\0' || count == max)
				return -1;
			out[count++] = (unsigned char)strtoul(byte, &end, 16);
			if (*end != '\0')
				return -1;
		}
	return count;
}
