/*
 * regs.c - the register map of regs.h: addresses, widths and encodings
 * from the two control tables (spec/servo-buses.md A4 and B4), and the
 * error bits in words.  Constant tables only, so they live in flash.
 */
#include "regs.h"

#define SM(bit) (bit)

static const struct servo_reg sts[SF_COUNT] = {
	[SF_MODEL] = { 3, 2, 0 },
	[SF_FIRMWARE] = { 0, 1, 0 },
	[SF_ID] = { 5, 1, 0 },
	[SF_BAUD] = { 6, 1, 0 },
	[SF_RETURN_DELAY] = { 7, 1, 0 },
	[SF_STATUS_LEVEL] = { 8, 1, 0 },
	[SF_MIN_LIMIT] = { 9, 2, 0 },
	[SF_MAX_LIMIT] = { 11, 2, 0 },
	[SF_HOMING] = { 31, 2, SM(11) },
	[SF_CURRENT_LIMIT] = { 28, 2, 0 },
	[SF_TORQUE] = { 40, 1, 0 },
	[SF_GOAL] = { 42, 2, SM(15) },
	[SF_GOAL_SPEED] = { 46, 2, SM(15) },
	[SF_LOCK] = { 55, 1, 0 },
	[SF_POSITION] = { 56, 2, SM(15) },
	[SF_SPEED] = { 58, 2, SM(15) },
	[SF_LOAD] = { 60, 2, SM(10) },
	[SF_VOLTAGE] = { 62, 1, 0 },
	[SF_TEMPERATURE] = { 63, 1, 0 },
	[SF_HW_ERROR] = { 65, 1, 0 },
	[SF_MOVING] = { 66, 1, 0 },
	[SF_CURRENT] = { 69, 2, SM(15) },
};

/* The XL330-M288: current in mA where the XL430 has a load. */
static const struct servo_reg dxl[SF_COUNT] = {
	[SF_MODEL] = { 0, 2, 0 },
	[SF_FIRMWARE] = { 6, 1, 0 },
	[SF_ID] = { 7, 1, 0 },
	[SF_BAUD] = { 8, 1, 0 },
	[SF_RETURN_DELAY] = { 9, 1, 0 },
	[SF_STATUS_LEVEL] = { 68, 1, 0 },
	[SF_MIN_LIMIT] = { 52, 4, 0 },
	[SF_MAX_LIMIT] = { 48, 4, 0 },
	[SF_HOMING] = { 20, 4, SERVO_SIGN_TWOS },
	[SF_CURRENT_LIMIT] = { 38, 2, 0 },
	[SF_TORQUE] = { 64, 1, 0 },
	[SF_GOAL] = { 116, 4, SERVO_SIGN_TWOS },
	[SF_GOAL_SPEED] = { 112, 4, 0 },
	[SF_LOCK] = { 0, 0, 0 },
	[SF_POSITION] = { 132, 4, SERVO_SIGN_TWOS },
	[SF_SPEED] = { 128, 4, SERVO_SIGN_TWOS },
	[SF_LOAD] = { 0, 0, 0 },
	[SF_VOLTAGE] = { 144, 2, 0 },
	[SF_TEMPERATURE] = { 146, 1, 0 },
	[SF_HW_ERROR] = { 70, 1, 0 },
	[SF_MOVING] = { 122, 1, 0 },
	[SF_CURRENT] = { 126, 2, SERVO_SIGN_TWOS },
};

const struct servo_reg *
servo_reg(enum servo_proto p, enum servo_field f)
{
	return p == SERVO_DXL ? &dxl[f] : &sts[f];
}

int32_t
servo_reg_get(const struct servo_reg *r, const uint8_t *p)
{
	uint32_t raw = r->size == 4 ? servo_get32(p) : r->size == 2 ?
	    servo_get16(p) : r->size == 1 ? p[0] : 0u;

	if (r->sign > 0)
		return sts_sm_decode((uint16_t)raw, (uint8_t)r->sign);
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
	uint32_t raw = r->sign > 0 ? sts_sm_encode(v, (uint8_t)r->sign) :
	    (uint32_t)v;

	if (r->size == 4)
		servo_put32(p, raw);
	else if (r->size == 2)
		servo_put16(p, (uint16_t)(raw & 0xFFFFu));
	else if (r->size == 1)
		p[0] = (uint8_t)(raw & 0xFFu);
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
dxl_hw_text(uint8_t bits, char *buf, size_t cap)
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
