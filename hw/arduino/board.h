/*
 * board.h - what the Arduino library's AVR drivers (spine's
 * hw/avr-common/uart.c and servo.c, copied beside this file into
 * src/avr-common) take from their board: the UART's ring sizes, and the
 * hobby servos on Timer1's compare outputs (three on a Mega: pins 11, 12,
 * 13; two on an Uno: pins 9 and 10), as the Mega firmware's board.h has
 * them.  The rings hold a host's window of requests while the robot
 * writes its EEPROM (an Uno's window is two, a Mega's four).
 */
#ifndef FIRMWARE_BOARD_H
#define FIRMWARE_BOARD_H

#if defined(__AVR_ATmega328P__)
#define BOARD_UART_RX		64u
#define BOARD_UART_TX		16u
#define BOARD_JOINTS		2u
#define BOARD_SERVO_CENTER_US	{ 1500, 1500 }
#define BOARD_SERVO_SIGN	{ 1, 1 }
#else
#define BOARD_UART_RX		256u
#define BOARD_UART_TX		128u
#define BOARD_JOINTS		3u
#define BOARD_SERVO_CENTER_US	{ 1500, 1500, 1500 }
#define BOARD_SERVO_SIGN	{ 1, 1, 1 }
#endif

/* A pulse every 20 ms; 1500 us is 0 degrees, 1000 us more or less 90. */
#define BOARD_SERVO_PERIOD_US	20000u
#define BOARD_SERVO_US_PER_90	1000L
#define BOARD_SERVO_LIMIT_MDEG	90000L	/* either side of the centre */

#endif
