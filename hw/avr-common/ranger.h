/*
 * ranger.h - the obstacle sensor: an analog IR distance sensor on ADC0,
 * sampled without waiting.  A board's main.c polls it each pass of the
 * loop and gives its distance to core/robot (the arm's obstacle_mm, the
 * wheeled robot's range ahead).
 */
#ifndef FIRMWARE_RANGER_H
#define FIRMWARE_RANGER_H

#include <stdint.h>

void ranger_init(void);

/* Take a finished conversion, if there is one, and start the next. */
void ranger_poll(void);

/* Millimetres to the nearest thing in view; INT16_MAX: nothing in range. */
int16_t ranger_mm(void);

#endif
