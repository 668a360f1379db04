/*
 * planner_drive_test.c - the planner's drive-level rules (spec §2, §3, §7,
 * §13): selection and ties, releasers and hysteresis, frequency, ramp and
 * urgency, saturation, idle cycles, monitor flags, counters, state size.
 * Expected event sequences are worked out by hand from the spec.
 */
#include "planner_harness.h"

/* Highest runtime priority wins, ties go to the earlier drive, priority 0
   never runs, lower drives are not looked at (§3.2). */
static void
test_selection(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);

	add_drive(t, 1, A(a10), 5, rel(1, PLAN_GT, 0, 0, 0));
	add_drive(t, 2, A(a11), 5, TR);
	add_drive(t, 3, A(a11), 0, TR);
	add_drive(t, 4, A(a11), 4, TR);
	load(t);
	CHECK(cycle(t, 0) == PLANNER_SUCCESS);
	CHECK_STR(t->log, "RD1=0/0 RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	t->sense[1] = 1;
	CYCLE(t, 0, "RD1=1/1 ED1 EA10 a1(1) SA10 SD1");
	free(t);
}

/* Nothing released: idle, distinct from a failing drive (§13.4). */
static void
test_idle_and_fail(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1);

	add_drive(t, 1, A(a10), 5, FL);
	add_drive(t, 2, A(a10), 0, TR);
	load(t);
	CHECK(cycle(t, 0) == PLANNER_IDLE);
	CHECK_STR(t->log, "RD1=0/0");
	free(t);

	t = new_plan(1);
	a10 = add_action(t, 10, 1, 1);
	add_drive(t, 1, A(a10), 5, TR);
	load(t);
	t->script[1] = "F";
	CHECK(cycle(t, 0) == PLANNER_FAIL);
	CHECK_STR(t->log, "RD1=0/1 ED1 EA10 a1(1) FA10 FD1");
	free(t);

	t = new_plan(1);		/* no drives at all */
	add_action(t, 10, 1, 1);
	load(t);
	CHECK(cycle(t, 0) == PLANNER_IDLE);
	CHECK_STR(t->log, "");
	free(t);
}

/* The six comparators; TR and FL do not read the sense (§2). */
static void
test_comparators(void)
{
	static const struct {
		uint8_t cmp;
		int16_t sense;
		int released;
	} cases[] = {
		{ PLAN_EQ, 10, 1 }, { PLAN_EQ, 11, 0 },
		{ PLAN_NE, 10, 0 }, { PLAN_NE, 9, 1 },
		{ PLAN_GT, 11, 1 }, { PLAN_GT, 10, 0 },
		{ PLAN_LT, 9, 1 }, { PLAN_LT, 10, 0 },
		{ PLAN_TR, 99, 1 }, { PLAN_FL, 99, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct t *t = new_plan(1);
		uint16_t a = add_action(t, 10, 1, 1);
		int tf = cases[i].cmp >= PLAN_TR;
		char want[32];

		add_drive(t, 1, A(a), 5, rel(7, cases[i].cmp, 10, 3, 3));
		load(t);
		t->sense[7] = cases[i].sense;
		CHECK((cycle(t, 0) != PLANNER_IDLE) == cases[i].released);
		CHECK(t->reads == (tf ? 0 : 1));
		/* the R event carries the value read, 0 when none was */
		snprintf(want, sizeof want, "RD1=%d/%d", tf ? 0 :
		    cases[i].sense, cases[i].released);
		CHECK(strncmp(t->log, want, strlen(want)) == 0);
		free(t);
	}
}

/* GT hysteresis: the threshold drops by 5 while the drive runs, and a
   stopped drive forgets its latch (§2). */
static void
test_hysteresis_gt(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1);

	add_drive(t, 1, A(a10), 10, rel(1, PLAN_GT, 10, 5, 8));
	load(t);
	t->script[1] = "P";
	t->sense[1] = 11;
	CYCLE(t, 0, "RD1=11/1 ED1 EA10 a1(1) PA10 PD1");
	CHECK(status(t, 0) == PLANNER_RUNNING);
	t->sense[1] = 7;		/* 7 > 10 - 5 */
	CYCLE(t, 0, "RD1=7/1 ED1 EA10 a1(1)? PA10 PD1");
	t->sense[1] = 5;		/* 5 > 5 is false */
	CYCLE(t, 0, "RD1=5/0");
	CHECK(status(t, 0) == PLANNER_NOTRUNNING);
	t->sense[1] = 7;		/* stopped: back to 7 > 10 */
	CYCLE(t, 0, "RD1=7/0");
	t->sense[1] = 11;		/* the action is still being checked */
	CYCLE(t, 0, "RD1=11/1 ED1 EA10 a1(1)? PA10 PD1");
	free(t);
}

