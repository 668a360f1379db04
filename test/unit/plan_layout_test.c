/*
 * plan_layout_test.c - plan/layout.h against plans laid out by hand: the
 * encoder writes these bytes, and every header and record field sits at
 * the offset layout.h names, for both id widths and man/plan.5's dumps.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plan/layout.h"
#include "plan/plan.h"
#include "plan/task.h"

/*
 * One plan with every element type, laid out by hand from man/plan.5
 * (not by the encoder).  AP 10 runs APE 11 (action 30) then APE 12
 * (competence 20); competence 20 (OR) has CE 21 (action 31, released by
 * sense 7 GT -2) and CE 22 (action 30, TR); drive 1 runs AP 10.  Names:
 * AP 0 "p", C 0 "c", sense 7 "s", action 4 "go"; flags names+recursion.
 * The 16-bit plan is the same but for three W-wide fields given a high
 * byte: CE 21's sense 0x0107 (and its name's key), action 31's robot
 * action 0x0205 and the drive's ramp interval 0x0309.  CRCs by Python's
 * zlib.crc32 over the bytes before them.
 */
static const uint8_t hand8[136] = {
	/* header: "SPLN", version 1, W 1, flags 0x03, monitor 0x21 */
	0x53, 0x50, 0x4c, 0x4e, 0x01, 0x01, 0x03, 0x21,
	/* counts AP 1, APE 2, C 1, CE 2, D 1, A 2 */
	0x01, 0x00, 0x02, 0x00, 0x01, 0x00, 0x02, 0x00, 0x01, 0x00, 0x02, 0x00,
	/* names 17 bytes, no task section, APE list 2, CE list 2 */
	0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00,
	/* 0x20 AP: id 10, first 0, count 2, monitor 0x01 */
	0x0a, 0x00, 0x02, 0x01,
	/* 0x24 APE: id 11, parent 0, child A 0, order 1, monitor 0x02 */
	0x0b, 0x00, 0x05, 0x00, 0x01, 0x02,
	/* 0x2a APE: id 12, parent 0, child C 0, order 2, monitor 0x04 */
	0x0c, 0x00, 0x02, 0x00, 0x02, 0x04,
	/* 0x30 C: id 20, flags 1 (OR), first 0, count 2, monitor 0x08 */
	0x14, 0x01, 0x00, 0x02, 0x08,
	/* 0x35 CE: id 21, parent 0, child A 1, priority 2, retry 3,
	   releaser (sense 7, GT, value -2, hysteresis 200, flex -1),
	   monitor 0x10 */
	0x15, 0x00, 0x05, 0x01, 0x02, 0x03,
	0x07, 0x02, 0xfe, 0xff, 0xc8, 0x00, 0xff, 0xff, 0x10,
	/* 0x44 CE: id 22, parent 0, child A 0, priority 1, retry 0,
	   releaser (sense 8, TR, 0, 0, 0), monitor 0x20 */
	0x16, 0x00, 0x05, 0x00, 0x01, 0x00,
	0x08, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20,
	/* 0x53 D: id 1, child AP 0, priority 5, interval 1000, releaser
	   (sense 3, LT, 40, 2, 4), ramp inc 6, urgency 7, ramp interval 9,
	   monitor 0x3f */
	0x01, 0x00, 0x00, 0x05, 0xe8, 0x03,
	0x03, 0x03, 0x28, 0x00, 0x02, 0x00, 0x04, 0x00,
	0x06, 0x07, 0x09, 0x3f,
	/* 0x65 A: id 30, action 4, value -300, monitor 0 */
	0x1e, 0x04, 0xd4, 0xfe, 0x00,
	/* 0x6a A: id 31, action 5, value 12345, monitor 0x01 */
	0x1f, 0x05, 0x39, 0x30, 0x01,
	/* 0x6f APE list, 0x71 CE list */
	0x00, 0x01, 0x00, 0x01,
	/* 0x73 names: kind, key, length, text */
	0x00, 0x00, 0x01, 'p',
	0x02, 0x00, 0x01, 'c',
	0x06, 0x07, 0x01, 's',
	0x07, 0x04, 0x02, 'g', 'o',
	/* 0x84 CRC-32 0x679cbb1d */
	0x1d, 0xbb, 0x9c, 0x67
};

