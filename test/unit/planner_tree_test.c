/*
 * planner_tree_test.c - the planner below the drives (spec §4-§6, §11):
 * competences under AND and OR, retries, Drive Execution Optimisation,
 * action patterns, IN_PROGRESS and check-for-complete, data bits, the
 * recursion bound, malformed plans, and the build without a monitor.
 * Expected event sequences are worked out by hand from the spec.
 */
#include "planner_harness.h"

/*
 * AND: CE31 (priority 2, sense 1 > 0) and CE32 (priority 1, TR).  With
 * CE31 not released, CE32 runs and the competence then wants CE31; if it
 * is still not released the competence fails (§5, §11.4).
 */
static void
test_and_competence(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t c = add_comp(t, 30, 0);

	add_ce(t, 31, c, A(a10), 2, 0, rel(1, PLAN_GT, 0, 0, 0));
	add_ce(t, 32, c, A(a11), 1, 0, TR);
	add_drive(t, 1, C(c), 10, TR);
	load(t);
	CHECK(cycle(t, 0) == PLANNER_IN_PROGRESS);
	CHECK_STR(t->log, "RD1=0/1 ED1 EC30 RCE31=0/0 RCE32=0/1 ECE32 EA11 "
	    "a2(2) SA11 SCE32 PC30 PD1");
	CHECK(planner_current(&t->pl, PLAN_C, c) == 0);	/* CE31 next */
	CHECK(cycle(t, 0) == PLANNER_FAIL);
	CHECK_STR(t->log, "RD1=0/1 ED1 EC30 RCE31=0/0 FC30 FD1");
	CHECK(planner_current(&t->pl, PLAN_C, c) == PLAN_NONE);
	t->sense[1] = 1;		/* fresh start: the goal is released */
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE31=1/1 ECE31 EA10 a1(1) SA10 "
	    "SCE31 SC30 SD1");
	t->sense[1] = 0;
	cycle(t, 0);			/* CE32 again, CE31 wanted */
	t->sense[1] = 1;
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE31=1/1 ECE31 EA10 a1(1) SA10 "
	    "SCE31 SC30 SD1");
	free(t);
}

/*
 * AND: every member of the top group runs, one a cycle, before the
 * competence succeeds; the lower group is not needed (§5).
 */
static void
test_and_top_group(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t a12 = add_action(t, 12, 3, 3);
	uint16_t c = add_comp(t, 30, 0);

	add_ce(t, 31, c, A(a10), 2, 0, TR);
	add_ce(t, 32, c, A(a11), 2, 0, TR);
	add_ce(t, 33, c, A(a12), 1, 0, TR);
	add_drive(t, 1, C(c), 10, TR);
	load(t);
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE31=0/1 ECE31 EA10 a1(1) SA10 SCE31 "
	    "PC30 PD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE32=0/1 ECE32 EA11 a2(2) SA11 SCE32 "
	    "SC30 SD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE31=0/1 ECE31 EA10 a1(1) SA10 SCE31 "
	    "PC30 PD1");
	free(t);
}

/*
 * OR: the first released CE of a group stands for the group; after it
 * succeeds the competence climbs to the next higher group still open.
 */
static void
test_or_competence(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t a12 = add_action(t, 12, 3, 3);
	uint16_t c = add_comp(t, 40, 1);

	add_ce(t, 41, c, A(a10), 1, 0, rel(1, PLAN_EQ, 1, 0, 0));
	add_ce(t, 42, c, A(a11), 1, 0, rel(1, PLAN_EQ, 2, 0, 0));
	add_ce(t, 43, c, A(a12), 2, 0, rel(2, PLAN_GT, 0, 0, 0));
	add_drive(t, 1, C(c), 10, TR);
	load(t);
	t->sense[1] = 2;
	CYCLE(t, 0, "RD1=0/1 ED1 EC40 RCE43=0/0 RCE41=2/0 RCE42=2/1 ECE42 "
	    "EA11 a2(2) SA11 SCE42 PC40 PD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EC40 RCE43=0/0 FC40 FD1");
	cycle(t, 0);
	t->sense[2] = 1;
	CYCLE(t, 0, "RD1=0/1 ED1 EC40 RCE43=1/1 ECE43 EA12 a3(3) SA12 "
	    "SCE43 SC40 SD1");
	free(t);
}

