/*
 * servo_test.c - unit tests for core/servo: every packet is checked
 * against the worked examples of spec/servo-buses.md (A6, B6), whose bytes
 * are copied here from the spec, never produced by the code under test;
 * then the decoders' resynchronisation and random bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "servo_frames.h"
#include "servo/regs.h"
#include "servo/servo.h"

#define SAME(out, n, want) \
	CHECK((n) == sizeof(want) && memcmp((out), (want), sizeof(want)) == 0)

/* Decode a whole byte string; the packets found (at most max). */
static int
decode_all(enum servo_proto p, int replies, const uint8_t *b, size_t n,
    struct servo_packet *pk, int max, struct servo_decoder *d)
{
	int k = 0;
	size_t i;

	servo_decoder_init(d, p, replies);
	for (i = 0; i < n; i++) {
		servo_decoder_push(d, b[i]);
		while (k < max && servo_decoder_next(d, &pk[k]))
			k++;
	}
	/* A damaged length may hold bytes back: a quiet line frees them. */
	while (d->n > 0) {
		servo_decoder_idle(d);
		while (k < max && servo_decoder_next(d, &pk[k]))
			k++;
	}
	return k;
}

static void
test_sts_examples(void)
{
	/* A6.7, the rest in servo_frames.h */
	static const uint8_t lock0[] = { 0xFF, 0xFF, 0x01, 0x04, 0x03, 0x37,
	    0x00, 0xC0 };
	static const uint8_t home[] = { 0xFF, 0xFF, 0x01, 0x05, 0x03, 0x1F,
	    0x17, 0x0C, 0xB4 };
	static const uint8_t vel[] = { 0xFF, 0xFF, 0x01, 0x05, 0x03, 0x2E,
	    0xF4, 0x81, 0x53 };
	static const uint8_t pos6[] = { 0x00, 0x08, 0x00, 0x04, 0x00, 0x0C,
	    0xFF, 0x07, 0x00, 0x00, 0xFF, 0x0F };
	static const uint8_t ids[] = { 1, 2, 3, 4, 5, 6 };
	uint8_t out[SERVO_FRAME_MAX], d2[2];
	size_t n;

	n = servo_ping(SERVO_FEETECH, out, sizeof out, 1);
	SAME(out, n, ft_ping);
	n = servo_ping(SERVO_FEETECH, out, sizeof out, SERVO_BROADCAST);
	SAME(out, n, ft_bping);
	servo_put16(d2, 2048);
	n = servo_write(SERVO_FEETECH, out, sizeof out, SERVO_WRITE, 1, 42,
	    d2, 2);
	SAME(out, n, ft_goal);
	n = servo_read(SERVO_FEETECH, out, sizeof out, 1, 56, 2);
	SAME(out, n, ft_rd);
	n = servo_read(SERVO_FEETECH, out, sizeof out, 1, 3, 2);
	SAME(out, n, ft_model);
	n = servo_sync_read(SERVO_FEETECH, out, sizeof out, 56, 2, ids, 6);
	SAME(out, n, ft_sread);
	n = servo_sync_write(SERVO_FEETECH, out, sizeof out, 42, 2, ids, 6,
	    pos6);
	SAME(out, n, ft_swrite);
	d2[0] = 1;
	n = servo_write(SERVO_FEETECH, out, sizeof out, SERVO_WRITE, 1, 40,
	    d2, 1);
	SAME(out, n, ft_torque);
	d2[0] = 0;
	n = servo_write(SERVO_FEETECH, out, sizeof out, SERVO_WRITE, 1, 55,
	    d2, 1);
	SAME(out, n, lock0);
	servo_put16(d2, servo_sts_sm_encode(-1047, 11));
	n = servo_write(SERVO_FEETECH, out, sizeof out, SERVO_WRITE, 1, 31,
	    d2, 2);
	SAME(out, n, home);
	servo_reg_put(servo_reg(SERVO_FEETECH, SF_GOAL_SPEED), -500, d2);
	n = servo_write(SERVO_FEETECH, out, sizeof out, SERVO_WRITE, 1, 46,
	    d2, 2);
	SAME(out, n, vel);
	d2[0] = 6;
	n = servo_write(SERVO_FEETECH, out, sizeof out, SERVO_WRITE, 1, 5,
	    d2, 1);
	SAME(out, n, ft_setid);
	servo_put16(d2, 1000);
	n = servo_write(SERVO_FEETECH, out, sizeof out, SERVO_REG_WRITE, 2,
	    42, d2, 2);
	SAME(out, n, ft_regw);
	n = servo_action(SERVO_FEETECH, out, sizeof out, SERVO_BROADCAST);
	SAME(out, n, ft_action);
}

