/*
 * eefile.h - the simulated board's EEPROM kept in a file (avrpty --eeprom),
 * so a restarted board holds the plan it had, as a real one does after a
 * power cut.  Used by avrpty.c only.
 */
#ifndef AVRPTY_EEFILE_H
#define AVRPTY_EEFILE_H

#include <stddef.h>
#include <stdint.h>

#define EEFILE_MAX 4096u	/* the ATmega2560's EEPROM */

struct eefile {
	const char *path;
	uint8_t *ee;		/* the simulated EEPROM's bytes */
	uint32_t size;
	uint8_t saved[EEFILE_MAX];	/* what the file holds */
	unsigned long saves;
};

/*
 * Load `path` into ee (size bytes).  A missing or empty file leaves ee as
 * the simulator made it (erased, 0xFF).  0; -1 when the file cannot be
 * read (errno set); -2 when its size is not the EEPROM's.
 */
int eefile_load(struct eefile *f, const char *path, uint8_t *ee,
    uint32_t size);

/* Write ee to the file if it changed since the last save, by rename: a
 * reader (or a restart after SIGKILL) sees the old or the new bytes whole.
 * 0, or -1 with errno. */
int eefile_save(struct eefile *f);

#endif