/*
 * OR as a case statement: when the current CE is no longer released, its
 * untested siblings are checked in the same cycle (§5 subsequent).
 */
static void
test_or_case_statement(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t a12 = add_action(t, 12, 3, 3);
	uint16_t c = add_comp(t, 50, 1);

	add_ce(t, 51, c, A(a10), 1, 0, rel(1, PLAN_EQ, 1, 0, 0));
	add_ce(t, 52, c, A(a11), 1, 0, rel(1, PLAN_EQ, 2, 0, 0));
	add_ce(t, 53, c, A(a12), 1, 0, rel(1, PLAN_EQ, 3, 0, 0));
	add_drive(t, 1, C(c), 10, TR);
	load(t);
	t->script[1] = "PS";
	t->sense[1] = 1;
	CYCLE(t, 0, "RD1=0/1 ED1 EC50 RCE51=1/1 ECE51 EA10 a1(1) PA10 "
	    "PCE51 PC50 PD1");
	t->sense[1] = 3;
	CYCLE(t, 0, "RD1=0/1 ED1 EC50 RCE51=3/0 RCE52=3/0 RCE53=3/1 ECE53 "
	    "EA12 a3(3) SA12 SCE53 SC50 SD1");
	/* A10 was abandoned in progress: its next call is a check (§11.6) */
	t->sense[1] = 1;
	CYCLE(t, 0, "RD1=0/1 ED1 EC50 RCE51=1/1 ECE51 EA10 a1(1)? SA10 "
	    "SCE51 SC50 SD1");
	free(t);
}

/*
 * A failing CE: OR schedules an untested sibling for the next cycle, with
 * the data bits dropped; AND fails at once (§5 afterCE, §6.3).
 */
static void
run_fallback(uint8_t use_or)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t c = add_comp(t, 60, use_or);

	add_ce(t, 61, c, A(a10), 1, 0, TR);
	add_ce(t, 62, c, A(a11), 1, 0, TR);
	add_drive(t, 1, C(c), 10, TR);
	load(t);
	t->script[1] = "F";
	t->data[1] = 5;
	if (use_or) {
		CHECK(cycle(t, 0) == PLANNER_IN_PROGRESS);	/* no data */
		CHECK_STR(t->log, "RD1=0/1 ED1 EC60 RCE61=0/1 ECE61 EA10 "
		    "a1(1) FA10 FCE61 PC60 PD1");
		CYCLE(t, 0, "RD1=0/1 ED1 EC60 RCE62=0/1 ECE62 EA11 a2(2) "
		    "SA11 SCE62 SC60 SD1");
	} else {
		CHECK(cycle(t, 0) == PLANNER_RESULT(PLANNER_FAIL, 5));
		CHECK_STR(t->log, "RD1=0/1 ED1 EC60 RCE61=0/1 ECE61 EA10 "
		    "a1(1) FA10 FCE61 FC60 FD1");
	}
	free(t);
}

static void
test_failure_fallback(void)
{
	run_fallback(1);
	run_fallback(0);
}

/*
 * Retries: a failure within the limit is reported as P and the CE runs
 * again next cycle, its data kept; the count resets on success or final
 * failure only, so it survives an abandoned competence (§5, §11.9).
 */
