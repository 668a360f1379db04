/*
 * check.h - the smallest unit-test harness that says what failed and where.
 * A test file defines test functions, lists them in main with RUN(), and
 * returns check_report().  Failures print file:line and the expression.
 */
#ifndef SPINE_CHECK_H
#define SPINE_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures;
static int check_count;

#define CHECK(cond) do { \
	check_count++; \
	if (!(cond)) { \
		check_failures++; \
		fprintf(stderr, "%s:%d: check failed: %s\n", \
		    __FILE__, __LINE__, #cond); \
	} \
} while (0)

#define CHECK_STR(a, b) do { \
	const char *check_a_ = (a), *check_b_ = (b); \
	check_count++; \
	if (check_a_ == NULL || check_b_ == NULL || \
	    strcmp(check_a_, check_b_) != 0) { \
		check_failures++; \
		fprintf(stderr, "%s:%d: \"%s\" != \"%s\" (%s, %s)\n", \
		    __FILE__, __LINE__, check_a_ ? check_a_ : "(null)", \
		    check_b_ ? check_b_ : "(null)", #a, #b); \
	} \
} while (0)

#define CHECK_NEAR(a, b, tol) do { \
	double check_a_ = (a), check_b_ = (b); \
	check_count++; \
	if (!(fabs(check_a_ - check_b_) <= (tol))) { \
		check_failures++; \
		fprintf(stderr, "%s:%d: %.17g != %.17g within %g (%s, %s)\n", \
		    __FILE__, __LINE__, check_a_, check_b_, (double)(tol), \
		    #a, #b); \
	} \
} while (0)

#define RUN(test) do { \
	int check_before_ = check_failures; \
	test(); \
	if (check_failures != check_before_) \
		fprintf(stderr, "FAIL %s\n", #test); \
} while (0)

static inline int
check_report(const char *suite)
{
	printf("%s: %d checks, %d failed\n", suite, check_count,
	    check_failures);
	return check_failures ? 1 : 0;
}

#endif
