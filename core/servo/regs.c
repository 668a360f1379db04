/*
 * regs.c - the register maps of regs.h: addresses, widths and encodings
 * from the control tables (spec/servo-buses.md A4 and B4; SCS below), and
 * the error bits in words.  Constant tables only, so they live in flash.
 */
#include "regs.h"

#define SM(bit) (bit)

static const struct servo_reg sts[SF_COUNT] = {
	[SF_MODEL] = { 3, 2, 0, 0 },
	[SF_FIRMWARE] = { 0, 1, 0, 0 },
	[SF_ID] = { 5, 1, 0, 0 },
	[SF_BAUD] = { 6, 1, 0, 0 },
	[SF_RETURN_DELAY] = { 7, 1, 0, 0 },
	[SF_STATUS_LEVEL] = { 8, 1, 0, 0 },
	[SF_MIN_LIMIT] = { 9, 2, 0, 0 },
	[SF_MAX_LIMIT] = { 11, 2, 0, 0 },
	[SF_HOMING] = { 31, 2, SM(11), 0 },
	[SF_CURRENT_LIMIT] = { 28, 2, 0, 0 },
	[SF_TORQUE] = { 40, 1, 0, 0 },
	[SF_GOAL] = { 42, 2, SM(15), 0 },
	[SF_GOAL_SPEED] = { 46, 2, SM(15), 0 },
	[SF_LOCK] = { 55, 1, 0, 0 },
	[SF_POSITION] = { 56, 2, SM(15), 0 },
	[SF_SPEED] = { 58, 2, SM(15), 0 },
	[SF_LOAD] = { 60, 2, SM(10), 0 },
	[SF_VOLTAGE] = { 62, 1, 0, 0 },
	[SF_TEMPERATURE] = { 63, 1, 0, 0 },
	[SF_HW_ERROR] = { 65, 1, 0, 0 },
	[SF_MOVING] = { 66, 1, 0, 0 },
	[SF_CURRENT] = { 69, 2, SM(15), 0 },
	[SF_FIRMWARE_MINOR] = { 1, 1, 0, 0 },
	[SF_MAX_TEMP] = { 13, 1, 0, 0 },
	[SF_MAX_VOLTS] = { 14, 1, 0, 0 },
	[SF_MIN_VOLTS] = { 15, 1, 0, 0 },
	[SF_MAX_TORQUE] = { 16, 2, 0, 0 },
	[SF_PHASE] = { 18, 1, 0, 0 },
	[SF_SHUTDOWN] = { 19, 1, 0, 0 },
	[SF_LED_ALARM] = { 20, 1, 0, 0 },
	[SF_P_GAIN] = { 21, 1, 0, 0 },
	[SF_D_GAIN] = { 22, 1, 0, 0 },
	[SF_I_GAIN] = { 23, 1, 0, 0 },
	[SF_STARTUP_FORCE] = { 24, 2, 0, 0 },
	[SF_CW_DEAD] = { 26, 1, 0, 0 },
	[SF_CCW_DEAD] = { 27, 1, 0, 0 },
	[SF_RESOLUTION] = { 30, 1, 0, 0 },
	[SF_MODE] = { 33, 1, 0, 0 },
	[SF_PROTECT_TORQUE] = { 34, 1, 0, 0 },
	[SF_PROTECT_TIME] = { 35, 1, 0, 0 },
	[SF_OVERLOAD] = { 36, 1, 0, 0 },
	[SF_SPEED_P] = { 37, 1, 0, 0 },
	[SF_OVERCURRENT_TIME] = { 38, 1, 0, 0 },
	[SF_SPEED_I] = { 39, 1, 0, 0 },
	[SF_ACCEL] = { 41, 1, 0, 0 },
	[SF_TORQUE_LIMIT] = { 48, 2, 0, 0 },
	[SF_REG_PENDING] = { 64, 1, 0, 0 },
	[SF_MAX_ACCEL] = { 85, 1, 0, 0 },
	[SF_WHEEL_SPEED] = { 46, 2, SM(15), 0 },
	[SF_MOVING_THRESHOLD] = { 80, 1, 0, 0 },
};