static void
test_sts_replies(void)
{
	/* A6.1, A6.2 and A6.4 replies, then A6.5's six sync-read replies
	 * and A6.7's overload reply, all concatenated on one line. */
	static const uint8_t wire[] = {
	    0xFF, 0xFF, 0x01, 0x02, 0x00, 0xFC,
	    0xFF, 0xFF, 0x01, 0x04, 0x00, 0x09, 0x03, 0xEE,
	    0xFF, 0xFF, 0x01, 0x04, 0x00, 0x00, 0x08, 0xF2,
	    0xFF, 0xFF, 0x02, 0x04, 0x00, 0x00, 0x04, 0xF5,
	    0xFF, 0xFF, 0x03, 0x04, 0x00, 0x00, 0x0C, 0xEC,
	    0xFF, 0xFF, 0x04, 0x04, 0x00, 0xFF, 0x07, 0xF1,
	    0xFF, 0xFF, 0x05, 0x04, 0x00, 0x00, 0x00, 0xF6,
	    0xFF, 0xFF, 0x06, 0x04, 0x00, 0xFF, 0x0F, 0xE7,
	    0xFF, 0xFF, 0x03, 0x04, 0x20, 0xDC, 0x05, 0xF7 };
	static const int32_t want[6] = { 2048, 1024, 3072, 2047, 0, 4095 };
	const struct servo_reg *pos = servo_reg(SERVO_FEETECH, SF_POSITION);
	struct servo_packet pk[12];
	struct servo_decoder d;
	char text[80];
	int n, i;
	uint8_t out[16];
	size_t k;

	n = decode_all(SERVO_FEETECH, 1, wire, sizeof wire, pk, 12, &d);
	CHECK(n == 9);
	CHECK(d.bad_checksums == 0 && d.junk == 0);
	CHECK(pk[0].id == 1 && pk[0].instr == SERVO_STATUS &&
	    pk[0].err == 0 && pk[0].n == 0);
	CHECK(pk[1].n == 2 && servo_reg_get(servo_reg(SERVO_FEETECH,
	    SF_MODEL), pk[1].p) == STS_MODEL_STS3215);
	for (i = 0; i < 6; i++)
		CHECK(pk[2 + i].id == i + 1 && pk[2 + i].n == 2 &&
		    servo_reg_get(pos, pk[2 + i].p) == want[i]);
	CHECK(pk[8].id == 3 && pk[8].err == STS_ERR_OVERLOAD &&
	    servo_reg_get(pos, pk[8].p) == 1500);
	servo_err_text(SERVO_FEETECH, pk[8].err, text, sizeof text);
	CHECK_STR(text, "overload");
	servo_err_text(SERVO_FEETECH, 0x25, text, sizeof text);
	CHECK_STR(text, "input voltage, overheating, overload");
	/* the emulator's side: the overload reply encoded again */
	k = servo_status(SERVO_FEETECH, out, sizeof out, 3, 0x20, pk[8].p, 2);
	CHECK(k == 8 && memcmp(out, wire + sizeof wire - 8, 8) == 0);
}

static void
test_sign_magnitude(void)
{
	/* A4's examples: -1047 at bit 11 is 0x0C17, -500 at bit 15 is
	 * 0x81F4, raw 0x0432 at bit 10 is -50; "-0" is 0. */
	CHECK(servo_sts_sm_encode(-1047, 11) == 0x0C17);
	CHECK(servo_sts_sm_encode(953, 11) == 0x03B9);
	CHECK(servo_sts_sm_encode(-500, 15) == 0x81F4);
	CHECK(servo_sts_sm_decode(0x0432, 10) == -50);
	CHECK(servo_sts_sm_decode(0x0C17, 11) == -1047);
	CHECK(servo_sts_sm_decode(0x8000, 15) == 0);
	/* out of range saturates, keeping the sign */
	CHECK(servo_sts_sm_encode(-5000, 11) == 0x0FFF);
	CHECK(servo_sts_sm_encode(INT32_MIN, 15) == 0xFFFF);
}

