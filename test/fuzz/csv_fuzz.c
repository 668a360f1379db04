/*
 * csv_fuzz.c - libFuzzer harness for the CSV reader and the number parsers
 * every table-reading tool (mjtraj, ikreach, planrun, armctl) puts under
 * it: any bytes in, no crash, no hang, and records that hold together.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/csv.h"
#include "host/num.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define LIST_MAX 8

static void
fail(const char *why)
{
	fprintf(stderr, "csv_fuzz: %s\n", why);
	abort();
}

/* A string num_double accepted is made of number characters only. */
static void
check_double(const char *s)
{
	enum num_error e;
	double v;

	if ((e = num_double(s, &v)) != NUM_OK) {
		if (num_strerror(e) == NULL)
			fail("no words for a number error");
		return;
	}
	if (!isfinite(v))
		fail("num_double accepted a value that is not finite");
	if (s[strspn(s, "0123456789+-.eE")] != '\0')
		fail("num_double accepted a character outside the grammar");
}

static void
check_long(const char *s)
{
	long v;

	if (num_long(s, -1000, 1000, &v) == NUM_OK &&
	    (v < -1000 || v > 1000))
		fail("num_long returned a value outside its bounds");
	if (num_long(s, 0, 0, &v) == NUM_OK && v != 0)
		fail("num_long returned a value outside [0, 0]");
}

static void
check_list(const char *s)
{
	double out[LIST_MAX];
	enum num_error e = NUM_OK;
	int i, n, bad = -1;

	n = num_double_list(s, out, LIST_MAX, &e, &bad);
	if (n == -1) {
		if (e == NUM_OK || bad < 0 || bad > LIST_MAX)
			fail("num_double_list failed without saying why");
		return;
	}
	if (n < 1 || n > LIST_MAX)
		fail("num_double_list returned a count out of range");
	for (i = 0; i < n; i++)
		if (!isfinite(out[i]))
			fail("num_double_list accepted a value not finite");
}

/* Each field is a string inside the buffer; lines move on. */
static void
check_record(const struct csv_reader *r, long *last_line)
{
	size_t i;

	if (csv_nfields(r) == 0)
		fail("a record with no field");
	if (r->line < *last_line || r->line < 1)
		fail("record lines go backwards");
	*last_line = r->line;
	for (i = 0; i < csv_nfields(r); i++) {
		const char *f = csv_field(r, i);

		if (r->start[i] >= r->len ||
		    r->start[i] + strlen(f) >= r->len)
			fail("a field runs past the record");
		if (csv_col(r, i) < 1)
			fail("a field before column 1");
		check_double(f);
		check_long(f);
		check_list(f);
	}
}

/* The first record as a header: every name is found at or before its place. */
static void
check_header(const struct csv_reader *r)
{
	struct csv_header h;
	size_t i;
	int k;

	if (csv_header_take(r, &h) < 0)
		fail("out of memory");
	if (h.n != csv_nfields(r))
		fail("the header lost names");
	for (i = 0; i < h.n; i++) {
		k = csv_header_find(&h, csv_field(r, i));
		if (k < 0 || (size_t)k > i || strcmp(h.names[k],
		    csv_field(r, i)) != 0)
			fail("a header name is not found where it is");
	}
	csv_header_free(&h);
}

/* Every record of data with separator sep; the reader must stop. */
static void
read_all(const uint8_t *data, size_t size, char sep)
{
	struct csv_reader r;
	long records = 0, last_line = 0;
	FILE *fp;
	int got;

	if ((fp = fmemopen((void *)data, size, "r")) == NULL)
		fail("fmemopen");
	csv_init(&r, fp, sep);
	while ((got = csv_read(&r)) == 1) {
		check_record(&r, &last_line);
		if (records++ == 0)
			check_header(&r);
		if ((size_t)records > size)
			fail("more records than bytes: a loop");
	}
	if (got < 0 && (r.error == NULL || r.error_line < 1 ||
	    r.error_col < 1))
		fail("an error without a place or a reason");
	if (got != -1 && got != 0)
		fail("csv_read returned something undocumented");
	csv_free(&r);
	fclose(fp);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *copy;
	char *text;

	if (size == 0)
		return 0;
	/* an exact-size copy, so reading one byte past is caught */
	if ((copy = malloc(size)) == NULL)
		return 0;
	memcpy(copy, data, size);
	read_all(copy, size, ',');
	read_all(copy, size, '\t');
	free(copy);
	/* the number parsers on the whole input as one string */
	if ((text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	check_double(text);
	check_long(text);
	check_list(text);
	free(text);
	return 0;
}
