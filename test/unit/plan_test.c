/*
 * plan_test.c - unit tests for core/plan: the encoder and decoder agree on
 * every field at both id widths, element lists follow parent links, and the
 * decoder refuses damaged images.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plan/crc32.h"
#include "plan/plan.h"

/*
 * A small plan: drive D -> competence C (two CEs) ; CE2 -> AP with three
 * APEs (listed out of parent order) ; actions.  One APE is unattached.
 */
static struct plan_ap aps[2] = { { 20, 0, 0, 0 }, { 21, 0, 0, 0x01 } };
static struct plan_ape apes[4] = {
	{ 30, 1, { PLAN_A, 1 }, 1, 0 },
	{ 31, 0, { PLAN_A, 0 }, 1, 0 },
	{ 32, 1, { PLAN_A, 0 }, 2, 0x3f },
	{ 33, PLAN_NONE, { PLAN_NO_TYPE, PLAN_NONE }, 4, 0 },
};
static struct plan_comp comps[1] = { { 10, 1, 0, 0, 0 } };
static struct plan_ce ces[2] = {
	{ 11, 0, { PLAN_AP, 0 }, 2, 3, { 7, PLAN_GT, -300, 25, 600 }, 0 },
	{ 12, 0, { PLAN_AP, 1 }, 1, 0, { 8, PLAN_TR, 0, 0, 0 }, 0x20 },
};
static struct plan_drive drives[1] = {
	{ 1, { PLAN_C, 0 }, 200, 1000, { 9, PLAN_LT, 220, 25, -5 }, 2, 16, 3,
	    0x02 },
};
static struct plan_action actions[2] = {
	{ 40, 5, -1234, 0 }, { 41, 6, 32767, 0 },
};
static struct plan_name names[] = {
	{ PLAN_D, 0, 5, (const uint8_t *)"Drive" },
	{ PLAN_A, 1, 4, (const uint8_t *)"Beep" },
	{ PLAN_NAME_SENSE, 7, 5, (const uint8_t *)"Range" },
};

static void
fill_spec(struct plan_spec *s, uint8_t width)
{
	memset(s, 0, sizeof *s);
	s->id_width = width;
	s->global_monitor = 0x21;
	s->count[PLAN_AP] = 2;
	s->count[PLAN_APE] = 4;
	s->count[PLAN_C] = 1;
	s->count[PLAN_CE] = 2;
	s->count[PLAN_D] = 1;
	s->count[PLAN_A] = 2;
	s->ap = aps;
	s->ape = apes;
	s->comp = comps;
	s->ce = ces;
	s->drive = drives;
	s->action = actions;
	s->names = names;
	s->nnames = 3;
}

static uint8_t *
encode(uint8_t width, uint32_t *size)
{
	struct plan_spec s;
	uint8_t *buf;

	fill_spec(&s, width);
	*size = plan_encoded_size(&s);
	buf = malloc(*size);
	CHECK(plan_encode(&s, buf, *size) == *size);
	CHECK(plan_encode(&s, buf, *size - 1) == 0);
	return buf;
}