/* LT hysteresis: the threshold rises by 5 while the drive runs. */
static void
test_hysteresis_lt(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1);

	add_drive(t, 1, A(a10), 10, rel(1, PLAN_LT, 10, 5, 0));
	load(t);
	t->script[1] = "P";
	t->sense[1] = 9;
	CYCLE(t, 0, "RD1=9/1 ED1 EA10 a1(1) PA10 PD1");
	t->sense[1] = 14;		/* 14 < 10 + 5 */
	CYCLE(t, 0, "RD1=14/1 ED1 EA10 a1(1)? PA10 PD1");
	t->sense[1] = 15;
	CYCLE(t, 0, "RD1=15/0");
	t->sense[1] = 12;		/* stopped: 12 < 10 is false */
	CYCLE(t, 0, "RD1=12/0");
	free(t);

	/* a drive that finished (success) does not keep its latch */
	t = new_plan(1);
	a10 = add_action(t, 10, 1, 1);
	add_drive(t, 1, A(a10), 10, rel(1, PLAN_LT, 10, 5, 0));
	load(t);
	t->sense[1] = 9;
	CYCLE(t, 0, "RD1=9/1 ED1 EA10 a1(1) SA10 SD1");
	t->sense[1] = 12;
	CYCLE(t, 0, "RD1=12/0");
	free(t);
}

/* An interrupted drive uses the flexible latch hysteresis (§2, §3.2). */
static void
test_flex_latch(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);

	add_drive(t, 1, A(a11), 20, rel(2, PLAN_GT, 0, 0, 0));
	add_drive(t, 2, A(a10), 10, rel(1, PLAN_GT, 10, 5, 8));
	add_drive(t, 3, A(a11), 5, FL);
	load(t);
	t->script[1] = "P";
	t->sense[1] = 11;
	CYCLE(t, 0, "RD1=0/0 RD2=11/1 ED2 EA10 a1(1) PA10 PD2");
	t->sense[2] = 1;
	CYCLE(t, 0, "RD1=1/1 ED1 EA11 a2(2) SA11 SD1");
	CHECK(status(t, 1) == PLANNER_INTERRUPTED);
	CHECK(status(t, 0) == PLANNER_NOTRUNNING);
	CHECK(status(t, 2) == PLANNER_NOTRUNNING);
	t->sense[2] = 0;
	t->sense[1] = 3;		/* interrupted: 3 > 10 - 8 */
	CYCLE(t, 0, "RD1=0/0 RD2=3/1 ED2 EA10 a1(1)? PA10 PD2");
	CHECK(status(t, 1) == PLANNER_RUNNING);
	t->sense[1] = 4;		/* running again: 4 > 10 - 5 is false */
	CYCLE(t, 0, "RD1=0/0 RD2=4/0 RD3=0/0");
	free(t);

	/* interrupted, and below even the flexible threshold */
	t = new_plan(1);
	a10 = add_action(t, 10, 1, 1);
	a11 = add_action(t, 11, 2, 2);
	add_drive(t, 1, A(a11), 20, rel(2, PLAN_GT, 0, 0, 0));
	add_drive(t, 2, A(a10), 10, rel(1, PLAN_GT, 10, 5, 8));
	load(t);
	t->script[1] = "P";
	t->sense[1] = 11;
	cycle(t, 0);
	t->sense[2] = 1;
	cycle(t, 0);
	t->sense[2] = 0;
	t->sense[1] = 2;		/* 2 > 2 is false */
	CYCLE(t, 0, "RD1=0/0 RD2=2/0");
	free(t);
}

