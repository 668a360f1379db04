/*
 * tasksrc_test.c - unit tests for the task source reader and compiler
 * (lib/plansrc/task_*.c): every form of component, target and key,
 * YAML and JSON giving the same bytes, diagnostics with line:col, and
 * random bytes.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plan/plan.h"
#include "plan/task.h"
#include "plansrc/task_compile.h"
#include "plansrc/task_emit.h"

/* The last compile's messages. */
static char messages[4096];

/* Compile src; the plan image (malloc'd) or NULL, messages captured. */
static uint8_t *
compile(const char *src, uint32_t *size)
{
	struct diag d = diag_for("t.yaml");
	char *buf = NULL;
	size_t len = 0;
	uint8_t *out = NULL;
	FILE *fp = open_memstream(&buf, &len);

	d.out = fp;
	if (plansrc_task_compile(src, strlen(src), &d, &out, size) < 0)
		out = NULL;
	fclose(fp);
	snprintf(messages, sizeof messages, "%s", buf ? buf : "");
	free(buf);
	return out;
}

/* Compile and open; 1 when both worked. */
static int
open_task(const char *src, uint8_t **buf, struct plan_task *t)
{
	struct plan p;
	struct plan_error err;
	uint32_t size;

	if ((*buf = compile(src, &size)) == NULL)
		return 0;
	return plan_open(&p, *buf, size, &err) == PLAN_OK &&
	    plan_task_of(&p, t);
}

static int
name_is(const struct plan_task *t, uint8_t kind, uint16_t i, const char *s)
{
	uint8_t len = 0;
	const uint8_t *n = plan_task_name(t, kind, i, &len);

	return n && len == strlen(s) && memcmp(n, s, len) == 0;
}

static const char components_src[] =
    "task: comps\n"
    "start: go\n"
    "actions:\n"
    "  go:\n"
    "    trajectory:\n"
    "      - [12.5, -0.0004, 1e2]\n"
    "      - {z: 3, x: 1, y: 2}\n"
    "      - $home\n"
    "      - [$home.y, 0, $spot]\n"
    "    decisions:\n"
    "      - after: 0\n"
    "        state:\n"
    "          arm: [-1, any, [7, 0.25]]\n"
    "          objects: {lamp: {y: [$spot, 2]}, fire: [any, any, any]}\n"
    "        record: {spot: lamp, home: arm}\n"
    "        match: {action: back, delay: 4}\n"
    "        mismatch: abort\n"
    "      - after: 3\n"
    "        state: {arm: {x: $home.z}}\n"
    "        match: done\n"
    "  back:\n"
    "    trajectory: [[0, 0, 0]]\n"
    "    verify: {tolerance: 0.5, misses: 3}\n"
    "    reset: {limit: 2, action: go, delay: 1}\n"
    "    decisions: [{after: 0, mismatch: back}]\n";