static void
test_retry(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t c = add_comp(t, 70, 0);

	add_ce(t, 71, c, A(a10), 1, 2, TR);
	add_drive(t, 1, A(a11), 20, rel(9, PLAN_GT, 0, 0, 0));
	add_drive(t, 2, C(c), 10, TR);
	load(t);
	t->script[1] = "F";
	t->data[1] = 3;
	CHECK(cycle(t, 0) == PLANNER_RESULT(PLANNER_IN_PROGRESS, 3));
	CHECK_STR(t->log, "RD1=0/0 RD2=0/1 ED2 EC70 RCE71=0/1 ECE71 EA10 "
	    "a1(1) FA10 PCE71 PC70 PD2");
	t->sense[9] = 1;		/* abandoned for a cycle */
	CYCLE(t, 0, "RD1=1/1 ED1 EA11 a2(2) SA11 SD1");
	t->sense[9] = 0;
	CYCLE(t, 0, "RD1=0/0 RD2=0/1 ED2 EC70 RCE71=0/1 ECE71 EA10 a1(1) "
	    "FA10 PCE71 PC70 PD2");
	CYCLE(t, 0, "RD1=0/0 RD2=0/1 ED2 EC70 RCE71=0/1 ECE71 EA10 a1(1) "
	    "FA10 FCE71 FC70 FD2");
	/* the count is back to 0: two retries again */
	CYCLE(t, 0, "RD1=0/0 RD2=0/1 ED2 EC70 RCE71=0/1 ECE71 EA10 a1(1) "
	    "FA10 PCE71 PC70 PD2");
	t->script[1] = "S";
	t->pos[1] = 0;
	CYCLE(t, 0, "RD1=0/0 RD2=0/1 ED2 EC70 RCE71=0/1 ECE71 EA10 a1(1) "
	    "SA10 SCE71 SC70 SD2");
	t->script[1] = "F";
	t->pos[1] = 0;
	CYCLE(t, 0, "RD1=0/0 RD2=0/1 ED2 EC70 RCE71=0/1 ECE71 EA10 a1(1) "
	    "FA10 PCE71 PC70 PD2");
	free(t);
}

/*
 * Pattern tests run twice: plans without recursion follow each pattern's
 * precomputed chain, recursive ones search as the original does; the two
 * must agree event for event.
 */
#define BOTH_PATHS(name) \
static void \
test_##name(void) \
{ \
	run_##name(0); \
	run_##name(PLAN_F_RECURSION); \
}

/*
 * DEO: an interrupted or stopped drive resumes its pattern where it was;
 * a pattern shared by two drives has one position (§4).
 */
static void
run_deo_resume(uint8_t flags)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t a12 = add_action(t, 12, 3, 3), a13 = add_action(t, 13, 4, 4);
	uint16_t ap = add_ap(t, 80);

	add_ape(t, 81, ap, A(a10), 1);
	add_ape(t, 82, ap, A(a11), 2);
	add_ape(t, 83, ap, A(a12), 3);
	add_drive(t, 1, AP(ap), 10, rel(1, PLAN_GT, 0, 0, 0));
	add_drive(t, 2, A(a13), 20, rel(2, PLAN_GT, 0, 0, 0));
	add_drive(t, 3, AP(ap), 15, rel(3, PLAN_GT, 0, 0, 0));
	t->flags = flags;
	load(t);
	t->sense[1] = 1;
	CYCLE(t, 0, "RD2=0/0 RD3=0/0 RD1=1/1 ED1 EAP80 EAPE81 EA10 a1(1) "
	    "SA10 SAPE81 PAP80 PD1");
	t->sense[2] = 1;
	CYCLE(t, 0, "RD2=1/1 ED2 EA13 a4(4) SA13 SD2");
	t->sense[2] = 0;
	CYCLE(t, 0, "RD2=0/0 RD3=0/0 RD1=1/1 ED1 EAP80 EAPE82 EA11 a2(2) "
	    "SA11 SAPE82 PAP80 PD1");
	CHECK(planner_current(&t->pl, PLAN_AP, ap) == 2);
	CHECK(planner_element_status(&t->pl, PLAN_APE, 0) == PLANNER_CE_SUCCESS);
	CHECK(planner_element_status(&t->pl, PLAN_APE, 1) == PLANNER_CE_SUCCESS);
	CHECK(planner_element_status(&t->pl, PLAN_APE, 2) == PLANNER_NOT_TESTED);
	t->sense[1] = 0;
	t->sense[3] = 1;
	CYCLE(t, 0, "RD2=0/0 RD3=1/1 ED3 EAP80 EAPE83 EA12 a3(3) SA12 "
	    "SAPE83 SAP80 SD3");
	CHECK(planner_current(&t->pl, PLAN_AP, ap) == PLAN_NONE);
	t->sense[3] = 0;
	t->sense[1] = 1;
	CYCLE(t, 0, "RD2=0/0 RD3=0/0 RD1=1/1 ED1 EAP80 EAPE81 EA10 a1(1) "
	    "SA10 SAPE81 PAP80 PD1");
	free(t);
}