static const uint8_t hand16[179] = {
	0x53, 0x50, 0x4c, 0x4e, 0x01, 0x02, 0x03, 0x21,
	0x01, 0x00, 0x02, 0x00, 0x01, 0x00, 0x02, 0x00, 0x01, 0x00, 0x02, 0x00,
	/* names 21 bytes */
	0x15, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x02, 0x00,
	/* 0x20 AP (7 bytes) */
	0x0a, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01,
	/* 0x27 APE x 2 (10 bytes) */
	0x0b, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x01, 0x00, 0x02,
	0x0c, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x02, 0x00, 0x04,
	/* 0x3b C (8 bytes) */
	0x14, 0x00, 0x01, 0x00, 0x00, 0x02, 0x00, 0x08,
	/* 0x43 CE x 2 (20 bytes) */
	0x15, 0x00, 0x00, 0x00, 0x05, 0x01, 0x00, 0x02, 0x00, 0x03,
	0x07, 0x01, 0x02, 0xfe, 0xff, 0xc8, 0x00, 0xff, 0xff, 0x10,
	0x16, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x01, 0x00, 0x00,
	0x08, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x20,
	/* 0x6b D (25 bytes) */
	0x01, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0xe8, 0x03,
	0x03, 0x00, 0x03, 0x28, 0x00, 0x02, 0x00, 0x04, 0x00,
	0x06, 0x00, 0x07, 0x00, 0x09, 0x03, 0x3f,
	/* 0x84 A x 2 (7 bytes) */
	0x1e, 0x00, 0x04, 0x00, 0xd4, 0xfe, 0x00,
	0x1f, 0x00, 0x05, 0x02, 0x39, 0x30, 0x01,
	/* 0x92 APE list, 0x96 CE list */
	0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00,
	/* 0x9a names */
	0x00, 0x00, 0x00, 0x01, 'p',
	0x02, 0x00, 0x00, 0x01, 'c',
	0x06, 0x07, 0x01, 0x01, 's',
	0x07, 0x04, 0x00, 0x02, 'g', 'o',
	/* 0xaf CRC-32 0x33ef13e8 */
	0xe8, 0x13, 0xef, 0x33
};

/* The same plan as the encoder's input. */
struct sample {
	struct plan_ap ap[1];
	struct plan_ape ape[2];
	struct plan_comp comp[1];
	struct plan_ce ce[2];
	struct plan_drive drive[1];
	struct plan_action action[2];
	struct plan_name name[4];
	struct plan_spec spec;
};

