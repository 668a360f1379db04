/*
 * uart.h - UART0 with interrupt-driven receive and transmit rings: the
 * robot's serial link, on every AVR board.  A board's main.c feeds what
 * arrives to core/robot and hands it whole frames to send.
 */
#ifndef FIRMWARE_UART_H
#define FIRMWARE_UART_H

#include <stdint.h>

/* 8N1 at `baud` (115200 or 57600 at 16 MHz), the receiver on. */
void uart_init(uint32_t baud);

/* Take up to max received bytes; how many there were (0: none). */
uint8_t uart_read(uint8_t *buf, uint8_t max);

/* Queue n bytes, waiting for room while the ring drains (interrupts must
 * be on: the transmit interrupt is what makes room). */
void uart_write(const uint8_t *bytes, uint8_t n);

#endif