BOTH_PATHS(deo_resume)

/* Orders: ascending, ties in table order, PLAN_MAXID never (§6.1). */
static void
run_pattern_order(uint8_t flags)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t a12 = add_action(t, 12, 3, 3), a13 = add_action(t, 13, 4, 4);
	uint16_t ap = add_ap(t, 90);

	add_ape(t, 91, ap, A(a10), 2);
	add_ape(t, 92, ap, A(a11), 1);
	add_ape(t, 93, ap, A(a12), 1);
	add_ape(t, 94, ap, A(a13), 255);
	add_drive(t, 1, AP(ap), 10, TR);
	t->flags = flags;
	load(t);
	CYCLE(t, 0, "RD1=0/1 ED1 EAP90 EAPE92 EA11 a2(2) SA11 SAPE92 PAP90 "
	    "PD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EAP90 EAPE93 EA12 a3(3) SA12 SAPE93 PAP90 "
	    "PD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EAP90 EAPE91 EA10 a1(1) SA10 SAPE91 SAP90 "
	    "SD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EAP90 EAPE92 EA11 a2(2) SA11 SAPE92 PAP90 "
	    "PD1");
	free(t);
}

BOTH_PATHS(pattern_order)

/* Two elements share the last order: both run before the pattern ends. */
static void
run_pattern_shared_last(uint8_t flags)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t a12 = add_action(t, 12, 3, 3);
	uint16_t ap = add_ap(t, 90);

	add_ape(t, 91, ap, A(a10), 1);
	add_ape(t, 92, ap, A(a11), 2);
	add_ape(t, 93, ap, A(a12), 2);
	add_drive(t, 1, AP(ap), 10, TR);
	t->flags = flags;
	load(t);
	CHECK(cycle(t, 0) == PLANNER_IN_PROGRESS);
	CHECK(cycle(t, 0) == PLANNER_IN_PROGRESS);
	CYCLE(t, 0, "RD1=0/1 ED1 EAP90 EAPE93 EA12 a3(3) SA12 SAPE93 SAP90 "
	    "SD1");
	free(t);
}

BOTH_PATHS(pattern_shared_last)

/* Any failing element fails the pattern, which then starts over. */
static void
run_pattern_failure(uint8_t flags)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t ap = add_ap(t, 80);

	add_ape(t, 81, ap, A(a10), 1);
	add_ape(t, 82, ap, A(a11), 2);
	add_drive(t, 1, AP(ap), 10, TR);
	t->flags = flags;
	load(t);
	t->script[2] = "FS";
	cycle(t, 0);
	CHECK(cycle(t, 0) == PLANNER_FAIL);
	CHECK_STR(t->log, "RD1=0/1 ED1 EAP80 EAPE82 EA11 a2(2) FA11 FAPE82 "
	    "FAP80 FD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EAP80 EAPE81 EA10 a1(1) SA10 SAPE81 PAP80 "
	    "PD1");
	free(t);
}

BOTH_PATHS(pattern_failure)