static void
fill_sample(struct sample *x, uint8_t w)
{
	uint16_t hi = w == 2 ? 0x100 : 0;
	const struct plan_ap ap = { 10, 0, 0, 0x01 };
	const struct plan_ape ape[2] = {
		{ 11, 0, { PLAN_A, 0 }, 1, 0x02 },
		{ 12, 0, { PLAN_C, 0 }, 2, 0x04 },
	};
	const struct plan_comp comp = { 20, 1, 0, 0, 0x08 };
	const struct plan_ce ce[2] = {
		{ 21, 0, { PLAN_A, 1 }, 2, 3,
		    { (uint16_t)(7 + hi), PLAN_GT, -2, 200, -1 }, 0x10 },
		{ 22, 0, { PLAN_A, 0 }, 1, 0, { 8, PLAN_TR, 0, 0, 0 }, 0x20 },
	};
	const struct plan_drive drive = { 1, { PLAN_AP, 0 }, 5, 1000,
	    { 3, PLAN_LT, 40, 2, 4 }, 6, 7, (uint16_t)(9 + 3 * hi), 0x3f };
	const struct plan_action action[2] = {
		{ 30, 4, -300, 0 }, { 31, (uint16_t)(5 + 2 * hi), 12345, 0x01 },
	};
	const struct plan_name name[4] = {
		{ PLAN_AP, 0, 1, (const uint8_t *)"p" },
		{ PLAN_C, 0, 1, (const uint8_t *)"c" },
		{ PLAN_NAME_SENSE, (uint16_t)(7 + hi), 1,
		    (const uint8_t *)"s" },
		{ PLAN_NAME_ACTION, 4, 2, (const uint8_t *)"go" },
	};

	memset(x, 0, sizeof *x);
	x->ap[0] = ap;
	memcpy(x->ape, ape, sizeof ape);
	x->comp[0] = comp;
	memcpy(x->ce, ce, sizeof ce);
	x->drive[0] = drive;
	memcpy(x->action, action, sizeof action);
	memcpy(x->name, name, sizeof name);
	x->spec.id_width = w;
	x->spec.flags = PLAN_F_RECURSION;
	x->spec.global_monitor = 0x21;
	x->spec.count[PLAN_AP] = 1;
	x->spec.count[PLAN_APE] = 2;
	x->spec.count[PLAN_C] = 1;
	x->spec.count[PLAN_CE] = 2;
	x->spec.count[PLAN_D] = 1;
	x->spec.count[PLAN_A] = 2;
	x->spec.ap = x->ap;
	x->spec.ape = x->ape;
	x->spec.comp = x->comp;
	x->spec.ce = x->ce;
	x->spec.drive = x->drive;
	x->spec.action = x->action;
	x->spec.names = x->name;
	x->spec.nnames = 4;
}

/* Little-endian, n bytes: our own reader, not plan/bytes.h. */
static unsigned long
le(const uint8_t *q, int n)
{
	unsigned long v = 0;

	while (n-- > 0)
		v = v << 8 | q[n];
	return v;
}

static long
i16(const uint8_t *q)
{
	long v = (long)le(q, 2);

	return v >= 0x8000 ? v - 0x10000 : v;
}

static void
check_header(const uint8_t *h, uint8_t w)
{
	static const unsigned long counts[PLAN_NTYPES] = { 1, 2, 1, 2, 1, 2 };
	int t;

	CHECK(memcmp(h + PLAN_H_MAGIC, "SPLN", 4) == 0);
	CHECK(h[PLAN_H_VERSION] == PLAN_VERSION);
	CHECK(h[PLAN_H_WIDTH] == w);
	CHECK(h[PLAN_H_FLAGS] == (PLAN_F_NAMES | PLAN_F_RECURSION));
	CHECK(h[PLAN_H_MONITOR] == 0x21);
	for (t = 0; t < PLAN_NTYPES; t++)
		CHECK(le(h + PLAN_H_COUNT(t), 2) == counts[t]);
	CHECK(le(h + PLAN_H_NAMES_SIZE, 4) == (w == 1 ? 17u : 21u));
	CHECK(le(h + PLAN_H_TASK_SIZE, 4) == 0);
	CHECK(le(h + PLAN_H_APE_LIST, 2) == 2);
	CHECK(le(h + PLAN_H_CE_LIST, 2) == 2);
}

static void
check_releaser(const uint8_t *q, int w, const struct plan_releaser *r)
{
	CHECK(le(q + PLAN_REL_SENSE, w) == r->sense);
	CHECK(q[PLAN_REL_CMP(w)] == r->cmp);
	CHECK(i16(q + PLAN_REL_VALUE(w)) == r->value);
	CHECK(i16(q + PLAN_REL_HYST(w)) == r->hysteresis);
	CHECK(i16(q + PLAN_REL_FLEX(w)) == r->flex);
}

static void
check_ref(const uint8_t *q, int w, const struct plan_ref *r)
{
	CHECK(q[PLAN_REF_TYPE] == r->type);
	CHECK(le(q + PLAN_REF_INDEX, w) == r->index);
}

