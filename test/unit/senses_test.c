/*
 * senses_test.c - the sense table (lib/senses): what the writer puts on
 * each line, checked against lines written by hand from spine-senses(5)
 * (the shape armctl telemetry prints), and the reader taking them back;
 * bad tables refused with their line and column; random bytes survived.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "senses/senses.h"

static const char *const names[] = {
	"ObstacleDistance", "Moving", "Joint 1"
};

static const char csv[] =
    "time_ms,ObstacleDistance,Moving,Joint 1\n"
    "0,32767,0,0\n"
    "250,880,1,-30\n";

static const char jsonl[] =
    "{\"time_ms\":0,\"ObstacleDistance\":32767,\"Moving\":0,\"Joint 1\":0}\n"
    "{\"time_ms\":250,\"ObstacleDistance\":880,\"Moving\":1,"
    "\"Joint 1\":-30}\n";

static const int16_t rows[2][3] = { { 32767, 0, 0 }, { 880, 1, -30 } };

static const char *
contents(FILE *fp)
{
	static char buf[1024];
	size_t n;

	fflush(fp);
	rewind(fp);
	n = fread(buf, 1, sizeof buf - 1, fp);
	buf[n] = '\0';
	return buf;
}

static FILE *
file_with(const char *text)
{
	FILE *fp = tmpfile();

	fputs(text, fp);
	rewind(fp);
	return fp;
}

static void
test_write(void)
{
	struct senses_writer w;
	FILE *fp = tmpfile();

	CHECK(senses_writer_open(&w, fp, TABLE_CSV, 1, names, 3) == 0);
	senses_write(&w, 0, rows[0]);
	senses_write(&w, 250, rows[1]);
	CHECK(senses_writer_flush(&w) == 0);
	CHECK_STR(contents(fp), csv);
	senses_writer_close(&w);
	fclose(fp);
	fp = tmpfile();
	CHECK(senses_writer_open(&w, fp, TABLE_JSONL, 1, names, 3) == 0);
	senses_write(&w, 0, rows[0]);
	senses_write(&w, 250, rows[1]);
	CHECK(senses_writer_flush(&w) == 0);
	CHECK_STR(contents(fp), jsonl);
	senses_writer_close(&w);
	fclose(fp);
}

/* The two rows of csv or jsonl, read back. */
static void
read_back(const char *text)
{
	struct senses_reader r;
	FILE *fp = file_with(text);
	int i, k;

	CHECK(senses_reader_open(&r, fp) == 0);
	CHECK(r.key == SENSES_BY_TIME && r.ncols == 3);
	for (k = 0; k < 3 && k < (int)r.ncols; k++)
		CHECK_STR(r.name[k], names[k]);
	for (i = 0; i < 2; i++) {
		CHECK(senses_read(&r) == 1);
		/* (JSON lines have no header line) */
		CHECK(r.at == (i ? 250 : 0) && r.line == i + (*text == '{' ?
		    1 : 2));
		for (k = 0; k < 3; k++)
			CHECK(r.value[k] == rows[i][k]);
	}
	CHECK(senses_read(&r) == 0);
	senses_reader_close(&r);
	fclose(fp);
}

static void
test_read(void)
{
	struct senses_reader r;
	FILE *fp;

	read_back(csv);
	read_back(jsonl);
	/* JSON keys in another order on a later line: by name */
	read_back("{\"time_ms\":0,\"ObstacleDistance\":32767,\"Moving\":0,"
	    "\"Joint 1\":0}\n{\"Joint 1\":-30,\"Moving\":1,\"time_ms\":250,"
	    "\"ObstacleDistance\":880}\n");
	/* by cycle (the key anywhere), and by row */
	fp = file_with("Level,cycle\n4,1\n5,3\n");
	CHECK(senses_reader_open(&r, fp) == 0);
	CHECK(r.key == SENSES_BY_CYCLE && r.ncols == 1);
	CHECK(senses_read(&r) == 1 && r.at == 1 && r.value[0] == 4);
	CHECK(senses_read(&r) == 1 && r.at == 3 && r.value[0] == 5);
	senses_reader_close(&r);
	fclose(fp);
	fp = file_with("Level\n4\n5\n");
	CHECK(senses_reader_open(&r, fp) == 0);
	CHECK(r.key == SENSES_BY_ROW);
	CHECK(senses_read(&r) == 1 && r.at == 1);
	CHECK(senses_read(&r) == 1 && r.at == 2 && r.value[0] == 5);
	senses_reader_close(&r);
	fclose(fp);
}

