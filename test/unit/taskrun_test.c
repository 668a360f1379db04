/*
 * taskrun_test.c - unit tests for the host side of task machines
 * (lib/run, taskrun.h): the senses CSV and an agent as environments,
 * the points written per tick, the log lines and the messages, exact
 * coordinates.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "plan/plan.h"
#include "plansrc/task_compile.h"
#include "run/load.h"
#include "run/taskrun.h"

/*
 * Two axes, one object "lamp".  go = (1,2) then (3,4), verified with
 * tolerance 0.5 and no miss allowed; after step 1 the lamp must be at
 * x = 3 +- 1, recorded as "at"; then "back" to $at in one tick.
 */
static const char task_src[] =
    "task: t\n"
    "start: go\n"
    "actions:\n"
    "  go:\n"
    "    trajectory: [[1, 2], [3, 4]]\n"
    "    verify: {tolerance: 0.5}\n"
    "    decisions:\n"
    "      - after: 1\n"
    "        state: {objects: {lamp: {x: [3, 1]}}}\n"
    "        record: {at: lamp}\n"
    "        match: {action: back, delay: 1}\n"
    "        mismatch: abort\n"
    "  back:\n"
    "    trajectory: [$at]\n";

struct result {
	enum run_status status;
	char out[2048], log[2048], err[2048], msg[512];
};

static void
slurp(char *dst, size_t size, char *buf)
{
	snprintf(dst, size, "%s", buf ? buf : "");
	free(buf);
}

/* Compile task_src, run it against the senses text. */
static void
run(const char *senses, struct result *res)
{
	struct diag cd = diag_for("t.yaml"), sd = diag_for("s.csv");
	struct plan p;
	struct plan_error err;
	struct plan_task t;
	struct task_senses s;
	struct taskrun_source src;
	struct taskrun_options o;
	char *ob = NULL, *lb = NULL, *eb = NULL, *mb = NULL;
	size_t on = 0, ln = 0, en = 0, mn = 0;
	uint8_t *image = NULL;
	uint32_t size;
	FILE *in = fmemopen((void *)senses, strlen(senses), "r");

	memset(res, 0, sizeof *res);
	memset(&o, 0, sizeof o);
	o.out = open_memstream(&ob, &on);
	o.log = open_memstream(&lb, &ln);
	sd.out = open_memstream(&eb, &en);
	o.errs = open_memstream(&mb, &mn);
	o.format = TABLE_CSV;
	o.precision = TABLE_ROUND_TRIP;
	o.header = 1;
	o.max_ticks = 100;
	o.slots = 8;
	CHECK(plansrc_task_compile(task_src, strlen(task_src), &cd, &image,
	    &size) == 0);
	CHECK(plan_open(&p, image, size, &err) == PLAN_OK);
	CHECK(plan_task_of(&p, &t) == 1);
	if ((res->status = run_task_senses_open(&s, &t, in, &sd)) == RUN_OK) {
		run_task_senses_source(&s, &src);
		res->status = run_taskrun(&t, &src, &o);
	}
	run_task_senses_close(&s);
	fclose(in);
	fclose(o.out);
	fclose(o.log);
	fclose(sd.out);
	fclose(o.errs);
	slurp(res->out, sizeof res->out, ob);
	slurp(res->log, sizeof res->log, lb);
	slurp(res->err, sizeof res->err, eb);
	slurp(res->msg, sizeof res->msg, mb);
	free(image);
}

static void
test_complete(void)
{
	struct result r;

	/*
	 * tick 0: (1,2); tick 1: encoder (1.5,2) is 0.5 off: a hit; (3,4);
	 * tick 2: the lamp at (2.5, 9): x within 3 +- 1, recorded; back
	 * starts at tick 3 with (2.5, 9); done at tick 4.
	 */
	run("tick,arm.x,arm.y,lamp.x,lamp.y\n"
	    "0,0,0,,\n"
	    "1,1.5,2,,\n"
	    "2,3,4,2.5,9\n"
	    "3,3,4,,\n"
	    "4,2.5,9,,\n", &r);
	CHECK(r.status == RUN_OK);
	CHECK_STR(r.out, "tick,x,y\n0,1,2\n1,3,4\n3,2.5,9\n");
	CHECK_STR(r.log, "tick,event,action,step,detail\n"
	    "2,decision,go,1,#0 match -> back in 1 ticks\n"
	    "2,record,go,1,at <- lamp (2.5 9)\n"
	    "4,done,,,\n");
	CHECK_STR(r.err, "");
	CHECK_STR(r.msg, "");
}

