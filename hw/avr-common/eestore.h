/*
 * eestore.h - the plan store's bytes: the AVR's internal EEPROM (4 KiB on
 * the Mega's ATmega2560, 1 KiB on the Uno's ATmega328P).  main.c hands these to core/robot as robot_hw.store_read and
 * store_write; core/robot/store.c lays out the slots.
 */
#ifndef FIRMWARE_EESTORE_H
#define FIRMWARE_EESTORE_H

#include <stdint.h>

/* 0, or -1 when the range runs past the store. */
int eestore_read(uint32_t addr, uint8_t *buf, uint16_t n);
int eestore_write(uint32_t addr, const uint8_t *buf, uint16_t n);

#endif