static void
test_components(void)
{
	struct plan_task t;
	struct plan_task_comp c;
	struct plan_task_decision d;
	struct plan_task_action a;
	struct plan_task_check ch;
	struct plan_task_record r;
	uint8_t *buf;

	CHECK(open_task(components_src, &buf, &t));
	if (buf == NULL)
		return;
	CHECK(t.axes == 3 && t.actions == 2 && t.objects == 2);
	CHECK(name_is(&t, TASK_NAME_TASK, 0, "comps"));
	CHECK(name_is(&t, TASK_NAME_AXIS, 2, "z"));
	/* objects and variables in order of first use */
	CHECK(name_is(&t, TASK_NAME_OBJECT, 0, "lamp"));
	CHECK(name_is(&t, TASK_NAME_OBJECT, 1, "fire"));
	CHECK(name_is(&t, TASK_NAME_VARIABLE, 0, "spot"));
	CHECK(name_is(&t, TASK_NAME_VARIABLE, 1, "home"));
	/* 12.5 -> 12500 counts, -0.0004 rounds to 0, 1e2 -> 100000 */
	plan_task_get_point(&t, 0, 0, &c);
	CHECK(c.kind == TASK_VALUE && c.value == 12500);
	plan_task_get_point(&t, 0, 1, &c);
	CHECK(c.value == 0);
	plan_task_get_point(&t, 0, 2, &c);
	CHECK(c.value == 100000);
	plan_task_get_point(&t, 1, 0, &c);
	CHECK(c.value == 1000);		/* mapping points by axis name */
	plan_task_get_point(&t, 1, 2, &c);
	CHECK(c.value == 3000);
	plan_task_get_point(&t, 2, 1, &c);
	CHECK(c.kind == TASK_VAR && c.var == 1 && c.axis == 1);
	plan_task_get_point(&t, 3, 0, &c);
	CHECK(c.kind == TASK_VAR && c.var == 1 && c.axis == 1);
	plan_task_get_point(&t, 3, 2, &c);
	CHECK(c.kind == TASK_VAR && c.var == 0 && c.axis == 2);
	plan_task_get_decision(&t, 0, &d);
	CHECK(d.after == 0 && d.match.kind == TASK_T_ACTION);
	CHECK(d.match.action == 1 && d.match.delay == 4);
	CHECK(d.mismatch.kind == TASK_T_ABORT && d.nchecks == 2);
	plan_task_get_arm(&t, 0, 0, &c);
	CHECK(c.kind == TASK_ANY);
	plan_task_get_arm(&t, 0, 1, &c);
	CHECK(c.kind == TASK_ANY);
	plan_task_get_arm(&t, 0, 2, &c);
	CHECK(c.kind == TASK_VALUE && c.value == 7000 && c.threshold == 250);
	plan_task_get_check(&t, 0, &ch);
	CHECK(ch.object == 0);
	plan_task_get_check_comp(&t, 0, 0, &c);
	CHECK(c.kind == TASK_ANY);
	plan_task_get_check_comp(&t, 0, 1, &c);
	CHECK(c.kind == TASK_VAR && c.var == 0 && c.axis == 1);
	CHECK(c.threshold == 2000);
	plan_task_get_record(&t, 0, &r);
	CHECK(r.var == 0 && r.source == 0);
	plan_task_get_record(&t, 1, &r);
	CHECK(r.var == 1 && r.source == TASK_SOURCE_ARM);
	plan_task_get_decision(&t, 1, &d);
	CHECK(d.after == 3 && d.match.kind == TASK_T_DONE);
	CHECK(d.mismatch.kind == TASK_T_NONE);
	plan_task_get_arm(&t, 1, 0, &c);
	CHECK(c.kind == TASK_VAR && c.var == 1 && c.axis == 2);
	CHECK(c.threshold == 0);
	plan_task_get_action(&t, 1, &a);
	CHECK(a.verify && a.tolerance == 500 && a.misses == 3);
	CHECK(a.reset_limit == 2 && a.reset.kind == TASK_T_ACTION);
	CHECK(a.reset.action == 0 && a.reset.delay == 1);
	free(buf);
}

/* The same task as YAML and as instructions.json-shaped JSON. */
static const char same_yaml[] =
    "task: same\n"
    "start: a\n"
    "actions:\n"
    "  a:\n"
    "    trajectory: [[0, 1], [2, 3]]\n"
    "    verify: false\n"
    "    decisions:\n"
    "      - after: 1\n"
    "        state:\n"
    "          arm: {x: [2, 1]}\n"
    "          objects: {f: {y: [3, 1]}}\n"
    "        match: b\n"
    "        mismatch: {action: a, delay: 2}\n"
    "    reset: {limit: -1}\n"
    "  b:\n"
    "    trajectory: [{x: 5, y: 5}]\n";

static const char same_json[] =
    "{\n"
    "  \"actions\": {\n"
    "    \"a\": {\n"
    "      \"trajectory\": [{\"x\": 0, \"y\": 1}, {\"x\": 2, \"y\": 3}],\n"
    "      \"trajectoryVerification\": false,\n"
    "      \"decisions\": [{\n"
    "        \"executeAfter\": 1,\n"
    "        \"state\": {\n"
    "          \"arm\": {\"x\": [2, 1], \"y\": -1},\n"
    "          \"objects\": [{\"name\": \"f\", \"x\": -1, \"y\": [3, 1]}]\n"
    "        },\n"
    "        \"success\": {\"action\": \"b\", \"delay\": 0},\n"
    "        \"fail\": {\"action\": \"a\", \"delay\": 2}\n"
    "      }],\n"
    "      \"reset\": {\"timeout\": -1, \"action\": \"a\", \"delay\": 0}\n"
    "    },\n"
    "    \"b\": {\"trajectory\": [[5, 5]], \"decisions\": []}\n"
    "  },\n"
    "  \"initialAction\": \"a\",\n"
    "  \"task\": \"same\"\n"
    "}\n";