/* IN_PROGRESS holds the pattern at the element; check-for-complete is 1
   while the action is being checked (§6.2). */
static void
run_in_progress(uint8_t flags)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t ap = add_ap(t, 80);

	add_ape(t, 81, ap, A(a10), 1);
	add_ape(t, 82, ap, A(a11), 2);
	add_drive(t, 1, AP(ap), 10, TR);
	t->flags = flags;
	load(t);
	t->script[1] = "PPS";
	CYCLE(t, 0, "RD1=0/1 ED1 EAP80 EAPE81 EA10 a1(1) PA10 PAPE81 PAP80 "
	    "PD1");
	CHECK(status(t, 0) == PLANNER_RUNNING);
	CYCLE(t, 0, "RD1=0/1 ED1 EAP80 EAPE81 EA10 a1(1)? PA10 PAPE81 PAP80 "
	    "PD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EAP80 EAPE81 EA10 a1(1)? SA10 SAPE81 PAP80 "
	    "PD1");
	CYCLE(t, 0, "RD1=0/1 ED1 EAP80 EAPE82 EA11 a2(2) SA11 SAPE82 SAP80 "
	    "SD1");
	CHECK(status(t, 0) == PLANNER_NOTRUNNING);
	free(t);
}

BOTH_PATHS(in_progress)

/* A CE whose pattern is part-way ignores its releaser (§4, §11.5). */
static void
test_ce_mid_pattern(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t ap = add_ap(t, 80), c = add_comp(t, 30, 0);

	add_ape(t, 81, ap, A(a10), 1);
	add_ape(t, 82, ap, A(a11), 2);
	add_ce(t, 31, c, AP(ap), 1, 0, rel(1, PLAN_GT, 0, 0, 0));
	add_drive(t, 1, C(c), 10, TR);
	load(t);
	t->sense[1] = 1;
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE31=1/1 ECE31 EAP80 EAPE81 EA10 "
	    "a1(1) SA10 SAPE81 PAP80 PCE31 PC30 PD1");
	t->sense[1] = 0;
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 ECE31 EAP80 EAPE82 EA11 a2(2) SA11 "
	    "SAPE82 SAP80 SCE31 SC30 SD1");
	free(t);
}

/* A CE's hysteresis follows the executing drive's status (§2). */
static void
test_ce_hysteresis(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t c = add_comp(t, 30, 0);

	add_ce(t, 31, c, A(a10), 1, 0, rel(1, PLAN_GT, 10, 5, 8));
	add_drive(t, 1, C(c), 10, TR);
	add_drive(t, 2, A(a11), 20, rel(2, PLAN_GT, 0, 0, 0));
	load(t);
	t->script[1] = "P";
	t->sense[1] = 11;
	CYCLE(t, 0, "RD2=0/0 RD1=0/1 ED1 EC30 RCE31=11/1 ECE31 EA10 a1(1) "
	    "PA10 PCE31 PC30 PD1");
	t->sense[1] = 7;		/* running: 7 > 10 - 5 */
	CYCLE(t, 0, "RD2=0/0 RD1=0/1 ED1 EC30 RCE31=7/1 ECE31 EA10 a1(1)? "
	    "PA10 PCE31 PC30 PD1");
	t->sense[2] = 1;
	CYCLE(t, 0, "RD2=1/1 ED2 EA11 a2(2) SA11 SD2");
	t->sense[2] = 0;
	t->sense[1] = 3;		/* interrupted: 3 > 10 - 8 */
	CYCLE(t, 0, "RD2=0/0 RD1=0/1 ED1 EC30 RCE31=3/1 ECE31 EA10 a1(1)? "
	    "PA10 PCE31 PC30 PD1");
	/* running again: 3 > 5 is false, and AND gives up */
	CYCLE(t, 0, "RD2=0/0 RD1=0/1 ED1 EC30 RCE31=3/0 FC30 FD1");
	free(t);
}

