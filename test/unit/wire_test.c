/*
 * wire_test.c - unit tests for the portable core of core/wire: checksums
 * against their published check values, framing against frames worked out
 * by hand, the decoder's resynchronisation, and random bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "wire/crc.h"
#include "wire/frame.h"
#include "wire/msg.h"
#include "wire/desc.h"

static void
test_crc(void)
{
	/* The catalogue check value of CRC-16/CCITT-FALSE. */
	CHECK(wire_crc16(WIRE_CRC16_INIT, "123456789", 9) == 0x29B1);
}

static void
test_encode(void)
{
	/* LEN 0, SEQ 0, TYPE 1: CRC-16 of 00 FF 00 01 is 0x5B82 (worked
	 * out with a separate bitwise script). */
	static const uint8_t hello[] = { 0xA5, 0x00, 0xFF, 0x00, 0x01, 0x82,
	    0x5B };
	/* LEN 1, SEQ 7, TYPE 0x31, payload AA: CRC of 01 FE 07 31 AA is
	 * 0x21DE. */
	static const uint8_t one[] = { 0xA5, 0x01, 0xFE, 0x07, 0x31, 0xAA,
	    0xDE, 0x21 };
	uint8_t out[WIRE_FRAME_MAX], big[WIRE_PAYLOAD_MAX + 1];
	uint8_t aa = 0xAA;

	CHECK(wire_frame_encode(out, 0, 0x01, NULL, 0) == 7);
	CHECK(memcmp(out, hello, 7) == 0);
	CHECK(wire_frame_encode(out, 7, 0x31, &aa, 1) == 8);
	CHECK(memcmp(out, one, 8) == 0);
	/* the example in man/spine-protocol.7: HELLO, seq 0, payload 01 */
	{
		static const uint8_t doc[] = { 0xA5, 0x01, 0xFE, 0x00, 0x01,
		    0x01, 0x5A, 0xA5 };
		uint8_t v = 1;

		CHECK(wire_frame_encode(out, 0, 0x01, &v, 1) == 8);
		CHECK(memcmp(out, doc, 8) == 0);
	}
	memset(big, 0, sizeof big);
	CHECK(WIRE_PAYLOAD_MAX == 57);
	CHECK(wire_frame_encode(out, 0, 1, big, WIRE_PAYLOAD_MAX) ==
	    WIRE_FRAME_MAX);
	CHECK(wire_frame_encode(out, 0, 1, big, WIRE_PAYLOAD_MAX + 1) == 0);
}

static int
feed(struct wire_decoder *d, const uint8_t *p, size_t n,
    struct wire_frame *got, int max)
{
	int k = 0;

	while (n--) {
		wire_decoder_push(d, *p++);
		while (k < max && wire_decoder_next(d, &got[k]))
			k++;
	}
	return k;
}

static void
test_decode_resync(void)
{
	struct wire_decoder d;
	struct wire_frame got[4];
	uint8_t stream[200], pay[5] = { 0xA5, 0xA5, 1, 2, 0xA5 };
	size_t n = 0;
	uint8_t len;

	wire_decoder_init(&d);
	/* junk, a frame whose payload is full of SOF bytes, junk, a
	 * corrupted frame, then a good one */
	stream[n++] = 0x00;
	stream[n++] = 0xFF;
	n += wire_frame_encode(stream + n, 3, 0x12, pay, 5);
	stream[n++] = 0x42;
	len = wire_frame_encode(stream + n, 4, 0x12, pay, 5);
	stream[n + 7] ^= 0x10;	/* flip a bit in the payload */
	n += len;
	n += wire_frame_encode(stream + n, 5, 0x13, NULL, 0);
	CHECK(feed(&d, stream, n, got, 4) == 2);
	CHECK(got[0].seq == 3 && got[0].type == 0x12 && got[0].len == 5);
	CHECK(memcmp(got[0].payload, pay, 5) == 0);
	CHECK(got[1].seq == 5 && got[1].type == 0x13 && got[1].len == 0);
	CHECK(d.crc_errors >= 1);
}

