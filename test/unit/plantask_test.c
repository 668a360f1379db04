/*
 * plantask_test.c - unit tests for the task section of a .plan
 * (core/plan/task*.c): sizes by hand, every field read back, the plan
 * container carrying it, and the validator refusing damaged sections.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plan/crc32.h"
#include "plan/plan.h"
#include "plan/task.h"
#include "task_build.h"

/*
 * Two axes, one object, two variables.  "go": points (1,2) (3,$var1.y),
 * verified; a decision after step 1 checking the arm and the object,
 * recording var0 from the arm and var1 from the object.  "back": one
 * point, reset after 3 repeats to done.
 */
static void
build(struct tb *b)
{
	tb_begin(b, 2, 1, 2);
	tb_action(b, "go");
	tb_point(b, (int32_t[]){ 1000, 2000 });
	tb_point(b, (int32_t[]){ 3000, -4000 });
	tb_point_var(b, 1, 1, 1);
	tb_verify(b, 500, 2);
	tb_decision(b, 1, tb_go(1, 7), tb_end(TASK_T_ABORT, 2));
	tb_arm(b, 0, -50000, 10000);
	tb_arm_var(b, 1, 0, 0, 250);
	tb_check(b, 0);
	tb_check_comp(b, 1, TASK_VALUE, 12345, 0, 5);
	tb_record(b, 0, TASK_SOURCE_ARM);
	tb_record(b, 1, 0);
	tb_action(b, "back");
	tb_point(b, (int32_t[]){ 0, 0 });
	tb_reset(b, 3, tb_end(TASK_T_DONE, 0));
	tb_decision(b, 0, tb_go(1, 0), tb_none);
}

static void
test_sizes(void)
{
	struct tb b;

	build(&b);
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	/*
	 * header 20, actions 2*22, points 3*10, decisions 2*(18+18),
	 * checks 1*(1+18), records 2*3, strings: "test" 5, "x" "y" 4,
	 * "obj0" 5, "go" 3, "back" 5, "var0" "var1" 10
	 */
	CHECK(b.size == 20 + 44 + 30 + 72 + 19 + 6 + (5 + 4 + 5 + 3 + 5 + 10));
	CHECK(plan_task_encoded_size(&b.s) == b.size);
	CHECK(plan_task_encode(&b.s, b.buf, b.size - 1) == 0);
}

