/*
 * cli_test.c - unit tests for lib/host: numbers in and out, CSV reading,
 * table writing and atomic files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "host/atomic.h"
#include "host/csv.h"
#include "host/fmtnum.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "host/splitmix.h"
#include "host/table.h"

static void
test_num_double(void)
{
	double v = 0;

	CHECK(num_double("1.5", &v) == NUM_OK && v == 1.5);
	CHECK(num_double("-2e3", &v) == NUM_OK && v == -2000);
	CHECK(num_double("+.5", &v) == NUM_OK && v == 0.5);
	CHECK(num_double("7.", &v) == NUM_OK && v == 7);
	CHECK(num_double("", &v) == NUM_EMPTY);
	CHECK(num_double("1.5x", &v) == NUM_SYNTAX);
	CHECK(num_double(" 1", &v) == NUM_SYNTAX);
	CHECK(num_double("1 ", &v) == NUM_SYNTAX);
	CHECK(num_double("0x10", &v) == NUM_SYNTAX);
	CHECK(num_double("1e", &v) == NUM_SYNTAX);
	CHECK(num_double(".", &v) == NUM_SYNTAX);
	CHECK(num_double("1,5", &v) == NUM_SYNTAX);
	CHECK(num_double("nan", &v) == NUM_NOT_FINITE);
	CHECK(num_double("-inf", &v) == NUM_NOT_FINITE);
	CHECK(num_double("Infinity", &v) == NUM_NOT_FINITE);
	CHECK(num_double("1e999", &v) == NUM_RANGE);
	CHECK(num_double("1e-400", &v) == NUM_OK && v == 0);
}

static void
test_num_long(void)
{
	long v = 0;

	CHECK(num_long("42", 0, 100, &v) == NUM_OK && v == 42);
	CHECK(num_long("-3", -5, 5, &v) == NUM_OK && v == -3);
	CHECK(num_long("101", 0, 100, &v) == NUM_RANGE);
	CHECK(num_long("4.0", 0, 100, &v) == NUM_SYNTAX);
	CHECK(num_long("99999999999999999999", 0, 100, &v) == NUM_RANGE);
}

static void
test_num_list(void)
{
	double a[4];
	enum num_error e;
	int bad;

	CHECK(num_double_list("1,2.5,-3", a, 4, &e, &bad) == 3);
	CHECK(a[0] == 1 && a[1] == 2.5 && a[2] == -3);
	CHECK(num_double_list("1,,3", a, 4, &e, &bad) == -1);
	CHECK(e == NUM_EMPTY && bad == 1);
	CHECK(num_double_list("1,2,3,4,5", a, 4, &e, &bad) == -1);
	CHECK(e == NUM_RANGE && bad == 4);
	CHECK(num_double_list("x", a, 4, &e, &bad) == -1 && bad == 0);
}

static void
test_fmt_fixed_matches_printf(void)
{
	char ours[FMTNUM_MAX], theirs[64];
	unsigned long seed = 12345;
	int i, prec, bad = 0;

	for (i = 0; i < 200000; i++) {
		double v;

		seed = seed * 6364136223846793005UL + 1442695040888963407UL;
		v = ((double)(seed >> 11) / 9007199254740992.0 - 0.5) *
		    (i % 3 == 0 ? 2e6 : i % 3 == 1 ? 20 : 2e-3);
		for (prec = 0; prec <= 9; prec += 3) {
			const char *want;

			fmt_fixed(ours, v, prec);
			snprintf(theirs, sizeof theirs, "%.*f", prec, v);
			want = theirs;
			/* we drop the sign of a value that rounds to zero */
			if (want[0] == '-' &&
			    strspn(want + 1, "0.") == strlen(want + 1))
				want++;
			if (strcmp(ours, want) != 0)
				bad++;
		}
	}
	CHECK(bad == 0);
	fmt_fixed(ours, 2.5, 0);
	CHECK_STR(ours, "2");	/* ties to even, as printf */
	fmt_fixed(ours, 0.125, 2);
	CHECK_STR(ours, "0.12");
	fmt_fixed(ours, -1e-9, 3);
	CHECK_STR(ours, "0.000");
	fmt_fixed(ours, 1e300, 2);
	CHECK(strtod(ours, NULL) == 1e300);
}