static void
check_round_trip(uint8_t width)
{
	struct plan p;
	struct plan_error err;
	struct plan_ap ap;
	struct plan_ape ape;
	struct plan_comp c;
	struct plan_ce ce;
	struct plan_drive d;
	struct plan_action a;
	uint32_t size;
	uint8_t *buf = encode(width, &size), len = 0;
	const uint8_t *name;

	CHECK(plan_open(&p, buf, size, &err) == PLAN_OK);
	CHECK(p.id_width == width && p.global_monitor == 0x21);
	CHECK(p.flags == PLAN_F_NAMES);
	plan_get_drive(&p, 0, &d);
	CHECK(d.id == 1 && d.child.type == PLAN_C && d.child.index == 0);
	CHECK(d.priority == 200 && d.interval == 1000);
	CHECK(d.rel.sense == 9 && d.rel.cmp == PLAN_LT && d.rel.value == 220);
	CHECK(d.rel.hysteresis == 25 && d.rel.flex == -5);
	CHECK(d.ramp_inc == 2 && d.urgency == 16 && d.ramp_interval == 3);
	CHECK(d.monitor == 0x02);
	plan_get_ce(&p, 0, &ce);
	CHECK(ce.id == 11 && ce.parent == 0 && ce.child.type == PLAN_AP);
	CHECK(ce.priority == 2 && ce.retry == 3 && ce.rel.value == -300);
	CHECK(ce.rel.flex == 600);
	plan_get_ce(&p, 1, &ce);
	CHECK(ce.rel.cmp == PLAN_TR && ce.monitor == 0x20);
	plan_get_comp(&p, 0, &c);
	CHECK(c.id == 10 && c.use_or == 1 && c.first == 0 && c.count == 2);
	CHECK(plan_ce_at(&p, 0) == 0 && plan_ce_at(&p, 1) == 1);
	/* AP 20 owns APE 31 only; AP 21 owns APEs 30 and 32, ascending */
	plan_get_ap(&p, 0, &ap);
	CHECK(ap.id == 20 && ap.first == 0 && ap.count == 1);
	CHECK(plan_ape_at(&p, 0) == 1);
	plan_get_ap(&p, 1, &ap);
	CHECK(ap.id == 21 && ap.first == 1 && ap.count == 2 && ap.monitor == 1);
	CHECK(plan_ape_at(&p, 1) == 0 && plan_ape_at(&p, 2) == 2);
	plan_get_ape(&p, 3, &ape);
	CHECK(ape.parent == PLAN_NONE && ape.child.type == PLAN_NO_TYPE);
	CHECK(ape.child.index == PLAN_NONE && ape.order == 4);
	plan_get_action(&p, 0, &a);
	CHECK(a.id == 40 && a.action == 5 && a.value == -1234);
	plan_get_action(&p, 1, &a);
	CHECK(a.value == 32767);
	CHECK(plan_id(&p, PLAN_APE, 2) == 32);
	name = plan_find_name(&p, PLAN_A, 1, &len);
	CHECK(name && len == 4 && memcmp(name, "Beep", 4) == 0);
	name = plan_find_name(&p, PLAN_NAME_SENSE, 7, &len);
	CHECK(name && len == 5 && memcmp(name, "Range", 5) == 0);
	CHECK(plan_find_name(&p, PLAN_A, 0, &len) == NULL);
	free(buf);
}

static void
test_round_trip(void)
{
	check_round_trip(1);
	check_round_trip(2);
}

static void
test_sizes(void)
{
	uint32_t size1, size2;
	uint8_t *b1 = encode(1, &size1), *b2 = encode(2, &size2);
	uint32_t from_header = 0;

	/* header + records + lists (3 APEs + 2 CEs attached) + names + CRC;
	   the sizes themselves are checked by hand in plan_layout_test */
	CHECK(size1 == PLAN_MIN_SIZE + 2 * PLAN_AP_SIZE(1) +
	    4 * PLAN_APE_SIZE(1) + PLAN_C_SIZE(1) + 2 * PLAN_CE_SIZE(1) +
	    PLAN_D_SIZE(1) + 2 * PLAN_A_SIZE(1) + 5 +
	    2 * PLAN_NAME_TEXT(1) + PLAN_NAME_ENTRY_SIZE(1, 5 + 4 + 5));
	CHECK(size2 == PLAN_MIN_SIZE + 2 * PLAN_AP_SIZE(2) +
	    4 * PLAN_APE_SIZE(2) + PLAN_C_SIZE(2) + 2 * PLAN_CE_SIZE(2) +
	    PLAN_D_SIZE(2) + 2 * PLAN_A_SIZE(2) + 5 * 2 +
	    2 * PLAN_NAME_TEXT(2) + PLAN_NAME_ENTRY_SIZE(2, 5 + 4 + 5));
	CHECK(plan_size_from_header(b1, &from_header) == PLAN_OK);
	CHECK(from_header == size1);
	{
		uint16_t n[PLAN_NTYPES] = { 9, 9, 9, 9, 9, 9 };

		CHECK(plan_header_counts(b2, n) == PLAN_OK);
		CHECK(n[PLAN_AP] == 2 && n[PLAN_APE] == 4 && n[PLAN_C] == 1);
		CHECK(n[PLAN_CE] == 2 && n[PLAN_D] == 1 && n[PLAN_A] == 2);
		b2[0] = 'X';
		n[0] = 9;
		CHECK(plan_header_counts(b2, n) == PLAN_E_MAGIC && n[0] == 9);
	}
	CHECK(plan_crc32_update(0, (const uint8_t *)"123456789", 9) ==
	    0xcbf43926UL);
	free(b1);
	free(b2);
}

