/*
 * avrloop.h - what every AVR board's main.c does alike: the robot_hw
 * hooks over the clock, UART, EEPROM and ranger of hw/avr-common, and the
 * loop that runs core/robot on them forever.  The Mega's and the Uno's
 * main.c add their own hooks (servos, wheels) and call avrloop_run.
 */
#ifndef FIRMWARE_AVRLOOP_H
#define FIRMWARE_AVRLOOP_H

#include <stdint.h>

struct robot;
struct robot_hw;

/* robot_hw hooks; ctx is not used. */
uint32_t avrloop_millis(void *ctx);
void avrloop_send(void *ctx, const uint8_t *bytes, uint8_t n);
int avrloop_store_read(void *ctx, uint32_t addr, uint8_t *buf, uint16_t n);
int avrloop_store_write(void *ctx, uint32_t addr, const uint8_t *buf,
    uint16_t n);
int16_t avrloop_range_mm(void *ctx);

/* Start the clock, the ranger and the UART, turn interrupts on, start
 * the robot on hw (which reads the plan store) and run it forever.  The
 * board's own drivers are started before. */
void avrloop_run(struct robot *r, const struct robot_hw *hw)
    __attribute__((noreturn));

#endif