/* The definition fmt_shortest must agree with, done the slow way. */
static void
shortest_reference(char *buf, double v)
{
	int prec;

	if (v == 0)
		v = 0;
	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, 64, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			return;
	}
}

static double
random_double(unsigned long *seed)
{
	unsigned long long bits;
	double v;

	*seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
	bits = (unsigned long long)*seed;
	*seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
	bits ^= (unsigned long long)*seed >> 32;
	memcpy(&v, &bits, sizeof v);
	return v;
}

static void
test_fmt_shortest_matches_printf(void)
{
	char ours[FMTNUM_MAX], want[64];
	unsigned long seed = 99;
	long i, bad = 0;
	int k;

	for (i = 0; i < 300000; i++) {
		double v;

		switch (i % 4) {
		case 0:		/* any bit pattern */
			v = random_double(&seed);
			if (v != v || v - v != 0)
				continue;
			break;
		case 1:		/* the fast range, uniformly in magnitude */
			v = pow(10, -6 + 22 * fabs(fmod(random_double(&seed),
			    1.0)));
			if (v != v)
				continue;
			break;
		case 2:		/* short decimals, as people type them */
			v = (double)(long)(i * 7919 % 2000003 - 1000000) /
			    pow(10, i % 9);
			break;
		default:	/* neighbours of powers of ten and of 2^k */
			k = (int)(i % 40) - 8;
			v = nextafter(pow(10, k % 16), (i & 4) ? 0 : 1e300);
			if (i & 8)
				v = nextafter(ldexp(1, k), (i & 16) ? 0 : 1e300);
			break;
		}
		fmt_shortest(ours, v);
		shortest_reference(want, v);
		if (strcmp(ours, want) != 0 && bad++ < 5)
			fprintf(stderr, "fmt_shortest(%a): %s, printf %s\n", v,
			    ours, want);
	}
	CHECK(bad == 0);
}

static void
test_fmt_shortest(void)
{
	char s[FMTNUM_MAX];
	double vals[] = { 0.1, 1.0 / 3, 100, -0.0, 1e-300, 123456789.125,
	    5e-324, 1.7976931348623157e308 };
	size_t i;

	fmt_shortest(s, 0.1);
	CHECK_STR(s, "0.1");
	fmt_shortest(s, 100);
	CHECK_STR(s, "100");
	fmt_shortest(s, -0.0);
	CHECK_STR(s, "0");
	for (i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		fmt_shortest(s, vals[i]);
		CHECK(strtod(s, NULL) == vals[i]);
	}
}

static FILE *
text_file(const char *text)
{
	FILE *fp = tmpfile();

	fputs(text, fp);
	rewind(fp);
	return fp;
}

static void
test_csv_basic(void)
{
	FILE *fp = text_file("# a comment\r\nt, x ,\"y\"\r\n\r\n  \n"
	    "1,\"a,b\",\"say \"\"hi\"\"\"\n2,,\"multi\nline\"\n3");
	struct csv_reader r;
	struct csv_header h;

	csv_init(&r, fp, ',');
	CHECK(csv_read(&r) == 1);
	CHECK(r.line == 2 && csv_nfields(&r) == 3);
	CHECK(csv_header_take(&r, &h) == 0);
	CHECK_STR(h.names[1], "x");
	CHECK(csv_header_find(&h, "y") == 2 && csv_header_find(&h, "z") < 0);
	CHECK(csv_read(&r) == 1);
	CHECK(r.line == 5);
	CHECK_STR(csv_field(&r, 1), "a,b");
	CHECK_STR(csv_field(&r, 2), "say \"hi\"");
	CHECK(csv_col(&r, 1) == 3);
	CHECK(csv_read(&r) == 1);
	CHECK_STR(csv_field(&r, 1), "");
	CHECK_STR(csv_field(&r, 2), "multi\nline");
	CHECK(csv_read(&r) == 1);
	CHECK(r.line == 8 && csv_nfields(&r) == 1);
	CHECK_STR(csv_field(&r, 0), "3");
	CHECK(csv_read(&r) == 0);
	csv_header_free(&h);
	csv_free(&r);
	fclose(fp);
}

static void
test_csv_errors(void)
{
	const char *bad[] = { "a,\"open\n", "a,\"x\"y\n", "a,b\"c\n" };
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		FILE *fp = text_file(bad[i]);
		struct csv_reader r;

		csv_init(&r, fp, ',');
		CHECK(csv_read(&r) == -1);
		CHECK(r.error != NULL && r.error_line >= 1);
		csv_free(&r);
		fclose(fp);
	}
}