static void
test_decode_idle(void)
{
	/* A stray SOF that passes the length check (A5 05 FA) swallows the
	 * good frame behind it until the line goes quiet. */
	static const uint8_t stray[] = { 0xA5, 0x05, 0xFA };
	struct wire_decoder d;
	struct wire_frame got[2];
	uint8_t stream[64];
	size_t n = 0;

	wire_decoder_init(&d);
	memcpy(stream, stray, 3);
	n = 3 + wire_frame_encode(stream + 3, 1, 0x10, NULL, 0);
	CHECK(feed(&d, stream, n, got, 2) == 0);
	wire_decoder_idle(&d);
	CHECK(wire_decoder_next(&d, &got[0]) == 1);
	CHECK(got[0].seq == 1 && got[0].type == 0x10);
}

static void
test_single_bit_errors(void)
{
	/* CRC-16/CCITT catches every single-bit error in a 64-byte frame. */
	uint8_t frame[WIRE_FRAME_MAX], bad[WIRE_FRAME_MAX], pay[57];
	struct wire_decoder d;
	struct wire_frame f;
	unsigned bit, i;
	int wrong = 0;

	for (i = 0; i < sizeof pay; i++)
		pay[i] = (uint8_t)(i * 37 + 11);
	wire_frame_encode(frame, 9, 0x12, pay, sizeof pay);
	for (bit = 8; bit < 8 * WIRE_FRAME_MAX; bit++) {
		memcpy(bad, frame, sizeof bad);
		bad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		wire_decoder_init(&d);
		for (i = 0; i < WIRE_FRAME_MAX; i++) {
			wire_decoder_push(&d, bad[i]);
			while (wire_decoder_next(&d, &f))
				wrong++;
		}
	}
	CHECK(wrong == 0);
}

/* COUNTERS_SPARSE and STATE_PACKED of random bytes: refused, or sound. */
static void
random_packed(const uint8_t *p, uint8_t n)
{
	struct wire_sparse sp;
	struct wire_packed pk;
	struct wire_range r;
	uint8_t i;

	if (wire_sparse_decode(&sp, p, n) == 0) {
		CHECK(sp.count <= WIRE_SPARSE_MAX && n == 7 + 6 * sp.count &&
		    sp.first <= sp.next && sp.next <= sp.total);
		for (i = 0; i < sp.count; i++)
			CHECK(sp.row[i].index >= sp.first &&
			    sp.row[i].index < sp.next);
	}
	if (wire_packed_decode(&pk, p, n) == 0)
		CHECK(n == 13 + 6 * pk.drives + 2 * pk.currents &&
		    n <= 13 + WIRE_PACKED_ROOM &&
		    pk.first + pk.drives + pk.currents <= pk.total);
	if (wire_range_decode(&r, p, n) == 0)
		CHECK(n == 4 && r.first <= r.end);
}

/* The runtime-control payloads of random bytes: refused, or sound. */
static void
random_control(const uint8_t *p, uint8_t n)
{
	struct wire_counters cn;
	struct wire_state st;
	struct wire_prio pr;
	struct wire_elem_monitor em;
	struct wire_page pg;
	struct wire_pause pa;
	struct wire_paused pd;

	if (wire_counters_decode(&cn, p, n) == 0)
		CHECK(cn.count <= WIRE_COUNTERS_MAX && n == 6 + 6 * cn.count);
	if (wire_state_decode(&st, p, n) == 0)
		CHECK(st.count <= WIRE_STATE_MAX && n == 13 + st.count *
		    (st.type == WIRE_TYPE_D ? 8 : 4));
	if (wire_prio_decode(&pr, p, n) == 0)
		CHECK(n == 2 + 2 * pr.set);
	if (wire_elem_monitor_decode(&em, p, n) == 0)
		CHECK(n == 3 + em.set);
	if (wire_page_decode(&pg, p, n) == 0)
		CHECK(n == 3);
	if (wire_pause_decode(&pa, p, n) == 0)
		CHECK(n == 3);
	if (wire_paused_decode(&pd, p, n) == 0)
		CHECK(n == 7);
	random_packed(p, n);
}