/* Pattern and competence records; q advances over them. */
static const uint8_t *
check_owners(const uint8_t *q, int w, const struct sample *x)
{
	int i;

	CHECK(le(q + PLAN_ID, w) == 10 && le(q + PLAN_AP_FIRST(w), w) == 0);
	CHECK(le(q + PLAN_AP_COUNT(w), w) == 2 && q[PLAN_AP_MONITOR(w)] == 1);
	q += PLAN_AP_SIZE(w);
	for (i = 0; i < 2; i++, q += PLAN_APE_SIZE(w)) {
		CHECK(le(q + PLAN_ID, w) == x->ape[i].id);
		CHECK(le(q + PLAN_APE_PARENT(w), w) == 0);
		check_ref(q + PLAN_APE_CHILD(w), w, &x->ape[i].child);
		CHECK(le(q + PLAN_APE_ORDER(w), w) == x->ape[i].order);
		CHECK(q[PLAN_APE_MONITOR(w)] == x->ape[i].monitor);
	}
	CHECK(le(q + PLAN_ID, w) == 20 && q[PLAN_C_FLAGS(w)] == 1);
	CHECK(le(q + PLAN_C_FIRST(w), w) == 0);
	CHECK(le(q + PLAN_C_COUNT(w), w) == 2 && q[PLAN_C_MONITOR(w)] == 8);
	return q + PLAN_C_SIZE(w);
}

/* CE, D and A records; q advances over them. */
static const uint8_t *
check_members(const uint8_t *q, int w, const struct sample *x)
{
	const struct plan_drive *d = &x->drive[0];
	int i;

	for (i = 0; i < 2; i++, q += PLAN_CE_SIZE(w)) {
		CHECK(le(q + PLAN_ID, w) == x->ce[i].id);
		CHECK(le(q + PLAN_CE_PARENT(w), w) == 0);
		check_ref(q + PLAN_CE_CHILD(w), w, &x->ce[i].child);
		CHECK(le(q + PLAN_CE_PRIORITY(w), w) == x->ce[i].priority);
		CHECK(q[PLAN_CE_RETRY(w)] == x->ce[i].retry);
		check_releaser(q + PLAN_CE_RELEASER(w), w, &x->ce[i].rel);
		CHECK(q[PLAN_CE_MONITOR(w)] == x->ce[i].monitor);
	}
	CHECK(le(q + PLAN_ID, w) == d->id);
	check_ref(q + PLAN_D_CHILD(w), w, &d->child);
	CHECK(le(q + PLAN_D_PRIORITY(w), w) == d->priority);
	CHECK(le(q + PLAN_D_INTERVAL(w), 2) == d->interval);
	check_releaser(q + PLAN_D_RELEASER(w), w, &d->rel);
	CHECK(le(q + PLAN_D_RAMP_INC(w), w) == d->ramp_inc);
	CHECK(le(q + PLAN_D_URGENCY(w), w) == d->urgency);
	CHECK(le(q + PLAN_D_RAMP_INTERVAL(w), w) == d->ramp_interval);
	CHECK(q[PLAN_D_MONITOR(w)] == d->monitor);
	q += PLAN_D_SIZE(w);
	for (i = 0; i < 2; i++, q += PLAN_A_SIZE(w)) {
		CHECK(le(q + PLAN_ID, w) == x->action[i].id);
		CHECK(le(q + PLAN_A_ACTION(w), w) == x->action[i].action);
		CHECK(i16(q + PLAN_A_VALUE(w)) == x->action[i].value);
		CHECK(q[PLAN_A_MONITOR(w)] == x->action[i].monitor);
	}
	return q;
}

/* Lists and names; returns where the CRC should be. */
static const uint8_t *
check_tail(const uint8_t *q, int w, const struct sample *x)
{
	int k;

	for (k = 0; k < 4; k++)		/* APE list, then CE list: 0 1 0 1 */
		CHECK(le(q + k * w, w) == (unsigned long)(k & 1));
	q += 4 * w;
	for (k = 0; k < 4; k++) {
		const struct plan_name *n = &x->name[k];

		CHECK(q[PLAN_NAME_KIND] == n->kind);
		CHECK(le(q + PLAN_NAME_KEY, w) == n->key);
		CHECK(q[PLAN_NAME_LEN(w)] == n->len);
		CHECK(memcmp(q + PLAN_NAME_TEXT(w), n->text, n->len) == 0);
		q += PLAN_NAME_ENTRY_SIZE(w, n->len);
	}
	return q;
}