/*
 * SCS (SCS0009, SCS15): the spec says only that its fields are big-endian,
 * that it has no SYNC READ and that LeRobot calibrates it by the position
 * limits alone, without Homing_Offset (A2, A3).  The addresses are those
 * of the spec's source S1 (LeRobot's SCS table, which has no homing
 * offset either): as STS but Lock at 48, and no Present_Current or
 * Protection_Current.  S1 decodes no SCS field as signed, so none is
 * here: a direction bit, if SCS firmware has one, is unconfirmed.
 */
#define SCS(a, n) { a, n, SERVO_SIGN_NONE, 1 }
static const struct servo_reg scs[SF_COUNT] = {
	[SF_MODEL] = SCS(3, 2),
	[SF_FIRMWARE] = SCS(0, 1),
	[SF_ID] = SCS(5, 1),
	[SF_BAUD] = SCS(6, 1),
	[SF_RETURN_DELAY] = SCS(7, 1),
	[SF_STATUS_LEVEL] = SCS(8, 1),
	[SF_MIN_LIMIT] = SCS(9, 2),
	[SF_MAX_LIMIT] = SCS(11, 2),
	[SF_TORQUE] = SCS(40, 1),
	[SF_GOAL] = SCS(42, 2),
	[SF_GOAL_SPEED] = SCS(46, 2),
	[SF_LOCK] = SCS(48, 1),
	[SF_POSITION] = SCS(56, 2),
	[SF_SPEED] = SCS(58, 2),
	[SF_LOAD] = SCS(60, 2),
	[SF_VOLTAGE] = SCS(62, 1),
	[SF_TEMPERATURE] = SCS(63, 1),
	[SF_HW_ERROR] = SCS(65, 1),
	[SF_MOVING] = SCS(66, 1),
	[SF_FIRMWARE_MINOR] = SCS(1, 1),
};

/* The XL330-M288: current in mA where the XL430 has a load.  The
 * XL430-W250's table is the same but for those two (below). */
#define DXL_COMMON \
	[SF_MODEL] = { 0, 2, 0, 0 }, \
	[SF_FIRMWARE] = { 6, 1, 0, 0 }, \
	[SF_ID] = { 7, 1, 0, 0 }, \
	[SF_BAUD] = { 8, 1, 0, 0 }, \
	[SF_RETURN_DELAY] = { 9, 1, 0, 0 }, \
	[SF_STATUS_LEVEL] = { 68, 1, 0, 0 }, \
	[SF_MIN_LIMIT] = { 52, 4, 0, 0 }, \
	[SF_MAX_LIMIT] = { 48, 4, 0, 0 }, \
	[SF_HOMING] = { 20, 4, SERVO_SIGN_TWOS, 0 }, \
	[SF_TORQUE] = { 64, 1, 0, 0 }, \
	[SF_GOAL] = { 116, 4, SERVO_SIGN_TWOS, 0 }, \
	[SF_GOAL_SPEED] = { 112, 4, 0, 0 }, \
	[SF_LOCK] = { 0, 0, 0, 0 }, \
	[SF_POSITION] = { 132, 4, SERVO_SIGN_TWOS, 0 }, \
	[SF_SPEED] = { 128, 4, SERVO_SIGN_TWOS, 0 }, \
	[SF_VOLTAGE] = { 144, 2, 0, 0 }, \
	[SF_TEMPERATURE] = { 146, 1, 0, 0 }, \
	[SF_HW_ERROR] = { 70, 1, 0, 0 }, \
	[SF_MOVING] = { 122, 1, 0, 0 }, \
	[SF_DRIVE_MODE] = { 10, 1, 0, 0 }, \
	[SF_MODE] = { 11, 1, 0, 0 }, \
	[SF_SECONDARY_ID] = { 12, 1, 0, 0 }, \
	[SF_PROTOCOL] = { 13, 1, 0, 0 }, \
	[SF_MOVING_THRESHOLD] = { 24, 4, 0, 0 }, \
	[SF_MAX_TEMP] = { 31, 1, 0, 0 }, \
	[SF_MAX_VOLTS] = { 32, 2, 0, 0 }, \
	[SF_MIN_VOLTS] = { 34, 2, 0, 0 }, \
	[SF_PWM_LIMIT] = { 36, 2, 0, 0 }, \
	[SF_VELOCITY_LIMIT] = { 44, 4, 0, 0 }, \
	[SF_SHUTDOWN] = { 63, 1, 0, 0 }, \
	[SF_LED] = { 65, 1, 0, 0 }, \
	[SF_REG_PENDING] = { 69, 1, 0, 0 }, \
	[SF_SPEED_I] = { 76, 2, 0, 0 }, \
	[SF_SPEED_P] = { 78, 2, 0, 0 }, \
	[SF_D_GAIN] = { 80, 2, 0, 0 }, \
	[SF_I_GAIN] = { 82, 2, 0, 0 }, \
	[SF_P_GAIN] = { 84, 2, 0, 0 }, \
	[SF_WHEEL_SPEED] = { 104, 4, SERVO_SIGN_TWOS, 0 }, \
	[SF_ACCEL] = { 108, 4, 0, 0 }, \
	[SF_GOAL_PWM] = { 100, 2, SERVO_SIGN_TWOS, 0 },