/* The control payloads, laid out as man/spine-protocol.7 says. */
static void
test_control_codecs(void)
{
	static const uint8_t prio[] = { 0x07, 0x00, 0x2C, 0x01 };
	static const uint8_t state_d[] = {
		/* D, flags, rate 8, cycle 16 */
		0x04, 0x23, 0x08, 0x00, 0x10, 0x00, 0x00, 0x00,
		0x03, 0x00, 0x01, 0x00, 0x01,	/* 3 drives, from 1, 1 row */
		0x02, 0x00, 0x01, 0x01, 0x64, 0x00, 0x00, 0x00
	};
	struct wire_prio pr = { 7, 300, 1 };
	struct wire_state st;
	struct wire_counters cn;
	uint8_t p[WIRE_PAYLOAD_MAX];

	CHECK(wire_prio_encode(&pr, p) == 4 && memcmp(p, prio, 4) == 0);
	pr.set = 0;
	CHECK(wire_prio_encode(&pr, p) == 2);
	CHECK(wire_prio_decode(&pr, p, 2) == 0 && !pr.set && pr.drive == 7);
	CHECK(wire_state_decode(&st, state_d, sizeof state_d) == 0);
	CHECK(st.type == WIRE_TYPE_D && st.flags == 0x23 && st.rate == 8 &&
	    st.cycle == 16 && st.total == 3 && st.first == 1 &&
	    st.count == 1);
	CHECK(st.row[0].id == 2 && st.row[0].status == 1 &&
	    st.row[0].latch == 1 && st.row[0].priority == 100 &&
	    st.row[0].ramp == 0);
	CHECK(wire_state_encode(&st, p) == sizeof state_d &&
	    memcmp(p, state_d, sizeof state_d) == 0);
	/* the largest pages fit a frame */
	memset(&st, 0, sizeof st);
	st.type = WIRE_TYPE_D;
	st.count = 5;
	CHECK(wire_state_encode(&st, p) == 13 + 5 * 8);
	st.count = 6;
	CHECK(wire_state_encode(&st, p) == 0);
	st.type = WIRE_TYPE_C;
	st.count = WIRE_STATE_MAX;
	CHECK(wire_state_encode(&st, p) == 13 + 11 * 4);
	memset(&cn, 0, sizeof cn);
	cn.count = WIRE_COUNTERS_MAX;
	CHECK(wire_counters_encode(&cn, p) == 6 + 8 * 6);
	CHECK(6 + 8 * 6 <= WIRE_PAYLOAD_MAX);
}

/* COUNTERS_SPARSE, STATE_PACKED and their pages, by hand. */
static void
test_packed_codecs(void)
{
	static const uint8_t sparse[] = {
		0x75, 0x00, 0x00, 0x00, 0x75, 0x00,	/* 117, 0, to 117 */
		0x02,					/* 2 rows */
		0x03, 0x00, 0x1C, 0x00, 0x00, 0x00,	/* #3: 28, 0 */
		0x5A, 0x00, 0x1B, 0x00, 0x01, 0x00	/* #90: 27, 1 */
	}, packed[] = {
		0x03, 0x08, 0x00, 0x10, 0x00, 0x00, 0x00,	/* run */
		0x14, 0x00, 0x05, 0x00, 0x01, 0x02,	/* 20, from 5 */
		0x01, 0x00, 0xE6, 0x00, 0x00, 0x00,	/* D: running */
		0x07, 0x00, 0xFF, 0xFF			/* C: 7, none */
	};
	struct wire_sparse sp;
	struct wire_packed pk;
	uint8_t p[WIRE_PAYLOAD_MAX];

	CHECK(wire_sparse_decode(&sp, sparse, sizeof sparse) == 0);
	CHECK(sp.total == 117 && sp.first == 0 && sp.next == 117 &&
	    sp.count == 2 && sp.row[0].index == 3 &&
	    sp.row[0].executed == 28 && sp.row[1].index == 90 &&
	    sp.row[1].succeeded == 1);
	CHECK(wire_sparse_encode(&sp, p) == sizeof sparse &&
	    memcmp(p, sparse, sizeof sparse) == 0);
	sp.row[1].index = 3;	/* not in order */
	CHECK(wire_sparse_encode(&sp, p) == sizeof sparse &&
	    wire_sparse_decode(&sp, p, sizeof sparse) != 0);
	CHECK(wire_packed_decode(&pk, packed, sizeof packed) == 0);
	CHECK(pk.flags == 3 && pk.rate == 8 && pk.cycle == 16 &&
	    pk.total == 20 && pk.first == 5 && pk.drives == 1 &&
	    pk.currents == 2 && pk.row[0].status == 1 &&
	    pk.row[0].priority == 230 && pk.row[1].current == 7 &&
	    pk.row[2].current == WIRE_NO_ELEMENT);
	CHECK(wire_packed_encode(&pk, p) == sizeof packed &&
	    memcmp(p, packed, sizeof packed) == 0);
	/* pages: 44 bytes, 6 a drive, 2 the others (R5 Plan6: 6 drives,
	   4 C, 10 AP: 6 + 4 in the first, 10 in the second) */
	CHECK(wire_packed_end(0, 6, 20) == 10);
	CHECK(wire_packed_end(10, 6, 20) == 20);
	CHECK(wire_packed_end(0, 9, 9) == 7);
	CHECK(wire_packed_end(0, 0, 30) == 22);
	CHECK(13 + WIRE_PACKED_ROOM <= WIRE_PAYLOAD_MAX &&
	    7 + 6 * WIRE_SPARSE_MAX <= WIRE_PAYLOAD_MAX);
}

