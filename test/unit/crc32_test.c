/*
 * crc32_test.c - core/plan's CRC-32 both ways a build may compute it: from
 * the nibble tables (the library's) and a bit at a time (the small
 * profile's, PLAN_CRC_TABLES 0, compiled here from the same file).  Both
 * give the published check value and agree on random data in pieces.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

/* The small profile's build of crc32.c, under another name. */
#define PLAN_CRC_TABLES 0
#define plan_crc32_update crc32_bitwise
#include "../../core/plan/crc32.c"
#undef plan_crc32_update

uint32_t plan_crc32_update(uint32_t crc, const uint8_t *p, size_t n);

static void
test_check_value(void)
{
	/* CRC-32/ISO-HDLC of "123456789" (the catalogue's check value) */
	const uint8_t s[] = "123456789";

	CHECK(plan_crc32_update(0, s, 9) == 0xCBF43926UL);
	CHECK(crc32_bitwise(0, s, 9) == 0xCBF43926UL);
	CHECK(crc32_bitwise(0, s, 0) == 0);
}

static void
test_agree(void)
{
	uint8_t buf[300];
	uint32_t a, b;
	size_t i, cut;
	int round;

	srand(26);
	for (round = 0; round < 200; round++) {
		for (i = 0; i < sizeof buf; i++)
			buf[i] = (uint8_t)(rand() >> 7);
		cut = (size_t)rand() % sizeof buf;
		a = plan_crc32_update(plan_crc32_update(0, buf, cut), buf + cut,
		    sizeof buf - cut);
		b = crc32_bitwise(0, buf, sizeof buf);
		CHECK(a == b);
	}
}

int
main(void)
{
	RUN(test_check_value);
	RUN(test_agree);
	return check_report("crc32");
}
