/*
 * board.h - the robot this firmware drives: an Arduino Mega 2560 with three
 * hobby servos on a planar arm and an IR distance sensor.  Every pin, size
 * and calibration figure lives here; the other files of the firmware read it.
 */
#ifndef FIRMWARE_BOARD_H
#define FIRMWARE_BOARD_H

#ifndef F_CPU
#error "F_CPU must be set (the Makefile passes -DF_CPU=16000000UL)"
#endif

/* The link: UART0, the Mega's USB serial chip (pins 0 and 1). */
#define BOARD_BAUD		115200UL
/* 20 byte times at 115200 baud is 1.7 ms: a line quiet for 3 counts of
 * the 1 ms clock (2 to 3 ms) drops a partial frame. */
#define BOARD_RX_IDLE_MS	3u

/* The arm: the same shape as armsim's default (mm). */
#define BOARD_JOINTS		3u
#define BOARD_LINK_UM		{ 100000ul, 80000ul, 40000ul }
#define BOARD_FIRMWARE		"mega2560 " SPINE_VERSION

/*
 * Servos on Timer1's three compare outputs: OC1A = PB5 (pin 11, joint 1),
 * OC1B = PB6 (pin 12, joint 2), OC1C = PB7 (pin 13, joint 3; the board's
 * LED glows with it, harmlessly).  A pulse every 20 ms; 1500 us is the
 * middle of travel, 0 degrees; 1000 us more or less turns 90 degrees on a
 * typical 180-degree servo.  Trim the centres of your own servos here, and
 * flip a sign if a servo is mounted the other way round.
 */
#define BOARD_SERVO_PERIOD_US	20000u
#define BOARD_SERVO_CENTER_US	{ 1500, 1500, 1500 }
#define BOARD_SERVO_SIGN	{ 1, 1, 1 }
#define BOARD_SERVO_US_PER_90	1000L
#define BOARD_SERVO_LIMIT_MDEG	90000L	/* either side of the centre */

/* Obstacle sensor: a Sharp GP2Y0A21-style IR ranger on ADC0 (pin A0),
 * AVCC reference; its fit is core/robot/irrange.h's. */

/*
 * Memory.  The ATmega2560's 4 KiB EEPROM holds the plan store: two 16-byte
 * descriptors, then two slots of (4096 - 32) / 2 = 2032 bytes, each
 * ending in the plan's 8-byte run configuration, so the largest plan is
 * 2024 bytes and the plan RAM matches it.  The planner's
 * state takes about as many bytes as a names-stripped plan's records
 * (plancc --stats prints "state"); a plan whose state does not fit is
 * refused at PLAN_COMMIT and the old one kept.  The rest of the 8 KiB is
 * the robot, the UART rings and the stack.
 */
#define BOARD_STORE_SIZE	4096u
#define BOARD_PLAN_RAM		2024u
#define BOARD_STATE_RAM		2048u
#define BOARD_UART_RX		256u	/* a host window of 4 full frames */
#define BOARD_UART_TX		128u	/* two frames; send waits for room */

#endif
