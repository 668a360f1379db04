/*
 * words_test.c - the shell-like word splitter of armctl session
 * (lib/host/words.c): quotes, backslashes, comments, errors, and random
 * bytes.  Expected words are written out by hand from sh(1)'s rules.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "host/splitmix.h"
#include "host/words.h"

/* Split line and compare with the n expected words. */
static int
splits_to(const char *line, int n, const char *const *want)
{
	struct words w;
	char err[100];
	int i, ok;

	if (words_split(line, &w, err, sizeof err) != 0) {
		words_free(&w);
		return 0;
	}
	ok = w.n == n && w.v[n] == NULL;
	for (i = 0; ok && i < n; i++)
		ok = strcmp(w.v[i], want[i]) == 0;
	words_free(&w);
	return ok;
}

static void
test_plain(void)
{
	static const char *const a[] = { "monitor", "--count", "10" };

	CHECK(splits_to("monitor --count 10", 3, a));
	CHECK(splits_to("  monitor\t--count   10  \r", 3, a));
	CHECK(splits_to("", 0, NULL));
	CHECK(splits_to("   \t ", 0, NULL));
}

static void
test_quotes(void)
{
	static const char *const a[] = { "push", "my plan.plan" };
	static const char *const b[] = { "a\"b", "c\\d", "e$f" };
	static const char *const c[] = { "it's", "" };
	static const char *const d[] = { "x y" };

	CHECK(splits_to("push 'my plan.plan'", 2, a));
	CHECK(splits_to("push \"my plan.plan\"", 2, a));
	CHECK(splits_to("push my\\ plan.plan", 2, a));
	/* in double quotes \" \\ \$ lose the backslash; \d keeps it */
	CHECK(splits_to("\"a\\\"b\" \"c\\d\" \"e\\$f\"", 3, b));
	/* quotes join to their neighbours; '' is an empty word */
	CHECK(splits_to("it\"'\"s ''", 2, c));
	CHECK(splits_to("'x'\" \"y", 1, d));
}

static void
test_comments(void)
{
	static const char *const a[] = { "pos" };
	static const char *const b[] = { "a#b", "#c" };

	CHECK(splits_to("# a comment", 0, NULL));
	CHECK(splits_to("pos   # where the arm is", 1, a));
	/* # inside a word, or quoted, is not a comment */
	CHECK(splits_to("a#b '#c'", 2, b));
}

static void
test_errors(void)
{
	struct words w;
	char err[100];

	CHECK(words_split("push 'open", &w, err, sizeof err) == -1);
	CHECK_STR(err, "unterminated quote");
	words_free(&w);
	CHECK(words_split("push \"open", &w, err, sizeof err) == -1);
	words_free(&w);
	CHECK(words_split("push \\", &w, err, sizeof err) == -1);
	CHECK_STR(err, "a backslash at the end of the line");
	words_free(&w);
}

/* Random bytes: no crash, every word inside the buffer, n bounded. */
static void
test_random(void)
{
	static const char alphabet[] = "ab '\"\\#\t$`\r";
	uint64_t rng = 14;
	struct words w;
	char line[64], err[100];
	int i, k, n;

	for (i = 0; i < 20000; i++) {
		n = (int)(splitmix_next(&rng) % (sizeof line));
		for (k = 0; k < n; k++)
			line[k] = alphabet[splitmix_next(&rng) %
			    (sizeof alphabet - 1)];
		line[n] = '\0';
		if (words_split(line, &w, err, sizeof err) == 0) {
			CHECK(w.n <= (n + 1) / 2);
			CHECK(w.v[w.n] == NULL);
			for (k = 0; k < w.n; k++)
				CHECK(w.v[k] >= w.buf && w.v[k] + strlen(w.v[k])
				    <= w.buf + n);
		}
		words_free(&w);
	}
}

int
main(void)
{
	RUN(test_plain);
	RUN(test_quotes);
	RUN(test_comments);
	RUN(test_errors);
	RUN(test_random);
	return check_report("words");
}