static void
refused(const char *text, long line, long col, const char *why)
{
	struct senses_reader r;
	FILE *fp = file_with(text);

	if (senses_reader_open(&r, fp) == 0)
		while (senses_read(&r) == 1)
			;
	CHECK(r.err_line == line && r.err_col == col);
	if (r.err_line != line || r.err_col != col)
		fprintf(stderr, "  at %ld:%ld, want %ld:%ld (%s)\n", r.err_line,
		    r.err_col, line, col, r.error);
	if (strstr(r.error, why) == NULL) {
		CHECK(!"the reason");
		fprintf(stderr, "  got '%s', want '%s'\n", r.error, why);
	}
	senses_reader_close(&r);
	fclose(fp);
}

static void
test_refused(void)
{
	refused("", 1, 0, "empty");
	refused("time_ms,A,cycle\n", 1, 11, "not both");
	refused("time_ms,,B\n", 1, 9, "column 2 has no name");
	refused("time_ms,A\n5,1\n4,1\n", 3, 1, "time_ms 4 comes before 5");
	refused("cycle,A\n2,1\n2,1\n", 3, 1, "cycle 2 does not come after");
	refused("cycle,A\n0,1\n", 2, 1, "cycle '0'");
	refused("time_ms,A\n1,1.5\n", 2, 3, "A '1.5'");
	refused("time_ms,A\n1,1,2\n", 2, 0, "expected 2 fields, found 3");
	refused("{\"time_ms\":0,\"A\":1}\n{\"time_ms\":5,\"B\":1}\n", 2, 18,
	    "'B': not a column of the first line");
	refused("{\"time_ms\":0,\"A\":1}\n{\"time_ms\":5}\n", 2, 1, "no 'A'");
	refused("{\"time_ms\":0,\"A\":1}\n{\"A\":1,\"A\":2}\n", 2, 12,
	    "'A' twice");
	refused("{\"time_ms\":0,\"A\":null}\n", 1, 18, "A '': ");
	refused("{\"time_ms\":0,\"A\":1}\n{\"time_ms\":5 \"A\":2}\n", 2, 14,
	    "expected ',' or '}'");
}

static void
test_random(void)
{
	unsigned long x = 777;
	char buf[400];
	int round, i, got;

	for (round = 0; round < 2000; round++) {
		struct senses_reader r;
		FILE *fp = tmpfile();
		const char *src = round % 3 ? csv : jsonl;
		size_t n = strlen(src);

		memcpy(buf, src, n);
		for (i = round & 1 ? 20 : 0; i < (int)n; i++) {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			if ((x >> 60) < 3)
				buf[i] = (char)(x >> 33);
		}
		fwrite(buf, 1, n, fp);
		rewind(fp);
		got = senses_reader_open(&r, fp);
		while (got == 0 && (got = senses_read(&r)) == 1)
			got = 0;
		/* read to the end, or refused with a reason (ASan watches
		   the memory) */
		CHECK(got == 0 || (got < 0 && r.error[0] != '\0'));
		senses_reader_close(&r);
		fclose(fp);
	}
}

int
main(void)
{
	RUN(test_write);
	RUN(test_read);
	RUN(test_refused);
	RUN(test_random);
	return check_report("senses");
}
