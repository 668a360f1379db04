/*
 * motors.h - the two wheel motors through an H-bridge: Timer1's PWM on
 * the enable pins, the direction on two pins a side (board.h).  main.c
 * hands motors_set to core/robot's wheeled body (core/robot/wheels.h).
 */
#ifndef FIRMWARE_MOTORS_H
#define FIRMWARE_MOTORS_H

#include <stdint.h>

/* Start the PWM with both motors off. */
void motors_init(void);

/* Each wheel's power, -100 (full backwards) to 100 (full forwards). */
void motors_set(int8_t left, int8_t right);

#endif
