/*
 * regs.h - where the registers a driver needs sit in each servo series'
 * control table (Feetech STS3215 and SCS0009; Dynamixel X series as the
 * XL330-M288) and how their values are encoded, byte order included
 * (portable core).  armctl and the emulator share it.
 */
#ifndef SPINE_SERVO_REGS_H
#define SPINE_SERVO_REGS_H

#include <stddef.h>
#include <stdint.h>

#include "servo.h"

/*
 * The registers by what they are; a series lacks some (size 0).  Names
 * follow the control tables of spec/servo-buses.md A4 and B4; where the
 * two buses have one idea under two names, one field covers both
 * (SF_SHUTDOWN: Feetech's Unloading_Condition, Dynamixel's Shutdown).
 */
enum servo_field {
	SF_MODEL, SF_FIRMWARE, SF_ID, SF_BAUD, SF_RETURN_DELAY,
	SF_STATUS_LEVEL, SF_MIN_LIMIT, SF_MAX_LIMIT, SF_HOMING,
	SF_CURRENT_LIMIT, SF_TORQUE, SF_GOAL, SF_GOAL_SPEED, SF_LOCK,
	SF_POSITION, SF_SPEED, SF_LOAD, SF_VOLTAGE, SF_TEMPERATURE,
	SF_HW_ERROR, SF_MOVING, SF_CURRENT,
	/* setup: what a follower arm writes on connect, and the rest of
	 * the factory table */
	SF_FIRMWARE_MINOR, SF_MAX_TEMP, SF_MAX_VOLTS, SF_MIN_VOLTS,
	SF_MAX_TORQUE, SF_PHASE, SF_SHUTDOWN, SF_LED_ALARM, SF_P_GAIN,
	SF_D_GAIN, SF_I_GAIN, SF_STARTUP_FORCE, SF_CW_DEAD, SF_CCW_DEAD,
	SF_RESOLUTION, SF_MODE, SF_PROTECT_TORQUE, SF_PROTECT_TIME,
	SF_OVERLOAD, SF_SPEED_P, SF_OVERCURRENT_TIME, SF_SPEED_I, SF_ACCEL,
	SF_TORQUE_LIMIT, SF_REG_PENDING, SF_MAX_ACCEL, SF_DRIVE_MODE,
	SF_SECONDARY_ID, SF_PROTOCOL, SF_MOVING_THRESHOLD, SF_PWM_LIMIT,
	SF_VELOCITY_LIMIT, SF_LED, SF_WHEEL_SPEED,
	SF_GOAL_PWM, SF_GOAL_CURRENT,	/* Dynamixel; the current XL330 only */
	SF_COUNT
};

#define SERVO_SIGN_NONE 0	/* unsigned */
#define SERVO_SIGN_TWOS (-1)	/* two's complement of the width */
/* sign > 0: Feetech sign-magnitude with the sign at that bit */

struct servo_reg {
	uint8_t addr;
	uint8_t size;		/* 0: this series has no such register */
	int8_t sign;
	uint8_t big;		/* 1: big-endian (set by the series' table) */
};

/*
 * A series: one control table, one byte order.  Feetech STS and SCS share
 * the packets (servo.h) but not the table: SCS fields are big-endian and
 * it has no SYNC READ (spec/servo-buses.md A2, A3); no homing offset, no
 * current and its lock elsewhere (the spec's source S1: the spec itself
 * gives no SCS table).
 */
enum servo_series {
	SERVO_SERIES_STS = 0,	/* Feetech STS/SMS, e.g. STS3215 */
	SERVO_SERIES_SCS = 1,	/* Feetech SCS, e.g. SCS0009, SCS15 */
	SERVO_SERIES_DXL = 2,	/* Dynamixel X, e.g. XL330-M288 */
	SERVO_SERIES_XL430 = 3,	/* Dynamixel XL430-W250: a load where the
				 * XL330 has a current, no current limit */
	SERVO_SERIES_COUNT
};

struct servo_series_info {
	const char *name;	/* "sts", "scs", "dxl" */
	uint8_t proto;		/* enum servo_proto */
	uint8_t sync_read;	/* answers SYNC READ */
	uint16_t ticks;		/* position steps per turn */
	uint16_t model;		/* model number of the emulated servo */
	uint8_t eeprom_end;	/* addresses below are EEPROM */
};

const struct servo_series_info *servo_series(enum servo_series s);
/* The bus's own series when an arm names none: STS or Dynamixel X. */
enum servo_series servo_series_of(enum servo_proto p);
/*
 * A model or series name as an arm file gives it ("sts3215", "sts",
 * "scs0009", "scs15", "scs", "xl330", "dxl", "xl430"); -1 when unknown.
 */
int servo_series_find(const char *name);

#define STS_EEPROM_END	40u	/* addresses below are EEPROM */
#define DXL_EEPROM_END	64u
#define STS_MODEL_STS3215	777u
#define SCS_MODEL_SCS0009	1284u
#define DXL_MODEL_XL330_M288	1200u
#define DXL_MODEL_XL430_W250	1060u

/*
 * The baud-rate register's codes (Feetech's own table, spec A1, for STS
 * and SCS; Dynamixel X, B1): the rate of a code, -1 when it has none; the
 * code of a rate, -1 when the bus's servos cannot take it.
 */
#define SERVO_BAUD_CODES 8
int32_t servo_baud_rate(enum servo_proto p, int code);
int servo_baud_code(enum servo_proto p, int32_t baud);

/* Register f of a series; of the bus's own series (servo_series_of). */
const struct servo_reg *servo_series_reg(enum servo_series s,
    enum servo_field f);
const struct servo_reg *servo_reg(enum servo_proto p, enum servo_field f);

/* The value at p (a register's first byte), decoded. */
int32_t servo_reg_get(const struct servo_reg *r, const uint8_t *p);
/* v encoded into r->size bytes at p. */
void servo_reg_put(const struct servo_reg *r, int32_t v, uint8_t *p);

/*
 * The status ERR byte in words, "overload, overheating" or for Dynamixel
 * "data range error" / "hardware alert", into buf (always terminated).
 * Dynamixel hardware error bits (address 70) have their own function.
 */
void servo_err_text(enum servo_proto p, uint8_t err, char *buf, size_t cap);
void servo_dxl_hw_text(uint8_t bits, char *buf, size_t cap);

#endif
