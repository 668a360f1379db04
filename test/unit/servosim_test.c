/*
 * servosim_test.c - unit tests for the servo emulator: its replies to the
 * spec's worked requests must be the spec's worked replies (bytes copied
 * from spec/servo-buses.md A6/B6), and the joint behind it moves, stops at
 * an obstacle and reports load as worked out by hand in the comments.
 */
#include <stdint.h>
#include <string.h>

#include "arm/arm.h"
#include "check.h"
#include "servo_frames.h"
#include "servo/regs.h"
#include "servo/servo.h"
#include "servoarm/servoarm.h"
#include "servosim/servosim.h"

struct line {
	uint8_t b[4096];
	size_t n;
	uint32_t delay;
};

static void
collect(void *ctx, const uint8_t *bytes, size_t n, uint32_t delay_us)
{
	struct line *l = ctx;

	if (l->n + n <= sizeof l->b) {
		memcpy(l->b + l->n, bytes, n);
		l->n += n;
	}
	l->delay = delay_us;
}

/* Send a request; the bytes that came back. */
static struct line *
ask(struct servosim *s, const uint8_t *req, size_t n)
{
	static struct line l;

	memset(&l, 0, sizeof l);
	servosim_rx(s, req, n, collect, &l);
	return &l;
}

#define ASK_SAME(s, req, want) do { \
	struct line *l_ = ask((s), (req), sizeof(req)); \
	CHECK(l_->n == sizeof(want) && memcmp(l_->b, (want), \
	    sizeof(want)) == 0); \
} while (0)

static void
six(struct servosim *s, enum servo_proto p)
{
	static const double at[6] = { 2048, 1024, 3072, 2047, 0, 4095 };
	int i;

	servosim_init(s, p);
	for (i = 0; i < 6; i++)
		CHECK(servosim_add(s, (uint8_t)(i + 1), at[i]) != NULL);
}

static void
test_sts_replies(void)
{
	static const uint8_t pong[] = { 0xFF, 0xFF, 0x01, 0x02, 0x00, 0xFC };
	static const uint8_t model_r[] = { 0xFF, 0xFF, 0x01, 0x04, 0x00, 0x09,
	    0x03, 0xEE };
	static const uint8_t sread_r[] = {
	    0xFF, 0xFF, 0x01, 0x04, 0x00, 0x00, 0x08, 0xF2,
	    0xFF, 0xFF, 0x02, 0x04, 0x00, 0x00, 0x04, 0xF5,
	    0xFF, 0xFF, 0x03, 0x04, 0x00, 0x00, 0x0C, 0xEC,
	    0xFF, 0xFF, 0x04, 0x04, 0x00, 0xFF, 0x07, 0xF1,
	    0xFF, 0xFF, 0x05, 0x04, 0x00, 0x00, 0x00, 0xF6,
	    0xFF, 0xFF, 0x06, 0x04, 0x00, 0xFF, 0x0F, 0xE7 };
	static struct servosim s;
	struct line *l;

	six(&s, SERVO_FEETECH);
	ASK_SAME(&s, ft_ping, pong);
	ASK_SAME(&s, ft_model, model_r);
	ASK_SAME(&s, ft_rd, ft_rd_reply);
	ASK_SAME(&s, ft_goal, pong);
	ASK_SAME(&s, ft_sread, sread_r);
	l = ask(&s, ft_swrite, sizeof ft_swrite);	/* a sync write: no reply */
	CHECK(l->n == 0);
	CHECK(servosim_get(&s, &s.m[3], SF_GOAL) == 2047);
	l = ask(&s, ft_bping, sizeof ft_bping);	/* everyone answers */
	CHECK(l->n == 6 * 6);
	/* a bad checksum is ignored */
	{
		uint8_t bad[sizeof ft_ping];

		memcpy(bad, ft_ping, sizeof bad);
		bad[5] ^= 1;
		CHECK(ask(&s, bad, sizeof bad)->n == 0);
	}
}

