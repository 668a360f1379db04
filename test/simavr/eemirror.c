/*
 * eemirror.c - avrpty's EEPROM file (see eemirror.h).  A handler behind
 * simavr's own on the EEPROM control register sees each byte simavr has
 * just stored and writes it through hw/sim/eeprom.c, in the firmware's
 * order.  A write that failed (a full disk) is kept in `failed` for
 * avrpty's loop, which then stops.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <avr_eeprom.h>
#include <sim_io.h>

#include "eemirror.h"

static struct avr_eeprom_t *
find_eeprom(avr_t *avr)
{
	avr_io_t *io;

	for (io = avr->io_port; io != NULL; io = io->next)
		if (strcmp(io->kind, "eeprom") == 0)
			return (struct avr_eeprom_t *)(void *)io;
	return NULL;
}

static uint32_t
eear(const avr_t *avr, const struct avr_eeprom_t *ee)
{
	uint32_t a = avr->data[ee->r_eearl];

	if (ee->r_eearh)
		a |= (uint32_t)avr->data[ee->r_eearh] << 8;
	return a;
}

static void
on_eecr(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	struct eemirror *m = param;
	uint32_t a = eear(avr, m->ee);

	(void)addr;
	(void)v;
	if (a >= m->size || m->ee->eeprom[a] == m->written[a])
		return;
	if (sim_eeprom_write(&m->file, a, &m->ee->eeprom[a], 1) != 0) {
		if (m->failed == 0)
			m->failed = errno ? errno : EIO;
		return;
	}
	m->written[a] = m->ee->eeprom[a];
}

int
eemirror_open(struct eemirror *m, avr_t *avr, const char *path, char *err,
    size_t errlen)
{
	struct stat st;
	int existed, rc;

	memset(m, 0, sizeof *m);
	m->file.fd = -1;
	if ((m->ee = find_eeprom(avr)) == NULL)
		return -3;
	m->size = m->ee->size > EEMIRROR_MAX ? EEMIRROR_MAX : m->ee->size;
	existed = stat(path, &st) == 0 && st.st_size > 0;
	if ((rc = sim_eeprom_open(&m->file, path, m->size, m->size, err,
	    errlen)) != 0)
		return rc;
	/* A new file starts as the chip does; an old one is the chip. */
	rc = existed ? sim_eeprom_read(&m->file, 0, m->ee->eeprom,
	    (uint16_t)m->size) : sim_eeprom_write(&m->file, 0, m->ee->eeprom,
	    (uint16_t)m->size);
	if (rc != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		sim_eeprom_close(&m->file);
		return -1;
	}
	memcpy(m->written, m->ee->eeprom, m->size);
	avr_register_io_write(avr, m->ee->r_eecr, on_eecr, m);
	m->on = 1;
	return 0;
}

void
eemirror_close(struct eemirror *m)
{
	if (m->on)
		sim_eeprom_close(&m->file);
	m->on = 0;
}
