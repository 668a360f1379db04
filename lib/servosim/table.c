/*
 * table.c - a servo's control table as it leaves the factory (STS3215 and
 * XL330-M288 defaults from spec/servo-buses.md A4 and B4; the SCS0009's
 * few known ones), register access through core/servo's map of the
 * servo's series, and the EEPROM's saved copy.
 */
#include <string.h>

#include "servo/regs.h"
#include "servosim.h"

static void
put(uint8_t *tab, uint8_t addr, uint8_t size, uint32_t v)
{
	servo_field_put(tab + addr, size, v, 0);
}

/*
 * SCS0009: the spec gives its model number (1284) and big-endian fields
 * only; the limits span its 1024 steps, status level, voltage and
 * temperature are as the STS's.  Other factory values are unconfirmed,
 * so they stay 0.
 */
static void
scs_factory(uint8_t *t, uint8_t id)
{
	servo_field_put(t + 3, 2, SCS_MODEL_SCS0009, 1);
	t[5] = id;
	t[8] = 1;
	servo_field_put(t + 11, 2, 1023, 1);
	t[62] = 74;
	t[63] = 35;
}

/* The fields a driver or LeRobot touches; the rest stay 0. */
static void
sts_factory(uint8_t *t, uint8_t id)
{
	t[0] = 3;		/* firmware 3.6 */
	t[1] = 6;
	put(t, 3, 2, STS_MODEL_STS3215);
	t[5] = id;
	t[6] = 0;		/* 1 Mbps */
	t[7] = 0;		/* return delay, as LeRobot leaves it */
	t[8] = 1;		/* reply to every instruction */
	put(t, 9, 2, 0);
	put(t, 11, 2, 4095);
	t[13] = 70;
	t[14] = 80;
	t[15] = 40;
	put(t, 16, 2, 1000);
	t[18] = 12;
	t[19] = 44;
	t[20] = 47;
	t[21] = 32;
	t[22] = 32;
	put(t, 24, 2, 16);
	t[26] = 1;
	t[27] = 1;
	put(t, 28, 2, 500);
	t[30] = 1;
	t[34] = 20;
	t[35] = 200;
	t[36] = 80;
	t[37] = 10;
	t[38] = 200;
	t[39] = 10;
	put(t, 48, 2, 1000);
	t[62] = 74;		/* 7.4 V */
	t[63] = 35;		/* degrees C */
}

static void
dxl_factory(uint8_t *t, uint8_t id)
{
	put(t, 0, 2, DXL_MODEL_XL330_M288);
	t[6] = 46;		/* firmware */
	t[7] = id;
	t[8] = 3;		/* 1 Mbps, as LeRobot sets it */
	t[9] = 0;		/* return delay, as LeRobot leaves it */
	t[11] = 3;		/* position control */
	t[12] = 255;
	t[13] = 2;
	put(t, 24, 4, 10);
	t[31] = 70;
	put(t, 32, 2, 70);
	put(t, 34, 2, 35);
	put(t, 36, 2, 885);
	put(t, 38, 2, 1750);
	put(t, 44, 4, 445);
	put(t, 48, 4, 4095);
	put(t, 52, 4, 0);
	t[63] = 53;
	t[68] = 2;		/* reply to everything */
	put(t, 76, 2, 1600);
	put(t, 78, 2, 180);
	put(t, 84, 2, 400);
	put(t, 144, 2, 50);	/* 5.0 V */
	t[146] = 35;
}

void
servosim_factory(const struct servosim *s, struct servosim_motor *m,
    uint8_t id)
{
	memset(m->tab, 0, sizeof m->tab);
	if (s->proto == SERVO_DXL)
		dxl_factory(m->tab, id);
	else if (m->series == SERVO_SERIES_SCS)
		scs_factory(m->tab, id);
	else
		sts_factory(m->tab, id);
	memcpy(m->saved, m->tab, sizeof m->saved);
}

int32_t
servosim_get(const struct servosim *s, const struct servosim_motor *m,
    int field)
{
	const struct servo_reg *r = servo_series_reg(
	    (enum servo_series)m->series, (enum servo_field)field);

	(void)s;
	return r->size ? servo_reg_get(r, m->tab + r->addr) : 0;
}

void
servosim_set(const struct servosim *s, struct servosim_motor *m, int field,
    int32_t v)
{
	const struct servo_reg *r = servo_series_reg(
	    (enum servo_series)m->series, (enum servo_field)field);

	(void)s;
	if (r->size)
		servo_reg_put(r, v, m->tab + r->addr);
}

void
servosim_power_cycle(struct servosim *s, struct servosim_motor *m)
{
	size_t eeprom = servo_series((enum servo_series)m->series)->eeprom_end;

	memcpy(m->tab, m->saved, eeprom);
	servosim_set(s, m, SF_TORQUE, 0);
	m->latched = 0;
	m->reg_pending = 0;
	servosim_refresh(s, m);
}