static void
test_sts_instructions(void)
{
	/* A6.5 and A6.6 read back by the servo's side */
	static const uint8_t wire[] = {
	    0xFF, 0xFF, 0xFE, 0x0A, 0x82, 0x38, 0x02, 0x01, 0x02, 0x03,
	    0x04, 0x05, 0x06, 0x26,
	    0xFF, 0xFF, 0xFE, 0x16, 0x83, 0x2A, 0x02, 0x01, 0x00, 0x08, 0x02,
	    0x00, 0x04, 0x03, 0x00, 0x0C, 0x04, 0xFF, 0x07, 0x05, 0x00, 0x00,
	    0x06, 0xFF, 0x0F, 0xFB };
	struct servo_packet pk[4];
	struct servo_decoder d;
	const uint8_t *ids, *data;
	uint16_t addr, count, nids;

	CHECK(decode_all(SERVO_FEETECH, 0, wire, sizeof wire, pk, 4, &d) ==
	    2);
	CHECK(pk[0].instr == SERVO_SYNC_READ && pk[0].id == 0xFE);
	CHECK(servo_parse_sync_read(SERVO_FEETECH, &pk[0], &addr, &count,
	    &ids, &nids) == 0);
	CHECK(addr == 56 && count == 2 && nids == 6 && ids[5] == 6);
	CHECK(pk[1].instr == SERVO_SYNC_WRITE);
	CHECK(servo_parse_sync_write(SERVO_FEETECH, &pk[1], 4, &addr, &count,
	    &data) == 0);
	CHECK(addr == 42 && count == 2 && data && servo_get16(data) == 2047);
	CHECK(servo_parse_sync_write(SERVO_FEETECH, &pk[1], 9, &addr, &count,
	    &data) == 0 && data == NULL);
}

static void
test_dxl_crc(void)
{
	/* CRC-16/UMTS check value (B2) and the e-manual ping (B6). */
	static const uint8_t ping[] = { 0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x03,
	    0x00, 0x01 };

	CHECK(servo_dxl_crc16(0, (const uint8_t *)"123456789", 9) == 0xFEE8);
	CHECK(servo_dxl_crc16(0, ping, sizeof ping) == 0x4E19);
}

static void
test_dxl_examples(void)
{
	static const uint8_t bping[] = { 0xFF, 0xFF, 0xFD, 0x00, 0xFE, 0x03,
	    0x00, 0x01, 0x31, 0x42 };
	static const uint8_t wr512[] = { 0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x09,
	    0x00, 0x03, 0x74, 0x00, 0x00, 0x02, 0x00, 0x00, 0xCA, 0x89 };
	static const uint8_t swrite[] = { 0xFF, 0xFF, 0xFD, 0x00, 0xFE, 0x25,
	    0x00, 0x83, 0x74, 0x00, 0x04, 0x00, 0x01, 0x00, 0x08, 0x00, 0x00,
	    0x02, 0x00, 0x04, 0x00, 0x00, 0x03, 0x00, 0x0C, 0x00, 0x00, 0x04,
	    0xFF, 0x07, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x06, 0xFF,
	    0x0F, 0x00, 0x00, 0x7D, 0x70 };
	static const uint8_t reboot[] = { 0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x03,
	    0x00, 0x08, 0x2F, 0x4E };
	static const uint8_t ids[] = { 1, 2, 3, 4, 5, 6 };
	static const uint16_t baddr[] = { 132, 146 }, bcount[] = { 4, 1 };
	uint8_t out[SERVO_FRAME_MAX], v[24];
	static const int32_t pos[6] = { 2048, 1024, 3072, 2047, 0, 4095 };
	const struct servo_reg *goal = servo_reg(SERVO_DXL, SF_GOAL);
	size_t n;
	int i;

	n = servo_ping(SERVO_DXL, out, sizeof out, 1);
	SAME(out, n, dxl_ping);
	n = servo_ping(SERVO_DXL, out, sizeof out, SERVO_BROADCAST);
	SAME(out, n, bping);
	n = servo_read(SERVO_DXL, out, sizeof out, 1, 132, 4);
	SAME(out, n, dxl_rd);
	servo_reg_put(goal, 512, v);
	n = servo_write(SERVO_DXL, out, sizeof out, SERVO_WRITE, 1, 116, v,
	    4);
	SAME(out, n, wr512);
	servo_reg_put(goal, 2048, v);
	n = servo_write(SERVO_DXL, out, sizeof out, SERVO_WRITE, 1, 116, v,
	    4);
	SAME(out, n, dxl_wr2048);
	v[0] = 1;
	n = servo_write(SERVO_DXL, out, sizeof out, SERVO_WRITE, 1, 64, v, 1);
	SAME(out, n, dxl_torque);
	n = servo_sync_read(SERVO_DXL, out, sizeof out, 132, 4, ids, 6);
	SAME(out, n, dxl_sread);
	for (i = 0; i < 6; i++)
		servo_reg_put(goal, pos[i], v + 4 * i);
	n = servo_sync_write(SERVO_DXL, out, sizeof out, 116, 4, ids, 6, v);
	SAME(out, n, swrite);
	servo_reg_put(servo_reg(SERVO_DXL, SF_HOMING), -1047, v);
	n = servo_write(SERVO_DXL, out, sizeof out, SERVO_WRITE, 1, 20, v, 4);
	SAME(out, n, dxl_home);
	n = servo_dxl_bulk_read(out, sizeof out, ids, baddr, bcount, 2);
	SAME(out, n, dxl_bulk);
	n = servo_dxl_encode(out, sizeof out, 1, SERVO_REBOOT, NULL, 0);
	SAME(out, n, reboot);
}

