/*
 * servo.h - hobby servos driven by Timer1's hardware PWM, one per joint
 * (three on a Mega, two on an Uno).  The Mega's main.c and the Arduino Arm
 * example command them for core/robot; a hobby servo reports nothing
 * back, so what was last commanded stands in for the encoders.
 */
#ifndef FIRMWARE_SERVO_H
#define FIRMWARE_SERVO_H

#include <stdint.h>

/* Start the pulses with every joint at 0 degrees (mid travel). */
void servo_init(void);

/* Turn joint j towards mdeg millidegrees, clamped to the servo's travel. */
void servo_set(uint8_t j, int32_t mdeg);

/* The angle joint j was last told (after the clamp), millidegrees. */
int32_t servo_get(uint8_t j);

#endif