static void
test_fields(void)
{
	struct tb b;
	struct plan_task_action a;
	struct plan_task_decision d;
	struct plan_task_comp c;
	struct plan_task_check ch;
	struct plan_task_record rec;
	const uint8_t *name;
	uint8_t len = 0;

	build(&b);
	CHECK(tb_finish(&b, 1) == PLAN_OK);
	CHECK(b.t.axes == 2 && b.t.objects == 1 && b.t.actions == 2);
	CHECK(b.t.variables == 2 && b.t.start == 1);
	plan_task_get_action(&b.t, 0, &a);
	CHECK(a.first_point == 0 && a.npoints == 2 && a.ndecisions == 1);
	CHECK(a.verify == 1 && a.tolerance == 500 && a.misses == 2);
	CHECK(a.reset_limit == 0 && a.reset.kind == TASK_T_NONE);
	plan_task_get_action(&b.t, 1, &a);
	CHECK(a.first_point == 2 && a.first_decision == 1);
	CHECK(a.reset_limit == 3 && a.reset.kind == TASK_T_DONE);
	CHECK(a.reset.action == TASK_NO_ACTION && a.verify == 0);
	plan_task_get_point(&b.t, 1, 0, &c);
	CHECK(c.kind == TASK_VALUE && c.value == 3000);
	plan_task_get_point(&b.t, 1, 1, &c);
	CHECK(c.kind == TASK_VAR && c.var == 1 && c.axis == 1);
	plan_task_get_decision(&b.t, 0, &d);
	CHECK(d.after == 1 && d.match.kind == TASK_T_ACTION);
	CHECK(d.match.action == 1 && d.match.delay == 7);
	CHECK(d.mismatch.kind == TASK_T_ABORT && d.mismatch.delay == 2);
	CHECK(d.nchecks == 1 && d.nrecords == 2 && d.first_record == 0);
	plan_task_get_arm(&b.t, 0, 0, &c);
	CHECK(c.kind == TASK_VALUE && c.value == -50000 &&
	    c.threshold == 10000);
	plan_task_get_arm(&b.t, 0, 1, &c);
	CHECK(c.kind == TASK_VAR && c.var == 0 && c.axis == 0);
	CHECK(c.threshold == 250);
	plan_task_get_arm(&b.t, 1, 0, &c);
	CHECK(c.kind == TASK_ANY && c.threshold == 0);
	plan_task_get_check(&b.t, 0, &ch);
	CHECK(ch.object == 0);
	plan_task_get_check_comp(&b.t, 0, 0, &c);
	CHECK(c.kind == TASK_ANY);
	plan_task_get_check_comp(&b.t, 0, 1, &c);
	CHECK(c.kind == TASK_VALUE && c.value == 12345 && c.threshold == 5);
	plan_task_get_record(&b.t, 1, &rec);
	CHECK(rec.var == 1 && rec.source == 0);
	plan_task_get_record(&b.t, 0, &rec);
	CHECK(rec.source == TASK_SOURCE_ARM);
	name = plan_task_name(&b.t, TASK_NAME_ACTION, 1, &len);
	CHECK(name && len == 4 && memcmp(name, "back", 4) == 0);
	name = plan_task_name(&b.t, TASK_NAME_AXIS, 1, &len);
	CHECK(name && len == 1 && name[0] == 'y');
	CHECK(plan_task_name(&b.t, TASK_NAME_OBJECT, 1, &len) == NULL);
	CHECK(plan_task_find(&b.t, TASK_NAME_VARIABLE, "var1", 4) == 1);
	CHECK(plan_task_find(&b.t, TASK_NAME_OBJECT, "obj0", 4) == 0);
	CHECK(plan_task_find(&b.t, TASK_NAME_ACTION, "gone", 4) == -1);
}

/* The section inside a plan: flag, size field, CRC over it. */
static void
test_container(void)
{
	struct tb b;
	struct plan_spec s;
	struct plan p;
	struct plan_task t;
	struct plan_error err;
	uint8_t *buf;
	uint32_t size, from_header = 0;

	build(&b);
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	memset(&s, 0, sizeof s);
	s.id_width = 1;
	s.task = b.buf;
	s.task_size = b.size;
	size = plan_encoded_size(&s);
	CHECK(size == PLAN_MIN_SIZE + b.size);
	buf = malloc(size);
	CHECK(plan_encode(&s, buf, size) == size);
	CHECK(buf[PLAN_H_FLAGS] == PLAN_F_TASK);
	CHECK(buf[PLAN_H_TASK_SIZE] == (uint8_t)b.size &&
	    buf[PLAN_H_TASK_SIZE + 1] == (uint8_t)(b.size >> 8));
	CHECK(plan_size_from_header(buf, &from_header) == PLAN_OK);
	CHECK(from_header == size);
	CHECK(plan_open(&p, buf, size, &err) == PLAN_OK);
	CHECK(plan_task_of(&p, &t) == 1 && t.actions == 2);
	CHECK(memcmp(p.task, b.buf, b.size) == 0);

	/* the flag without a section, and a section without the flag */
	buf[PLAN_H_FLAGS] = 0;
	CHECK(plan_open(&p, buf, size, &err) == PLAN_E_HEADER);
	/* a task and an element (one action) together */
	buf[PLAN_H_FLAGS] = PLAN_F_TASK;
	buf[PLAN_H_COUNT(PLAN_A)] = 1;
	CHECK(plan_open(&p, buf, size, &err) == PLAN_E_HEADER);
	free(buf);
}

static void
reseal(uint8_t *buf, uint32_t size)
{
	uint32_t crc = plan_crc32_update(0, buf, size - PLAN_CRC_SIZE);

	buf[size - 4] = (uint8_t)crc;
	buf[size - 3] = (uint8_t)(crc >> 8);
	buf[size - 2] = (uint8_t)(crc >> 16);
	buf[size - 1] = (uint8_t)(crc >> 24);
}