static void
test_dxl_replies(void)
{
	/* B6: ping replies (XL330, XL430), empty, range error, alert,
	 * a read reply, and the stuffed status of B6.7. */
	static const uint8_t wire[] = {
	    0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x07, 0x00, 0x55, 0x00, 0xB0, 0x04,
	    0x2E, 0xED, 0x54,
	    0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x07, 0x00, 0x55, 0x00, 0x24, 0x04,
	    0x2E, 0xFE, 0xDF,
	    0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x04, 0x00, 0x55, 0x00, 0xA1, 0x0C,
	    0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x04, 0x00, 0x55, 0x04, 0xBA, 0x8C,
	    0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x04, 0x00, 0x55, 0x80, 0xA2, 0x8F,
	    0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x08, 0x00, 0x55, 0x00, 0xA6, 0x00,
	    0x00, 0x00, 0x8C, 0xC0,
	    0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x09, 0x00, 0x55, 0x00, 0xFF, 0xFF,
	    0xFD, 0xFD, 0xFF, 0xDA, 0x9E };
	static const uint8_t stuffed[] = { 0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x09,
	    0x00, 0x55, 0x00, 0xFF, 0xFF, 0xFD, 0xFD, 0xFF, 0xDA, 0x9E };
	const struct servo_reg *pos = servo_reg(SERVO_DXL, SF_POSITION);
	struct servo_packet pk[10];
	struct servo_decoder d;
	uint8_t out[32], v[4];
	char text[80];
	size_t n;

	CHECK(decode_all(SERVO_DXL, 1, wire, sizeof wire, pk, 10, &d) == 7);
	CHECK(d.bad_checksums == 0 && d.junk == 0);
	CHECK(pk[0].instr == SERVO_STATUS && pk[0].n == 3 &&
	    servo_get16(pk[0].p) == DXL_MODEL_XL330_M288 && pk[0].p[2] == 46);
	CHECK(servo_get16(pk[1].p) == 1060);
	CHECK(pk[2].n == 0 && pk[2].err == 0);
	CHECK(pk[3].err == DXL_ERR_DATA_RANGE);
	servo_err_text(SERVO_DXL, pk[3].err, text, sizeof text);
	CHECK_STR(text, "data range error");
	CHECK(pk[4].err == DXL_ERR_ALERT);
	servo_err_text(SERVO_DXL, pk[4].err, text, sizeof text);
	CHECK_STR(text, "hardware alert");
	CHECK(pk[5].n == 4 && servo_reg_get(pos, pk[5].p) == 166);
	CHECK(pk[6].n == 4 && servo_reg_get(pos, pk[6].p) == -131073);
	/* and the emulator's side stuffs it the same way */
	servo_put32(v, (uint32_t)-131073);
	n = servo_status(SERVO_DXL, out, sizeof out, 1, 0, v, 4);
	SAME(out, n, stuffed);
}