/* plansrc_task_doc_is_task on src as loaded by ydoc; -1 when it does not load. */
static int
is_task(const char *src)
{
	struct diag d = diag_for("t.yaml");
	struct ydoc doc;
	int r;

	d.quiet = 1;
	if (ydoc_load(&doc, (const unsigned char *)src, strlen(src), &d) < 0)
		return -1;
	r = plansrc_task_doc_is_task(&doc);
	ydoc_free(&doc);
	return r;
}

static void
test_yaml_json_same(void)
{
	uint32_t ny = 0, nj = 0, again = 0;
	uint8_t *y = compile(same_yaml, &ny);
	uint8_t *j = compile(same_json, &nj);
	uint8_t *y2 = compile(same_yaml, &again);

	CHECK(y != NULL && j != NULL && y2 != NULL);
	CHECK(ny == nj && ny == again && ny > 36);
	CHECK(y && j && memcmp(y, j, ny) == 0);
	CHECK(y && y2 && memcmp(y, y2, ny) == 0);
	CHECK(is_task(same_yaml) == 1);
	CHECK(is_task(same_json) == 1);
	CHECK(is_task("drives: {}\n") == 0);
	CHECK(is_task("[1, 2") == -1);
	free(y);
	free(j);
	free(y2);
}

/* Each bad source fails with this message at this place. */
static void
expect_error(const char *src, const char *where_what)
{
	uint32_t size;
	uint8_t *out = compile(src, &size);

	CHECK(out == NULL);
	if (strstr(messages, where_what) == NULL) {
		fprintf(stderr, "wanted: %s\ngot: %s", where_what, messages);
		CHECK(!"message");
	}
	free(out);
}

static void
test_errors(void)
{
	expect_error("task: t\nstart: a\nactions:\n  a: {trajectory: [[0]], "
	    "after: 1}\n", "t.yaml:4:26: error: unknown key 'after' in an "
	    "action");
	/* duplicates, also through the original's spelling */
	expect_error("{\"initialAction\": \"a\", \"start\": \"a\", "
	    "\"actions\": {}}", "t.yaml:1:24: error: 'start' given twice "
	    "in the task");
	expect_error("{\"initialAction\": \"a\", \"actions\": {\"a\": {\"trajec"
	    "tory\": [[1]]}, \"a\": {}}}", "t.yaml:1:64: error: 'a' given "
	    "twice in actions");
	expect_error("task: t\nstart: a\nactions:\n  a:\n    trajectory: "
	    "[[0, 0]]\n    decisions: [{after: 1}]\n", "t.yaml:6:25: error: "
	    "after: step 1, but action 'a' has steps 0 to 0");
	expect_error("task: t\nstart: a\nactions:\n  a:\n    trajectory: "
	    "[[0, 0]]\n    decisions: [{after: 0, state: {arm: [$v, -1]}}]"
	    "\n", "t.yaml:6:42: error: variable 'v' is never recorded");
	expect_error("task: t\nstart: b\nactions:\n  a: {trajectory: [[0]]}\n",
	    "t.yaml:2:8: error: no action named 'b' to start with");
	expect_error("task: t\nstart: a\nactions:\n  a:\n    trajectory: [[0]]"
	    "\n    decisions: [{after: 0, match: c}]\n", "t.yaml:6:35: "
	    "error: no action named 'c'");
	expect_error("task: t\nstart: a\nactions:\n  a: {trajectory: "
	    "[[0, 0], [1]]}\n", "t.yaml:4:28: error: a point of 1 "
	    "coordinates; this task has 2 axes");
	expect_error("task: t\nstart: a\nactions:\n  a: {trajectory: "
	    "[[\"1\"]]}\n", "t.yaml:4:21: error: a coordinate must be a "
	    "number, not the string \"1\"");
	expect_error("task: t\nstart: a\nactions:\n  a:\n    trajectory: "
	    "[[0]]\n    decisions: [{after: 0, state: {arm: [5]}}]\n",
	    "t.yaml:6:42: error: a bare '5' is not a state component");
	expect_error("task: t\nstart: a\nactions:\n  a:\n    trajectory: "
	    "[[0]]\n    decisions: [{after: 0, match: {action: a, delay: "
	    "-1}}]\n", "t.yaml:6:54: error: the delay: -1 is out of range "
	    "(0 to 65535)");
	expect_error("task: t\nstart: a\nactions:\n  a: {trajectory: [[1]], "
	    "verify: true}\n", "t.yaml:4:34: error: verification needs a "
	    "tolerance");
	expect_error("task: t\nstart: a\nactions:\n  a:\n    trajectory: &p "
	    "[[0]]\n  b:\n    trajectory: *p\n", "t.yaml:7:17: error: "
	    "aliases (*name) are not supported");	/* at the '*' */
	expect_error("task: t\nstart: a\nobjects: [f]\nactions:\n  a:\n    "
	    "trajectory: [[0]]\n    decisions: [{after: 0, record: {v: g}}]"
	    "\n", "t.yaml:7:40: error: object 'g' is not among the declared "
	    "objects");
	expect_error("task: t\nstart: a\nactions:\n  a: {trajectory: "
	    "[[1, 2, 3, 4]]}\n", "t.yaml:4:20: error: cannot tell the axes");
	expect_error("task: t\nstart: a\nactions:\n  a: {trajectory: [[1]]}\n"
	    "---\ntask: u\n", "t.yaml:5:1: error: a plan file holds one "
	    "YAML document; this is a second one");	/* at the '---' */
	expect_error("{\"task\": \"t\", \"start\": \"a\",\n\"actions\": "
	    "{\"a\": {\"trajectory\": [[1]]}}", "t.yaml:3:1: error: YAML: did "
	    "not find expected ',' or '}'");
	expect_error("", "t.yaml: error: the file holds no YAML document");
	expect_error("task: t\nstart: a\nactions:\n  a:\n    trajectory: "
	    "[[0]]\n    decisions: [{after: 0, state: {objects: [{x: "
	    "any}]}}]\n", "t.yaml:6:46: error: this object has no name");
}