/* An empty last field sits just after its comma, whatever ends the line
 * (csv_fuzz: LF gave column 0, the end of input the comma's column). */
static void
test_csv_empty_last_field(void)
{
	const char *text[] = { "ab,\n", "ab,", "ab,\r\n", "ab, \n" };
	size_t i;

	for (i = 0; i < sizeof text / sizeof text[0]; i++) {
		FILE *fp = text_file(text[i]);
		struct csv_reader r;

		csv_init(&r, fp, ',');
		CHECK(csv_read(&r) == 1);
		CHECK(csv_nfields(&r) == 2);
		CHECK_STR(csv_field(&r, 1), "");
		CHECK(csv_col(&r, 0) == 1);
		CHECK(csv_col(&r, 1) == (i == 3 ? 5 : 4));
		csv_free(&r);
		fclose(fp);
	}
}

static void
test_csv_random_bytes(void)
{
	unsigned long seed = 99;
	int round;

	for (round = 0; round < 300; round++) {
		FILE *fp = tmpfile();
		struct csv_reader r;
		int i, n = (int)(seed % 4000), got;

		for (i = 0; i < n; i++) {
			seed = seed * 6364136223846793005UL + 1;
			fputc((int)(seed >> 56), fp);
		}
		rewind(fp);
		csv_init(&r, fp, ',');
		while ((got = csv_read(&r)) == 1)
			CHECK(csv_nfields(&r) >= 1);
		CHECK(got == 0 || r.error != NULL);
		csv_free(&r);
		fclose(fp);
	}
}

static char *
slurp(FILE *fp)
{
	static char buf[4096];
	size_t n;

	rewind(fp);
	n = fread(buf, 1, sizeof buf - 1, fp);
	buf[n] = '\0';
	return buf;
}

static void
test_table(void)
{
	static const char *const names[] = { "t", "name" };
	static struct table t;
	FILE *fp = tmpfile();

	table_init(&t, fp, TABLE_CSV, 3, names, 2);
	table_header(&t);
	table_num(&t, 0.5);
	table_str(&t, "a,\"b\"");
	table_end_row(&t);
	table_num(&t, -2);
	table_str(&t, "#x");
	table_end_row(&t);
	table_null(&t);
	table_null(&t);
	table_end_row(&t);
	CHECK(table_flush(&t) == 0);
	CHECK_STR(slurp(fp), "t,name\n0.500,\"a,\"\"b\"\"\"\n-2.000,#x\n,\n");
	fclose(fp);

	fp = tmpfile();
	table_init(&t, fp, TABLE_JSONL, TABLE_ROUND_TRIP, names, 2);
	table_header(&t);
	table_num(&t, 0.1);
	table_str(&t, "q\"\n");
	table_end_row(&t);
	table_null(&t);
	table_str(&t, "");
	table_end_row(&t);
	table_flush(&t);
	CHECK_STR(slurp(fp), "{\"t\":0.1,\"name\":\"q\\\"\\u000a\"}\n"
	    "{\"t\":null,\"name\":\"\"}\n");
	fclose(fp);

	fp = tmpfile();
	table_init(&t, fp, TABLE_CSV, 0, names, 2);
	table_str(&t, "#x");	/* first column: would read as a comment */
	table_end_row(&t);
	table_flush(&t);
	CHECK_STR(slurp(fp), "\"#x\"\n");
	fclose(fp);
}

static void
test_atomic(void)
{
	char dir[] = "/tmp/spine-atomic-XXXXXX";
	char path[256], text[64] = "";
	struct atomic_file af;
	FILE *fp;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/out.txt", dir);
	fp = fopen(path, "w");
	fputs("old\n", fp);
	fclose(fp);

	CHECK(atomic_open(&af, path) == 0);
	fputs("half", af.fp);
	atomic_abort(&af);
	fp = fopen(path, "r");
	CHECK(fgets(text, sizeof text, fp) != NULL);
	fclose(fp);
	CHECK_STR(text, "old\n");

	CHECK(atomic_open(&af, path) == 0);
	fputs("new\n", af.fp);
	CHECK(atomic_commit(&af) == 0);
	fp = fopen(path, "r");
	CHECK(fgets(text, sizeof text, fp) != NULL);
	fclose(fp);
	CHECK_STR(text, "new\n");

	snprintf(path, sizeof path, "%s/no/such/dir/f", dir);
	CHECK(atomic_open(&af, path) == -1 && errno == ENOENT);

	CHECK(atomic_open(&af, "/dev/null") == 0 && af.tmp == NULL);
	CHECK(atomic_commit(&af) == 0);

	snprintf(path, sizeof path, "rm -r %s", dir);
	CHECK(system(path) == 0);
}

