/*
 * board.h - the robot this firmware drives: an Arduino Uno (ATmega328P) on
 * a two-wheeled chassis with an H-bridge, an IR ranger, two bump switches
 * and the board's LED.  Every pin, size and calibration figure lives here;
 * the Uno's files and the AVR parts it shares (hw/avr-common) read it.
 */
#ifndef FIRMWARE_BOARD_H
#define FIRMWARE_BOARD_H

#ifndef F_CPU
#error "F_CPU must be set (the Makefile passes -DF_CPU=16000000UL)"
#endif

/* The link: UART0, the Uno's USB serial chip (pins 0 and 1); the Makefile
 * passes UNO_BAUD (57600 for boards whose bootloader talks at that). */
#ifndef BOARD_BAUD
#define BOARD_BAUD		115200UL
#endif
/* A line quiet for 3 counts of the 1 ms clock drops a partial frame: 20
 * byte times at 115200 baud (at 57600 a frame's gaps are still shorter). */
#define BOARD_RX_IDLE_MS	3u
#define BOARD_FIRMWARE		"uno " SPINE_VERSION

/*
 * The motors, through an L298N-style H-bridge: each side's enable pin
 * takes Timer1's PWM at 20 kHz (out of hearing), its two inputs the
 * direction.  Left: ENA = pin 9 (PB1, OC1A), IN1 = pin 4 (PD4), IN2 =
 * pin 5 (PD5).  Right: ENB = pin 10 (PB2, OC1B), IN3 = pin 7 (PD7), IN4 =
 * pin 8 (PB0).  Swap a motor's two wires (or flip its sign here) if it
 * turns backwards when told forwards.
 */
#define BOARD_PWM_HZ		20000UL
#define BOARD_MOTOR_SIGN	{ 1, 1 }	/* left, right */

/* Bump switches from pin 2 (PD2, left) and pin 3 (PD3, right) to ground,
 * read through the chip's pull-ups: pressed reads low. */

/* The light: the board's LED on pin 13 (PB5). */

/* The ranger: a Sharp GP2Y0A21-style IR ranger on ADC0 (pin A0), its
 * fit in core/robot/irrange.h. */

/*
 * Memory.  The ATmega328P's 1 KiB EEPROM holds the plan store: two
 * 16-byte descriptors, then two slots of (1024 - 32) / 2 = 496 bytes, each
 * ending in the plan's 8-byte run configuration, so the largest plan is
 * 488 bytes.  Of the 2 KiB of RAM, the plan and the planner's state take
 * what is left by the robot (core/robot with a window of two requests),
 * the UART rings and a stack measured in simavr (hw/avr-uno/README.md).
 * BOARD_PLAN_IN_PLACE (the Makefile's UNO_PLAN=place) reads the plan
 * where it is stored instead of into RAM.
 */
#define BOARD_STORE_SIZE	1024u
#if BOARD_PLAN_IN_PLACE
#define BOARD_PLAN_RAM		0u
#else
#define BOARD_PLAN_RAM		232u
#endif
#define BOARD_STATE_RAM		192u
/* Receive: the host's window of two requests, one being handled (a
 * chunk's EEPROM writes take 190 ms) while the next arrives whole. */
#define BOARD_UART_RX		64u
#define BOARD_UART_TX		16u	/* send waits for room */

#endif