static void
test_random_bytes(void)
{
	struct wire_decoder d;
	struct wire_frame f;
	struct wire_hello h;
	struct wire_status st;
	struct wire_setpoint sp;
	struct wire_events ev;
	uint8_t p[WIRE_PAYLOAD_MAX];
	unsigned long i, frames = 0;
	unsigned k;

	srand(7);
	wire_decoder_init(&d);
	for (i = 0; i < 2000000ul; i++) {
		wire_decoder_push(&d, (uint8_t)(rand() >> 7));
		while (wire_decoder_next(&d, &f)) {
			frames++;
			CHECK(f.len <= WIRE_PAYLOAD_MAX);
		}
	}
	/* A random valid frame needs a SOF, a small length and a CRC match. */
	CHECK(frames < 50);
	for (i = 0; i < 200000ul; i++) {
		uint8_t n = (uint8_t)(rand() % (WIRE_PAYLOAD_MAX + 1));

		for (k = 0; k < n; k++)
			p[k] = (uint8_t)(rand() >> 5);
		if (wire_hello_decode(&h, p, n) == 0)
			CHECK(h.joints <= WIRE_MAX_JOINTS &&
			    strlen(h.firmware) <= WIRE_NAME_MAX);
		if (wire_status_decode(&st, p, n) == 0)
			CHECK(st.count <= WIRE_DEV_MAX);
		if (wire_setpoint_decode(&sp, p, n) == 0)
			CHECK(sp.joints >= 1 && sp.joints <= WIRE_MAX_JOINTS);
		if (wire_events_decode(&ev, p, n) == 0)
			CHECK(ev.count <= WIRE_EVENTS_MAX);
		random_control(p, n);
	}
}

