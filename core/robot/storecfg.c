/*
 * storecfg.c - the run configuration (autostart, rate, monitor mask) kept
 * in the last STORE_CONFIG_SIZE bytes of the plan's slot (portable core).
 * Stores written before it existed hold no such record: that reads as "no
 * autostart", and their plans load as before.  Called by store.c (commit)
 * and config.c (the CONFIG request, autostart at power-up).
 */
#include <string.h>

#include "wire/crc.h"
#include "wire/desc.h"
#include "store.h"

#define CFG_MAGIC0 'C'
#define CFG_MAGIC1 'F'

static uint32_t
config_addr(const struct plan_store *st, uint8_t slot)
{
	return STORE_HEADER + (uint32_t)(slot + 1) * st->slot_size -
	    STORE_CONFIG_SIZE;
}

/* A record in this slot is ours only if the plan leaves room for it (an
 * old store's plan may fill the slot to its last byte). */
static int
has_room(const struct plan_store *st, uint8_t slot)
{
	return st->slot_size > STORE_CONFIG_SIZE &&
	    st->size[slot] <= st->slot_size - STORE_CONFIG_SIZE;
}

static void
record_encode(uint8_t *d, const struct wire_config *c)
{
	uint16_t check;

	d[0] = CFG_MAGIC0;
	d[1] = CFG_MAGIC1;
	wire_config_encode(c, d + 2);
	check = wire_crc16(WIRE_CRC16_INIT, d, STORE_CONFIG_SIZE - 2);
	d[STORE_CONFIG_SIZE - 2] = (uint8_t)check;
	d[STORE_CONFIG_SIZE - 1] = (uint8_t)(check >> 8);
}

int
robot_store_config_get(const struct plan_store *st, struct wire_config *c)
{
	uint8_t d[STORE_CONFIG_SIZE];
	uint16_t check;

	memset(c, 0, sizeof *c);
	if (st->active < 0 || !has_room(st, (uint8_t)st->active) ||
	    st->hw->store_read(st->hw->ctx, config_addr(st,
	    (uint8_t)st->active), d, sizeof d) != 0)
		return -1;
	check = wire_crc16(WIRE_CRC16_INIT, d, STORE_CONFIG_SIZE - 2);
	if (d[0] != CFG_MAGIC0 || d[1] != CFG_MAGIC1 ||
	    d[STORE_CONFIG_SIZE - 2] != (uint8_t)check ||
	    d[STORE_CONFIG_SIZE - 1] != (uint8_t)(check >> 8) ||
	    wire_config_decode(c, d + 2, 4) != 0) {
		memset(c, 0, sizeof *c);
		return -1;
	}
	return 0;
}

int
robot_store_config_set(struct plan_store *st, const struct wire_config *c)
{
	uint8_t d[STORE_CONFIG_SIZE];

	if (st->active < 0)
		return WIRE_E_NO_PLAN;
	if (!has_room(st, (uint8_t)st->active))
		return WIRE_E_NO_ROOM;
	record_encode(d, c);
	return st->hw->store_write(st->hw->ctx, config_addr(st,
	    (uint8_t)st->active), d, sizeof d) != 0 ? WIRE_E_STORE : 0;
}

int
robot_store_config_carry(struct plan_store *st, uint8_t slot)
{
	struct wire_config c;
	uint8_t d[STORE_CONFIG_SIZE];

	if (robot_store_config_get(st, &c) == 0)
		record_encode(d, &c);
	else
		memset(d, 0xFF, sizeof d);
	return st->hw->store_write(st->hw->ctx, config_addr(st, slot), d,
	    sizeof d);
}
