/*
 * store.c - two-slot plan store with generation-numbered descriptors
 * (portable core).  The descriptor of the new slot is written last and
 * carries its own CRC-16, so power lost at any moment leaves either the old
 * plan or the new one, never a mixture.
 */
#include <string.h>

#include "plan/crc32.h"
#include "wire/crc.h"
#include "wire/msg.h"
#include "store.h"

#define STORE_MAGIC0 'S'
#define STORE_MAGIC1 'P'

static uint32_t
slot_addr(const struct plan_store *st, uint8_t slot)
{
	return STORE_HEADER + (uint32_t)slot * st->slot_size;
}

static uint8_t
staging_slot(const struct plan_store *st)
{
	return st->active == 0 ? 1 : 0;
}

/* Continue *crc over n bytes of the store from addr, read in small
 * pieces; 0 or -1. */
static int
crc_of(const struct plan_store *st, uint32_t addr, uint32_t n, uint32_t *crc)
{
	uint8_t buf[32];

	while (n > 0) {
		uint16_t k = n > sizeof buf ? (uint16_t)sizeof buf :
		    (uint16_t)n;

		if (st->hw->store_read(st->hw->ctx, addr, buf, k) != 0)
			return -1;
		*crc = plan_crc32_update(*crc, buf, k);
		addr += k;
		n -= k;
	}
	return 0;
}

static void
desc_encode(uint8_t *d, uint16_t gen, uint32_t size, uint32_t crc)
{
	struct wire_out o;
	uint16_t check;

	memset(d, 0xFF, STORE_DESC_SIZE);
	wire_out_init(&o, d, STORE_DESC_SIZE);
	wire_put_u8(&o, STORE_MAGIC0);
	wire_put_u8(&o, STORE_MAGIC1);
	wire_put_u16(&o, gen);
	wire_put_u32(&o, size);
	wire_put_u32(&o, crc);
	check = wire_crc16(WIRE_CRC16_INIT, d, STORE_DESC_SIZE - 2);
	d[STORE_DESC_SIZE - 2] = (uint8_t)check;
	d[STORE_DESC_SIZE - 1] = (uint8_t)(check >> 8);
}

int
robot_store_desc_plausible(const uint8_t *d)
{
	uint16_t check = wire_crc16(WIRE_CRC16_INIT, d, STORE_DESC_SIZE - 2);
	uint8_t i, erased = 1;

	for (i = 0; i < STORE_DESC_SIZE; i++)
		erased &= d[i] == 0xFF;
	return erased || (d[0] == STORE_MAGIC0 && d[1] == STORE_MAGIC1 &&
	    d[STORE_DESC_SIZE - 2] == (uint8_t)check &&
	    d[STORE_DESC_SIZE - 1] == (uint8_t)(check >> 8));
}

/* Read one slot's descriptor into gen/size/crc; 0, or -1 when it is not
 * a good descriptor of ours (valid[slot] is left 0 either way). */
static int
load_desc(struct plan_store *st, uint8_t slot)
{
	uint8_t d[STORE_DESC_SIZE];
	struct wire_in in;
	uint16_t check;

	st->valid[slot] = 0;
	if (st->hw->store_read(st->hw->ctx, (uint32_t)slot * STORE_DESC_SIZE,
	    d, STORE_DESC_SIZE) != 0)
		return -1;
	check = wire_crc16(WIRE_CRC16_INIT, d, STORE_DESC_SIZE - 2);
	if (d[0] != STORE_MAGIC0 || d[1] != STORE_MAGIC1 ||
	    d[STORE_DESC_SIZE - 2] != (uint8_t)check ||
	    d[STORE_DESC_SIZE - 1] != (uint8_t)(check >> 8))
		return -1;
	wire_in_init(&in, d + 2, 10);
	st->gen[slot] = wire_get_u16(&in);
	st->size[slot] = wire_get_u32(&in);
	st->crc[slot] = wire_get_u32(&in);
	if (st->size[slot] == 0 || st->size[slot] > st->slot_size)
		return -1;
	return 0;
}

/* Load one slot's descriptor and check the slot's bytes against it. */
static void
load_slot(struct plan_store *st, uint8_t slot)
{
	uint32_t crc = 0;

	if (load_desc(st, slot) != 0)
		return;
	if (crc_of(st, slot_addr(st, slot), st->size[slot], &crc) != 0 ||
	    crc != st->crc[slot])
		return;
	st->valid[slot] = 1;
}

void
robot_store_open(struct plan_store *st, const struct robot_hw *hw)
{
	memset(st, 0, sizeof *st);
	st->hw = hw;
	st->active = -1;
	if (hw->store_size <= STORE_HEADER)
		return;
	st->slot_size = (hw->store_size - STORE_HEADER) / 2;
	if (st->slot_size > STORE_MAX_PLAN)
		st->slot_size = STORE_MAX_PLAN;
	load_slot(st, 0);
	load_slot(st, 1);
	if (st->valid[0] && st->valid[1]) {
		/* Newer generation wins; the difference is taken mod 2^16. */
		uint16_t d = (uint16_t)(st->gen[1] - st->gen[0]);

		st->active = (d != 0 && d < 0x8000u) ? 1 : 0;
	} else if (st->valid[0])
		st->active = 0;
	else if (st->valid[1])
		st->active = 1;
}

