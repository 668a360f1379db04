/*
 * eestore.c - plan store reads and writes on the internal EEPROM through
 * avr-libc.  Writes skip bytes that already hold the value: each byte
 * written costs 3.4 ms and wears the cell.  Called by each AVR board's
 * main.c hooks; board.h says how much of the EEPROM is the store.
 */
#include <avr/eeprom.h>
#include <avr/io.h>
#include <stdint.h>

#include "board.h"
#include "eestore.h"
#include "plan/bytes.h"

_Static_assert(BOARD_STORE_SIZE <= E2END + 1UL,
    "the plan store must fit the EEPROM");

static int
in_range(uint32_t addr, uint16_t n)
{
	return addr <= BOARD_STORE_SIZE && n <= BOARD_STORE_SIZE - addr;
}

int
eestore_read(uint32_t addr, uint8_t *buf, uint16_t n)
{
	if (!in_range(addr, n))
		return -1;
	eeprom_read_block(buf, (const void *)(uintptr_t)addr, n);
	return 0;
}

#if PLAN_STORAGE == PLAN_IN_STORE
/* A plan read where it is stored (plan/bytes.h): its address is the
 * store's, which starts at the EEPROM's first byte. */
uint8_t
plan_store_byte(const uint8_t *at)
{
	return eeprom_read_byte(at);
}
#endif

int
eestore_write(uint32_t addr, const uint8_t *buf, uint16_t n)
{
	if (!in_range(addr, n))
		return -1;
	eeprom_update_block(buf, (void *)(uintptr_t)addr, n);
	return 0;
}
