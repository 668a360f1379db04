/*
 * exec.c - what a servo does with each instruction packet: reads, writes
 * with the control table's rules (read-only fields, the EEPROM area, the
 * Feetech lock and "set middle"), registered writes, sync and bulk
 * transfers, and the status reply its Status Return Level asks for.
 */
#include <string.h>

#include "servo/regs.h"
#include "servosim.h"

#define DXL_TABLE_END 148u	/* past Backup_Ready; indirect not emulated */

static int
dead(const struct servosim_motor *m)
{
	return m->mute_after == 0;
}

static uint8_t
motor_id(const struct servosim *s, const struct servosim_motor *m)
{
	return (uint8_t)servosim_get(s, m, SF_ID);
}

/* Does m hear the host: alive, and talking at m's own baud rate (bytes
 * at another rate are noise to it) when the line's rate is known? */
static int
hears(const struct servosim *s, const struct servosim_motor *m)
{
	return !dead(m) && (s->baud <= 0 || servo_baud_rate(s->proto,
	    (int)servosim_get(s, m, SF_BAUD)) == s->baud);
}

/* The servo with this id that hears the host, or NULL. */
static struct servosim_motor *
listener(struct servosim *s, uint8_t id)
{
	int i;

	for (i = 0; i < s->n; i++)
		if (hears(s, &s->m[i]) && motor_id(s, &s->m[i]) == id)
			return &s->m[i];
	return NULL;
}

struct servosim_motor *
servosim_find(struct servosim *s, uint8_t id)
{
	int i;

	/* a dead servo is off the bus: another may have taken its id */
	for (i = 0; i < s->n; i++)
		if (!dead(&s->m[i]) && motor_id(s, &s->m[i]) == id)
			return &s->m[i];
	return NULL;
}

/* The ERR byte: Feetech shows its fault bits; Dynamixel an error number
 * and, while a hardware fault is latched, the alert bit. */
static uint8_t
err_byte(const struct servosim *s, const struct servosim_motor *m,
    uint8_t code)
{
	uint8_t hw = (uint8_t)(m->fault | m->latched);

	if (s->proto == SERVO_FEETECH)
		return (uint8_t)(hw & 0x7Fu);
	return (uint8_t)(code | (hw ? DXL_ERR_ALERT : 0u));
}

static void
reply(struct servosim *s, struct servosim_motor *m, uint8_t id, uint8_t code,
    const uint8_t *data, uint16_t n)
{
	uint8_t out[SERVO_FRAME_MAX];
	size_t k;

	if (dead(m))
		return;
	k = servo_status(s->proto, out, sizeof out, id, err_byte(s, m, code),
	    data, n);
	if (k == 0)
		return;
	s->replies++;
	if (m->mute_after > 0)
		m->mute_after--;
	s->emit(s->emit_ctx, out, k,
	    2u * (uint32_t)servosim_get(s, m, SF_RETURN_DELAY));
}

/* Does the Status Return Level let this instruction be answered? */
static int
answers(const struct servosim *s, const struct servosim_motor *m,
    uint8_t instr)
{
	int32_t level = servosim_get(s, m, SF_STATUS_LEVEL);

	if (instr == SERVO_PING)
		return 1;
	if (s->proto == SERVO_FEETECH)
		return level >= 1 || instr == SERVO_READ;
	return level >= 2 || (level == 1 && instr == SERVO_READ);
}

static uint16_t
at(const struct servosim *s, enum servo_field f)
{
	return servo_reg(s->proto, f)->addr;
}

/* Model and firmware; and the present values (A4, B4). */
static int
read_only(const struct servosim *s, uint16_t a)
{
	const struct servo_reg *g = servo_reg(s->proto, SF_GOAL);

	if (a < at(s, SF_ID))
		return 1;
	if (s->proto == SERVO_FEETECH)
		return a >= at(s, SF_POSITION) &&
		    a < at(s, SF_MOVING_THRESHOLD);
	return a == at(s, SF_REG_PENDING) || a == at(s, SF_HW_ERROR) ||
	    (a >= g->addr + g->size && a < DXL_TABLE_END);
}

/* Feetech: Torque_Enable = 128 makes the present position read 2048. */
static void
set_middle(struct servosim *s, struct servosim_motor *m, uint8_t torque)
{
	int32_t off = (int32_t)m->shaft - 2048;

	if (off > 2047 || off < -2047)
		off = off > 0 ? off - 4096 : off + 4096;
	servosim_set(s, m, SF_HOMING, off);
	m->tab[servo_reg(s->proto, SF_TORQUE)->addr] = torque;
}