/* Frequency: considered at most once per interval; being considered
   re-arms the counter; a running drive is never throttled (§3.2). */
static void
test_frequency(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);

	add_drive(t, 1, A(a10), 10, rel(1, PLAN_GT, 0, 0, 0));
	add_drive(t, 2, A(a11), 5, TR);
	t->d[0].interval = 3;
	load(t);
	/* considered at cycle 1 though not released: re-armed to 3 */
	CYCLE(t, 1, "RD1=0/0 RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	t->sense[1] = 1;
	CYCLE(t, 1, "RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	CYCLE(t, 1, "RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	CYCLE(t, 1, "RD1=1/1 ED1 EA10 a1(1) SA10 SD1");
	CYCLE(t, 1, "RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	free(t);

	/* running: runs every cycle whatever its counter */
	t = new_plan(1);
	a10 = add_action(t, 10, 1, 1);
	add_drive(t, 1, A(a10), 10, TR);
	t->d[0].interval = 5;
	load(t);
	t->script[1] = "P";
	CYCLE(t, 1, "RD1=0/1 ED1 EA10 a1(1) PA10 PD1");
	CYCLE(t, 1, "RD1=0/1 ED1 EA10 a1(1)? PA10 PD1");
	t->script[1] = "S";
	t->pos[1] = 0;
	CYCLE(t, 1, "RD1=0/1 ED1 EA10 a1(1)? SA10 SD1");
	CYCLE(t, 1, "");		/* stopped: counter 2 */
	CYCLE(t, 1, "");
	CYCLE(t, 1, "RD1=0/1 ED1 EA10 a1(1) SA10 SD1");
	free(t);
}

/* Ramp: +3 every 2 ticks from the first tick; back to base only when the
   drive succeeds (§3.1, §3.2). */
static void
test_ramp(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);

	add_drive(t, 1, A(a10), 10, rel(1, PLAN_GT, 0, 0, 0));
	add_drive(t, 2, A(a11), 12, TR);
	t->d[0].ramp_inc = 3;
	t->d[0].ramp_interval = 2;
	load(t);
	CHECK(prio(t, 0) == 10);
	CYCLE(t, 1, "RD1=0/0 RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	CHECK(prio(t, 0) == 13 && prio(t, 1) == 12);
	cycle(t, 1);
	CHECK(prio(t, 0) == 13);
	t->script[1] = "F";
	t->sense[1] = 1;
	CYCLE(t, 1, "RD1=1/1 ED1 EA10 a1(1) FA10 FD1");
	CHECK(prio(t, 0) == 16);	/* a failure keeps the boost */
	cycle(t, 1);
	t->script[1] = "S";
	t->pos[1] = 0;
	CYCLE(t, 1, "RD1=1/1 ED1 EA10 a1(1) SA10 SD1");
	CHECK(prio(t, 0) == 10);	/* reset to base: 19 -> 10 */
	t->sense[1] = 0;
	CYCLE(t, 0, "RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	free(t);
}

/* A ramp that ties the drive before it in the order passes it when it
   comes first in the table; one from priority 0 makes its drive
   selectable (§3.1, §3.2; the timer's shortcut when a ramped drive keeps
   its place must see both). */
static void
test_ramp_order(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);

	add_drive(t, 1, A(a10), 3, TR);
	add_drive(t, 2, A(a11), 4, TR);
	t->d[0].ramp_inc = 1;
	t->d[0].ramp_interval = 1;
	load(t);
	CYCLE(t, 0, "RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	/* 3 + 1 = 4 ties drive 2; drive 1 is earlier in the table */
	CYCLE(t, 1, "RD1=0/1 ED1 EA10 a1(1) SA10 SD1");
	free(t);

	t = new_plan(1);
	a10 = add_action(t, 10, 1, 1);
	a11 = add_action(t, 11, 2, 2);
	add_drive(t, 1, A(a10), 0, TR);
	add_drive(t, 2, A(a11), 4, FL);
	t->d[0].ramp_inc = 3;
	t->d[0].ramp_interval = 1;
	load(t);
	CHECK(cycle(t, 0) == PLANNER_IDLE);
	/* 0 + 3: below drive 2, but now selectable */
	CYCLE(t, 1, "RD2=0/0 RD1=0/1 ED1 EA10 a1(1) SA10 SD1");
	free(t);
}

/* Urgency: a latched drive's ramped priority p becomes p + p*u/32;
   8-bit ids saturate at 255, 16-bit ones do not (§3.1, §13.1). */
static void
run_urgency(uint8_t width, const uint16_t *want, int n)
{
	struct t *t = new_plan(width);
	uint16_t a10 = add_action(t, 10, 1, 1);
	int i;

	add_drive(t, 1, A(a10), 100, rel(1, PLAN_GT, 0, 0, 0));
	add_drive(t, 2, A(a10), 100, FL);
	t->d[0].ramp_inc = 1;
	t->d[0].ramp_interval = 1;
	t->d[0].urgency = 16;
	t->d[1].ramp_inc = 1;
	t->d[1].ramp_interval = 1;
	t->d[1].urgency = 16;
	load(t);
	t->script[1] = "P";
	t->sense[1] = 1;
	for (i = 0; i < n; i++) {
		cycle(t, 1);
		CHECK(prio(t, 0) == want[i]);
		CHECK(prio(t, 1) == 101 + i);	/* never latched: +1 */
	}
	free(t);
}

static void
test_urgency(void)
{
	/* 101 (not latched yet); 102+51; 154+77; 232+116 = 348 -> 255 */
	static const uint16_t w8[] = { 101, 153, 231, 255, 255 };
	/* ... 348; 349+174 = 523; 524+262 = 786 */
	static const uint16_t w16[] = { 101, 153, 231, 348, 523, 786 };

	run_urgency(1, w8, 5);
	run_urgency(2, w16, 6);
}

/* The increment saturates too; runtime priority 255 still runs. */
static void
test_saturation(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1);

	add_drive(t, 1, A(a10), 250, FL);
	t->d[0].ramp_inc = 10;
	t->d[0].ramp_interval = 1;
	load(t);
	cycle(t, 1);
	CHECK(prio(t, 0) == 255);
	cycle(t, 1);
	CHECK(prio(t, 0) == 255);
	planner_set_priority(&t->pl, 0, 300);
	CHECK(prio(t, 0) == 255);
	free(t);

	t = new_plan(2);
	a10 = add_action(t, 10, 1, 1);
	add_drive(t, 1, A(a10), 65530, FL);
	t->d[0].ramp_inc = 10;
	t->d[0].ramp_interval = 1;
	load(t);
	cycle(t, 1);
	CHECK(prio(t, 0) == 65535);
	free(t);
}

/* planner_set_priority changes the live priority and the order. */
static void
test_set_priority(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);

	add_drive(t, 1, A(a10), 10, TR);
	add_drive(t, 2, A(a11), 20, TR);
	load(t);
	CYCLE(t, 0, "RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	planner_set_priority(&t->pl, 0, 30);
	CYCLE(t, 0, "RD1=0/1 ED1 EA10 a1(1) SA10 SD1");
	planner_set_priority(&t->pl, 0, 0);	/* 0: never selected */
	CYCLE(t, 0, "RD2=0/1 ED2 EA11 a2(2) SA11 SD2");
	free(t);
}

/* Events fire when the global or the element's flag is set; R events use
   the owner's flags; the plan's own flags are the starting point (§7). */
static void
test_monitor_flags(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1);

	add_drive(t, 1, A(a10), 10, TR);
	t->a[0].monitor = PLAN_MON_EXECUTED | PLAN_MON_SUCCESS;
	t->d[0].monitor = PLAN_MON_SENSE;
	load(t);
	CHECK(planner_monitor(&t->pl, PLAN_A, 0) == 0x03);
	planner_set_global_monitor(&t->pl, 0);
	CYCLE(t, 0, "RD1=0/1 EA10 a1(1) SA10");
	planner_set_monitor(&t->pl, PLAN_D, 0, PLAN_MON_FAIL);
	planner_set_monitor(&t->pl, PLAN_A, 0, 0);
	CYCLE(t, 0, "a1(1)");
	planner_set_global_monitor(&t->pl, PLAN_MON_SUCCESS);
	CYCLE(t, 0, "a1(1) SA10 SD1");
	planner_reset(&t->pl);		/* back to the plan's flags */
	CHECK(planner_monitor(&t->pl, PLAN_D, 0) == PLAN_MON_SENSE);
	CHECK(t->pl.global_monitor == 0);
	CYCLE(t, 0, "RD1=0/1 EA10 a1(1) SA10");
	free(t);
}

/* Execution counts on entry, success counts on S (§7). */
static void
test_counters(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1);

	add_drive(t, 1, A(a10), 10, TR);
	load(t);
	t->script[1] = "PSF";
	cycle(t, 0);
	cycle(t, 0);
	cycle(t, 0);
	CHECK(planner_executions(&t->pl, PLAN_D, 0) == 3);
	CHECK(planner_successes(&t->pl, PLAN_D, 0) == 1);
	CHECK(planner_executions(&t->pl, PLAN_A, 0) == 3);
	CHECK(planner_successes(&t->pl, PLAN_A, 0) == 1);
	planner_reset(&t->pl);
	CHECK(planner_executions(&t->pl, PLAN_A, 0) == 0);
	free(t);
}

