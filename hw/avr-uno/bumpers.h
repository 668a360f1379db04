/*
 * bumpers.h - the two bump switches (board.h's pins), read as the wheeled
 * body's Bump sense: bit 0 the left, bit 1 the right.  main.c hands
 * bumpers_read to core/robot (core/robot/wheels.h).
 */
#ifndef FIRMWARE_BUMPERS_H
#define FIRMWARE_BUMPERS_H

#include <stdint.h>

/* Inputs with the pull-ups on. */
void bumpers_init(void);

/* Which switches are pressed now. */
uint8_t bumpers_read(void);

#endif
