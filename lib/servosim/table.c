/*
 * table.c - a servo's control table as it leaves the factory (STS3215,
 * XL330-M288 and XL430-W250 defaults from spec/servo-buses.md A4 and B4;
 * the SCS0009's few known ones), every value through core/servo's named
 * registers; register access; the EEPROM's saved copy; and what a REBOOT
 * or a power cycle leaves.
 */
#include <string.h>

#include "servo/regs.h"
#include "servosim.h"

struct factory {
	uint8_t field;		/* enum servo_field */
	int32_t value;
};

/*
 * SCS0009: the spec gives its model number (1284) and big-endian fields
 * only; the limits span its 1024 steps, status level, voltage and
 * temperature are as the STS's.  Other factory values are unconfirmed,
 * so they stay 0.
 */
static const struct factory scs[] = {
	{ SF_MODEL, SCS_MODEL_SCS0009 }, { SF_STATUS_LEVEL, 1 },
	{ SF_MAX_LIMIT, 1023 }, { SF_VOLTAGE, 74 }, { SF_TEMPERATURE, 35 },
};

/* STS3215 (A4); firmware 3.6; the fields a driver or LeRobot touches. */
static const struct factory sts[] = {
	{ SF_FIRMWARE, 3 }, { SF_FIRMWARE_MINOR, 6 },
	{ SF_MODEL, STS_MODEL_STS3215 }, { SF_BAUD, 0 },
	{ SF_RETURN_DELAY, 0 }, { SF_STATUS_LEVEL, 1 },
	{ SF_MIN_LIMIT, 0 }, { SF_MAX_LIMIT, 4095 }, { SF_MAX_TEMP, 70 },
	{ SF_MAX_VOLTS, 80 }, { SF_MIN_VOLTS, 40 }, { SF_MAX_TORQUE, 1000 },
	{ SF_PHASE, 12 }, { SF_SHUTDOWN, 44 }, { SF_LED_ALARM, 47 },
	{ SF_P_GAIN, 32 }, { SF_D_GAIN, 32 }, { SF_I_GAIN, 0 },
	{ SF_STARTUP_FORCE, 16 }, { SF_CW_DEAD, 1 }, { SF_CCW_DEAD, 1 },
	{ SF_CURRENT_LIMIT, 500 }, { SF_RESOLUTION, 1 },
	{ SF_PROTECT_TORQUE, 20 }, { SF_PROTECT_TIME, 200 },
	{ SF_OVERLOAD, 80 }, { SF_SPEED_P, 10 }, { SF_OVERCURRENT_TIME, 200 },
	{ SF_SPEED_I, 10 }, { SF_TORQUE_LIMIT, 1000 }, { SF_VOLTAGE, 74 },
	{ SF_TEMPERATURE, 35 },
};

/* XL330-M288 and XL430-W250 (B4): the factory's 57600 baud and 500 us
 * return delay; the XL430's own limits and gains. */
#define DXL_FACTORY(model, temp, vmax, vmin, vel, shut, vi, vp, d, p) \
	{ SF_MODEL, model }, { SF_FIRMWARE, 46 }, { SF_BAUD, 1 }, \
	{ SF_RETURN_DELAY, 250 }, { SF_MODE, 3 }, { SF_SECONDARY_ID, 255 }, \
	{ SF_PROTOCOL, 2 }, { SF_MOVING_THRESHOLD, 10 }, \
	{ SF_MAX_TEMP, temp }, { SF_MAX_VOLTS, vmax }, \
	{ SF_MIN_VOLTS, vmin }, { SF_PWM_LIMIT, 885 }, \
	{ SF_VELOCITY_LIMIT, vel }, { SF_MAX_LIMIT, 4095 }, \
	{ SF_MIN_LIMIT, 0 }, { SF_SHUTDOWN, shut }, { SF_STATUS_LEVEL, 2 }, \
	{ SF_SPEED_I, vi }, { SF_SPEED_P, vp }, { SF_D_GAIN, d }, \
	{ SF_P_GAIN, p }, { SF_TEMPERATURE, 35 }

static const struct factory xl330[] = {
	DXL_FACTORY(DXL_MODEL_XL330_M288, 70, 70, 35, 445, 53, 1600, 180, 0,
	    400),
	{ SF_CURRENT_LIMIT, 1750 }, { SF_VOLTAGE, 50 },
};

static const struct factory xl430[] = {
	DXL_FACTORY(DXL_MODEL_XL430_W250, 72, 140, 60, 265, 52, 1000, 100,
	    4000, 640),
	{ SF_VOLTAGE, 120 },
};

static void
apply(const struct servosim *s, struct servosim_motor *m,
    const struct factory *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		servosim_set(s, m, f[i].field, f[i].value);
}

void
servosim_factory(const struct servosim *s, struct servosim_motor *m,
    uint8_t id)
{
	memset(m->tab, 0, sizeof m->tab);
	switch (m->series) {
	case SERVO_SERIES_SCS:
		apply(s, m, scs, sizeof scs / sizeof scs[0]);
		break;
	case SERVO_SERIES_DXL:
		apply(s, m, xl330, sizeof xl330 / sizeof xl330[0]);
		break;
	case SERVO_SERIES_XL430:
		apply(s, m, xl430, sizeof xl430 / sizeof xl430[0]);
		break;
	default:
		apply(s, m, sts, sizeof sts / sizeof sts[0]);
		break;
	}
	servosim_set(s, m, SF_ID, id);
	servosim_mode_reset(s, m);
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

/* The RAM area as the servo starts: the factory's, its goal where it
 * stands. */
static void
fresh_ram(struct servosim *s, struct servosim_motor *m)
{
	size_t eeprom = servo_series((enum servo_series)m->series)->eeprom_end;
	uint8_t keep[SERVOSIM_TABLE], saved[SERVOSIM_TABLE];

	memcpy(keep, m->tab, eeprom);
	memcpy(saved, m->saved, sizeof saved);
	servosim_factory(s, m, 0);
	memcpy(m->tab, keep, eeprom);
	memcpy(m->saved, saved, sizeof saved);
	m->latched = 0;
	m->reg_pending = 0;
	servosim_mode_reset(s, m);
	servosim_set(s, m, SF_GOAL, servosim_present(s, m));
	/* the torque limit starts as the EEPROM's maximum (A4) */
	servosim_set(s, m, SF_TORQUE_LIMIT, servosim_get(s, m, SF_MAX_TORQUE));
	servosim_refresh(s, m);
}

/*
 * A Dynamixel entering an operating mode (e-manual, Operating Mode):
 * Profile_Velocity and Profile_Acceleration 0, Goal_PWM and Goal_Current
 * at PWM_Limit and Current_Limit.  The RAM a servo starts with is taken
 * to be the same (the e-manual gives Goal_Current no initial value).
 */
void
servosim_mode_reset(const struct servosim *s, struct servosim_motor *m)
{
	if (s->proto != SERVO_DXL)
		return;
	servosim_set(s, m, SF_GOAL_SPEED, 0);
	servosim_set(s, m, SF_ACCEL, 0);
	servosim_set(s, m, SF_GOAL_PWM, servosim_get(s, m, SF_PWM_LIMIT));
	servosim_set(s, m, SF_GOAL_CURRENT,
	    servosim_get(s, m, SF_CURRENT_LIMIT));
}

void
servosim_power_cycle(struct servosim *s, struct servosim_motor *m)
{
	size_t eeprom = servo_series((enum servo_series)m->series)->eeprom_end;

	memcpy(m->tab, m->saved, eeprom);
	fresh_ram(s, m);
}