/* Is v a value Dynamixel field f takes (B4)?  Only the fields whose
 * range the spec gives; the rest take anything. */
static int
dxl_in_range(const struct servosim *s, const struct servosim_motor *m,
    enum servo_field f, int32_t v)
{
	int xl430 = m->series == SERVO_SERIES_XL430;

	switch (f) {
	case SF_ID: return v >= 0 && v <= 252;
	case SF_BAUD: return v >= 0 && v <= (xl430 ? 7 : 6);
	case SF_RETURN_DELAY: return v >= 0 && v <= 254;
	case SF_MODE:
		return v == 1 || v == 3 || v == 4 || v == 16 ||
		    (!xl430 && (v == 0 || v == 5));
	case SF_TORQUE: case SF_LED: return v == 0 || v == 1;
	case SF_STATUS_LEVEL: return v >= 0 && v <= 2;
	case SF_MIN_LIMIT: case SF_MAX_LIMIT: return v >= 0 && v <= 4095;
	case SF_HOMING: return v >= -1044479 && v <= 1044479;
	case SF_MAX_TEMP: return v >= 0 && v <= 100;
	case SF_CURRENT_LIMIT: return v >= 0 && v <= 1750;
	case SF_PWM_LIMIT: return v >= 0 && v <= 885;
	case SF_GOAL_PWM: case SF_GOAL_CURRENT:
		/* within +-PWM_Limit, +-Current_Limit (B4) */
		v = v < 0 ? -v : v;
		return v <= servosim_get(s, m, f == SF_GOAL_PWM ?
		    SF_PWM_LIMIT : SF_CURRENT_LIMIT);
	case SF_GOAL_SPEED: case SF_ACCEL: return v >= 0 && v <= 32767;
	case SF_GOAL:
		/* position mode keeps to the position limits */
		return servosim_get(s, m, SF_MODE) != 3 ||
		    (v >= servosim_get(s, m, SF_MIN_LIMIT) &&
		    v <= servosim_get(s, m, SF_MAX_LIMIT));
	default: return 1;
	}
}

/*
 * A Dynamixel write's fields: a field written in part is a data length
 * error (5), a value out of its range a data limit error (6).
 */
static uint8_t
dxl_check(const struct servosim *s, const struct servosim_motor *m,
    uint16_t addr, const uint8_t *data, uint16_t n)
{
	const struct servo_reg *r;
	int f;

	for (f = 0; f < SF_COUNT; f++) {
		r = servo_series_reg((enum servo_series)m->series,
		    (enum servo_field)f);
		if (r->size == 0 || r->addr >= addr + n ||
		    addr >= r->addr + r->size)
			continue;
		if (r->addr < addr || r->addr + r->size > addr + n)
			return DXL_ERR_DATA_LENGTH;
		if (!dxl_in_range(s, m, (enum servo_field)f,
		    servo_reg_get(r, data + (r->addr - addr))))
			return DXL_ERR_DATA_LIMIT;
	}
	/* a latched hardware alert keeps the torque off until REBOOT */
	r = servo_series_reg((enum servo_series)m->series, SF_TORQUE);
	if (m->latched && r->addr >= addr && r->addr < addr + n &&
	    data[r->addr - addr])
		return DXL_ERR_RESULT_FAIL;
	return 0;
}

/* One write; 0 or a Dynamixel error number (Feetech ignores what it
 * refuses, as it has no way to say so). */