static void
test_sts_rules(void)
{
	/* id 6, after A6.7's ID := 6 (servo_frames.h) */
	static const uint8_t ping6[] = { 0xFF, 0xFF, 0x06, 0x02, 0x01, 0xF6 };
	static const uint8_t pong6[] = { 0xFF, 0xFF, 0x06, 0x02, 0x00, 0xF7 };
	static struct servosim s;
	struct servosim_motor *m;
	uint8_t req[16];
	size_t n;

	servosim_init(&s, SERVO_FEETECH);
	m = servosim_add(&s, 1, 3000);
	CHECK(servosim_add(&s, 2, 100) != NULL);
	CHECK(servosim_add(&s, 1, 5) == NULL);	/* the id is taken */
	/* "set middle": 3000 reads 2048, so the offset is 952 */
	req[0] = 128;
	n = servo_write(SERVO_FEETECH, req, sizeof req, SERVO_WRITE, 1, 40,
	    req, 1);
	CHECK(ask(&s, req, n)->n == 6);
	CHECK(servosim_get(&s, m, SF_HOMING) == 952);
	CHECK(servosim_present(&s, m) == 2048);
	/* read-only fields stay */
	req[0] = 0;
	n = servo_write(SERVO_FEETECH, req, sizeof req, SERVO_WRITE, 1, 3,
	    req, 1);
	ask(&s, req, n);
	CHECK(servosim_get(&s, m, SF_MODEL) == 777);
	/* the joint: ft_torque on, goal 2048 + 1000, max speed 2868 ticks/s:
	 * after 0.2 s it has gone 573.6 ticks, after 1 s it is there */
	ask(&s, ft_torque, sizeof ft_torque);
	servosim_set(&s, m, SF_GOAL, 3048);
	servosim_step(&s, 0.2);
	CHECK(servosim_present(&s, m) == 2048 + 574);
	servosim_step(&s, 0.8);
	CHECK(servosim_present(&s, m) == 3048);
	/* a registered write waits for ACTION */
	ask(&s, ft_regw, sizeof ft_regw);
	CHECK(servosim_get(&s, &s.m[1], SF_GOAL) != 1000);
	CHECK(ask(&s, ft_action, sizeof ft_action)->n == 0);
	CHECK(servosim_get(&s, &s.m[1], SF_GOAL) == 1000);
	/* with Lock = 1 an EEPROM change is lost at power-off */
	servosim_set(&s, m, SF_LOCK, 1);
	ask(&s, ft_setid, sizeof ft_setid);
	ASK_SAME(&s, ping6, pong6);
	servosim_power_cycle(&s, m);
	CHECK(servosim_get(&s, m, SF_ID) == 1);
	/* status level 0: a write is not answered, a read is */
	servosim_set(&s, m, SF_STATUS_LEVEL, 0);
	CHECK(ask(&s, ft_torque, sizeof ft_torque)->n == 0);
	n = servo_read(SERVO_FEETECH, req, sizeof req, 1, 56, 2);
	CHECK(ask(&s, req, n)->n == 8);
}

static void
test_obstacle(void)
{
	static struct servosim s;
	struct servosim_motor *m;
	struct servo_packet pk;
	struct servo_decoder d;
	struct line *l;
	uint8_t req[16];
	size_t i, n;

	servosim_init(&s, SERVO_FEETECH);
	m = servosim_add(&s, 3, 2048);
	m->has_stop = 1;
	m->stop_lo = 0;
	m->stop_hi = 2200;
	servosim_set(&s, m, SF_TORQUE, 1);
	servosim_set(&s, m, SF_GOAL, 2300);
	servosim_step(&s, 0.5);
	/* held at 2200, 100 ticks behind: load 150 + 8 x 100 = 950 */
	CHECK(servosim_present(&s, m) == 2200);
	CHECK(m->load == 950);
	/* Present_Load reads it, sign-magnitude at bit 10; the current is
	 * (150 + 0.95 x 1850) mA / 6.5 = 293.46 -> 293 */
	n = servo_read(SERVO_FEETECH, req, sizeof req, 3, 56, 15);
	l = ask(&s, req, n);
	servo_decoder_init(&d, SERVO_FEETECH, 1);
	for (i = 0; i < l->n; i++)
		servo_decoder_push(&d, l->b[i]);
	CHECK(servo_decoder_next(&d, &pk) == 1 && pk.n == 15);
	CHECK(servo_get16(pk.p) == 2200);
	CHECK(servo_get16(pk.p + 4) == 950);
	CHECK(servo_get16(pk.p + 13) == 293);
	/* Protection_Time 2 s over Overload_Torque 80 %: the overload bit,
	 * and the drive down to Protective_Torque, 20 % (torque still on) */
	servosim_step(&s, 1.0);
	CHECK(m->latched == 0 && m->load == 950);
	servosim_step(&s, 1.1);
	CHECK(servosim_get(&s, m, SF_TORQUE) == 1);
	CHECK(m->load == 200);
	l = ask(&s, req, n);
	CHECK(l->n == 21 && l->b[4] == STS_ERR_OVERLOAD);
	CHECK(servo_get16(l->b + 9) == 200);
	servosim_step(&s, 5);
	CHECK(m->load == 200 && servosim_present(&s, m) == 2200);
	/* a servo that fell silent */
	m->mute_after = 0;
	CHECK(ask(&s, req, n)->n == 0);
}