static void
test_codecs(void)
{
	struct wire_hello h, h2;
	struct wire_setpoint s, s2;
	struct wire_status st, st2;
	struct wire_events e, e2;
	uint8_t p[WIRE_PAYLOAD_MAX];
	uint8_t n;

	memset(&h, 0, sizeof h);
	h.version = 1;
	h.joints = 8;
	h.window = 4;
	h.slots = 16;
	h.flags = WIRE_F_PLAN;
	h.capacity = 8176;
	h.link_um[0] = 100000;
	h.link_um[7] = 4000000000ul;
	strcpy(h.firmware, "0123456789abcd");
	/* The largest HELLO, eight joints and a 14-byte name, fits a frame. */
	n = wire_hello_encode(&h, p);
	CHECK(n == 56);
	CHECK(wire_hello_decode(&h2, p, n) == 0);
	CHECK(h2.joints == 8 && h2.capacity == 8176 && h2.link_um[7] ==
	    4000000000ul && h2.link_um[0] == 100000);
	CHECK_STR(h2.firmware, "0123456789abcd");
	CHECK(wire_hello_decode(&h2, p, (uint8_t)(n - 1)) != 0);

	memset(&s, 0, sizeof s);
	s.step = 70000;
	s.period_ms = 35;
	s.joints = 3;
	s.mdeg[0] = -120000;
	s.mdeg[1] = 2147483647;
	s.mdeg[2] = -2147483647 - 1;
	n = wire_setpoint_encode(&s, p);
	CHECK(n == 6 + 12);
	/* little endian on the wire: step 70000 = 0x00011170 */
	CHECK(p[0] == 0x70 && p[1] == 0x11 && p[2] == 0x01 && p[3] == 0);
	/* -120000 = 0xFFFE2B40 */
	CHECK(p[6] == 0x40 && p[7] == 0x2B && p[8] == 0xFE && p[9] == 0xFF);
	CHECK(wire_setpoint_decode(&s2, p, n) == 0);
	CHECK(s2.joints == 3 && s2.step == 70000 && s2.period_ms == 35);
	CHECK(s2.mdeg[0] == -120000 && s2.mdeg[1] == 2147483647 &&
	    s2.mdeg[2] == -2147483647 - 1);
	CHECK(wire_setpoint_decode(&s2, p, (uint8_t)(n - 1)) != 0);

	memset(&st, 0, sizeof st);
	st.flags = 5;
	st.free = 3;
	st.run_id = 0xDEADBEEFul;
	st.received = 10;
	st.executed = 9;
	st.first = 1;
	st.count = WIRE_DEV_MAX;
	st.dev[18] = 65535;
	n = wire_status_encode(&st, p);
	CHECK(n == 19 + 2 * WIRE_DEV_MAX);
	CHECK(wire_status_decode(&st2, p, n) == 0);
	CHECK(st2.run_id == 0xDEADBEEFul && st2.executed == 9 &&
	    st2.count == WIRE_DEV_MAX && st2.dev[18] == 65535);

	memset(&e, 0, sizeof e);
	e.number = 65535;
	e.cycle = 12;
	e.count = 2;
	e.ev[0].kind = WIRE_EV_SENSE | WIRE_EV_LATCH;
	e.ev[0].type = 4;
	e.ev[0].id = 300;
	e.ev[0].sense = 7;
	e.ev[0].value = -5;
	e.ev[1].kind = WIRE_EV_SUCCESS;
	e.ev[1].type = 4;
	e.ev[1].id = 7;
	n = wire_events_encode(&e, p);
	CHECK(n == 7 + 16);
	/* the sense value -5 is FB FF at the end of the first event */
	CHECK(p[7 + 6] == 0xFB && p[7 + 7] == 0xFF);
	CHECK(wire_events_decode(&e2, p, n) == 0);
	CHECK(e2.number == 65535 && e2.cycle == 12 && e2.count == 2);
	CHECK(e2.ev[0].value == -5 && e2.ev[0].id == 300);
	CHECK(e2.ev[0].sense == 7 && e2.ev[0].kind == (WIRE_EV_SENSE |
	    WIRE_EV_LATCH));
	/* six events fill a frame */
	e.count = WIRE_EVENTS_MAX;
	CHECK(wire_events_encode(&e, p) == 7 + 8 * 6);
	CHECK(7 + 8 * 6 <= WIRE_PAYLOAD_MAX);
	CHECK(e2.ev[1].type == 4 && e2.ev[1].kind == WIRE_EV_SUCCESS);
	CHECK(!e2.timed);
	/* with the robot's clock: five at most, the time after them */
	e.timed = 1;
	e.ms = 0x01020304ul;
	CHECK(wire_events_encode(&e, p) == 0);
	e.count = WIRE_EVENTS_TIMED_MAX;
	n = wire_events_encode(&e, p);
	CHECK(n == 7 + 8 * 5 + 4 && n <= WIRE_PAYLOAD_MAX);
	CHECK(p[n - 4] == 0x04 && p[n - 1] == 0x01);
	CHECK(wire_events_decode(&e2, p, n) == 0);
	CHECK(e2.timed && e2.ms == 0x01020304ul && e2.count == 5);
	/* two stray bytes after the events: not an EVENTS frame */
	CHECK(wire_events_decode(&e2, p, (uint8_t)(n - 2)) != 0);
}