static uint8_t
write_bytes(struct servosim *s, struct servosim_motor *m, uint16_t addr,
    const uint8_t *data, uint16_t n)
{
	uint8_t torque_at = servo_reg(s->proto, SF_TORQUE)->addr;
	uint8_t mode_at = servo_reg(s->proto, SF_MODE)->addr;
	uint8_t before = m->tab[torque_at], mode = m->tab[mode_at], code;
	uint16_t i, a;

	if (s->proto == SERVO_DXL) {
		if ((uint32_t)addr + n > DXL_TABLE_END)
			return DXL_ERR_ACCESS;
		for (i = 0; i < n; i++)
			if (read_only(s, (uint16_t)(addr + i)) ||
			    (addr + i < DXL_EEPROM_END && before))
				return DXL_ERR_ACCESS;
		if ((code = dxl_check(s, m, addr, data, n)) != 0)
			return code;
	}
	for (i = 0; i < n && (uint32_t)addr + i < SERVOSIM_TABLE; i++) {
		a = (uint16_t)(addr + i);
		if (s->proto == SERVO_FEETECH && read_only(s, a))
			continue;
		m->tab[a] = data[i];
		/* Feetech EEPROM persists only while Lock is 0 */
		if (a < servo_series((enum servo_series)m->series)->eeprom_end
		    && (s->proto == SERVO_DXL ||
		    servosim_get(s, m, SF_LOCK) == 0))
			m->saved[a] = data[i];
	}
	/* "set middle" rewrites the homing offset, which SCS lacks */
	if (s->proto == SERVO_FEETECH && m->tab[torque_at] == 128 &&
	    servo_series_reg((enum servo_series)m->series, SF_HOMING)->size)
		set_middle(s, m, before);
	if (m->tab[torque_at] && !before)
		m->overload_s = 0;
	if (s->proto == SERVO_DXL && m->tab[mode_at] != mode)
		servosim_mode_reset(s, m);
	servosim_written(s, m);
	servosim_refresh(s, m);
	return 0;
}

static void
do_ping(struct servosim *s, struct servosim_motor *m, uint8_t id)
{
	uint8_t info[3];

	if (s->proto == SERVO_FEETECH) {
		reply(s, m, id, 0, NULL, 0);
		return;
	}
	servo_put16(info, (uint16_t)servosim_get(s, m, SF_MODEL));
	info[2] = (uint8_t)servosim_get(s, m, SF_FIRMWARE);
	reply(s, m, id, 0, info, 3);
}

static void
do_read(struct servosim *s, struct servosim_motor *m, uint8_t id,
    uint16_t addr, uint16_t count)
{
	uint8_t data[SERVO_PARAMS_MAX];
	uint16_t i;

	if (!answers(s, m, SERVO_READ))
		return;	/* Status Return Level 0: PING only (B2) */
	if (count > SERVO_PARAMS_MAX - 1) {
		if (s->proto == SERVO_DXL)
			reply(s, m, id, DXL_ERR_DATA_LENGTH, NULL, 0);
		return;
	}
	if (s->proto == SERVO_DXL && (uint32_t)addr + count > DXL_TABLE_END) {
		reply(s, m, id, DXL_ERR_ACCESS, NULL, 0);
		return;
	}
	servosim_refresh(s, m);
	for (i = 0; i < count; i++)
		data[i] = (uint32_t)addr + i < SERVOSIM_TABLE ?
		    m->tab[addr + i] : 0;
	reply(s, m, id, 0, data, count);
}

static void
do_reg_write(struct servosim *s, struct servosim_motor *m, uint16_t addr,
    const uint8_t *data, uint16_t n)
{
	servosim_set(s, m, SF_REG_PENDING, 1);	/* A4: 64; B4: 69 */
	m->reg_pending = 1;
	m->reg_addr = addr;
	m->reg_n = n;
	memcpy(m->reg_data, data, n);
}

/* FACTORY RESET (B3): 0xFF everything (id 1), 0x01 all but the id,
 * 0x02 all but the id and the baud rate; the RAM starts afresh. */
static void
do_reset(struct servosim *s, struct servosim_motor *m, uint8_t how)
{
	uint8_t id = motor_id(s, m);
	int32_t baud = servosim_get(s, m, SF_BAUD);

	servosim_factory(s, m, how == 0xFFu ? 1 : id);
	if (how == 0x02u)
		servosim_set(s, m, SF_BAUD, baud);
	memcpy(m->saved, m->tab, sizeof m->saved);
	servosim_power_cycle(s, m);
}

/*
 * CLEAR (B3): with 01 44 58 4C 22, the multi-turn count dropped so the
 * position reads within one turn, 0..4095; refused (Result Fail) while the
 * servo moves.  Other parameters: a Data Range Error (the spec names only
 * this one; the error is this emulator's choice).  The goal moves by the
 * same turns, so a holding servo stays where it is (also its choice).
 */