/*
 * The overload protection only as armed and only over its threshold: a
 * held joint whose Torque_Limit is under Overload_Torque never trips (the
 * gripper's grip, servoarm_configure), nor one whose Unloading_Condition
 * lacks the overload bit; a Dynamixel's trip forces its torque off.
 */
static void
test_overload_rules(void)
{
	static struct servosim s;
	struct servosim_motor *m;
	int dxl;

	for (dxl = 0; dxl < 2; dxl++) {
		servosim_init(&s, dxl ? SERVO_DXL : SERVO_FEETECH);
		m = servosim_add(&s, 6, 2048);
		m->has_stop = 1;
		m->stop_lo = 0;
		m->stop_hi = 2200;
		servosim_set(&s, m, SF_TORQUE, 1);
		servosim_set(&s, m, SF_GOAL, 3000);
		if (!dxl) {
			/* 24 % against a 25 % threshold: held for ever */
			servosim_set(&s, m, SF_OVERLOAD, 25);
			servosim_set(&s, m, SF_TORQUE_LIMIT, 240);
			servosim_step(&s, 0.5);
			servosim_step(&s, 60);
			CHECK(m->load == 240 && m->latched == 0);
			CHECK(servosim_get(&s, m, SF_TORQUE) == 1);
			servosim_set(&s, m, SF_TORQUE_LIMIT, 1000);
		}
		/* 150 + 8 x 800 is over stall: 100 %, but not armed */
		servosim_set(&s, m, SF_SHUTDOWN, dxl ? 0x15 : 0x0C);
		servosim_step(&s, 0.5);
		servosim_step(&s, 60);
		CHECK(m->load == 1000 && m->latched == 0);
		/* armed (the factory's bits): 2 s later it trips */
		servosim_set(&s, m, SF_SHUTDOWN, dxl ? 0x35 : 0x2C);
		servosim_step(&s, 1.9);
		CHECK(m->latched == 0);
		servosim_step(&s, 0.2);
		CHECK(m->latched == (dxl ? DXL_HW_OVERLOAD : STS_ERR_OVERLOAD));
		CHECK(servosim_get(&s, m, SF_TORQUE) == !dxl);
	}
}

/*
 * A servo hears only its own baud rate (when the line's is known): the
 * PING of spec B6 to an XL330 at the factory's 57600 (code 1), and a
 * Feetech broadcast PING to STS3215s at 1 Mbaud (code 0) and 500000 (1).
 */
static void
test_baud_rates(void)
{
	static struct servosim s;
	struct servosim_motor *m;

	servosim_init(&s, SERVO_DXL);
	CHECK((m = servosim_add(&s, 1, 2048)) != NULL);
	CHECK(servosim_get(&s, m, SF_BAUD) == 1);
	s.baud = 1000000;
	CHECK(ask(&s, dxl_ping, sizeof dxl_ping)->n == 0);
	s.baud = 57600;
	CHECK(ask(&s, dxl_ping, sizeof dxl_ping)->n == 14);
	s.baud = 0;
	CHECK(ask(&s, dxl_ping, sizeof dxl_ping)->n == 14);
	CHECK(servo_baud_rate(SERVO_DXL, 3) == 1000000);
	CHECK(servo_baud_code(SERVO_DXL, 57600) == 1);
	CHECK(servo_baud_rate(SERVO_DXL, 8) == -1);

	servosim_init(&s, SERVO_FEETECH);
	CHECK(servosim_add(&s, 1, 2048) != NULL);
	CHECK((m = servosim_add(&s, 2, 2048)) != NULL);
	servosim_set(&s, m, SF_BAUD, 1);
	s.baud = 1000000;
	CHECK(ask(&s, ft_bping, sizeof ft_bping)->n == 6);
	s.baud = 500000;
	CHECK(ask(&s, ft_bping, sizeof ft_bping)->n == 6);
	CHECK(ask(&s, ft_bping, sizeof ft_bping)->b[2] == 2);
	s.baud = 0;
	CHECK(ask(&s, ft_bping, sizeof ft_bping)->n == 12);
	CHECK(servo_baud_code(SERVO_FEETECH, 76800) == 5);
	CHECK(servo_baud_code(SERVO_FEETECH, 230400) == -1);
}