/* Data bits pass up unchanged, and stay on "success, more to do" (§6.3). */
static void
test_data_bits(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t ap = add_ap(t, 80);

	add_ape(t, 81, ap, A(a10), 1);
	add_ape(t, 82, ap, A(a11), 2);
	add_drive(t, 1, AP(ap), 10, TR);
	load(t);
	t->data[1] = 5;
	t->data[2] = 63;
	CHECK(cycle(t, 0) == PLANNER_RESULT(PLANNER_IN_PROGRESS, 5));
	CHECK(cycle(t, 0) == PLANNER_RESULT(PLANNER_SUCCESS, 63));
	CHECK(planner_successes(&t->pl, PLAN_D, 0) == 1);
	free(t);
}

/*
 * CE priority 0 is never chosen; a CE at the width's largest priority can
 * start a competence but is never scheduled as the next one (§11.3).
 */
static void
test_unreachable_priorities(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t c = add_comp(t, 30, 0), c2;

	add_ce(t, 31, c, A(a10), 255, 0, rel(1, PLAN_GT, 0, 0, 0));
	add_ce(t, 32, c, A(a11), 1, 0, TR);
	c2 = add_comp(t, 40, 0);
	add_ce(t, 41, c2, A(a10), 0, 0, TR);
	add_drive(t, 1, C(c), 10, TR);
	add_drive(t, 2, C(c2), 5, TR);
	load(t);
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE31=0/0 RCE32=0/1 ECE32 EA11 a2(2) "
	    "SA11 SCE32 SC30 SD1");
	t->sense[1] = 1;
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE31=1/1 ECE31 EA10 a1(1) SA10 "
	    "SCE31 SC30 SD1");
	planner_set_priority(&t->pl, 0, 0);
	CYCLE(t, 0, "RD2=0/1 ED2 EC40 FC40 FD2");
	free(t);

	/* priority 254 is reachable: the competence goes on to it */
	t = new_plan(1);
	a10 = add_action(t, 10, 1, 1);
	a11 = add_action(t, 11, 2, 2);
	c = add_comp(t, 30, 0);
	add_ce(t, 31, c, A(a10), 254, 0, rel(1, PLAN_GT, 0, 0, 0));
	add_ce(t, 32, c, A(a11), 1, 0, TR);
	add_drive(t, 1, C(c), 10, TR);
	load(t);
	CYCLE(t, 0, "RD1=0/1 ED1 EC30 RCE31=0/0 RCE32=0/1 ECE32 EA11 a2(2) "
	    "SA11 SCE32 PC30 PD1");
	free(t);
}

/* Malformed plans (§6.5, §11.13): errors and their events. */
static void
test_errors(void)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), ap, ap2, c;

	ap = add_ap(t, 80);			/* empty pattern */
	ap2 = add_ap(t, 81);
	add_ape(t, 82, ap2, NONE, 1);		/* element without a child */
	c = add_comp(t, 30, 0);			/* competence without CEs */
	add_ce(t, 33, PLAN_NONE, A(a10), 1, 0, TR);	/* belongs nowhere */
	add_drive(t, 1, AP(ap), 50, rel(1, PLAN_EQ, 1, 0, 0));
	add_drive(t, 2, AP(ap2), 40, rel(1, PLAN_EQ, 2, 0, 0));
	add_drive(t, 3, C(c), 30, rel(1, PLAN_EQ, 3, 0, 0));
	add_drive(t, 4, NONE, 20, rel(1, PLAN_EQ, 4, 0, 0));
	load(t);
	t->sense[1] = 1;
	CHECK(cycle(t, 0) == PLANNER_ERROR);
	CHECK_STR(t->log, "RD1=1/1 ED1 EAP80 ZAP80 ZD1");
	t->sense[1] = 2;
	CHECK(cycle(t, 0) == PLANNER_ERROR);
	CHECK_STR(t->log, "RD1=2/0 RD2=2/1 ED2 EAP81 EAPE82 ZAPE82 ZAP81 ZD2");
	t->sense[1] = 3;
	CHECK(cycle(t, 0) == PLANNER_FAIL);
	CHECK_STR(t->log, "RD1=3/0 RD2=3/0 RD3=3/1 ED3 EC30 FC30 FD3");
	t->sense[1] = 4;
	CHECK(cycle(t, 0) == PLANNER_ERROR);
	CHECK_STR(t->log, "RD1=4/0 RD2=4/0 RD3=4/0 RD4=4/1 ED4 ZD4");
	CHECK(planner_executions(&t->pl, PLAN_CE, 0) == 0);
	free(t);

	/* a plan with no CE at all: a competence errs without events */
	t = new_plan(1);
	add_action(t, 10, 1, 1);
	c = add_comp(t, 30, 0);
	add_drive(t, 1, C(c), 10, TR);
	load(t);
	CHECK(cycle(t, 0) == PLANNER_ERROR);
	CHECK_STR(t->log, "RD1=0/1 ED1 ZD1");
	CHECK(planner_executions(&t->pl, PLAN_C, 0) == 0);
	free(t);
}