static uint8_t
do_clear(struct servosim *s, struct servosim_motor *m,
    const struct servo_packet *pk)
{
	static const uint8_t key[] = { 0x01, 0x44, 0x58, 0x4C, 0x22 };
	int32_t at = servosim_present(s, m), turns;

	if (pk->n != sizeof key || memcmp(pk->p, key, sizeof key) != 0)
		return DXL_ERR_DATA_RANGE;
	if (servosim_get(s, m, SF_MOVING))
		return DXL_ERR_RESULT_FAIL;
	turns = (at >= 0 ? at : at - 4095) / 4096;
	m->shaft -= 4096.0 * turns;
	servosim_set(s, m, SF_GOAL, servosim_get(s, m, SF_GOAL) - 4096 * turns);
	servosim_refresh(s, m);
	return 0;
}

/* An instruction addressed to this servo (or broadcast). */
static void
one(struct servosim *s, struct servosim_motor *m, const struct servo_packet *pk)
{
	uint8_t id = motor_id(s, m), code = 0;
	int bcast = pk->id == SERVO_BROADCAST;
	const uint8_t *data;
	uint16_t addr, n;

	switch (pk->instr) {
	case SERVO_PING:
		do_ping(s, m, id);
		return;
	case SERVO_READ:
		if (!bcast && servo_parse_read(s->proto, pk, &addr, &n) == 0)
			do_read(s, m, id, addr, n);
		return;
	case SERVO_WRITE:
	case SERVO_REG_WRITE:
		if (servo_parse_write(s->proto, pk, &addr, &data, &n) != 0)
			code = DXL_ERR_DATA_LENGTH;
		else if (pk->instr == SERVO_WRITE)
			code = write_bytes(s, m, addr, data, n);
		else
			do_reg_write(s, m, addr, data, n);
		break;
	case SERVO_ACTION:
		if (!m->reg_pending)
			code = DXL_ERR_INSTRUCTION;
		else {
			m->reg_pending = 0;
			servosim_set(s, m, SF_REG_PENDING, 0);
			code = write_bytes(s, m, m->reg_addr, m->reg_data,
			    m->reg_n);
		}
		break;
	case SERVO_REBOOT:
		if (s->proto != SERVO_DXL)
			return;
		if (!bcast && answers(s, m, pk->instr))
			reply(s, m, id, 0, NULL, 0);
		servosim_power_cycle(s, m);
		return;
	case SERVO_FACTORY_RESET:
		/* firmware 42 on refuses to reset every servo at once */
		if (s->proto == SERVO_DXL && bcast && (pk->n ? pk->p[0] :
		    0xFFu) == 0xFFu && servosim_get(s, m, SF_FIRMWARE) >= 42)
			return;
		if (s->proto == SERVO_DXL && !bcast && answers(s, m, pk->instr))
			reply(s, m, id, 0, NULL, 0);
		do_reset(s, m, pk->n ? pk->p[0] : 0xFFu);
		return;
	case SERVO_CLEAR:
		if (s->proto != SERVO_DXL)
			return;
		code = do_clear(s, m, pk);
		break;
	default:
		if (s->proto != SERVO_DXL)
			return;
		code = DXL_ERR_INSTRUCTION;
		break;
	}
	if (s->proto == SERVO_FEETECH)
		code = 0;
	if (!bcast && answers(s, m, pk->instr))
		reply(s, m, id, code, NULL, 0);
}

static void
sync_read(struct servosim *s, const struct servo_packet *pk)
{
	struct servosim_motor *m;
	const uint8_t *ids;
	uint16_t addr, count, nids, i;

	if (servo_parse_sync_read(s->proto, pk, &addr, &count, &ids, &nids))
		return;
	/* in the order listed; SCS has no SYNC READ (spec A3) */
	for (i = 0; i < nids; i++)
		if ((m = listener(s, ids[i])) != NULL &&
		    servo_series((enum servo_series)m->series)->sync_read)
			do_read(s, m, ids[i], addr, count);
}

/*
 * Does m take part in a FAST SYNC READ?  X330 from firmware 46, X430
 * from 45 (e-manual, Protocol 2.0), and only as its Status Return Level
 * lets it answer a read.
 */
static int
fast_capable(const struct servosim *s, const struct servosim_motor *m)
{
	int32_t fw = servosim_get(s, m, SF_FIRMWARE);

	return servo_series((enum servo_series)m->series)->proto == SERVO_DXL &&
	    fw >= (m->series == SERVO_SERIES_XL430 ? 45 : 46) &&
	    answers(s, m, SERVO_READ);
}

/*
 * FAST SYNC READ: one status packet, each listed servo adding its block
 * after hearing the ones before it.  A servo that does not answer ends
 * the chain: the packet stops there, short of its length (what the host
 * then hears is this emulator's reading of the e-manual, which does not
 * say).  A read past the table is an access error with zeros for data,
 * as a block has no other size.  The first servo's return delay.
 */