/*
 * CLEAR (B3) on an XL330 in extended position mode (Operating_Mode 4):
 * at 10000 ticks, two turns and 1808 over, it reads 1808 after; refused
 * while moving (Result Fail) and for other parameters (Data Range).
 */
static void
test_dxl_clear(void)
{
	static const uint8_t key[] = { 0x01, 0x44, 0x58, 0x4C, 0x22 };
	static const uint8_t bad[] = { 0x02, 0x44, 0x58, 0x4C, 0x22 };
	static struct servosim s;
	struct servosim_motor *m;
	uint8_t req[32];
	struct line *l;
	size_t n;

	servosim_init(&s, SERVO_DXL);
	CHECK((m = servosim_add(&s, 1, 2048)) != NULL);
	servosim_set(&s, m, SF_MODE, 4);
	servosim_set(&s, m, SF_TORQUE, 1);
	servosim_set(&s, m, SF_GOAL, 10000);
	servosim_step(&s, 1.0);
	CHECK(servosim_get(&s, m, SF_MOVING) == 1);
	n = servo_dxl_encode(req, sizeof req, 1, SERVO_CLEAR, key, sizeof key);
	l = ask(&s, req, n);
	CHECK(l->n == 11 && l->b[8] == DXL_ERR_RESULT_FAIL);
	servosim_step(&s, 5.0);
	servosim_step(&s, 0.1);
	CHECK(servosim_present(&s, m) == 10000);
	CHECK(servosim_get(&s, m, SF_MOVING) == 0);
	l = ask(&s, req, n);
	CHECK(l->n == 11 && l->b[8] == 0);
	CHECK(servosim_present(&s, m) == 1808);
	CHECK(servosim_get(&s, m, SF_POSITION) == 1808);
	servosim_step(&s, 1.0);		/* the goal came along: it stays */
	CHECK(servosim_present(&s, m) == 1808);
	n = servo_dxl_encode(req, sizeof req, 1, SERVO_CLEAR, bad, sizeof bad);
	l = ask(&s, req, n);
	CHECK(l->n == 11 && l->b[8] == DXL_ERR_DATA_RANGE);
}

static void
test_dxl_replies(void)
{
	/* XL330-M288, firmware 46 */
	static const uint8_t pong[] = { 0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x07,
	    0x00, 0x55, 0x00, 0xB0, 0x04, 0x2E, 0xED, 0x54 };
	static const uint8_t ok[] = { 0xFF, 0xFF, 0xFD, 0x00, 0x01, 0x04,
	    0x00, 0x55, 0x00, 0xA1, 0x0C };
	/* Homing_Offset := -1047 (EEPROM) with the dxl_torque on */
	static struct servosim s;
	struct servo_packet pk;
	struct servo_decoder d;
	struct line *l;
	size_t i;
	int k = 0;

	six(&s, SERVO_DXL);
	ASK_SAME(&s, dxl_ping, pong);
	ASK_SAME(&s, dxl_rd, dxl_rd_reply);
	ASK_SAME(&s, dxl_wr2048, ok);
	ASK_SAME(&s, dxl_sread, dxl_sync_replies);
	ASK_SAME(&s, dxl_torque, ok);
	l = ask(&s, dxl_home, sizeof dxl_home);
	servo_decoder_init(&d, SERVO_DXL, 1);
	for (i = 0; i < l->n; i++)
		servo_decoder_push(&d, l->b[i]);
	CHECK(servo_decoder_next(&d, &pk) && pk.err == DXL_ERR_ACCESS);
	CHECK(servosim_get(&s, &s.m[0], SF_HOMING) == 0);
	/* dxl_bulk read: id 1's position (2048), then id 2's temperature */
	l = ask(&s, dxl_bulk, sizeof dxl_bulk);
	servo_decoder_init(&d, SERVO_DXL, 1);
	for (i = 0; i < l->n; i++) {
		servo_decoder_push(&d, l->b[i]);
		while (servo_decoder_next(&d, &pk)) {
			if (k == 0)
				CHECK(pk.id == 1 && pk.n == 4 &&
				    servo_get32(pk.p) == 2048);
			else
				CHECK(pk.id == 2 && pk.n == 1 && pk.p[0] == 35);
			k++;
		}
	}
	CHECK(k == 2);
	/* an injected fault shows as the alert bit (B6: ERR 0x80) */
	s.m[0].fault = DXL_HW_OVERHEAT;
	l = ask(&s, dxl_wr2048, sizeof dxl_wr2048);
	CHECK(l->n == 11 && l->b[8] == DXL_ERR_ALERT);
	/* Dynamixel: present = actual + offset */
	servosim_set(&s, &s.m[1], SF_HOMING, 100);
	CHECK(servosim_present(&s, &s.m[1]) == 1124);
}