static void
test_dxl_sync_replies(void)
{
	/* B6.4's six replies */
	static const int32_t want[6] = { 2048, 1024, 3072, 2047, 0, 4095 };
	struct servo_packet pk[8];
	struct servo_decoder d;
	int i;

	CHECK(decode_all(SERVO_DXL, 1, dxl_sync_replies,
	    sizeof dxl_sync_replies, pk, 8, &d) == 6);
	for (i = 0; i < 6; i++)
		CHECK(pk[i].id == i + 1 && servo_reg_get(servo_reg(SERVO_DXL,
		    SF_POSITION), pk[i].p) == want[i]);
}

static void
test_dxl_instructions(void)
{
	/* B6.6's bulk read and B6.5's sync write, the servo's side */
	static const uint8_t wire[] = {
	    0xFF, 0xFF, 0xFD, 0x00, 0xFE, 0x0D, 0x00, 0x92, 0x01, 0x84, 0x00,
	    0x04, 0x00, 0x02, 0x92, 0x00, 0x01, 0x00, 0xFA, 0x7C,
	    0xFF, 0xFF, 0xFD, 0x00, 0xFE, 0x25, 0x00, 0x83, 0x74, 0x00, 0x04,
	    0x00, 0x01, 0x00, 0x08, 0x00, 0x00, 0x02, 0x00, 0x04, 0x00, 0x00,
	    0x03, 0x00, 0x0C, 0x00, 0x00, 0x04, 0xFF, 0x07, 0x00, 0x00, 0x05,
	    0x00, 0x00, 0x00, 0x00, 0x06, 0xFF, 0x0F, 0x00, 0x00, 0x7D, 0x70 };
	struct servo_packet pk[4];
	struct servo_decoder d;
	const uint8_t *data;
	uint16_t addr, count;
	int found;

	CHECK(decode_all(SERVO_DXL, 0, wire, sizeof wire, pk, 4, &d) == 2);
	CHECK(pk[0].instr == SERVO_BULK_READ);
	CHECK(servo_dxl_parse_bulk(&pk[0], 0, 2, &found, &addr, &count, &data) ==
	    0 && found && addr == 146 && count == 1);
	CHECK(servo_dxl_parse_bulk(&pk[0], 0, 1, &found, &addr, &count, &data) ==
	    0 && found && addr == 132 && count == 4);
	CHECK(servo_dxl_parse_bulk(&pk[0], 0, 3, &found, &addr, &count, &data) ==
	    0 && !found);
	CHECK(servo_parse_sync_write(SERVO_DXL, &pk[1], 6, &addr, &count,
	    &data) == 0 && addr == 116 && count == 4 && data &&
	    servo_get32(data) == 4095);
}

/* A bad byte anywhere in a packet loses that packet only. */
static void
test_resync(enum servo_proto p)
{
	const uint8_t *good = p == SERVO_DXL ? dxl_rd_reply : ft_rd_reply;
	size_t len = p == SERVO_DXL ? sizeof dxl_rd_reply :
	    sizeof ft_rd_reply, i, at;
	uint8_t line[64];
	struct servo_packet pk[4];
	struct servo_decoder d;
	int bit, n;

	for (at = 0; at < len; at++)
		for (bit = 0; bit < 8; bit++) {
			memcpy(line, good, len);
			line[at] ^= (uint8_t)(1u << bit);
			line[len] = 0x00;	/* junk between */
			memcpy(line + len + 1, good, len);
			n = decode_all(p, 1, line, 2 * len + 1, pk, 4, &d);
			/* the damaged copy is gone, the clean one found */
			CHECK(n >= 1 && pk[n - 1].id == 1 &&
			    servo_reg_get(servo_reg(p, SF_POSITION),
			    pk[n - 1].p) == 2048);
			for (i = 0; i + 1 < (size_t)n; i++)
				CHECK(0);	/* no false packet */
		}
}

static void
test_resync_both(void)
{
	test_resync(SERVO_FEETECH);
	test_resync(SERVO_DXL);
}

