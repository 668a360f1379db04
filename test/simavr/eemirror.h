/*
 * eemirror.h - the simulated board's EEPROM kept in a file (avrpty
 * --eeprom), through hw/sim's EEPROM file (armsim's): every byte the
 * firmware writes goes to the file as it is written, so a board killed at
 * any moment restarts with exactly the bytes a power cut would have left.
 * Used by avrpty.c only.
 */
#ifndef AVRPTY_EEMIRROR_H
#define AVRPTY_EEMIRROR_H

#include <stddef.h>
#include <stdint.h>

#include <sim_avr.h>

#include "sim/eeprom.h"

#define EEMIRROR_MAX 4096u	/* the ATmega2560's EEPROM; the 328P has 1 KiB */

struct eemirror {
	struct eeprom file;
	struct avr_eeprom_t *ee;	/* simavr's EEPROM */
	uint8_t written[EEMIRROR_MAX];	/* what the file holds */
	uint32_t size;
	int on;
	int failed;			/* errno of a failed write, or 0 */
};

/*
 * Load `path` into the simulated EEPROM: a file that does not exist yet,
 * or is empty, takes the EEPROM as simavr made it (erased, or the ELF
 * file's .eeprom section).  0; -1 when it cannot be opened, read or
 * written, -2 when it is not an image of this EEPROM's size holding a
 * plan store (both with a message in err); -3 when the MCU has no EEPROM.
 */
int eemirror_open(struct eemirror *m, avr_t *avr, const char *path,
    char *err, size_t errlen);

void eemirror_close(struct eemirror *m);

#endif