static void
test_servoarm(void)
{
	static struct arm_desc d;
	struct servoarm a;
	char why[100];

	/* the built-in SO-101 is examples/arms/so101.yaml's */
	CHECK(arm_builtin_so101(&d) == 0);
	CHECK(servoarm_from_desc(&a, &d, why, sizeof why) == 0);
	CHECK(a.n == 6 && a.j[0].id == 1 && a.j[5].id == 6);
	CHECK(a.j[2].lo == -96 && a.j[2].hi == 96);
	CHECK(a.j[4].role == ARM_ROLL && a.j[5].gripper);
	CHECK_STR(a.j[1].name, "shoulder_lift");
	/* 2048 + 90 x 4096 / 360 = 3072 */
	CHECK_NEAR(servoarm_ticks(&a.j[0], 90), 3072, 1e-9);
	CHECK_NEAR(servoarm_value(&a.j[0], 1024), -90, 1e-9);
	/* the gripper, as examples/arms/so101.yaml: shut at 0 degrees,
	 * open at 100 */
	CHECK_NEAR(servoarm_grip_value(&a, 50), 50, 1e-9);
	CHECK_NEAR(servoarm_grip_pct(&a, 25), 25, 1e-9);
	CHECK(servoarm_find(&a, "gripper") == 5);
	CHECK(servoarm_find(&a, "3") == 2);
	CHECK(servoarm_find(&a, "elbow") == -1);
	CHECK(servoarm_find(&a, "3x") == -1);
}

/*
 * An SCS0009 next to an STS3215 on one Feetech bus (bytes worked by hand
 * in servo_test.c's SCS comment): its model reads 05 04 (1284,
 * big-endian), a big-endian goal of 512 moves it there, and it does not
 * answer SYNC READ (spec A3) while the STS does.
 *  READ Model_Number, id 2: FF FF 02 04 02 03 02 CHK; 02+04+02+03+02 =
 *    0x0D -> 0xF2.  Reply 02+04+00+05+04 = 0x0F -> 0xF0.
 *  WRITE Goal_Position 512 to id 2: 02+05+03+2A+02+00 = 0x36 -> 0xC9.
 *  SYNC READ Present_Position of ids 1, 2: LEN 6, FE+06+82+38+02+01+02
 *    = 254+6+130+56+2+1+2 = 451 = 0x1C3 -> 0x3C.
 */
static void
test_scs(void)
{
	static const uint8_t model[] = { 0xFF, 0xFF, 0x02, 0x04, 0x02, 0x03,
	    0x02, 0xF2 };
	static const uint8_t model_r[] = { 0xFF, 0xFF, 0x02, 0x04, 0x00, 0x05,
	    0x04, 0xF0 };
	static const uint8_t goal[] = { 0xFF, 0xFF, 0x02, 0x05, 0x03, 0x2A,
	    0x02, 0x00, 0xC9 };
	static const uint8_t on[] = { 0xFF, 0xFF, 0x02, 0x04, 0x03, 0x28,
	    0x01, 0xCD };
	static const uint8_t sread[] = { 0xFF, 0xFF, 0xFE, 0x06, 0x82, 0x38,
	    0x02, 0x01, 0x02, 0x3C };
	static struct servosim s;
	struct servosim_motor *m;
	struct line *l;
	int k;

	servosim_init(&s, SERVO_FEETECH);
	CHECK(servosim_add(&s, 1, 2048) != NULL);
	CHECK((m = servosim_add_series(&s, 2, SERVO_SERIES_SCS, 100)) != NULL);
	CHECK(servosim_add_series(&s, 3, SERVO_SERIES_DXL, 0) == NULL);
	ASK_SAME(&s, model, model_r);
	l = ask(&s, sread, sizeof sread);
	/* only id 1 answers: FF FF 01 04 00 00 08 F2 (spec A6.3) */
	CHECK(l->n == 8 && l->b[2] == 1 && l->b[5] == 0x00 && l->b[6] == 0x08);
	CHECK(ask(&s, goal, sizeof goal)->n == 6);
	CHECK(ask(&s, on, sizeof on)->n == 6);	/* torque (40) on */
	CHECK(servosim_get(&s, m, SF_GOAL) == 512);
	for (k = 0; k < 100; k++)
		servosim_step(&s, 0.01);
	CHECK(servosim_present(&s, m) == 512);
	CHECK(m->tab[56] == 0x02 && m->tab[57] == 0x00);
	/* moving down it reports the load's size, no sign bit (S1) */
	servosim_set(&s, m, SF_GOAL, 400);
	servosim_step(&s, 0.01);
	CHECK(servosim_get(&s, m, SF_LOAD) > 0);
}

