/*
 * clock.h - the firmware's millisecond clock, from Timer0, on every AVR
 * board.  main.c hands it to core/robot as robot_hw.millis (steps, plan cycles, timers) and
 * times the quiet line with it.
 */
#ifndef FIRMWARE_CLOCK_H
#define FIRMWARE_CLOCK_H

#include <stdint.h>

void clock_init(void);

/* Milliseconds since clock_init; wraps after 49 days. */
uint32_t clock_millis(void);

#endif