uint32_t
robot_store_capacity(const struct plan_store *st)
{
	return st->slot_size > STORE_CONFIG_SIZE ?
	    st->slot_size - STORE_CONFIG_SIZE : 0;
}

uint32_t
robot_store_plan_size(const struct plan_store *st)
{
	return st->active < 0 ? 0 : st->size[st->active];
}

uint32_t
robot_store_plan_crc(const struct plan_store *st)
{
	return st->active < 0 ? 0 : st->crc[st->active];
}

uint32_t
robot_store_plan_addr(const struct plan_store *st, int staged)
{
	return slot_addr(st, staged ? staging_slot(st) : (uint8_t)st->active);
}

int
robot_store_begin(struct plan_store *st, uint32_t size, uint32_t crc)
{
	uint8_t slot = staging_slot(st);
	uint8_t blank[STORE_DESC_SIZE];

	st->staging = 0;
	if (size == 0)
		return WIRE_E_ARG;
	if (size > robot_store_capacity(st))
		return WIRE_E_TOO_BIG;
	/* The slot's old contents are about to go: say so first. */
	memset(blank, 0xFF, sizeof blank);
	if (st->hw->store_write(st->hw->ctx, (uint32_t)slot * STORE_DESC_SIZE,
	    blank, sizeof blank) != 0)
		return WIRE_E_STORE;
	st->valid[slot] = 0;
	st->staging = 1;
	st->stage_size = size;
	st->stage_crc = crc;
	st->stage_got = 0;
	st->stage_sum = 0;
	return 0;
}

int
robot_store_chunk(struct plan_store *st, uint32_t offset, const uint8_t *data,
    uint8_t n)
{
	uint32_t addr;

	if (!st->staging)
		return WIRE_E_NO_UPLOAD;
	if (offset != st->stage_got)
		return WIRE_E_OFFSET;
	if (n == 0 || n > st->stage_size - st->stage_got)
		return WIRE_E_ARG;
	addr = slot_addr(st, staging_slot(st)) + offset;
	/* Read back at once what the store now holds: the robot has time
	 * while the next chunk arrives, and none to spare at the commit. */
	if (st->hw->store_write(st->hw->ctx, addr, data, n) != 0 ||
	    crc_of(st, addr, n, &st->stage_sum) != 0)
		return WIRE_E_STORE;
	st->stage_got += n;
	return 0;
}

int
robot_store_verify(struct plan_store *st)
{
	if (!st->staging)
		return WIRE_E_NO_UPLOAD;
	if (st->stage_got != st->stage_size)
		return WIRE_E_INCOMPLETE;
	if (st->stage_sum != st->stage_crc)
		return WIRE_E_CRC;
	return 0;
}

int
robot_store_commit(struct plan_store *st)
{
	uint8_t slot = staging_slot(st);
	uint8_t d[STORE_DESC_SIZE];
	uint16_t gen;
	int e;

	if ((e = robot_store_verify(st)) != 0) {
		if (e != WIRE_E_INCOMPLETE)
			st->staging = 0;
		return e;
	}
	st->staging = 0;
	/* The configuration first: the descriptor makes both count. */
	if (robot_store_config_carry(st, slot) != 0)
		return WIRE_E_STORE;
	gen = st->active < 0 ? 1 : (uint16_t)(st->gen[st->active] + 1);
	desc_encode(d, gen, st->stage_size, st->stage_crc);
	if (st->hw->store_write(st->hw->ctx, (uint32_t)slot * STORE_DESC_SIZE,
	    d, STORE_DESC_SIZE) != 0)
		return WIRE_E_STORE;
	/* The bytes were read back as they were written; the descriptor is
	 * read back here, and must say what was written. */
	if (load_desc(st, slot) != 0 || st->gen[slot] != gen ||
	    st->size[slot] != st->stage_size || st->crc[slot] != st->stage_crc)
		return WIRE_E_STORE;
	st->valid[slot] = 1;
	st->active = (int8_t)slot;
	return 0;
}

void
robot_store_abandon(struct plan_store *st)
{
	st->staging = 0;
}

int
robot_store_read_staged(const struct plan_store *st, uint32_t offset, uint8_t *buf,
    uint16_t n)
{
	if (!st->staging || offset > st->stage_got ||
	    n > st->stage_got - offset)
		return WIRE_E_RANGE;
	if (st->hw->store_read(st->hw->ctx,
	    slot_addr(st, staging_slot(st)) + offset, buf, n) != 0)
		return WIRE_E_STORE;
	return 0;
}

int
robot_store_read(const struct plan_store *st, uint32_t offset, uint8_t *buf,
    uint16_t n)
{
	uint32_t size = robot_store_plan_size(st);

	if (size == 0)
		return WIRE_E_NO_PLAN;
	if (offset > size || n > size - offset)
		return WIRE_E_RANGE;
	if (st->hw->store_read(st->hw->ctx,
	    slot_addr(st, (uint8_t)st->active) + offset, buf, n) != 0)
		return WIRE_E_STORE;
	return 0;
}