/* A request built with core/servo (checked byte for byte against the
 * spec in servo_test.c): the reply, decoded; 0 when none came. */
static int
call(struct servosim *s, const uint8_t *req, size_t n,
    struct servo_packet *pk)
{
	struct servo_decoder d;
	struct line *l = ask(s, req, n);
	size_t i;

	servo_decoder_init(&d, s->proto, 1);
	for (i = 0; i < l->n; i++)
		servo_decoder_push(&d, l->b[i]);
	return servo_decoder_next(&d, pk);
}

static int
dxl_write(struct servosim *s, uint8_t id, uint16_t addr, const uint8_t *v,
    uint16_t n, struct servo_packet *pk)
{
	uint8_t req[64];

	return call(s, req, servo_write(SERVO_DXL, req, sizeof req,
	    SERVO_WRITE, id, addr, v, n), pk);
}

/*
 * Dynamixel as the e-manual says (B2, B3, B4; arms.md 1-5, 8): Status
 * Return Level 0 answers PING only; REBOOT starts the RAM afresh (LED 0,
 * goal where the shaft is, profile velocity 0); FACTORY RESET restores
 * 57600 baud (code 1) and a 250 x 2 us return delay, and a broadcast
 * 0xFF is refused from firmware 42 on; a field written in part is error
 * 5, a value beyond its range error 6; REG_WRITE raises the pending
 * flag (69); a latched alert keeps the torque off until REBOOT.
 */
static void
test_dxl_fidelity(void)
{
	static struct servosim s;
	uint8_t req[32], one = 1, zero = 0, two[2] = { 0xD0, 0x07 },
	    big[4] = { 0x88, 0x13, 0, 0 }, v77[4] = { 77, 0, 0, 0 };
	struct servo_packet pk;
	struct servosim_motor *m;
	size_t n;

	six(&s, SERVO_DXL);
	m = servosim_find(&s, 1);
	/* SRL 0 (its own write then goes unanswered): READ unanswered,
	 * PING answered */
	CHECK(dxl_write(&s, 1, 68, &zero, 1, &pk) == 0);
	CHECK(servosim_get(&s, m, SF_STATUS_LEVEL) == 0);
	n = servo_read(SERVO_DXL, req, sizeof req, 1, 65, 1);
	CHECK(call(&s, req, n, &pk) == 0);
	n = servo_ping(SERVO_DXL, req, sizeof req, 1);
	CHECK(call(&s, req, n, &pk) == 1);
	servosim_set(&s, m, SF_STATUS_LEVEL, 2);
	/* 2 bytes into the 4-byte goal; 5000 beyond Max_Position_Limit;
	 * torque 2; all refused, nothing stored */
	CHECK(dxl_write(&s, 1, 116, two, 2, &pk) == 1 &&
	    pk.err == DXL_ERR_DATA_LENGTH);
	CHECK(dxl_write(&s, 1, 116, big, 4, &pk) == 1 &&
	    pk.err == DXL_ERR_DATA_LIMIT);
	CHECK(servosim_get(&s, m, SF_GOAL) == 2048);
	one = 2;
	CHECK(dxl_write(&s, 1, 64, &one, 1, &pk) == 1 &&
	    pk.err == DXL_ERR_DATA_LIMIT);
	one = 1;
	/* REBOOT: LED, goal, profile velocity back to their start */
	CHECK(dxl_write(&s, 1, 65, &one, 1, &pk) == 1 && pk.err == 0);
	CHECK(dxl_write(&s, 1, 112, v77, 4, &pk) == 1 && pk.err == 0);
	servosim_set(&s, m, SF_GOAL, 2500);
	n = servo_dxl_encode(req, sizeof req, 1, SERVO_REBOOT, NULL, 0);
	CHECK(call(&s, req, n, &pk) == 1);
	CHECK(servosim_get(&s, m, SF_LED) == 0);
	CHECK(servosim_get(&s, m, SF_GOAL_SPEED) == 0);
	CHECK(servosim_get(&s, m, SF_GOAL) == servosim_present(&s, m));
	/* REG_WRITE: pending until ACTION */
	n = servo_write(SERVO_DXL, req, sizeof req, SERVO_REG_WRITE, 1, 65,
	    &one, 1);
	CHECK(call(&s, req, n, &pk) == 1);
	CHECK(servosim_get(&s, m, SF_REG_PENDING) == 1);
	n = servo_action(SERVO_DXL, req, sizeof req, 1);
	CHECK(call(&s, req, n, &pk) == 1);
	CHECK(servosim_get(&s, m, SF_REG_PENDING) == 0 &&
	    servosim_get(&s, m, SF_LED) == 1);
	/* an alert: torque refused until REBOOT */
	m->latched = DXL_HW_OVERLOAD;
	CHECK(dxl_write(&s, 1, 64, &one, 1, &pk) == 1 &&
	    (pk.err & 0x7F) == DXL_ERR_RESULT_FAIL);
	CHECK(servosim_get(&s, m, SF_TORQUE) == 0);
	n = servo_dxl_encode(req, sizeof req, 1, SERVO_REBOOT, NULL, 0);
	CHECK(call(&s, req, n, &pk) == 1);
	CHECK(dxl_write(&s, 1, 64, &one, 1, &pk) == 1 && pk.err == 0);
	CHECK(dxl_write(&s, 1, 64, &zero, 1, &pk) == 1);
	/* FACTORY RESET 0x01 of id 2: the factory's baud and delay */
	servosim_set(&s, &s.m[1], SF_BAUD, 3);
	one = 0x01;
	n = servo_dxl_encode(req, sizeof req, 2, SERVO_FACTORY_RESET, &one, 1);
	CHECK(call(&s, req, n, &pk) == 1);
	CHECK(servosim_get(&s, &s.m[1], SF_BAUD) == 1);
	CHECK(servosim_get(&s, &s.m[1], SF_RETURN_DELAY) == 250);
	CHECK(servosim_get(&s, &s.m[1], SF_ID) == 2);
	/* broadcast 0xFF on firmware 46: refused, every id kept */
	one = 0xFF;
	n = servo_dxl_encode(req, sizeof req, SERVO_BROADCAST, SERVO_FACTORY_RESET,
	    &one, 1);
	(void)call(&s, req, n, &pk);
	CHECK(servosim_find(&s, 6) != NULL);
}