/*
 * State size from the header alone.  Counts AP 1, APE 2, C 1, CE 2, D 2,
 * A 3.  Each record (internal.h) starts with two u16 counters; then an AP
 * has 2 words and 2 bytes (10), an APE a word and 2 bytes (8), a C 3
 * words and 2 bytes (12), a CE 4 bytes (8), a D 6 words and 2 bytes (18),
 * an A 2 bytes (6): 10 + 16 + 12 + 16 + 36 + 18 = 108 (this host build;
 * core/planner/internal.h).
 */
static void
test_state_size(void)
{
	struct t *t = new_plan(1);
	uint16_t a = add_action(t, 10, 1, 1), c, ap;
	struct planner_io io;

	add_action(t, 11, 2, 1);
	add_action(t, 12, 3, 1);
	c = add_comp(t, 20, 0);
	add_ce(t, 21, c, A(a), 1, 0, TR);
	add_ce(t, 22, c, A(a), 1, 0, TR);
	ap = add_ap(t, 30);
	add_ape(t, 31, ap, A(a), 1);
	add_ape(t, 32, ap, A(a), 2);
	add_drive(t, 1, C(c), 10, TR);
	add_drive(t, 2, AP(ap), 10, TR);
	load(t);
	io = t->pl.io;
	CHECK(planner_state_size(t->buf) == 108);
	CHECK(planner_state_size_for(t->n) == 108);
	CHECK(planner_init(&t->pl, &t->plan, t->state, 107, &io) == -1);
	CHECK(planner_init(&t->pl, &t->plan, (uint8_t *)t->state + 1, 1000,
	    &io) == -1);
	CHECK(planner_init(&t->pl, &t->plan, t->state, 108, &io) == 0);
	t->buf[0] = 'X';
	CHECK(planner_state_size(t->buf) == 0);
	free(t);
}

int
main(void)
{
	RUN(test_selection);
	RUN(test_idle_and_fail);
	RUN(test_comparators);
	RUN(test_hysteresis_gt);
	RUN(test_hysteresis_lt);
	RUN(test_flex_latch);
	RUN(test_frequency);
	RUN(test_ramp);
	RUN(test_ramp_order);
	RUN(test_urgency);
	RUN(test_saturation);
	RUN(test_set_priority);
	RUN(test_monitor_flags);
	RUN(test_counters);
	RUN(test_state_size);
	return check_report("planner_drive");
}