/* Every field of the hand-laid image at layout.h's offsets. */
static void
check_fields(const uint8_t *img, size_t size, uint8_t w)
{
	struct sample x;
	const uint8_t *q;

	fill_sample(&x, w);
	check_header(img, w);
	q = check_owners(img + PLAN_HEADER_SIZE, w, &x);
	q = check_members(q, w, &x);
	q = check_tail(q, w, &x);
	CHECK(q + PLAN_CRC_SIZE == img + size);
}

/* The encoder writes exactly the hand-laid bytes; the decoder takes them. */
static void
check_encoder(const uint8_t *hand, size_t size, uint8_t w)
{
	struct sample x;
	struct plan p;
	struct plan_error err;
	struct plan_ce ce;
	struct plan_drive d;
	uint8_t out[200];

	fill_sample(&x, w);
	CHECK(plan_encoded_size(&x.spec) == size);
	CHECK(plan_encode(&x.spec, out, sizeof out) == size);
	CHECK(memcmp(out, hand, size) == 0);
	CHECK(plan_open(&p, hand, (uint32_t)size, &err) == PLAN_OK);
	CHECK(p.id_width == w && p.count[PLAN_CE] == 2);
	plan_get_ce(&p, 0, &ce);
	CHECK(ce.rel.sense == x.ce[0].rel.sense && ce.rel.hysteresis == 200);
	CHECK(ce.rel.value == -2 && ce.rel.flex == -1 && ce.retry == 3);
	plan_get_drive(&p, 0, &d);
	CHECK(d.interval == 1000 &&
	    d.ramp_interval == x.drive[0].ramp_interval);
}

static void
test_hand_laid(void)
{
	check_fields(hand8, sizeof hand8, 1);
	check_fields(hand16, sizeof hand16, 2);
	check_encoder(hand8, sizeof hand8, 1);
	check_encoder(hand16, sizeof hand16, 2);
}

/*
 * man/plan.5's EXAMPLES: the 114 bytes of its xxd dump, typed in from the
 * page.  The encoder must write them for the plan the page describes.
 */
static const uint8_t manpage[114] = {
	0x53, 0x50, 0x4c, 0x4e, 0x01, 0x01, 0x01, 0x00,
	0x01, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x01, 0x00, 0x01, 0x00, 0x25, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
	0x02, 0x00, 0x02, 0x00, 0x03, 0x00, 0x05, 0x00,
	0x01, 0x00, 0x04, 0x00, 0x05, 0x00, 0x01, 0x00,
	0x01, 0x00, 0x00, 0x07, 0x00, 0x00, 0x04, 0x00,
	0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x05, 0x09, 0x2c, 0x01, 0x00, 0x00,
	0x01, 0x00, 0x00, 0x04, 0x52, 0x69, 0x6e, 0x67,
	0x04, 0x00, 0x05, 0x41, 0x6c, 0x61, 0x72, 0x6d,
	0x05, 0x00, 0x05, 0x43, 0x68, 0x69, 0x72, 0x70,
	0x06, 0x04, 0x04, 0x42, 0x75, 0x6d, 0x70, 0x07,
	0x09, 0x04, 0x42, 0x65, 0x65, 0x70, 0x49, 0x0b,
	0x71, 0xf6
};

