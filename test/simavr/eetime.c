/*
 * eetime.c - the EEPROM busy for 3.4 ms a byte (avrpty --eeprom-time).
 * simavr's own EECR handler runs first: it stores the byte and clears
 * EEPE; this one, behind it, sets EEPE again until the write would be
 * done, so firmware polling EEPE waits as on the chip.
 */
#include <string.h>

#include <avr_eeprom.h>
#include <sim_cycle_timers.h>
#include <sim_io.h>

#include "eetime.h"

/* EEMPE opens a write for four cycles (datasheet 9.4.3). */
#define MASTER_CYCLES 4u

static avr_cycle_count_t
write_done(avr_t *avr, avr_cycle_count_t when, void *param)
{
	struct eetime *t = param;

	(void)when;
	avr->data[t->ee->r_eecr] &= (uint8_t)~(1u << t->ee->eepe.bit);
	return 0;
}

static void
on_eecr(avr_t *avr, avr_io_addr_t addr, uint8_t v, void *param)
{
	struct eetime *t = param;
	uint8_t pe = (uint8_t)(1u << t->ee->eepe.bit);
	uint8_t mpe = (uint8_t)(1u << t->ee->eempe.bit);

	(void)addr;
	if ((v & pe) && t->master_at != 0 &&
	    avr->cycle + 1 - t->master_at <= MASTER_CYCLES) {
		t->master_at = 0;
		t->writes++;
		avr->data[t->ee->r_eecr] |= pe;
		avr_cycle_timer_register_usec(avr, EETIME_WRITE_US,
		    write_done, t);
	} else if (v & mpe)
		t->master_at = avr->cycle + 1;
}

int
eetime_attach(struct eetime *t, avr_t *avr)
{
	avr_io_t *io;

	memset(t, 0, sizeof *t);
	for (io = avr->io_port; io != NULL; io = io->next)
		if (strcmp(io->kind, "eeprom") == 0)
			t->ee = (struct avr_eeprom_t *)(void *)io;
	if (t->ee == NULL)
		return -1;
	avr_register_io_write(avr, t->ee->r_eecr, on_eecr, t);
	return 0;
}
