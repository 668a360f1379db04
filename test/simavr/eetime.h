/*
 * eetime.h - the chip's EEPROM write time in simavr (avrpty --eeprom-time):
 * simavr stores an EEPROM byte at once, the ATmega2560 takes 3.4 ms, and
 * firmware that writes a plan chunk must be seen waiting.  Used by avrpty.c.
 */
#ifndef AVRPTY_EETIME_H
#define AVRPTY_EETIME_H

#include <sim_avr.h>

#define EETIME_WRITE_US 3400u	/* erase and write, the datasheet's figure */

struct eetime {
	struct avr_eeprom_t *ee;
	avr_cycle_count_t master_at;	/* when EEMPE was last set, + 1 */
	unsigned long writes;
};

/* Keep EEPE set for EETIME_WRITE_US after each write starts, as the chip
 * does; 0, or -1 when the simulated MCU has no EEPROM. */
int eetime_attach(struct eetime *t, avr_t *avr);

#endif