/* One byte of a valid section set to v: the validator's verdict. */
static int
poke(const struct tb *b, uint32_t at, uint8_t v)
{
	uint8_t copy[sizeof b->buf];
	struct plan_task t;
	struct plan_error err;

	memcpy(copy, b->buf, b->size);
	copy[at] = v;
	return plan_task_open(&t, copy, b->size, &err);
}

static void
test_damage(void)
{
	struct tb b;
	/* where build()'s records are: 2 actions, 3 points, 2 decisions,
	   1 check, 2 records, 2 axes */
	uint32_t act0 = TASK_HEADER_SIZE, act1 = act0 + TASK_ACTION_SIZE;
	uint32_t pts = act1 + TASK_ACTION_SIZE;
	uint32_t pt1c1 = pts + TASK_POINT_SIZE(2) + TASK_POINT_COMP_SIZE;
	uint32_t dec0 = pts + 3 * TASK_POINT_SIZE(2);
	uint32_t dec1 = dec0 + TASK_DECISION_SIZE(2);
	uint32_t chk = dec1 + TASK_DECISION_SIZE(2);
	uint32_t rec = chk + TASK_CHECK_SIZE(2);
	uint32_t str = rec + 2 * TASK_RECORD_SIZE;
	uint32_t op = TASK_COMP_OPERAND;

	build(&b);
	CHECK(tb_finish(&b, 0) == PLAN_OK);
	/* no axes */
	CHECK(poke(&b, TASK_H_AXES, 0) == PLAN_E_TASK);
	/* too many axes */
	CHECK(poke(&b, TASK_H_AXES, 9) == PLAN_E_TASK);
	/* start past actions */
	CHECK(poke(&b, TASK_H_START, 2) == PLAN_E_TASK);
	/* reserved */
	CHECK(poke(&b, TASK_H_RESERVED, 1) == PLAN_E_TASK);
	/* points overrun */
	CHECK(poke(&b, act0 + TASK_A_POINTS, 3) == PLAN_E_TASK);
	/* not back to back */
	CHECK(poke(&b, act1 + TASK_A_FIRST_POINT, 1) == PLAN_E_TASK);
	/* verify flag */
	CHECK(poke(&b, act0 + TASK_A_VERIFY, 2) == PLAN_E_TASK);
	/* misses, no verify */
	CHECK(poke(&b, act1 + TASK_A_MISSES, 1) == PLAN_E_TASK);
	/* reset, no limit */
	CHECK(poke(&b, act0 + TASK_A_RESET + TASK_TARGET_KIND,
	    1) == PLAN_E_TASK);
	/* target kind */
	CHECK(poke(&b, act1 + TASK_A_RESET + TASK_TARGET_KIND,
	    4) == PLAN_E_TASK);
	/* ANY in a point */
	CHECK(poke(&b, pts + TASK_COMP_KIND, TASK_ANY) == PLAN_E_TASK);
	/* var index */
	CHECK(poke(&b, pt1c1 + op + TASK_OPERAND_VAR, 2) == PLAN_E_TASK);
	/* var axis */
	CHECK(poke(&b, pt1c1 + op + TASK_OPERAND_AXIS, 2) == PLAN_E_TASK);
	/* var pad */
	CHECK(poke(&b, pt1c1 + op + TASK_OPERAND_PAD, 1) == PLAN_E_TASK);
	/* value > 1e9 */
	CHECK(poke(&b, pts + op + TASK_OPERAND_VALUE + 3, 0x40) == PLAN_E_TASK);
	/* after past the end */
	CHECK(poke(&b, dec0 + TASK_D_AFTER, 2) == PLAN_E_TASK);
	/* match action */
	CHECK(poke(&b, dec0 + TASK_D_MATCH + TASK_TARGET_ACTION,
	    2) == PLAN_E_TASK);
	/* abort + action */
	CHECK(poke(&b, dec0 + TASK_D_MISMATCH + TASK_TARGET_ACTION,
	    0) == PLAN_E_TASK);
	/* none + delay */
	CHECK(poke(&b, dec1 + TASK_D_MISMATCH + TASK_TARGET_DELAY,
	    1) == PLAN_E_TASK);
	/* checks overrun */
	CHECK(poke(&b, dec0 + TASK_D_CHECKS, 2) == PLAN_E_TASK);
	/* thr < 0 */
	CHECK(poke(&b, dec0 + TASK_D_ARM + TASK_COMP_THRESHOLD + 3,
	    0x80) == PLAN_E_TASK);
	/* ANY + value */
	CHECK(poke(&b, dec1 + TASK_D_ARM + op, 1) == PLAN_E_TASK);
	/* ANY + thr */
	CHECK(poke(&b, dec1 + TASK_D_ARM + TASK_COMP_THRESHOLD,
	    1) == PLAN_E_TASK);
	/* object index */
	CHECK(poke(&b, chk + TASK_C_OBJECT, 1) == PLAN_E_TASK);
	/* record source */
	CHECK(poke(&b, rec + TASK_R_SOURCE, 1) == PLAN_E_TASK);
	/* record variable */
	CHECK(poke(&b, rec + TASK_RECORD_SIZE + TASK_R_VAR, 2) == PLAN_E_TASK);
	/* name runs over */
	CHECK(poke(&b, str + TASK_STRING_LEN, 63) == PLAN_E_TASK);
	/* name starts 0-9 */
	CHECK(poke(&b, str + 1, '9') == PLAN_E_TASK);
	/* two axes "x" */
	CHECK(poke(&b, str + 8, 'x') == PLAN_E_TASK);
	/* space in name */
	CHECK(poke(&b, str + 2, ' ') == PLAN_E_TASK);
	/* in range and consistent: still valid */
	/* another value */
	CHECK(poke(&b, pts + op + TASK_OPERAND_VALUE, 0x77) == PLAN_OK);
	/* tolerance 0 */
	CHECK(poke(&b, act0 + TASK_A_TOLERANCE, 0) == PLAN_OK);
	/* from the arm */
	CHECK(poke(&b, rec + TASK_RECORD_SIZE + TASK_R_SOURCE,
	    0xFF) == PLAN_OK);
}