/* Re-seal a modified image so the structural checks are reached. */
static void
reseal(uint8_t *buf, uint32_t size)
{
	uint32_t crc = plan_crc32_update(0, buf, size - PLAN_CRC_SIZE);

	buf[size - 4] = (uint8_t)crc;
	buf[size - 3] = (uint8_t)(crc >> 8);
	buf[size - 2] = (uint8_t)(crc >> 16);
	buf[size - 1] = (uint8_t)(crc >> 24);
}

static void
test_damage(void)
{
	struct plan p;
	struct plan_error err;
	uint32_t size, i;
	uint8_t *buf = encode(1, &size);
	uint8_t *copy = malloc(size);
	int bit, caught = 0;

	for (i = 0; i < size; i++)
		for (bit = 0; bit < 8; bit++) {
			memcpy(copy, buf, size);
			copy[i] ^= (uint8_t)(1 << bit);
			caught += plan_open(&p, copy, size, &err) != PLAN_OK;
		}
	CHECK(caught == (int)size * 8);
	CHECK(plan_open(&p, buf, size - 1, &err) == PLAN_E_SIZE);
	CHECK(plan_open(&p, buf, 10, &err) == PLAN_E_SHORT);

	memcpy(copy, buf, size);
	copy[PLAN_H_VERSION] = 9;
	CHECK(plan_open(&p, copy, size, &err) == PLAN_E_VERSION);

	/* a child index past its table, with a valid CRC */
	memcpy(copy, buf, size);
	copy[PLAN_HEADER_SIZE + 2 * PLAN_AP_SIZE(1) + PLAN_APE_SIZE(1) +
	    PLAN_APE_CHILD(1) + PLAN_REF_INDEX] = 7;	/* APE 1's child */
	reseal(copy, size);
	CHECK(plan_open(&p, copy, size, &err) == PLAN_E_REF);
	CHECK(err.type == PLAN_APE && err.index == 1);

	/* a list entry that names an APE of another AP */
	memcpy(copy, buf, size);
	copy[PLAN_HEADER_SIZE + 2 * PLAN_AP_SIZE(1) + 4 * PLAN_APE_SIZE(1) +
	    PLAN_C_SIZE(1) + 2 * PLAN_CE_SIZE(1) + PLAN_D_SIZE(1) +
	    2 * PLAN_A_SIZE(1)] = 0;	/* the APE list: AP 20's only APE */
	reseal(copy, size);
	CHECK(plan_open(&p, copy, size, &err) == PLAN_E_LIST);

	/* a comparator out of range */
	memcpy(copy, buf, size);
	copy[PLAN_HEADER_SIZE + 2 * PLAN_AP_SIZE(1) + 4 * PLAN_APE_SIZE(1) +
	    PLAN_C_SIZE(1) + PLAN_CE_RELEASER(1) + PLAN_REL_CMP(1)] = 6;
	reseal(copy, size);
	CHECK(plan_open(&p, copy, size, &err) == PLAN_E_FIELD);
	free(copy);
	free(buf);
}

static void
test_random_bytes(void)
{
	uint8_t buf[600];
	struct plan p;
	struct plan_error err;
	unsigned long seed = 7;
	int round, i, accepted = 0;

	for (round = 0; round < 20000; round++) {
		uint32_t n = (uint32_t)(seed % sizeof buf);

		for (i = 0; i < (int)n; i++) {
			seed = seed * 6364136223846793005UL + 1;
			buf[i] = (uint8_t)(seed >> 56);
		}
		if (n >= 8 && round % 2) {	/* get past the magic check */
			memcpy(buf, "SPLN\1\1", 6);
			reseal(buf, n);
		}
		accepted += plan_open(&p, buf, n, &err) == PLAN_OK;
	}
	CHECK(accepted == 0);
}

int
main(void)
{
	RUN(test_round_trip);
	RUN(test_sizes);
	RUN(test_damage);
	RUN(test_random_bytes);
	return check_report("plan");
}