static void
test_random_bytes(void)
{
	struct servo_decoder d;
	struct servo_packet pk;
	uint32_t x = 12345;
	int p, r, i;

	for (p = 0; p < 2; p++)
		for (r = 0; r < 2; r++) {
			servo_decoder_init(&d, (enum servo_proto)p, r);
			for (i = 0; i < 200000; i++) {
				x = x * 1103515245u + 12345u;
				servo_decoder_push(&d, (uint8_t)(x >> 24) |
				    ((x >> 16) & 1u ? 0xF0u : 0u));
				while (servo_decoder_next(&d, &pk))
					CHECK(pk.n <= SERVO_PARAMS_MAX);
				CHECK(d.n <= SERVO_FRAME_MAX);
			}
		}
}

static void
test_limits(void)
{
	uint8_t out[SERVO_FRAME_MAX], big[SERVO_PARAMS_MAX];

	memset(big, 0xFF, sizeof big);
	/* Feetech: LEN at most 250, so 248 parameters */
	CHECK(servo_sts_encode(out, sizeof out, 1, 3, big, 248) == 254);
	CHECK(servo_sts_encode(out, sizeof out, 1, 3, big, 249) == 0);
	CHECK(servo_sts_encode(out, 10, 1, 3, big, 5) == 0);
	CHECK(servo_read(SERVO_FEETECH, out, sizeof out, 1, 300, 2) == 0);
	/* Dynamixel: all FF stuffs nothing; FF FF FD repeated stuffs */
	CHECK(servo_dxl_encode(out, 20, 1, 3, big, 20) == 0);
}

/*
 * SCS (SCS0009): the spec gives no worked SCS packets, only that the
 * packets are STS's and the fields big-endian (A2), so these are worked
 * by hand.  Checksum = ~(sum of ID .. last parameter) & 0xFF.
 *  WRITE Goal_Position (42 = 0x2A) = 512 = 0x0200 to id 1: data 02 00
 *    (STS would send 00 02); 01+05+03+2A+02+00 = 0x35 -> CHK 0xCA.
 *  READ reply, id 1, Present_Position 300 = 0x012C: data 01 2C;
 *    01+04+00+01+2C = 0x32 -> 0xCD.
 *  READ reply, id 1, Model_Number 1284 = 0x0504 (A4's SCS0009): 05 04;
 *    01+04+00+05+04 = 0x0E -> 0xF1.
 *  SYNC WRITE Goal_Position, id 1 = 512, id 2 = 1023 = 0x03FF: LEN =
 *    2 x 3 + 4 = 0x0A; FE+0A+83+2A+02+01+02+00+02+03+FF = 0x2BE -> 0x41.
 */
static void
test_scs_examples(void)
{
	static const uint8_t goal[] = { 0xFF, 0xFF, 0x01, 0x05, 0x03, 0x2A,
	    0x02, 0x00, 0xCA };
	static const uint8_t swrite[] = { 0xFF, 0xFF, 0xFE, 0x0A, 0x83, 0x2A,
	    0x02, 0x01, 0x02, 0x00, 0x02, 0x03, 0xFF, 0x41 };
	static const uint8_t wire[] = {
	    0xFF, 0xFF, 0x01, 0x04, 0x00, 0x01, 0x2C, 0xCD,
	    0xFF, 0xFF, 0x01, 0x04, 0x00, 0x05, 0x04, 0xF1 };
	static const uint8_t ids[] = { 1, 2 };
	const struct servo_reg *g = servo_series_reg(SERVO_SERIES_SCS, SF_GOAL);
	uint8_t out[SERVO_FRAME_MAX], d[4];
	struct servo_packet pk[4];
	struct servo_decoder dec;
	size_t n;

	CHECK(g->addr == 42 && g->size == 2);
	servo_reg_put(g, 512, d);
	n = servo_write(SERVO_FEETECH, out, sizeof out, SERVO_WRITE, 1, g->addr,
	    d, g->size);
	SAME(out, n, goal);
	servo_reg_put(g, 512, d);
	servo_reg_put(g, 1023, d + 2);
	n = servo_sync_write(SERVO_FEETECH, out, sizeof out, g->addr, g->size,
	    ids, 2, d);
	SAME(out, n, swrite);
	CHECK(decode_all(SERVO_FEETECH, 1, wire, sizeof wire, pk, 4, &dec) ==
	    2);
	CHECK(servo_reg_get(servo_series_reg(SERVO_SERIES_SCS, SF_POSITION),
	    pk[0].p) == 300);
	CHECK(servo_reg_get(servo_series_reg(SERVO_SERIES_SCS, SF_MODEL),
	    pk[1].p) == SCS_MODEL_SCS0009);
	/* the same bytes read as STS (little-endian) mean something else:
	 * 2C 01 -> 0x2C01 with bit 15 clear = 11265; 04 05 -> 0x0405 */
	CHECK(servo_reg_get(servo_reg(SERVO_FEETECH, SF_POSITION),
	    pk[0].p) == 0x2C01);
	CHECK(servo_reg_get(servo_reg(SERVO_FEETECH, SF_MODEL), pk[1].p) ==
	    0x0405);
}