static const struct servo_reg dxl[SF_COUNT] = {
	DXL_COMMON
	[SF_CURRENT_LIMIT] = { 38, 2, 0, 0 },
	[SF_LOAD] = { 0, 0, 0, 0 },
	[SF_CURRENT] = { 126, 2, SERVO_SIGN_TWOS, 0 },
	[SF_GOAL_CURRENT] = { 102, 2, SERVO_SIGN_TWOS, 0 },
};

static const struct servo_reg xl430[SF_COUNT] = {
	DXL_COMMON
	[SF_LOAD] = { 126, 2, SERVO_SIGN_TWOS, 0 },
};

static const struct servo_series_info series[SERVO_SERIES_COUNT] = {
	{ "sts", SERVO_FEETECH, 1, 4096, STS_MODEL_STS3215, STS_EEPROM_END },
	/* S1: 1024 steps; SCS EEPROM ends where STS's does (S1) */
	{ "scs", SERVO_FEETECH, 0, 1024, SCS_MODEL_SCS0009, STS_EEPROM_END },
	{ "dxl", SERVO_DXL, 1, 4096, DXL_MODEL_XL330_M288, DXL_EEPROM_END },
	{ "xl430", SERVO_DXL, 1, 4096, DXL_MODEL_XL430_W250, DXL_EEPROM_END },
};

const struct servo_series_info *
servo_series(enum servo_series s)
{
	return &series[(unsigned)s < SERVO_SERIES_COUNT ? s : 0];
}

enum servo_series
servo_series_of(enum servo_proto p)
{
	return p == SERVO_DXL ? SERVO_SERIES_DXL : SERVO_SERIES_STS;
}

/* Equal ignoring ASCII case, without <ctype.h>'s locale tables. */
static int
same_word(const char *a, const char *b)
{
	for (; *a && *b; a++, b++)
		if ((*a | 0x20) != (*b | 0x20))
			return 0;
	return *a == *b;
}

int
servo_series_find(const char *name)
{
	static const struct {
		const char *name;
		uint8_t s;
	} names[] = {
		{ "sts", SERVO_SERIES_STS }, { "sts3215", SERVO_SERIES_STS },
		{ "sts3250", SERVO_SERIES_STS }, { "sms", SERVO_SERIES_STS },
		{ "scs", SERVO_SERIES_SCS }, { "scs0009", SERVO_SERIES_SCS },
		{ "scs15", SERVO_SERIES_SCS }, { "dxl", SERVO_SERIES_DXL },
		{ "xl330", SERVO_SERIES_DXL }, { "xl430", SERVO_SERIES_XL430 },
	};
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (same_word(name, names[i].name))
			return names[i].s;
	return -1;
}