/*
 * An XL430-W250 (model 1060, B4): its PING says so, 126 is its load in
 * 0.1 %, and it has no current limit.  A Feetech wheel (Operating_Mode
 * 1) turns at its goal velocity: 500 steps/s for a second; and the
 * Acceleration register shapes a move: at 254 x 100 steps/s^2 a 1000-
 * step move is still short of its end after 0.1 s (instantly it would
 * be 287 steps on, at the STS3215's top speed, in that time).
 */
static void
test_models_and_motion(void)
{
	static struct servosim s;
	struct servosim_motor *m;
	struct servo_packet pk;
	uint8_t req[16];
	int k;

	servosim_init(&s, SERVO_DXL);
	CHECK((m = servosim_add_series(&s, 1, SERVO_SERIES_XL430, 2048)) !=
	    NULL);
	CHECK(call(&s, req, servo_ping(SERVO_DXL, req, sizeof req, 1), &pk) ==
	    1 && pk.n == 3 && servo_get16(pk.p) == 1060);
	CHECK(servo_series_reg(SERVO_SERIES_XL430, SF_LOAD)->addr == 126);
	CHECK(servo_series_reg(SERVO_SERIES_XL430, SF_CURRENT_LIMIT)->size == 0);
	servosim_init(&s, SERVO_FEETECH);
	m = servosim_add(&s, 1, 1000);
	servosim_set(&s, m, SF_MODE, 1);
	servosim_set(&s, m, SF_WHEEL_SPEED, 500);
	servosim_set(&s, m, SF_TORQUE, 1);
	for (k = 0; k < 1000; k++)
		servosim_step(&s, 0.001);
	CHECK_NEAR(m->shaft, 1500, 1);
	servosim_set(&s, m, SF_MODE, 0);
	servosim_set(&s, m, SF_GOAL_SPEED, 0);	/* no speed: its top */
	servosim_set(&s, m, SF_GOAL, servosim_present(&s, m) + 1000);
	servosim_set(&s, m, SF_ACCEL, 254);
	m->vel = 0;
	for (k = 0; k < 100; k++)
		servosim_step(&s, 0.001);
	/* from rest at 25400 steps/s^2: 127 steps in 0.1 s */
	CHECK_NEAR(m->shaft, 1500 + 127, 3);
}

/*
 * FAST SYNC READ (0x8A), the ROBOTIS e-manual's own example (Protocol 2.0,
 * "Fast Sync Read"): Present_Position (132, 4 bytes) of ids 3, 7 and 4 at
 * 166, 2079 and 1023.  One status packet from 0xFE, LEN 0x19 = 1 + 3 x
 * (ERR + ID + 4 data + 2 CRC); each block's CRC covers the packet from
 * its first FF (84 08, then 16 CA), the last is the packet's (D1 9E).
 */
