/*
 * tidy_test.c - numbers tidied for people (lib/host/tidy.c): angles
 * brought within one turn by whole turns, exact values left alone, and
 * rounding dust round zero printed as zero.  Expected values by hand.
 */
#include "check.h"
#include "host/tidy.h"

static void
test_angles(void)
{
	CHECK(tidy_angle(-186.25, 180) == 173.75);	/* -186.25 + 360 */
	CHECK(tidy_angle(186.25, 180) == -173.75);
	CHECK(tidy_angle(540, 180) == 180);		/* 540 - 360 */
	CHECK(tidy_angle(-540, 180) == 180);		/* -540 + 720 */
	CHECK(tidy_angle(720, 180) == 0);
	CHECK(tidy_angle(90, 180) == 90);
	/* a joint at -180 stays there: a path may continue from it */
	CHECK(tidy_angle(-180, 180) == -180);
	CHECK(tidy_angle(180, 180) == 180);
	/* radians: 4 rad is 4 - 2 pi */
	CHECK_NEAR(tidy_angle(4, 3.14159265358979323846),
	    4 - 2 * 3.14159265358979323846, 1e-15);
	/* never a different angle: a whole number of turns apart */
	CHECK(tidy_angle(1e9 + 0.5, 180) == 280.5 - 360);	/* 1e9 = 2777777 turns + 280 */
}

static void
test_zero(void)
{
	CHECK(tidy_zero(7.944109290391274e-15) == 0);
	CHECK(tidy_zero(-1.2246467991473532e-16) == 0);
	CHECK(tidy_zero(1e-12) == 1e-12);	/* at the edge: kept */
	CHECK(tidy_zero(3.374171275919576e-10) == 3.374171275919576e-10);
	CHECK(tidy_zero(-2) == -2);
}

int
main(void)
{
	test_angles();
	test_zero();
	return check_report("tidy");
}