static void
test_mismatch_and_miss(void)
{
	struct result r;

	/* the encoder 0.501 off at tick 1: no miss is allowed */
	run("arm.x,arm.y,encoder.x,encoder.y,lamp.x,lamp.y\n"
	    "0,0,0,0,,\n"
	    "0,0,1,2.501,,\n", &r);
	CHECK(r.status == RUN_FAILED);
	CHECK_STR(r.out, "tick,x,y\n0,1,2\n");
	CHECK_STR(r.log, "tick,event,action,step,detail\n"
	    "1,miss,go,0,1 in a row (0 allowed): encoder (1 2.501) "
	    "commanded (1 2)\n"
	    "1,abort,go,0,verification failed 1 times in a row (0 allowed): "
	    "y was 2.501 where 2 was commanded (tolerance 0.5)\n");
	CHECK_STR(r.msg, "taskrun_test: task aborted at tick 1: action 'go', "
	    "step 0: verification failed 1 times in a row (0 allowed): y was "
	    "2.501 where 2 was commanded (tolerance 0.5)\n");

	/* the lamp at x = 4.001: mismatch, abort */
	run("arm.x,arm.y,lamp.x,lamp.y\n0,0,,\n1,2,,\n3,4,4.001,0\n", &r);
	CHECK(r.status == RUN_FAILED);
	CHECK(strstr(r.log, "2,decision,go,1,#0 mismatch (lamp.x 4.001 not "
	    "in 3+-1) -> abort\n") != NULL);
	CHECK(strstr(r.log, "2,abort,go,1,decision 0: the state did not "
	    "match and the decision chose abort\n") != NULL);
	CHECK_STR(r.msg, "taskrun_test: task aborted at tick 2: action 'go', "
	    "step 1, decision 0: the state did not match and the decision "
	    "chose abort\n");
}

/* A row holds until the next one; the last one for good. */
static void
test_senses_hold(void)
{
	struct result r;

	/* rows at ticks 0 and 2 only; tick 1 sees tick 0's, 3 and 4 tick 2's */
	run("tick,arm.x,arm.y,lamp.x,lamp.y\n0,1,2,,\n2,3,4,3,0\n", &r);
	CHECK(r.status == RUN_OK);
	CHECK_STR(r.out, "tick,x,y\n0,1,2\n1,3,4\n3,3,0\n");
	CHECK(strstr(r.log, "2,record,go,1,at <- lamp (3 0)\n") != NULL);

	/* nothing before tick 3, when tick 1 needs the encoder */
	run("tick,arm.x,arm.y,lamp.x,lamp.y\n3,1,2,,\n", &r);
	CHECK(r.status == RUN_FAILED);
	CHECK(strstr(r.log, "1,abort,go,0,no answer for the encoder "
	    "feedback: the senses start at tick 3\n") != NULL);
	run("arm.x,arm.y,lamp.x,lamp.y\n", &r);
	CHECK(r.status == RUN_FAILED);
	CHECK(strstr(r.msg, "task aborted at tick 1: action 'go', step 0: "
	    "no answer for the encoder feedback: the senses have no rows\n")
	    != NULL);
}