/* What the SCS table says, as the spec (A2, A3) and its source S1 do. */
static void
test_scs_table(void)
{
	static const uint8_t load[2] = { 0x04, 0x32 };
	const struct servo_series_info *i = servo_series(SERVO_SERIES_SCS);

	CHECK(i->proto == SERVO_FEETECH && i->sync_read == 0 &&
	    i->ticks == 1024 && i->model == 1284);
	CHECK(servo_series(SERVO_SERIES_STS)->sync_read == 1);
	/* no homing offset, no current; the lock at 48 (STS: 55) */
	CHECK(servo_series_reg(SERVO_SERIES_SCS, SF_HOMING)->size == 0);
	CHECK(servo_series_reg(SERVO_SERIES_SCS, SF_CURRENT)->size == 0);
	CHECK(servo_series_reg(SERVO_SERIES_SCS, SF_LOCK)->addr == 48);
	/* no direction bit: 04 32 is 0x0432 = 1074, where an STS load
	 * (32 04 on its wire) would be -50 */
	CHECK(servo_reg_get(servo_series_reg(SERVO_SERIES_SCS, SF_LOAD),
	    load) == 1074);
	CHECK(servo_series_find("SCS0009") == SERVO_SERIES_SCS);
	CHECK(servo_series_find("scs15") == SERVO_SERIES_SCS);
	CHECK(servo_series_find("sts3215") == SERVO_SERIES_STS);
	CHECK(servo_series_find("xl330") == SERVO_SERIES_DXL);
	CHECK(servo_series_find("sts32") == -1);
	CHECK(servo_series_find("") == -1);
	CHECK(servo_series_of(SERVO_DXL) == SERVO_SERIES_DXL);
}

/* One codec, either byte order: 12 34 56 78 is 0x12345678 big-endian,
 * 0x78563412 little-endian; writing gives the bytes back. */
static void
test_field_order(void)
{
	static const uint8_t b[4] = { 0x12, 0x34, 0x56, 0x78 };
	uint8_t out[4];

	CHECK(servo_field_get(b, 4, 1) == 0x12345678u);
	CHECK(servo_field_get(b, 4, 0) == 0x78563412u);
	CHECK(servo_field_get(b, 2, 1) == 0x1234u);
	CHECK(servo_field_get(b, 2, 0) == 0x3412u);
	CHECK(servo_field_get(b, 1, 1) == 0x12u);
	CHECK(servo_field_get(b, 5, 0) == 0);
	servo_field_put(out, 4, 0x12345678u, 1);
	CHECK(memcmp(out, b, 4) == 0);
	servo_field_put(out, 4, 0x78563412u, 0);
	CHECK(memcmp(out, b, 4) == 0);
	servo_field_put(out, 2, 0x3412u, 0);
	CHECK(out[0] == 0x12 && out[1] == 0x34);
}

int
main(void)
{
	RUN(test_sts_examples);
	RUN(test_sts_replies);
	RUN(test_sign_magnitude);
	RUN(test_scs_examples);
	RUN(test_scs_table);
	RUN(test_field_order);
	RUN(test_sts_instructions);
	RUN(test_dxl_crc);
	RUN(test_dxl_examples);
	RUN(test_dxl_replies);
	RUN(test_dxl_sync_replies);
	RUN(test_dxl_instructions);
	RUN(test_resync_both);
	RUN(test_random_bytes);
	RUN(test_limits);
	return check_report("servo");
}