static void
test_dxl_fast_sync_read(void)
{
	static const uint8_t req[] = { 0xFF, 0xFF, 0xFD, 0x00, 0xFE, 0x0A,
	    0x00, 0x8A, 0x84, 0x00, 0x04, 0x00, 0x03, 0x07, 0x04, 0x20, 0xF2 };
	static const uint8_t rep[] = { 0xFF, 0xFF, 0xFD, 0x00, 0xFE, 0x19,
	    0x00, 0x55, 0x00, 0x03, 0xA6, 0x00, 0x00, 0x00, 0x84, 0x08,
	    0x00, 0x07, 0x1F, 0x08, 0x00, 0x00, 0x16, 0xCA,
	    0x00, 0x04, 0xFF, 0x03, 0x00, 0x00, 0xD1, 0x9E };
	static const uint8_t ids[] = { 3, 7, 4 };
	struct servo_decoder d;
	struct servo_packet pk;
	struct servosim s;
	struct line *l;
	uint8_t out[64], data[12], err[3];
	size_t i, n;

	CHECK(servo_dxl_fast_sync_read(out, sizeof out, 132, 4, ids, 3) ==
	    sizeof req && memcmp(out, req, sizeof req) == 0);
	servosim_init(&s, SERVO_DXL);
	CHECK(servosim_add(&s, 3, 166) != NULL);
	CHECK(servosim_add(&s, 4, 1023) != NULL);
	CHECK(servosim_add(&s, 7, 2079) != NULL);
	ASK_SAME(&s, req, rep);
	/* the host's side: a decoder told to expect it takes it whole */
	servo_decoder_init(&d, SERVO_DXL, 1);
	d.fast = 1;
	for (i = 0; i < sizeof rep; i++)
		servo_decoder_push(&d, rep[i]);
	CHECK(servo_decoder_next(&d, &pk) == 1);
	CHECK(servo_dxl_parse_fast(&pk, 4, ids, 3, data, err) == 0);
	CHECK(servo_get32(data) == 166 && servo_get32(data + 4) == 2079 &&
	    servo_get32(data + 8) == 1023 && err[0] == 0 && err[2] == 0);
	CHECK(servo_dxl_parse_fast(&pk, 4, (const uint8_t *)"\3\4\7", 3,
	    data, err) == -1);
	/* one not told drops it: no status ever comes from 0xFE */
	servo_decoder_init(&d, SERVO_DXL, 1);
	for (i = 0; i < sizeof rep; i++)
		servo_decoder_push(&d, rep[i]);
	CHECK(servo_decoder_next(&d, &pk) == 0);
	/* firmware 45 on an XL330 (46 and up has it): the chain ends at id
	 * 7, id 3's block alone is sent, the packet short of its length */
	servosim_set(&s, servosim_find(&s, 7), SF_FIRMWARE, 45);
	l = ask(&s, req, sizeof req);
	CHECK(l->n == 16 && memcmp(l->b, rep, 16) == 0);
	/* the first one silent: nothing at all */
	servosim_set(&s, servosim_find(&s, 3), SF_STATUS_LEVEL, 0);
	CHECK(ask(&s, req, sizeof req)->n == 0);
	/* no stuffing: data FF FF FD FD stays four bytes, LEN 0x19 */
	servosim_set(&s, servosim_find(&s, 3), SF_STATUS_LEVEL, 2);
	servosim_set(&s, servosim_find(&s, 7), SF_FIRMWARE, 46);
	servosim_set(&s, servosim_find(&s, 7), SF_HOMING,
	    (int32_t)0xFDFDFFFFu - 2079);
	l = ask(&s, req, sizeof req);
	n = l->n;
	CHECK(n == sizeof rep && l->b[5] == 0x19 &&
	    memcmp(l->b + 18, "\xFF\xFF\xFD\xFD", 4) == 0);
}

int
main(void)
{
	RUN(test_dxl_fidelity);
	RUN(test_models_and_motion);
	RUN(test_servoarm);
	RUN(test_sts_replies);
	RUN(test_sts_rules);
	RUN(test_obstacle);
	RUN(test_overload_rules);
	RUN(test_baud_rates);
	RUN(test_dxl_clear);
	RUN(test_dxl_replies);
	RUN(test_dxl_fast_sync_read);
	RUN(test_scs);
	return check_report("servosim");
}