/* DESCRIBE_PAGE: entries packed after a header; bad pages refused. */
static void
test_desc_page(void)
{
	struct wire_desc_page pg, back;
	uint8_t p[WIRE_PAYLOAD_MAX], n;

	memset(&pg, 0, sizeof pg);
	pg.crc = 0xCAFEF00Dul;
	pg.total = 11;
	pg.pages = 6;
	pg.page = 1;
	pg.first = 2;
	pg.count = 2;
	strcpy(pg.e[0].name, "Lag");
	strcpy(pg.e[0].unit, "deg");
	pg.e[0].first = 3;
	pg.e[0].count = 1;
	pg.e[0].max = 32767;
	strcpy(pg.e[1].name, "Joint#");
	strcpy(pg.e[1].unit, "deg");
	pg.e[1].first = 11;
	pg.e[1].count = 3;
	pg.e[1].min = -180;
	pg.e[1].max = 180;
	n = wire_desc_page_encode(&pg, p);
	/* 9 of header, then 8 + 1 + 3 + 1 + 3 and 8 + 1 + 3 + 1 + 6 */
	CHECK(n == 9 + 16 + 19);
	CHECK(wire_desc_page_decode(&back, p, n) == 0);
	CHECK(back.crc == 0xCAFEF00Dul && back.count == 2 && back.page == 1);
	CHECK(back.e[1].index == 3 && back.e[1].total == 11 &&
	    back.e[1].min == -180 && strcmp(back.e[1].name, "Joint#") == 0);
	p[WIRE_DESC_PAGE_HEAD - 3] = 6;	/* page 6 of 6 */
	CHECK(wire_desc_page_decode(&back, p, n) != 0);
	p[WIRE_DESC_PAGE_HEAD - 3] = 1;
	CHECK(wire_desc_page_decode(&back, p, (uint8_t)(n - 1)) != 0);
}

static void
test_desc_codecs(void)
{
	struct wire_desc d, e;
	struct wire_senses s, t;
	uint8_t p[WIRE_PAYLOAD_MAX], n, junk[WIRE_PAYLOAD_MAX];
	int i, k;

	memset(&d, 0, sizeof d);
	d.total = 11;
	d.index = 4;
	d.kind = WIRE_DESC_ACTION;
	d.first = 1;
	d.count = 3;
	d.min = -360;
	d.max = 360;
	strcpy(d.unit, "deg");
	strcpy(d.name, "TurnJoint#By");
	/* 10 fixed bytes, 1 + 3 unit, 1 + 12 name */
	CHECK((n = wire_desc_encode(&d, p)) == 27);
	/* -360 is 0xFE98, least significant byte first */
	CHECK(p[6] == 0x98 && p[7] == 0xFE);
	CHECK(wire_desc_decode(&e, p, n) == 0);
	CHECK(e.min == -360 && e.max == 360 && e.first == 1 && e.count == 3);
	CHECK_STR(e.name, "TurnJoint#By");
	CHECK(wire_desc_decode(&e, p, (uint8_t)(n - 1)) != 0);
	p[2] = 3;	/* no such kind */
	CHECK(wire_desc_decode(&e, p, n) != 0);
	s.ms = 123456;
	s.count = 3;
	s.value[0] = INT16_MAX;
	s.value[1] = -1;
	s.value[2] = INT16_MIN;
	CHECK((n = wire_senses_encode(&s, p)) == 11);
	CHECK(wire_senses_decode(&t, p, n) == 0 && t.ms == 123456 &&
	    t.count == 3 && t.value[1] == -1 && t.value[2] == INT16_MIN);
	p[4] = 4;	/* says four values, carries three */
	CHECK(wire_senses_decode(&t, p, n) != 0);
	/* random bytes: decoded or refused, never past the buffer */
	srand(14);
	for (i = 0; i < 20000; i++) {
		n = (uint8_t)(rand() % (WIRE_PAYLOAD_MAX + 1));
		for (k = 0; k < n; k++)
			junk[k] = (uint8_t)rand();
		if (wire_desc_decode(&e, junk, n) == 0)
			CHECK(e.index < e.total && e.name[0] != '\0');
		if (wire_senses_decode(&t, junk, n) == 0)
			CHECK(t.count <= WIRE_SENSES_MAX && n == 5 + 2 * t.count);
	}
}

int
main(void)
{
	RUN(test_crc);
	RUN(test_encode);
	RUN(test_decode_resync);
	RUN(test_decode_idle);
	RUN(test_single_bit_errors);
	RUN(test_codecs);
	RUN(test_control_codecs);
	RUN(test_packed_codecs);
	RUN(test_random_bytes);
	RUN(test_desc_codecs);
	RUN(test_desc_page);
	return check_report("wire");
}