static void
test_bad_senses(void)
{
	struct result r;

	run("arm.x,lamp.x,lamp.y\n0,,\n", &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK(strstr(r.err, "s.csv:1: error: senses: no column 'arm.y' in "
	    "the header") != NULL);
	run("arm.x,arm.y,lamp.x\n0,0,\n", &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK(strstr(r.err, "no column 'lamp.y'") != NULL);
	run("arm.x,arm.y,lamp.x,lamp.y\n0,0,1,\n", &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK(strstr(r.err, "s.csv:2: error: senses: object 'lamp' has some "
	    "coordinates but not all") != NULL);
	run("arm.x,arm.y,lamp.x,lamp.y\n0,zero,,\n", &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK(strstr(r.err, "s.csv:2:3: error: senses: 'zero' is not a "
	    "number") != NULL);
	run("tick,arm.x,arm.y,lamp.x,lamp.y\n0,1,2,,\n2,3,4,,\n1,0,0,,\n",
	    &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK(strstr(r.err, "s.csv:4:1: error: senses: tick 1 does not "
	    "come after the previous row's") != NULL);
	CHECK_STR(r.out, "tick,x,y\n0,1,2\n1,3,4\n");
	run("tick,arm.x,arm.y,lamp.x,lamp.y\n0,1,2,,\n-1,0,0,,\n", &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK(strstr(r.err, "s.csv:3:1: error: senses: tick '-1' is not a "
	    "tick") != NULL);
	run("arm.x,arm.y,lamp.x,lamp.y,lmap.z\n0,0,,,\n1,2,,,\n3,4,3,0,\n"
	    "0,0,,,\n0,0,,,\n", &r);
	CHECK(r.status == RUN_OK);
	CHECK(strstr(r.err, "s.csv:1:27: warning: senses: column 'lmap.z' "
	    "is not used by this task") != NULL);
	run("", &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK(strstr(r.err, "senses: no header line") != NULL);
	run("arm.x,arm.y,lamp.x,lamp.y\n0,0,,\n1,2000000,,\n", &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK(strstr(r.err, "s.csv:3:3: error: senses: '2000000' is out of "
	    "range") != NULL);
}

/*
 * A scripted agent (a real co-process, as planrun starts it): the arm is
 * where it was last moved, or $POS; the lamp shows at (3, 0) from the
 * second move on.  It notes each line it was told in the file $SAID.
 */
static const char agent_script[] =
    "last=; moves=0\n"
    "while IFS= read -r l; do\n"
    "  printf '%s|' \"$l\" >>\"$SAID\"\n"
    "  case $l in\n"
    "  'move '*) last=${l#move }; moves=$((moves + 1)); echo success ;;\n"
    "  pos) echo \"${POS:-$last}\" ;;\n"
    "  'object lamp') [ $moves -ge 2 ] && echo '3 0' || echo none ;;\n"
    "  *) echo error ;;\n"
    "  esac\n"
    "done\n";

struct fake_agent {
	char said[512];
	const char *pos_reply;	/* instead of the last move */
	int dead;		/* exits at once */
};

static void
run_agent(struct fake_agent *f, struct result *res)
{
	struct diag cd = diag_for("t.yaml");
	struct plan p;
	struct plan_error err;
	struct plan_task t;
	struct task_agent a;
	struct agent ag;
	struct taskrun_source src;
	struct taskrun_options o;
	char *ob = NULL, *mb = NULL, said[] = "/tmp/taskrun_said.XXXXXX";
	char cmd[1024];
	size_t on = 0, mn = 0;
	uint8_t *image = NULL;
	uint32_t size;
	FILE *fp;
	int fd;

	memset(res, 0, sizeof *res);
	memset(&o, 0, sizeof o);
	CHECK((fd = mkstemp(said)) >= 0);
	close(fd);
	snprintf(cmd, sizeof cmd, "SAID=%s POS='%s'; %s", said,
	    f->pos_reply ? f->pos_reply : "", f->dead ? "exit 0" :
	    agent_script);
	o.out = open_memstream(&ob, &on);
	o.errs = open_memstream(&mb, &mn);
	o.format = TABLE_CSV;
	o.precision = TABLE_ROUND_TRIP;
	o.header = 1;
	o.max_ticks = 100;
	o.slots = 8;
	CHECK(plansrc_task_compile(task_src, strlen(task_src), &cd, &image,
	    &size) == 0);
	CHECK(plan_open(&p, image, size, &err) == PLAN_OK);
	CHECK(plan_task_of(&p, &t) == 1);
	CHECK(run_agent_start(&ag, cmd, 5000, NULL) == RUN_OK);
	run_task_agent_source(&a, &t, &ag, &src);
	res->status = run_taskrun(&t, &src, &o);
	run_agent_stop(&ag);
	fclose(o.out);
	fclose(o.errs);
	slurp(res->out, sizeof res->out, ob);
	slurp(res->msg, sizeof res->msg, mb);
	if ((fp = fopen(said, "r")) != NULL) {
		f->said[fread(f->said, 1, sizeof f->said - 1, fp)] = '\0';
		fclose(fp);
	}
	unlink(said);
	free(image);
}

static void
test_agent(void)
{
	struct fake_agent f;
	struct result r;

	/* asked once per tick, lazily; every commanded point is a move */
	memset(&f, 0, sizeof f);
	run_agent(&f, &r);
	CHECK(r.status == RUN_OK);
	CHECK_STR(f.said, "move 1,2|pos|move 3,4|pos|object lamp|move 3,0|");
	CHECK_STR(r.out, "tick,x,y\n0,1,2\n1,3,4\n3,3,0\n");

	memset(&f, 0, sizeof f);
	f.pos_reply = "1,2,3";
	run_agent(&f, &r);
	CHECK(r.status == RUN_BAD_DATA);
	CHECK_STR(r.msg, "taskrun_test: task aborted at tick 1: action 'go', "
	    "step 0: no answer for the encoder feedback: the agent answered "
	    "'1,2,3' to 'pos' (want 2 numbers)\n");

	memset(&f, 0, sizeof f);
	f.pos_reply = "1 2.0004";	/* rounds to 2 */
	run_agent(&f, &r);
	CHECK(r.status == RUN_FAILED);	/* (1,2) then (1,2) at tick 2 */
	CHECK(strstr(r.msg, "at tick 2: action 'go', step 1: verification "
	    "failed 1 times in a row (0 allowed): x was 1 where 3 was "
	    "commanded (tolerance 0.5)\n") != NULL);

	/* gone before the first move: nothing more comes of it */
	memset(&f, 0, sizeof f);
	f.dead = 1;
	run_agent(&f, &r);
	CHECK(r.status == RUN_UNAVAILABLE);
	CHECK_STR(r.out, "tick,x,y\n0,1,2\n");
	CHECK_STR(r.msg, "taskrun_test: stopped at tick 0: the agent closed "
	    "its output\n");
}

static void
test_coords(void)
{
	char b[24];

	CHECK_STR(run_taskrun_coord(0, b, sizeof b), "0");
	CHECK_STR(run_taskrun_coord(12500, b, sizeof b), "12.5");
	CHECK_STR(run_taskrun_coord(-1, b, sizeof b), "-0.001");
	CHECK_STR(run_taskrun_coord(-1000000000, b, sizeof b), "-1000000");
	CHECK_STR(run_taskrun_coord(1010, b, sizeof b), "1.01");
	CHECK_STR(run_taskrun_coord(999999999, b, sizeof b), "999999.999");
}

/* What sink d was given, as one string (the sink closed). */
static const char *
sink_text(struct diag *d, char *buf, size_t cap)
{
	size_t n;

	rewind(d->out);
	n = fread(buf, 1, cap - 1, d->out);
	buf[n] = '\0';
	fclose(d->out);
	d->out = NULL;
	return buf;
}

/* lib/run says what went wrong through the caller's sink, not stderr:
 * a plan that cannot be opened, an agent that exits with status 3. */
static void
test_says_through_sink(void)
{
	struct diag say = diag_for(NULL);
	struct loaded_plan lp;
	struct agent ag;
	char out[600];

	CHECK((say.out = tmpfile()) != NULL);
	CHECK(run_plan_load("/nonexistent/x.plan", &lp, &say) == RUN_NO_INPUT);
	CHECK(strstr(sink_text(&say, out, sizeof out),
	    ": /nonexistent/x.plan: No such file or directory\n") != NULL);

	CHECK((say.out = tmpfile()) != NULL);
	CHECK(run_agent_start(&ag, "exit 3", 5000, &say) == RUN_OK);
	run_agent_stop(&ag);
	CHECK(strstr(sink_text(&say, out, sizeof out),
	    ": agent: exited with status 3\n") != NULL);
}

int
main(void)
{
	signal(SIGPIPE, SIG_IGN);	/* a dead agent is an error, not death */
	RUN(test_complete);
	RUN(test_says_through_sink);
	RUN(test_mismatch_and_miss);
	RUN(test_senses_hold);
	RUN(test_bad_senses);
	RUN(test_agent);
	RUN(test_coords);
	return check_report("run_taskrun");
}