static void
test_manpage(void)
{
	const struct plan_ap ap = { 2, 0, 0, 0 };
	const struct plan_ape ape[2] = {
		{ 3, 0, { PLAN_A, 0 }, 1, 0 }, { 4, 0, { PLAN_A, 0 }, 1, 0 },
	};
	const struct plan_drive d = { 1, { PLAN_AP, 0 }, 7, 0,
	    { 4, PLAN_EQ, 1, 1, 0 }, 0, 0, 0, 0 };
	const struct plan_action a = { 5, 9, 300, 0 };
	const struct plan_name names[5] = {
		{ PLAN_AP, 0, 4, (const uint8_t *)"Ring" },
		{ PLAN_D, 0, 5, (const uint8_t *)"Alarm" },
		{ PLAN_A, 0, 5, (const uint8_t *)"Chirp" },
		{ PLAN_NAME_SENSE, 4, 4, (const uint8_t *)"Bump" },
		{ PLAN_NAME_ACTION, 9, 4, (const uint8_t *)"Beep" },
	};
	struct plan_spec s;
	struct plan p;
	struct plan_error err;
	uint8_t out[sizeof manpage];
	const uint8_t *dr = manpage + PLAN_HEADER_SIZE + PLAN_AP_SIZE(1) +
	    2 * PLAN_APE_SIZE(1);

	memset(&s, 0, sizeof s);
	s.id_width = 1;
	s.count[PLAN_AP] = 1;
	s.count[PLAN_APE] = 2;
	s.count[PLAN_D] = 1;
	s.count[PLAN_A] = 1;
	s.ap = &ap;
	s.ape = ape;
	s.drive = &d;
	s.action = &a;
	s.names = names;
	s.nnames = 5;
	CHECK(plan_encode(&s, out, sizeof out) == sizeof manpage);
	CHECK(memcmp(out, manpage, sizeof manpage) == 0);
	CHECK(plan_open(&p, manpage, sizeof manpage, &err) == PLAN_OK);
	/* the page's byte-by-byte list: the drive at 0x30, the action at
	   0x42, the APE list at 0x47, names at 0x49, the CRC at 0x6e */
	CHECK(dr - manpage == 0x30);
	CHECK(dr[PLAN_D_PRIORITY(1)] == 7);
	CHECK(le(dr + PLAN_D_RELEASER(1) + PLAN_REL_HYST(1), 2) == 1);
	CHECK(dr + PLAN_D_SIZE(1) - manpage == 0x42);
	CHECK(le(dr + PLAN_D_SIZE(1) + PLAN_A_VALUE(1), 2) == 300);
	CHECK(dr + PLAN_D_SIZE(1) + PLAN_A_SIZE(1) - manpage == 0x47);
	CHECK(le(manpage + PLAN_H_NAMES_SIZE, 4) == 0x25);
	CHECK(sizeof manpage - PLAN_CRC_SIZE == 0x6e);
	CHECK(le(manpage + 0x6e, 4) == 0xF6710B49UL);
}

/*
 * man/plan.5's TASK SECTION example: 147 bytes typed in from the page,
 * commented as the page lays them out.
 */
static const uint8_t manpage_task[147] = {
	0x53, 0x50, 0x4c, 0x4e, 0x01, 0x01, 0x04, 0x00,	/* task flag */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,		/* no elements */
	0x00, 0x00, 0x00, 0x00, 0x6f, 0x00, 0x00, 0x00,	/* task 111 */
	0x00, 0x00, 0x00, 0x00,
	/* 0x20 section: D 2, 0 objects, 1 action, 0 variables, 2 points,
	   1 decision, 0 checks, 0 records, start 0, strings 13, 0 */
	0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0d, 0x00, 0x00, 0x00,
	/* 0x34 action go: points 0+2, decisions 0+1, no verify, no reset */
	0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00,
	/* 0x4a points (0, 0) and (10, 5) in thousandths */
	0x01, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
	0x01, 0x10, 0x27, 0x00, 0x00, 0x01, 0x88, 0x13, 0x00, 0x00,
	/* 0x5e decision: after 1, done, go in 2, no checks or records */
	0x01, 0x00, 0x02, 0xff, 0xff, 0x00, 0x00, 0x01, 0x00, 0x00, 0x02,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	/* 0x70 arm: x 10 +- 1, y don't care */
	0x01, 0x10, 0x27, 0x00, 0x00, 0xe8, 0x03, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	/* 0x82 strings "reach" "x" "y" "go", CRC */
	0x05, 'r', 'e', 'a', 'c', 'h', 0x01, 'x', 0x01, 'y', 0x02, 'g', 'o',
	0xc7, 0x9d, 0x40, 0x0b
};