static void
test_warnings(void)
{
	uint32_t size;
	uint8_t *out = compile("task: t\nstart: a\nactions:\n  a: {trajectory: "
	    "[[0]], decisions: [{after: 0, match: {action: none, delay: 2}}]}"
	    "\n  b: {trajectory: [[1]]}\n", &size);

	CHECK(out != NULL);
	CHECK(strstr(messages, "t.yaml:4:78: warning: a delay does nothing "
	    "with none") != NULL);
	CHECK(strstr(messages, "t.yaml:5:3: warning: action 'b' is never "
	    "started") != NULL);
	free(out);
}

static void
test_random_bytes(void)
{
	char buf[400];
	unsigned long seed = 5;
	int round, i, compiled = 0;
	uint32_t size;

	for (round = 0; round < 3000; round++) {
		size_t n = (size_t)(seed % (sizeof buf - 1));
		uint8_t *out;

		for (i = 0; i < (int)n; i++) {
			seed = seed * 6364136223846793005UL + 1;
			buf[i] = (char)(seed >> 56);
		}
		/* half of them start like a task, to get past the top */
		if (round % 2 && n > 40)
			memcpy(buf, "task: t\nstart: a\nactions: {a: "
			    "{traj", 36);
		buf[n] = '\0';
		out = compile(buf, &size);
		compiled += out != NULL;
		free(out);
	}
	CHECK(compiled == 0);
}

/* Compile, write back as YAML, compile that: the same bytes. */
static void
check_round_trip(const char *src)
{
	struct plan p;
	struct plan_error err;
	struct plan_task t;
	uint32_t n1 = 0, n2 = 0;
	uint8_t *b1 = compile(src, &n1), *b2 = NULL;
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	CHECK(b1 != NULL);
	if (b1 == NULL)
		return;
	CHECK(plan_open(&p, b1, n1, &err) == PLAN_OK && plan_task_of(&p, &t));
	fp = open_memstream(&text, &len);
	CHECK(plansrc_task_emit_yaml(fp, &t) == 0);
	fclose(fp);
	b2 = compile(text, &n2);
	CHECK(b2 != NULL && n1 == n2 && memcmp(b1, b2, n1) == 0);
	if (b2 == NULL)
		fprintf(stderr, "%s%s", text, messages);
	free(text);
	free(b1);
	free(b2);
}

static void
test_emit(void)
{
	check_round_trip(components_src);
	check_round_trip(same_yaml);
	check_round_trip(same_json);
	check_round_trip("task: \"\"\nstart: a\nactions:\n  a: {trajectory: "
	    "[[-999999.999]], decisions: [{after: 0, state: {arm: "
	    "[[0.001, 1000000]]}, match: {action: done, delay: 65535}}]}\n");
}

int
main(void)
{
	RUN(test_components);
	RUN(test_yaml_json_same);
	RUN(test_errors);
	RUN(test_warnings);
	RUN(test_random_bytes);
	RUN(test_emit);
	return check_report("tasksrc");
}
