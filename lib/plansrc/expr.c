/*
 * expr.c - releaser and act phrases.  Both are read from the right: the
 * number at the end, then the comparator before it, and whatever is left is
 * the name, so names may hold blanks and even comparator characters.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "plan/plan.h"
#include "plan/vocab.h"
#include "plansrc/expr.h"
#include "yaml/ydoc.h"

int
plansrc_expr_is_integer(const char *s, long *out)
{
	return yparse_long(s, -2147483647L, 2147483647L, out) == 0;
}

static int
is_blank(int ch)
{
	return ch == ' ' || ch == '\t';
}

/* Trimmed copy of [s, e) into out (EXPR_NAME_MAX + 1 bytes); its length,
 * or -1 when too long. */
static int
copy_name(char *out, const char *s, const char *e)
{
	while (s < e && is_blank((unsigned char)*s))
		s++;
	while (e > s && is_blank((unsigned char)e[-1]))
		e--;
	if (e - s > EXPR_NAME_MAX)
		return -1;
	memcpy(out, s, (size_t)(e - s));
	out[e - s] = '\0';
	return (int)(e - s);
}

/* Start of the trailing word of [s, e) made of letters and digits, with a
 * sign in front of it if there is one. */
static const char *
trailing_number(const char *s, const char *e)
{
	const char *p = e;

	while (p > s && isalnum((unsigned char)p[-1]))
		p--;
	if (p > s && p < e && (p[-1] == '-' || p[-1] == '+'))
		p--;
	return p;
}

/* The comparator ending at e (blanks before e already skipped): its
 * code, with *start at its first character; -1 if there is none. */
static int
trailing_cmp(const char *s, const char *e, const char **start)
{
	int i;

	for (i = 0; i <= PLAN_FL; i++) {
		size_t n = strlen(plan_cmp_word((uint8_t)i));

		if ((size_t)(e - s) > n &&
		    is_blank((unsigned char)*(e - n - 1)) &&
		    strncmp(e - n, plan_cmp_word((uint8_t)i), n) == 0) {
			*start = e - n;
			return i;
		}
	}
	for (i = 0; i <= PLAN_LT; i++) {
		size_t n = strlen(plan_cmp_symbol((uint8_t)i));

		if ((size_t)(e - s) >= n &&
		    strncmp(e - n, plan_cmp_symbol((uint8_t)i), n) == 0) {
			*start = e - n;
			return i;
		}
	}
	return -1;
}

int
plansrc_when_parse(const char *s, struct when_expr *w, const char **why)
{
	const char *e = s + strlen(s), *num, *op;
	char text[32];
	int rc;

	while (is_blank((unsigned char)*s))
		s++;
	while (e > s && is_blank((unsigned char)e[-1]))
		e--;
	memset(w, 0, sizeof *w);
	if (e - s == 6 && strncmp(s, "always", 6) == 0) {
		w->cmp = PLAN_TR;
		return 0;
	}
	if (e - s == 5 && strncmp(s, "never", 5) == 0) {
		w->cmp = PLAN_FL;
		return 0;
	}
	num = trailing_number(s, e);
	rc = -1;
	if (num < e && e - num < (long)sizeof text) {
		memcpy(text, num, (size_t)(e - num));
		text[e - num] = '\0';
		rc = yparse_long(text, -32768, 32767, &w->value);
	}
	if (rc == -1) {
		*why = "expected 'sense > value' (or ==, !=, <, TR, FL), "
		    "'always' or 'never'";
		return -1;
	}
	if (rc == -2) {
		*why = "the value must be a whole number in -32768..32767";
		return -1;
	}
	for (e = num; e > s && is_blank((unsigned char)e[-1]);)
		e--;
	if ((w->cmp = trailing_cmp(s, e, &op)) < 0) {
		if (e - s >= 2 && (strncmp(e - 2, ">=", 2) == 0 ||
		    strncmp(e - 2, "<=", 2) == 0))
			*why = "Instinct has no >= or <=: use > or < with "
			    "the value one step further";
		else
			*why = "expected a comparator (==, !=, >, <, EQ, NE, "
			    "GT, LT, TR, FL) before the value";
		return -1;
	}
	switch (copy_name(w->sense, s, op)) {
	case -1:
		*why = "the sense name is longer than 255 bytes";
		return -1;
	case 0:
		*why = "expected a sense before the comparator";
		return -1;
	}
	return 0;
}

size_t
plansrc_when_format(const struct when_expr *w, char *buf, size_t size)
{
	int n;

	if (w->sense[0] == '\0' && w->value == 0 && w->cmp == PLAN_TR)
		n = snprintf(buf, size, "always");
	else if (w->sense[0] == '\0' && w->value == 0 && w->cmp == PLAN_FL)
		n = snprintf(buf, size, "never");
	else
		n = snprintf(buf, size, "%s %s %ld", w->sense,
		    plan_cmp_symbol(w->cmp), w->value);
	return n < 0 || (size_t)n >= size ? 0 : (size_t)n;
}

int
plansrc_act_parse(const char *s, struct act_expr *a, const char **why)
{
	const char *e = s + strlen(s), *num;
	char text[32];
	long v;

	while (is_blank((unsigned char)*s))
		s++;
	while (e > s && is_blank((unsigned char)e[-1]))
		e--;
	memset(a, 0, sizeof *a);
	num = e;
	while (num > s && !is_blank((unsigned char)num[-1]))
		num--;
	if (num > s && e - num < (long)sizeof text) {
		memcpy(text, num, (size_t)(e - num));
		text[e - num] = '\0';
		if (plansrc_expr_is_integer(text, &v)) {
			if (v < -32768 || v > 32767) {
				*why = "the value must be a whole number in "
				    "-32768..32767";
				return -1;
			}
			a->value = v;
			a->has_value = 1;
			e = num;
		}
	}
	switch (copy_name(a->action, s, e)) {
	case -1:
		*why = "the action name is longer than 255 bytes";
		return -1;
	case 0:
		*why = "expected a robot action, then optionally its value";
		return -1;
	}
	return 0;
}
