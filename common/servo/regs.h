/*
 * regs.h - where the registers a driver needs sit in each bus's control
 * table (STS3215; Dynamixel X series as the XL330-M288) and how their
 * values are encoded (portable core).  armctl and the emulator share it.
 */
#ifndef SPINE_SERVO_REGS_H
#define SPINE_SERVO_REGS_H

#include <stddef.h>
#include <stdint.h>

#include "servo.h"

enum servo_field {
	SF_MODEL, SF_FIRMWARE, SF_ID, SF_BAUD, SF_RETURN_DELAY,
	SF_STATUS_LEVEL, SF_MIN_LIMIT, SF_MAX_LIMIT, SF_HOMING,
	SF_CURRENT_LIMIT, SF_TORQUE, SF_GOAL, SF_GOAL_SPEED, SF_LOCK,
	SF_POSITION, SF_SPEED, SF_LOAD, SF_VOLTAGE, SF_TEMPERATURE,
	SF_HW_ERROR, SF_MOVING, SF_CURRENT,
	SF_COUNT
};

#define SERVO_SIGN_NONE 0	/* unsigned */
#define SERVO_SIGN_TWOS (-1)	/* two's complement of the width */
/* sign > 0: Feetech sign-magnitude with the sign at that bit */

struct servo_reg {
	uint8_t addr;
	uint8_t size;		/* 0: this bus has no such register */
	int8_t sign;
};

#define STS_EEPROM_END	40u	/* addresses below are EEPROM */
#define DXL_EEPROM_END	64u
#define STS_MODEL_STS3215	777u
#define DXL_MODEL_XL330_M288	1200u

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
void dxl_hw_text(uint8_t bits, char *buf, size_t cap);

#endif