static void
fast_sync_read(struct servosim *s, const struct servo_packet *pk)
{
	uint8_t err[SERVO_PARAMS_MAX], data[SERVO_PARAMS_MAX];
	uint8_t out[SERVO_FRAME_MAX], first_delay = 0;
	struct servosim_motor *m;
	const uint8_t *ids;
	uint16_t addr, count, nids, i, sent;
	size_t k;

	if (pk->id != SERVO_BROADCAST || servo_parse_sync_read(s->proto, pk,
	    &addr, &count, &ids, &nids) || nids == 0 ||
	    (size_t)nids * count > sizeof data)
		return;
	for (sent = 0; sent < nids; sent++) {
		if ((m = listener(s, ids[sent])) == NULL || !fast_capable(s, m))
			break;
		if (sent == 0)
			first_delay = (uint8_t)servosim_get(s, m,
			    SF_RETURN_DELAY);
		servosim_refresh(s, m);
		err[sent] = err_byte(s, m, (uint32_t)addr + count >
		    DXL_TABLE_END ? DXL_ERR_ACCESS : 0);
		for (i = 0; i < count; i++)
			data[(size_t)sent * count + i] = err[sent] & 0x7Fu ||
			    (uint32_t)addr + i >= SERVOSIM_TABLE ? 0 :
			    m->tab[addr + i];
		if (m->mute_after > 0)
			m->mute_after--;
	}
	if (sent == 0 || (k = servo_dxl_fast_status(out, sizeof out, count,
	    (uint8_t)nids, (uint8_t)sent, ids, err, data)) == 0)
		return;
	s->replies++;
	s->emit(s->emit_ctx, out, k, 2u * first_delay);
}

static void
sync_write(struct servosim *s, const struct servo_packet *pk)
{
	const uint8_t *data;
	uint16_t addr, count;
	int i;

	for (i = 0; i < s->n; i++) {
		if (!hears(s, &s->m[i]) || servo_parse_sync_write(s->proto, pk,
		    motor_id(s, &s->m[i]), &addr, &count, &data) != 0)
			continue;
		if (data)
			(void)write_bytes(s, &s->m[i], addr, data, count);
	}
}

static void
bulk_read(struct servosim *s, const struct servo_packet *pk)
{
	struct servosim_motor *m;
	uint16_t k;

	if (pk->n % 5 != 0)
		return;
	for (k = 0; k < pk->n; k += 5)
		if ((m = listener(s, pk->p[k])) != NULL)
			do_read(s, m, pk->p[k], servo_get16(pk->p + k + 1),
			    servo_get16(pk->p + k + 3));
}

static void
bulk_write(struct servosim *s, const struct servo_packet *pk)
{
	const uint8_t *data;
	uint16_t addr, count;
	int i, found;

	for (i = 0; i < s->n; i++)
		if (hears(s, &s->m[i]) && servo_dxl_parse_bulk(pk, 1,
		    motor_id(s, &s->m[i]), &found, &addr, &count, &data) == 0 &&
		    found)
			(void)write_bytes(s, &s->m[i], addr, data, count);
}

void
servosim_exec(struct servosim *s, const struct servo_packet *pk)
{
	struct servosim_motor *m;
	int i;

	if (pk->instr == SERVO_STATUS)	/* another servo's reply */
		return;
	s->packets++;
	if (s->trace)
		s->trace(s->trace_ctx, pk);
	switch (pk->instr) {
	case SERVO_SYNC_READ:
		sync_read(s, pk);
		return;
	case SERVO_SYNC_WRITE:
		sync_write(s, pk);
		return;
	case SERVO_FAST_SYNC_READ:
		if (s->proto == SERVO_DXL)
			fast_sync_read(s, pk);
		return;
	case SERVO_BULK_READ:
		if (s->proto == SERVO_DXL)
			bulk_read(s, pk);
		return;
	case SERVO_BULK_WRITE:
		if (s->proto == SERVO_DXL)
			bulk_write(s, pk);
		return;
	}
	if (pk->id == SERVO_BROADCAST) {
		for (i = 0; i < s->n; i++)
			if (hears(s, &s->m[i]))
				one(s, &s->m[i], pk);
		return;
	}
	if ((m = listener(s, pk->id)) != NULL)
		one(s, m, pk);
}
