/*
 * eeprom.h - armsim's plan store: a file of fixed size that persists
 * across runs (--eeprom FILE), or memory that does not.  Read and written
 * by core/robot through the hardware hooks armsim's main sets up.
 */
#ifndef ARMSIM_EEPROM_H
#define ARMSIM_EEPROM_H

#include <stdint.h>

struct eeprom {
	int fd;			/* -1: in memory */
	uint8_t *mem;
	uint32_t size;
	unsigned long writes;
};

/*
 * Open `path` (NULL: memory only).  A new or empty file is filled with
 * 0xFF, as an erased EEPROM reads; an existing file keeps its size unless
 * `size` is nonzero and differs, which is an error.  `size` 0 with a new
 * file means `fallback`.  0, or with a message in err: -1 when the file
 * cannot be opened, -2 when its size is wrong.
 */
int sim_eeprom_open(struct eeprom *e, const char *path, uint32_t size,
    uint32_t fallback, char *err, size_t errlen);
int sim_eeprom_read(struct eeprom *e, uint32_t addr, uint8_t *buf, uint16_t n);
int sim_eeprom_write(struct eeprom *e, uint32_t addr, const uint8_t *buf,
    uint16_t n);
void sim_eeprom_close(struct eeprom *e);

#endif
