/*
 * evlog_test.c - the event log (lib/evlog): what the writer puts on
 * each line, checked against lines written out by hand from the column
 * list in evlog.h; the reader taking those lines back, in CSV and JSON
 * lines; bad lines refused with their line and column; a cut last line.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "evlog/evlog.h"
#include "plan/vocab.h"

/* Everything written to fp so far, as a string (static buffer). */
static const char *
contents(FILE *fp)
{
	static char buf[4096];
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

/* The events of the hand-written lines below, in order. */
static void
sample(struct evlog_event ev[6])
{
	memset(ev, 0, 6 * sizeof *ev);
	/* a drive's releaser reads sense 2 ("hungry") as 7: released, with
	   the latch already set from the cycle before */
	ev[0].cycle = 3;
	ev[0].time_ms = 20;
	ev[0].kind = PLANNER_EV_SENSE;
	ev[0].type = PLAN_D;
	ev[0].id = 4;
	ev[0].name = "Feed";
	ev[0].has_sense = 1;
	ev[0].sense_id = 2;
	ev[0].sense = "hungry";
	ev[0].value = -7;
	ev[0].released = 1;
	ev[0].latch = 1;
	/* the drive runs; its unnamed action 9 */
	ev[1].cycle = 3;
	ev[1].time_ms = 20;
	ev[1].kind = PLANNER_EV_EXECUTED;
	ev[1].type = PLAN_D;
	ev[1].id = 4;
	ev[1].name = "Feed";
	ev[2].cycle = 3;
	ev[2].time_ms = 20;
	ev[2].kind = PLANNER_EV_FAIL;
	ev[2].type = PLAN_A;
	ev[2].id = 9;
	ev[2].why = PLANNER_WHY_ACTION;
	/* a TR releaser of CE 11, a name with a comma */
	ev[3].cycle = 4;
	ev[3].time_ms = -1;
	ev[3].kind = PLANNER_EV_SENSE;
	ev[3].type = PLAN_CE;
	ev[3].id = 11;
	ev[3].name = "go, now";
	ev[3].released = 1;
	/* a competence out of retries, then an idle cycle */
	ev[4].cycle = 4;
	ev[4].time_ms = -1;
	ev[4].kind = PLANNER_EV_ERROR;
	ev[4].type = PLAN_CE;
	ev[4].id = 12;
	ev[4].name = "Try";
	ev[4].why = PLANNER_WHY_RETRIES;
	ev[5].cycle = 5;
	ev[5].time_ms = 40;
	ev[5].kind = PLAN_EV_IDLE;
}

static const char csv_lines[] =
    "cycle,time_ms,event,type,id,name,sense,sense_id,value,released,"
    "latch,reason\n"
    "3,20,R,D,4,Feed,hungry,2,-7,1,1,\n"
    "3,20,E,D,4,Feed,,,,,,\n"
    "3,20,F,A,9,#9,,,,,,action failed\n"
    "4,,R,CE,11,\"go, now\",,,0,1,0,\n"
    "4,,Z,CE,12,Try,,,,,,retry limit reached\n"
    "5,40,I,,,,,,,,,\n";

static const char jsonl_lines[] =
    "{\"cycle\":3,\"time_ms\":20,\"event\":\"R\",\"type\":\"D\",\"id\":4,"
    "\"name\":\"Feed\",\"sense\":\"hungry\",\"sense_id\":2,\"value\":-7,"
    "\"released\":1,\"latch\":1,\"reason\":null}\n"
    "{\"cycle\":3,\"time_ms\":20,\"event\":\"E\",\"type\":\"D\",\"id\":4,"
    "\"name\":\"Feed\",\"sense\":null,\"sense_id\":null,\"value\":null,"
    "\"released\":null,\"latch\":null,\"reason\":null}\n"
    "{\"cycle\":3,\"time_ms\":20,\"event\":\"F\",\"type\":\"A\",\"id\":9,"
    "\"name\":\"#9\",\"sense\":null,\"sense_id\":null,\"value\":null,"
    "\"released\":null,\"latch\":null,\"reason\":\"action failed\"}\n"
    "{\"cycle\":4,\"time_ms\":null,\"event\":\"R\",\"type\":\"CE\","
    "\"id\":11,\"name\":\"go, now\",\"sense\":null,\"sense_id\":null,"
    "\"value\":0,\"released\":1,\"latch\":0,\"reason\":null}\n"
    "{\"cycle\":4,\"time_ms\":null,\"event\":\"Z\",\"type\":\"CE\","
    "\"id\":12,\"name\":\"Try\",\"sense\":null,\"sense_id\":null,"
    "\"value\":null,\"released\":null,\"latch\":null,"
    "\"reason\":\"retry limit reached\"}\n"
    "{\"cycle\":5,\"time_ms\":40,\"event\":\"I\",\"type\":null,\"id\":null,"
    "\"name\":null,\"sense\":null,\"sense_id\":null,\"value\":null,"
    "\"released\":null,\"latch\":null,\"reason\":null}\n";

static void
write_all(enum evlog_format f, int header, const char *want)
{
	struct evlog_event ev[6];
	struct evlog w;
	FILE *fp = tmpfile();
	int i;

	sample(ev);
	evlog_open(&w, fp, f, header);
	CHECK(!w.live);		/* a regular file: flushed at the end only */
	for (i = 0; i < 6; i++)
		evlog_write(&w, &ev[i]);
	CHECK(evlog_end_cycle(&w) == 0);
	CHECK(evlog_flush(&w) == 0);
	CHECK_STR(contents(fp), want);
	fclose(fp);
}

static void
test_write(void)
{
	write_all(EVLOG_CSV, 1, csv_lines);
	write_all(EVLOG_JSONL, 1, jsonl_lines);
}

/* Read text and compare every event with the sample's. */
static void
read_all(const char *text)
{
	struct evlog_event want[6], got;
	struct evlog_reader r;
	FILE *fp = file_with(text);
	int i;

	sample(want);
	CHECK(evlog_reader_open(&r, fp) == 0);
	for (i = 0; i < 6; i++) {
		CHECK(evlog_read(&r, &got) == 1);
		CHECK(got.cycle == want[i].cycle &&
		    got.time_ms == want[i].time_ms &&
		    got.kind == want[i].kind);
		if (got.kind == PLAN_EV_IDLE)
			continue;
		CHECK(got.type == want[i].type && got.id == want[i].id);
		CHECK(got.has_sense == want[i].has_sense &&
		    got.sense_id == want[i].sense_id &&
		    got.value == want[i].value &&
		    got.released == want[i].released &&
		    got.latch == want[i].latch && got.why == want[i].why);
		/* "#9" is read as the name it is; writing it gives "#9" */
		CHECK_STR(got.name ? got.name : "#9",
		    want[i].name ? want[i].name : "#9");
		if (want[i].sense)
			CHECK_STR(got.sense, want[i].sense);
	}
	CHECK(evlog_read(&r, &got) == 0 && r.truncated == 0);
	evlog_reader_close(&r);
	fclose(fp);
}

static void
test_read(void)
{
	read_all(csv_lines);
	read_all(jsonl_lines);
}

/* One bad line: where and why it is refused. */
static void
refused(const char *text, long line, long col, const char *why)
{
	struct evlog_event ev;
	struct evlog_reader r;
	FILE *fp = file_with(text);
	int got;

	if (evlog_reader_open(&r, fp) == 0)
		while ((got = evlog_read(&r, &ev)) == 1)
			;
	CHECK(r.err_line == line && r.err_col == col);
	if (strstr(r.error, why) == NULL) {
		CHECK(!"the reason");
		fprintf(stderr, "  got '%s', want '%s'\n", r.error, why);
	}
	evlog_reader_close(&r);
	fclose(fp);
}

static void
test_refused(void)
{
	const char *h = "cycle,time_ms,event,type,id,name,sense,sense_id,"
	    "value,released,latch,reason\n";
	char buf[512];

	refused("cycle,event,type,id,name\n1,E,D,1,x\n", 1, 1,
	    "no 'time_ms' column");
	/* line 3, column 5: the 'X' */
	snprintf(buf, sizeof buf, "%s1,0,E,D,1,a,,,,,,\n2,0,X,D,1,a,,,,,,\n",
	    h);
	refused(buf, 3, 5, "event 'X'");
	snprintf(buf, sizeof buf, "%s1,0,E,DD,1,a,,,,,,\n", h);
	refused(buf, 2, 7, "type 'DD'");
	snprintf(buf, sizeof buf, "%s1,0,R,D,1,a,s,70000,1,1,0,\n", h);
	refused(buf, 2, 15, "sense_id '70000'");
	snprintf(buf, sizeof buf, "%s1,0,R,D,1,a,s,7,1,2,0,\n", h);
	refused(buf, 2, 19, "released '2'");
	snprintf(buf, sizeof buf, "%s1,0,F,A,1,a,,,,,,tired\n", h);
	refused(buf, 2, 18, "reason 'tired'");
	snprintf(buf, sizeof buf, "%s3,0,E,D,1,a,,,,,,\n2,0,E,D,1,a,,,,,,\n",
	    h);
	refused(buf, 3, 1, "cycle 2 after cycle 3: cycles never go back "
	    "within a run (if the plan restarted here, put a run boundary "
	    "before this line");
	snprintf(buf, sizeof buf, "%s1,0,E,D\n", h);
	refused(buf, 2, 7, "4 fields: no id");
	/* JSON: column 20 is the 'x' after "event": */
	refused("{\"cycle\":1,\"event\":x}\n", 1, 20, "a value is a string");
	refused("{\"cycle\":1,\"cycle\":2}\n", 1, 20, "'cycle' twice");
	refused("{\"cycle\":1} junk\n", 1, 13, "junk after the object");
	refused("{\"cycle\":1,\"event\":\"E\",\"type\":\"D\"}\n", 1, 1, "no id");
	refused("{\"name\":\"a\\u0000\"}\n", 1, 13, "NUL in a string");
}

/*
 * A Q event: drive 4 (Feed) gets runtime priority 40000 before cycle 6
 * (above int16's range on purpose: a priority is unsigned 16 bits).  The
 * lines are written out by hand from the column list: sense and sense_id
 * empty, value the priority, released, latch and reason empty.
 */
static const char q_csv[] =
    "cycle,time_ms,event,type,id,name,sense,sense_id,value,released,"
    "latch,reason\n"
    "6,50,Q,D,4,Feed,,,40000,,,\n";
static const char q_jsonl[] =
    "{\"cycle\":6,\"time_ms\":50,\"event\":\"Q\",\"type\":\"D\",\"id\":4,"
    "\"name\":\"Feed\",\"sense\":null,\"sense_id\":null,\"value\":40000,"
    "\"released\":null,\"latch\":null,\"reason\":null}\n";

static void
q_round_trip(enum evlog_format f, const char *want)
{
	struct evlog_event e, got;
	struct evlog_reader r;
	struct evlog w;
	FILE *fp = tmpfile();

	evlog_priority(&e, 4, "Feed", 40000, 6, 50);
	evlog_open(&w, fp, f, 1);
	evlog_write(&w, &e);
	CHECK(evlog_flush(&w) == 0);
	CHECK_STR(contents(fp), want);
	fclose(fp);
	fp = file_with(want);
	CHECK(evlog_reader_open(&r, fp) == 0);
	CHECK(evlog_read(&r, &got) == 1);
	CHECK(got.kind == PLAN_EV_PRIORITY && got.type == PLAN_D &&
	    got.id == 4 && got.priority == 40000 && got.cycle == 6 &&
	    got.time_ms == 50 && !got.has_sense);
	CHECK_STR(got.name ? got.name : "", "Feed");
	CHECK(evlog_read(&r, &got) == 0);
	evlog_reader_close(&r);
	fclose(fp);
}

/* A robot's Q event (armctl prio while the stream is on): priority
 * 40000 travels as the i16 -25536 and comes back unsigned. */
static void
q_from_robot(void)
{
	struct wire_event we = { WIRE_EV_PRIORITY, PLAN_D, 4, 0, -25536 };
	struct evlog_event e;
	struct evlog w;
	FILE *fp = tmpfile();

	evlog_from_wire(&e, NULL, &we, 6);
	CHECK(e.kind == PLAN_EV_PRIORITY && e.type == PLAN_D && e.id == 4 &&
	    e.priority == 40000 && e.cycle == 6 && e.time_ms == -1);
	evlog_open(&w, fp, EVLOG_CSV, 0);
	evlog_write(&w, &e);
	CHECK(evlog_flush(&w) == 0);
	CHECK_STR(contents(fp), "6,,Q,D,4,#4,,,40000,,,\n");
	fclose(fp);
}

static void
test_priority(void)
{
	const char *h = "cycle,time_ms,event,type,id,name,sense,sense_id,"
	    "value,released,latch,reason\n";
	char buf[512];

	CHECK(plan_event_letter(PLAN_EV_PRIORITY) == 'Q');
	CHECK(plan_event_from_letter('Q') == PLAN_EV_PRIORITY);
	q_round_trip(EVLOG_CSV, q_csv);
	q_round_trip(EVLOG_JSONL, q_jsonl);
	/* only a drive has a runtime priority: the type at column 7 */
	snprintf(buf, sizeof buf, "%s1,0,Q,A,9,go,,,5,,,\n", h);
	refused(buf, 2, 7, "a priority is a drive's");
	/* no priority, or one wider than 16 bits: the value at column 18 */
	snprintf(buf, sizeof buf, "%s1,0,Q,D,4,Feed,,,,,,\n", h);
	refused(buf, 2, 18, "no value");
	snprintf(buf, sizeof buf, "%s1,0,Q,D,4,Feed,,,65536,,,\n", h);
	refused(buf, 2, 18, "value '65536'");
	snprintf(buf, sizeof buf, "%s1,0,Q,D,4,Feed,,,-1,,,\n", h);
	refused(buf, 2, 18, "value '-1'");
	q_from_robot();
}

/* A run boundary, written by hand from evlog.h: cycle 0, the letter B,
   nothing but how the run began in the reason column. */
static const char b_csv[] =
    "cycle,time_ms,event,type,id,name,sense,sense_id,value,released,"
    "latch,reason\n0,,B,,,,,,,,,reconnect\n";
static const char b_jsonl[] =
    "{\"cycle\":0,\"time_ms\":1500,\"event\":\"B\",\"type\":null,"
    "\"id\":null,\"name\":null,\"sense\":null,\"sense_id\":null,"
    "\"value\":null,\"released\":null,\"latch\":null,"
    "\"reason\":\"join\"}\n";

static void
b_round_trip(enum evlog_format f, enum evlog_run how, long ms,
    const char *want)
{
	struct evlog_event got;
	struct evlog_reader r;
	struct evlog w;
	FILE *fp = tmpfile();

	evlog_open(&w, fp, f, 1);
	CHECK(evlog_write_run(&w, how, ms) == 0);
	CHECK(evlog_flush(&w) == 0);
	CHECK_STR(contents(fp), want);
	fclose(fp);
	fp = file_with(want);
	CHECK(evlog_reader_open(&r, fp) == 0);
	CHECK(evlog_read(&r, &got) == 1);
	CHECK(got.kind == PLAN_EV_RUN && got.run == how && got.cycle == 0 &&
	    got.time_ms == ms && !got.implied);
	CHECK(evlog_read(&r, &got) == 0);
	evlog_reader_close(&r);
	fclose(fp);
}

/* The cycles of a log, read through: "B" for a boundary (and "b" for
   one the reader implied), else the cycle number. */
static const char *
cycles_of(const char *text)
{
	static char out[256];
	struct evlog_event e;
	struct evlog_reader r;
	FILE *fp = file_with(text);
	size_t n = 0;
	int got;

	out[0] = '\0';
	CHECK(evlog_reader_open(&r, fp) == 0);
	while ((got = evlog_read(&r, &e)) == 1 && n < sizeof out - 16)
		n += (size_t)(e.kind == PLAN_EV_RUN ? snprintf(out + n,
		    sizeof out - n, "%s ", e.implied ? "b" : "B") :
		    snprintf(out + n, sizeof out - n, "%ld ", e.cycle));
	CHECK(got == 0);
	evlog_reader_close(&r);
	fclose(fp);
	return out;
}

static void
test_runs(void)
{
	const char *h = "cycle,time_ms,event,type,id,name,sense,sense_id,"
	    "value,released,latch,reason\n";
	char buf[512];

	CHECK(plan_event_letter(PLAN_EV_RUN) == 'B');
	CHECK(plan_event_from_letter('B') == PLAN_EV_RUN);
	b_round_trip(EVLOG_CSV, EVLOG_RUN_RECONNECT, -1, b_csv);
	b_round_trip(EVLOG_JSONL, EVLOG_RUN_JOIN, 1500, b_jsonl);
	/* after a B the cycles count afresh, from anywhere */
	snprintf(buf, sizeof buf, "%s0,0,B,,,,,,,,,start\n1,0,I,,,,,,,,,\n"
	    "2,5,I,,,,,,,,,\n0,,B,,,,,,,,,join\n7,,I,,,,,,,,,\n"
	    "0,,B,,,,,,,,,start\n1,,I,,,,,,,,,\n", h);
	CHECK_STR(cycles_of(buf), "B 1 2 B 7 B 1 ");
	/* no B, back to 1: the plan started again (a log from before B
	   lines); a Q before cycle 1 shows it as well */
	snprintf(buf, sizeof buf, "%s1,,I,,,,,,,,,\n2,,I,,,,,,,,,\n"
	    "1,,I,,,,,,,,,\n1,,Q,D,4,F,,,5,,,\n", h);
	CHECK_STR(cycles_of(buf), "1 2 b 1 1 ");
	snprintf(buf, sizeof buf, "%s1,,I,,,,,,,,,\n4,,I,,,,,,,,,\n"
	    "1,,Q,D,4,F,,,5,,,\n1,,I,,,,,,,,,\n", h);
	CHECK_STR(cycles_of(buf), "1 4 b 1 1 ");
	/* a boundary's cycle is 0; it says how the run began */
	snprintf(buf, sizeof buf, "%s3,0,B,,,,,,,,,start\n", h);
	refused(buf, 2, 1, "cycle 3: a run boundary (B) has cycle 0");
	snprintf(buf, sizeof buf, "%s0,0,B,,,,,,,,,reboot\n", h);
	refused(buf, 2, 15, "reason 'reboot': a run begins by start, join "
	    "or reconnect");
	snprintf(buf, sizeof buf, "%s0,0,B,,,,,,,,,\n", h);
	refused(buf, 2, 15, "reason ''");
	CHECK_STR(evlog_run_text(EVLOG_RUN_START), "start");
	CHECK(evlog_run_parse("reconnect") == EVLOG_RUN_RECONNECT);
	CHECK(evlog_run_parse("Start") < 0 && *evlog_run_text(9) == '\0');
}

/* A last line without its line end is left out and reported. */
static void
test_truncated(void)
{
	struct evlog_event ev;
	struct evlog_reader r;
	char buf[512];
	FILE *fp;
	int n = 0;

	snprintf(buf, sizeof buf, "%.*s3,20,F,A,9,#9,,,,,,act", (int)(
	    strstr(csv_lines, "3,20,F") - csv_lines), csv_lines);
	fp = file_with(buf);
	CHECK(evlog_reader_open(&r, fp) == 0);
	while (evlog_read(&r, &ev) == 1)
		n++;
	CHECK(n == 2 && r.truncated == 4);
	evlog_reader_close(&r);
	fclose(fp);

	fp = file_with("{\"cycle\":1,\"time_ms\":0,\"event\":\"I\"}\n"
	    "{\"cycle\":2,\"ti");
	CHECK(evlog_reader_open(&r, fp) == 0);
	n = 0;
	while (evlog_read(&r, &ev) == 1)
		n++;
	CHECK(n == 1 && r.truncated == 2);
	evlog_reader_close(&r);
	fclose(fp);
}

/* Random bytes after a good header, and as a whole file: refused or read,
   never a crash (ASan watches). */
static void
test_random(void)
{
	unsigned long x = 12345;
	char buf[600];
	int round, i, got;
	size_t n;

	for (round = 0; round < 2000; round++) {
		struct evlog_event ev;
		struct evlog_reader r;
		FILE *fp = tmpfile();
		int start = round & 1 ? (int)(sizeof csv_lines / 2) : 0;

		const char *src = round % 3 ? csv_lines : jsonl_lines;

		n = strlen(src) < 300 ? strlen(src) : 300;
		memcpy(buf, src, n);
		for (i = start; i < (int)n; i++) {
			x = x * 6364136223846793005UL + 1442695040888963407UL;
			if ((x >> 60) < 3)
				buf[i] = (char)(x >> 33);
		}
		fwrite(buf, 1, n, fp);
		rewind(fp);
		if (evlog_reader_open(&r, fp) == 0) {
			long last = 0;

			/* what it takes is an event of a log in time order */
			while ((got = evlog_read(&r, &ev)) == 1) {
				CHECK(ev.cycle >= last && ev.kind <= PLAN_EV_PRIORITY);
				last = ev.cycle;
			}
			/* and what it refuses, it says where and why */
			CHECK(got == 0 || (r.error[0] != '\0' &&
			    r.err_line >= 1));
		} else {
			CHECK(r.error[0] != '\0');
		}
		evlog_reader_close(&r);
		fclose(fp);
	}
}

static void
test_words(void)
{
	int i;

	/* every reason reads back as itself; none is the empty text */
	for (i = 1; i < PLANNER_WHY_COUNT; i++) {
		CHECK(*evlog_why_text((uint8_t)i) != '\0');
		CHECK(evlog_why_parse(evlog_why_text((uint8_t)i)) == i);
	}
	CHECK_STR(evlog_why_text(PLANNER_WHY_DEPTH), "nested deeper than 32");
	for (i = 0; i < PLAN_NTYPES; i++)
		CHECK(plan_type_from_tag(plan_type_tag((uint8_t)i)) == i);
	for (i = 0; i < PLAN_EV_COUNT; i++)
		CHECK(plan_event_from_letter(plan_event_letter((uint8_t)i)) ==
		    i);
	CHECK(plan_event_from_letter('e') < 0 && plan_type_from_tag("d") < 0);
	CHECK(plan_cmp_from_text(">") == PLAN_GT &&
	    plan_cmp_from_text("FL") == PLAN_FL);
}

int
main(void)
{
	RUN(test_write);
	RUN(test_read);
	RUN(test_refused);
	RUN(test_truncated);
	RUN(test_random);
	RUN(test_words);
	RUN(test_priority);
	RUN(test_runs);
	return check_report("evlog");
}