/* Random bytes, raw and wrapped in a sealed plan: nothing gets through. */
static void
test_random_bytes(void)
{
	uint8_t buf[700];
	struct plan_task t;
	struct plan p;
	struct plan_error err;
	unsigned long seed = 11;
	int round, i, accepted = 0;

	for (round = 0; round < 20000; round++) {
		uint32_t n = (uint32_t)(seed % sizeof buf);

		for (i = 0; i < (int)n; i++) {
			seed = seed * 6364136223846793005UL + 1;
			buf[i] = (uint8_t)(seed >> 56);
		}
		if (round % 2) {
			accepted += plan_task_open(&t, buf, n, &err) ==
			    PLAN_OK;
			continue;
		}
		if (n < 40)
			continue;
		/* a plan header that says "task section of the rest" */
		memset(buf, 0, PLAN_HEADER_SIZE);
		memcpy(buf, "SPLN\1\1\4", 7);	/* magic, v1, W 1, task */
		buf[PLAN_H_TASK_SIZE] = (uint8_t)(n - PLAN_MIN_SIZE);
		buf[PLAN_H_TASK_SIZE + 1] = (uint8_t)((n - PLAN_MIN_SIZE) >> 8);
		buf[PLAN_HEADER_SIZE + TASK_H_AXES] =
		    (uint8_t)(1 + buf[PLAN_HEADER_SIZE] % 8);	/* axes */
		reseal(buf, n);
		accepted += plan_open(&p, buf, n, &err) == PLAN_OK;
	}
	CHECK(accepted == 0);
}

int
main(void)
{
	RUN(test_sizes);
	RUN(test_fields);
	RUN(test_container);
	RUN(test_damage);
	RUN(test_random_bytes);
	return check_report("plantask");
}