/*
 * Recursion: competence C30's only CE runs C30 again.  Competences sit at
 * depths 2, 4, ..., 30 (15 of them); the CE at depth 31 cannot enter C30
 * at 32, whose elements would be at 33 > PLANNER_MAX_DEPTH: it errs, and
 * the error climbs back through every level (§1, planner.h).
 */
static void
test_recursion_bound(void)
{
	struct t *t = new_plan(1);
	uint16_t c;
	char want[4096] = "RD1=0/1 ED1";
	int i;

	CHECK(PLANNER_MAX_DEPTH == 32);
	c = add_comp(t, 30, 0);
	add_ce(t, 31, c, C(c), 1, 0, TR);
	add_drive(t, 1, C(c), 10, TR);
	add_action(t, 10, 1, 1);
	t->flags = PLAN_F_RECURSION;
	load(t);
	for (i = 0; i < 15; i++)
		strcat(want, " EC30 RCE31=0/1 ECE31");
	for (i = 0; i < 15; i++)
		strcat(want, " ZCE31 ZC30");
	strcat(want, " ZD1");
	CHECK(cycle(t, 0) == PLANNER_ERROR);
	CHECK_STR(t->log, want);
	CHECK(t->pl.depth_exceeded == 1);
	free(t);
}

/* A chain of k competences puts its action at depth 2k + 2: 15 fit. */
static void
run_chain(int k, int fits)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), c[20];
	int i;

	for (i = 0; i < k; i++)
		c[i] = add_comp(t, (uint16_t)(100 + i), 0);
	for (i = 0; i < k; i++)
		add_ce(t, (uint16_t)(150 + i), c[i], i + 1 < k ? C(c[i + 1]) :
		    A(a10), 1, 0, TR);
	add_drive(t, 1, C(c[0]), 10, TR);
	load(t);
	CHECK(cycle(t, 0) == (fits ? PLANNER_SUCCESS : PLANNER_ERROR));
	CHECK(t->pl.depth_exceeded == !fits);
	CHECK(planner_executions(&t->pl, PLAN_A, 0) == (fits ? 1 : 0));
	free(t);
}

static void
test_depth_limit(void)
{
	run_chain(15, 1);
	run_chain(16, 0);
}

/* The cycle's result and its action calls (a...), not its events. */
static void
append_calls(char *out, size_t n, uint16_t r, const char *log)
{
	static char buf[sizeof ((struct t *)0)->log];
	char *p;

	snprintf(out + strlen(out), n - strlen(out), "%u:", r);
	strcpy(buf, log);
	for (p = strtok(buf, " "); p; p = strtok(NULL, " "))
		if (*p == 'a')
			snprintf(out + strlen(out), n - strlen(out), "%s ", p);
	snprintf(out + strlen(out), n - strlen(out), ";");
}