static void
test_manpage_task(void)
{
	const struct plan_task_action act = { 0, 2, 0, 1, 0, 0, 0, 0,
	    { TASK_T_NONE, 0, 0 } };
	const struct plan_task_comp pts[4] = {
		{ TASK_VALUE, 0, 0, 0, 0 }, { TASK_VALUE, 0, 0, 0, 0 },
		{ TASK_VALUE, 10000, 0, 0, 0 }, { TASK_VALUE, 5000, 0, 0, 0 },
	};
	const struct plan_task_decision dec = { 1, { TASK_T_DONE, 0, 0 },
	    { TASK_T_ACTION, 0, 2 }, 0, 0, 0, 0 };
	const struct plan_task_comp arm[2] = {
		{ TASK_VALUE, 10000, 0, 0, 1000 }, { TASK_ANY, 0, 0, 0, 0 },
	};
	const struct plan_task_name names[4] = {
		{ 5, (const uint8_t *)"reach" }, { 1, (const uint8_t *)"x" },
		{ 1, (const uint8_t *)"y" }, { 2, (const uint8_t *)"go" },
	};
	const uint8_t *sec = manpage_task + PLAN_HEADER_SIZE;
	const uint8_t *a = sec + TASK_HEADER_SIZE;
	const uint8_t *d = a + TASK_ACTION_SIZE + 2 * TASK_POINT_SIZE(2);
	struct plan_task_spec ts;
	struct plan_spec s;
	struct plan p;
	struct plan_error err;
	uint8_t task[111], out[sizeof manpage_task];

	memset(&ts, 0, sizeof ts);
	ts.axes = 2;
	ts.actions = 1;
	ts.points = 2;
	ts.decisions = 1;
	ts.action = &act;
	ts.point = pts;
	ts.decision = &dec;
	ts.arm = arm;
	ts.name = names;
	CHECK(plan_task_encode(&ts, task, sizeof task) == sizeof task);
	memset(&s, 0, sizeof s);
	s.id_width = 1;
	s.task = task;
	s.task_size = sizeof task;
	CHECK(plan_encode(&s, out, sizeof out) == sizeof out);
	CHECK(memcmp(out, manpage_task, sizeof out) == 0);
	CHECK(plan_open(&p, manpage_task, sizeof manpage_task, &err) ==
	    PLAN_OK);
	/* the page's offsets, through layout.h's names */
	CHECK(le(manpage_task + PLAN_H_TASK_SIZE, 4) == 111);
	CHECK(sec[TASK_H_AXES] == 2 && le(sec + TASK_H_POINTS, 2) == 2);
	CHECK(le(sec + TASK_H_STRINGS, 2) == 13);
	CHECK(a - manpage_task == 0x34 && le(a + TASK_A_POINTS, 2) == 2);
	CHECK(a[TASK_A_RESET + TASK_TARGET_KIND] == TASK_T_NONE);
	CHECK(le(a + TASK_A_RESET + TASK_TARGET_ACTION, 2) == 0xffff);
	CHECK(d - manpage_task == 0x5e && le(d + TASK_D_AFTER, 2) == 1);
	CHECK(d[TASK_D_MATCH + TASK_TARGET_KIND] == TASK_T_DONE);
	CHECK(le(d + TASK_D_MISMATCH + TASK_TARGET_DELAY, 2) == 2);
	CHECK(le(d + TASK_D_ARM + TASK_COMP_OPERAND + TASK_OPERAND_VALUE,
	    4) == 10000);
	CHECK(le(d + TASK_D_ARM + TASK_COMP_THRESHOLD, 4) == 1000);
	CHECK(d[TASK_D_ARM + TASK_STATE_COMP_SIZE + TASK_COMP_KIND] ==
	    TASK_ANY);
	CHECK(d + TASK_DECISION_SIZE(2) - manpage_task == 0x82);
	CHECK(d[TASK_DECISION_SIZE(2) + TASK_STRING_LEN] == 5);
}

int
main(void)
{
	RUN(test_hand_laid);
	RUN(test_manpage);
	RUN(test_manpage_task);
	return check_report("plan_layout");
}