const struct servo_reg *
servo_series_reg(enum servo_series s, enum servo_field f)
{
	switch (s) {
	case SERVO_SERIES_SCS:
		return &scs[f];
	case SERVO_SERIES_DXL:
		return &dxl[f];
	case SERVO_SERIES_XL430:
		return &xl430[f];
	default:
		return &sts[f];
	}
}

const struct servo_reg *
servo_reg(enum servo_proto p, enum servo_field f)
{
	return servo_series_reg(servo_series_of(p), f);
}

int32_t
servo_reg_get(const struct servo_reg *r, const uint8_t *p)
{
	uint32_t raw = servo_field_get(p, r->size, r->big);

	if (r->sign > 0)
		return servo_sts_sm_decode((uint16_t)raw, (uint8_t)r->sign);
	if (r->sign == SERVO_SIGN_TWOS) {
		if (r->size == 2)
			return (int32_t)(int16_t)(uint16_t)raw;
		if (r->size == 1)
			return (int32_t)(int8_t)(uint8_t)raw;
		return (int32_t)raw;
	}
	return (int32_t)raw;
}

void
servo_reg_put(const struct servo_reg *r, int32_t v, uint8_t *p)
{
	uint32_t raw = r->sign > 0 ? servo_sts_sm_encode(v, (uint8_t)r->sign) :
	    (uint32_t)v;

	servo_field_put(p, r->size, raw, r->big);
}

/* Append s to buf (cap bytes, terminated), with ", " between items. */
static void
add(char *buf, size_t cap, size_t *k, const char *s)
{
	if (*k > 0 && *k + 2 < cap) {
		buf[(*k)++] = ',';
		buf[(*k)++] = ' ';
	}
	while (*s && *k + 1 < cap)
		buf[(*k)++] = *s++;
	buf[*k] = '\0';
}

static void
bits_text(uint8_t bits, const char *const *names, char *buf, size_t cap,
    size_t *k)
{
	uint8_t b;

	for (b = 0; b < 8; b++)
		if (bits & (1u << b))
			add(buf, cap, k, names[b]);
}

void
servo_err_text(enum servo_proto p, uint8_t err, char *buf, size_t cap)
{
	static const char *const sts_names[8] = { "input voltage",
	    "angle sensor", "overheating", "overcurrent", "bit 4",
	    "overload", "bit 6", "bit 7" };
	static const char *const dxl_codes[8] = { "", "result fail",
	    "instruction error", "CRC error", "data range error",
	    "data length error", "data limit error", "access error" };
	size_t k = 0;

	if (cap == 0)
		return;
	buf[0] = '\0';
	if (p == SERVO_FEETECH) {
		bits_text(err, sts_names, buf, cap, &k);
		return;
	}
	if ((err & 0x7Fu) != 0)
		add(buf, cap, &k, (err & 0x7Fu) < 8 ? dxl_codes[err & 0x7Fu] :
		    "unknown error");
	if (err & DXL_ERR_ALERT)
		add(buf, cap, &k, "hardware alert");
}

void
servo_dxl_hw_text(uint8_t bits, char *buf, size_t cap)
{
	static const char *const names[8] = { "input voltage", "bit 1",
	    "overheating", "motor encoder", "electrical shock", "overload",
	    "bit 6", "bit 7" };
	size_t k = 0;

	if (cap == 0)
		return;
	buf[0] = '\0';
	bits_text(bits, names, buf, cap, &k);
}

int32_t
servo_baud_rate(enum servo_proto p, int code)
{
	static const int32_t sts[SERVO_BAUD_CODES] = { 1000000, 500000,
	    250000, 128000, 115200, 76800, 57600, 38400 };
	static const int32_t dxl[SERVO_BAUD_CODES] = { 9600, 57600, 115200,
	    1000000, 2000000, 3000000, 4000000, 4500000 };

	if (code < 0 || code >= SERVO_BAUD_CODES)
		return -1;
	return p == SERVO_DXL ? dxl[code] : sts[code];
}

int
servo_baud_code(enum servo_proto p, int32_t baud)
{
	int i;

	for (i = 0; i < SERVO_BAUD_CODES; i++)
		if (servo_baud_rate(p, i) == baud)
			return i;
	return -1;
}
