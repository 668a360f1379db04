/*
 * eestore.h - the plan store's bytes: the ATmega2560's internal EEPROM.
 * main.c hands these to core/robot as robot_hw.store_read and
 * store_write; core/robot/store.c lays out the slots.
 */
#ifndef FIRMWARE_EESTORE_H
#define FIRMWARE_EESTORE_H

#include <stdint.h>

/* 0, or -1 when the range runs past the store. */
int eestore_read(uint32_t addr, uint8_t *buf, uint16_t n);
int eestore_write(uint32_t addr, const uint8_t *buf, uint16_t n);

#endif