/* splitmix64's published first outputs for seed 0 (Vigna's reference). */
static void
test_splitmix(void)
{
	uint64_t s = 0;
	double u;
	int i;

	CHECK(splitmix_next(&s) == 0xe220a8397b1dcdafULL);
	CHECK(splitmix_next(&s) == 0x6e789e6aa1b965f4ULL);
	CHECK(splitmix_next(&s) == 0x06c45d188009454fULL);
	for (i = 0, s = 42; i < 1000; i++) {
		u = splitmix_uniform(&s);
		CHECK(u >= 0.0 && u < 1.0);
	}
}

/* Periods and hex bytes as armctl takes them (--every, send). */
static void
test_num_period_hex(void)
{
	char w1[] = "01 ff", w2[] = "3A", odd[] = "abc", junk[] = "zz";
	char *ok[] = { w1, w2 }, *bad1[] = { odd }, *bad2[] = { junk };
	unsigned char b[4];
	long ms = 0;

	/* the space inside a word is not a digit pair */
	CHECK(num_hex_bytes(ok, 2, b, 4) == -1);
	w1[2] = '\0';
	CHECK(num_hex_bytes(ok, 2, b, 4) == 2 && b[0] == 0x01 &&
	    b[1] == 0x3A);
	CHECK(num_hex_bytes(ok, 2, b, 1) == -1);
	CHECK(num_hex_bytes(bad1, 1, b, 4) == -1);
	CHECK(num_hex_bytes(bad2, 1, b, 4) == -1);
	CHECK(num_hex_bytes(ok, 0, b, 4) == 0);
	CHECK(num_period_ms("250ms", 20, 60000, &ms) == NUM_OK && ms == 250);
	CHECK(num_period_ms("0.5s", 20, 60000, &ms) == NUM_OK && ms == 500);
	CHECK(num_period_ms("40", 20, 60000, &ms) == NUM_OK && ms == 40);
	CHECK(num_period_ms("19ms", 20, 60000, &ms) == NUM_RANGE);
	CHECK(num_period_ms("61s", 20, 60000, &ms) == NUM_RANGE);
	CHECK(num_period_ms("ms", 20, 60000, &ms) != NUM_OK);
	CHECK(num_period_ms("1e400s", 20, 60000, &ms) != NUM_OK);
	CHECK(num_period_ms("0000000000000000000000000000000040", 20,
	    60000, &ms) == NUM_SYNTAX);
}

/* Options that only some commands take. */
static void
test_usage_only(void)
{
	static const struct usage_only t[] = {
		{ 'c', "count", "monitor telemetry" }, { 'f', "force", "push" }
	};
	int seen[128] = { 0 };

	CHECK(usage_only_for(t, 2, seen, "info") == 0);
	seen['c'] = 1;
	CHECK(usage_only_for(t, 2, seen, "telemetry") == 0);
	CHECK(usage_only_for(t, 2, seen, "monitor") == 0);
	/* a command that a listed one starts with is not it */
	CHECK(usage_only_for(t, 2, seen, "mon") == EXIT_USAGE);
	CHECK(usage_only_for(t, 2, seen, "push") == EXIT_USAGE);
}

int
main(void)
{
	RUN(test_num_double);
	RUN(test_num_long);
	RUN(test_num_list);
	RUN(test_num_period_hex);
	RUN(test_usage_only);
	RUN(test_fmt_fixed_matches_printf);
	RUN(test_fmt_shortest);
	RUN(test_fmt_shortest_matches_printf);
	RUN(test_csv_basic);
	RUN(test_csv_errors);
	RUN(test_csv_empty_last_field);
	RUN(test_csv_random_bytes);
	RUN(test_table);
	RUN(test_atomic);
	RUN(test_splitmix);
	return check_report("cli");
}