/*
 * The build used without a monitor must behave exactly like the
 * monitored one: same action calls, counters and drive states, on a plan
 * that mixes competences, patterns, retries and interruptions.
 */
static void
run_mixed(int monitored, char *calls, size_t n, uint16_t *counts)
{
	struct t *t = new_plan(1);
	uint16_t a10 = add_action(t, 10, 1, 1), a11 = add_action(t, 11, 2, 2);
	uint16_t a12 = add_action(t, 12, 3, 3), a13 = add_action(t, 13, 4, 4);
	uint16_t ap = add_ap(t, 80), c = add_comp(t, 30, 1), c2, i;

	add_ape(t, 81, ap, A(a10), 1);
	add_ape(t, 82, ap, A(a12), 2);
	add_ce(t, 31, c, AP(ap), 2, 0, rel(1, PLAN_GT, 3, 2, 1));
	add_ce(t, 32, c, A(a11), 1, 1, rel(2, PLAN_LT, 5, 1, 0));
	add_ce(t, 33, c, A(a13), 1, 0, TR);
	c2 = add_comp(t, 40, 0);
	add_ce(t, 41, c2, C(c), 2, 0, rel(3, PLAN_EQ, 0, 0, 0));
	add_ce(t, 42, c2, A(a12), 1, 2, TR);
	add_drive(t, 1, C(c2), 10, rel(1, PLAN_GT, 0, 3, 1));
	add_drive(t, 2, AP(ap), 12, rel(4, PLAN_GT, 6, 2, 4));
	t->d[0].ramp_inc = 2;
	t->d[0].ramp_interval = 2;
	t->d[0].urgency = 8;
	t->monitored = monitored;
	load(t);
	t->script[1] = "SPSF";
	t->script[2] = "FFS";
	t->script[3] = "PS";
	t->script[4] = "FS";
	for (i = 0; i < 60; i++) {
		uint16_t r;

		t->sense[1] = (int16_t)(i * 7 % 11);
		t->sense[2] = (int16_t)(i * 5 % 9);
		t->sense[3] = (int16_t)(i / 5 % 2);
		t->sense[4] = (int16_t)(i * 3 % 10);
		r = cycle(t, (uint16_t)(i % 3 == 0));
		append_calls(calls, n, r, t->log);
	}
	for (i = 0; i < PLAN_NTYPES; i++)
		counts[i] = (uint16_t)(planner_executions(&t->pl, (uint8_t)i,
		    0) * 100 + planner_successes(&t->pl, (uint8_t)i, 0));
	counts[PLAN_NTYPES] = prio(t, 0);
	free(t);
}

static void
test_quiet_build(void)
{
	static char loud[65536], quiet[65536];
	uint16_t c1[PLAN_NTYPES + 1], c2[PLAN_NTYPES + 1];

	loud[0] = quiet[0] = '\0';
	run_mixed(1, loud, sizeof loud, c1);
	run_mixed(0, quiet, sizeof quiet, c2);
	CHECK(strlen(loud) > 400);
	CHECK_STR(loud, quiet);
	CHECK(memcmp(c1, c2, sizeof c1) == 0);
}

int
main(void)
{
	RUN(test_and_competence);
	RUN(test_and_top_group);
	RUN(test_or_competence);
	RUN(test_or_case_statement);
	RUN(test_failure_fallback);
	RUN(test_retry);
	RUN(test_deo_resume);
	RUN(test_pattern_order);
	RUN(test_pattern_shared_last);
	RUN(test_pattern_failure);
	RUN(test_in_progress);
	RUN(test_ce_mid_pattern);
	RUN(test_ce_hysteresis);
	RUN(test_data_bits);
	RUN(test_unreachable_priorities);
	RUN(test_errors);
	RUN(test_recursion_bound);
	RUN(test_depth_limit);
	RUN(test_quiet_build);
	return check_report("planner_tree");
}
