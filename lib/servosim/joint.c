/*
 * joint.c - the joint behind each emulated servo: the shaft turns towards
 * its goal no faster than the speed limit, stops at an obstacle (where the
 * load climbs with the push and the position lags the goal), follows a
 * hand when limp; and the bus glue (init, add, bytes in).
 */
#include <math.h>
#include <string.h>

#include "servo/regs.h"
#include "servosim.h"

#define TICKS 4096.0
#define STALL_MA 2000.0		/* STS3215 stall current */
#define IDLE_MA 150.0		/* and with no load */

/* Steps per turn of the servo's series. */
static double
turn(const struct servosim_motor *m)
{
	return servo_series((enum servo_series)m->series)->ticks;
}

void
servosim_init(struct servosim *s, enum servo_proto p)
{
	memset(s, 0, sizeof *s);
	s->proto = p;
	servo_decoder_init(&s->dec, p, 0);
}

struct servosim_motor *
servosim_add(struct servosim *s, uint8_t id, double ticks)
{
	return servosim_add_series(s, id, (int)servo_series_of(s->proto),
	    ticks);
}

struct servosim_motor *
servosim_add_series(struct servosim *s, uint8_t id, int series,
    double ticks)
{
	struct servosim_motor *m;

	if (s->n == SERVOSIM_MAX || servosim_find(s, id) != NULL ||
	    series < 0 || series >= SERVO_SERIES_COUNT ||
	    servo_series((enum servo_series)series)->proto != s->proto)
		return NULL;
	m = &s->m[s->n++];
	memset(m, 0, sizeof *m);
	m->series = (uint8_t)series;
	servosim_factory(s, m, id);
	m->shaft = ticks;
	/* 0.238 s per 60 degrees, STS3215 at 6 V; the SCS's own speed is
	 * not in the spec, so it turns as fast in degrees */
	m->max_speed = 2868.0 * turn(m) / TICKS;
	m->mute_after = -1;
	servosim_set(s, m, SF_GOAL, servosim_present(s, m));
	servosim_refresh(s, m);
	return m;
}

int32_t
servosim_present(const struct servosim *s, const struct servosim_motor *m)
{
	int32_t off = servosim_get(s, m, SF_HOMING);
	long v = lround(m->shaft);

	if (s->proto == SERVO_DXL)
		return (int32_t)(v + off);
	/* Feetech single-turn: actual - offset, wrapped into one turn */
	v -= off;
	v %= (long)turn(m);
	return (int32_t)(v < 0 ? v + (long)turn(m) : v);
}

/* The shaft position the goal register asks for, limits applied. */
static double
goal_shaft(const struct servosim *s, const struct servosim_motor *m)
{
	int32_t goal = servosim_get(s, m, SF_GOAL);
	int32_t lo = servosim_get(s, m, SF_MIN_LIMIT);
	int32_t hi = servosim_get(s, m, SF_MAX_LIMIT);
	int32_t off = servosim_get(s, m, SF_HOMING);

	/* Dynamixel extended position (Operating_Mode 4) and current-based
	 * position (5): many turns, no limits (B4; e-manual) */
	if ((lo != 0 || hi != 0) && !(s->proto == SERVO_DXL &&
	    (servosim_get(s, m, SF_MODE) == 4 ||
	    servosim_get(s, m, SF_MODE) == 5))) {
		if (goal < lo)
			goal = lo;
		if (goal > hi)
			goal = hi;
	}
	return s->proto == SERVO_DXL ? (double)goal - off : (double)goal + off;
}

static double
speed_limit(const struct servosim *s, const struct servosim_motor *m)
{
	double v;

	if (s->proto == SERVO_DXL)	/* Profile_Velocity, 0.229 rpm */
		v = servosim_get(s, m, SF_GOAL_SPEED) * 0.229 * TICKS / 60.0;
	else				/* Goal_Velocity, steps/s */
		v = fabs((double)servosim_get(s, m, SF_GOAL_SPEED));
	return v > 0 && v < m->max_speed ? v : m->max_speed;
}

/* The acceleration the servo keeps to, ticks/s^2 (0: none): Feetech's
 * Acceleration in 100 step/s^2, Dynamixel's Profile_Acceleration in
 * 214.577 rev/min^2 (A4, B4). */
static double
accel_limit(const struct servosim *s, const struct servosim_motor *m)
{
	double a = servosim_get(s, m, SF_ACCEL);

	return s->proto == SERVO_DXL ? a * 214.577 / 3600.0 * TICKS :
	    a * 100.0;
}

/* The speed this step: toward v_want, no faster than the ramp allows;
 * and able to stop at the target (dist ticks away). */
static double
ramp(double vel, double v_want, double accel, double dist, double dt)
{
	double v_stop;

	if (accel <= 0)
		return v_want;
	v_stop = sqrt(2 * accel * fabs(dist));
	if (fabs(v_want) > v_stop)
		v_want = v_want > 0 ? v_stop : -v_stop;
	if (v_want > vel + accel * dt)
		return vel + accel * dt;
	if (v_want < vel - accel * dt)
		return vel - accel * dt;
	return v_want;
}

/* Move toward target at vmax (ticks/s), ramped by accel (a wheel: on
 * at vmax, signed, never arriving); an obstacle may stop it. */
static void
move(struct servosim_motor *m, double target, double vmax, double accel,
    double dt, int wheel_mode)
{
	double from = m->shaft, d = target - from, v, step;

	if (wheel_mode)
		v = ramp(m->vel, vmax, accel, 1e12, dt);
	else
		v = ramp(m->vel, d > 0 ? vmax : d < 0 ? -vmax : 0, accel, d,
		    dt);
	step = v * dt;
	/* the last bit of the way, and never past the target */
	if (!wheel_mode && ((d >= 0 && step >= d) || (d <= 0 && step <= d) ||
	    fabs(d) < 0.5))
		step = d;
	m->shaft = from + step;
	m->blocked = 0;
	if (m->has_stop && (m->shaft < m->stop_lo || m->shaft > m->stop_hi)) {
		m->shaft = m->shaft < m->stop_lo ? m->stop_lo : m->stop_hi;
		m->blocked = 1;
	}
	m->vel = dt > 0 ? (m->shaft - from) / dt : 0;
}

/* Dynamixel current-based position control (Operating_Mode 5, XL330). */
static int
current_based(const struct servosim *s, const struct servosim_motor *m)
{
	return s->proto == SERVO_DXL && servosim_get(s, m, SF_MODE) == 5 &&
	    servo_series_reg((enum servo_series)m->series,
	    SF_GOAL_CURRENT)->size;
}

/* Its Goal_Current as a drive, 0.1 % of its Current_Limit (the current
 * this emulator takes for stall, servosim_refresh). */
static double
grip_current(const struct servosim *s, const struct servosim_motor *m)
{
	double lim = servosim_get(s, m, SF_CURRENT_LIMIT);
	double goal = fabs((double)servosim_get(s, m, SF_GOAL_CURRENT));

	return lim > 0 ? 1000.0 * goal / lim : 0;
}

/*
 * The most a servo drives, 0.1 % of stall: a Feetech no harder than its
 * Torque_Limit, and once its overload protection has tripped no harder
 * than its Protective_Torque (A4: "torque allowed after overload
 * protection trips"); a Dynamixel up to stall, or in current-based
 * position control up to its Goal_Current (e-manual: it "sets a limit to
 * current"), so a blocked one pushes with that current and, below the
 * overload threshold, never raises the overload alert.
 */
static double
drive_cap(const struct servosim *s, const struct servosim_motor *m)
{
	double cap = 1000;

	if (servo_series_reg((enum servo_series)m->series,
	    SF_TORQUE_LIMIT)->size)
		cap = servosim_get(s, m, SF_TORQUE_LIMIT);
	if (s->proto == SERVO_FEETECH && (m->latched & STS_ERR_OVERLOAD) &&
	    10.0 * servosim_get(s, m, SF_PROTECT_TORQUE) < cap)
		cap = 10.0 * servosim_get(s, m, SF_PROTECT_TORQUE);
	if (current_based(s, m) && grip_current(s, m) < cap)
		cap = grip_current(s, m);
	return cap;
}

/*
 * Load in 0.1 % of stall: a little to hold or move, and when an obstacle
 * holds the shaft, growing with how far behind the goal it is (the
 * position loop's P term) up to what the servo may drive.
 */
static int32_t
load_of(const struct servosim *s, const struct servosim_motor *m,
    double target)
{
	double push = target - m->shaft, l, cap = drive_cap(s, m);

	if (m->blocked) {
		l = 150 + 8 * fabs(push);
		l = l > cap ? cap : l;
		return (int32_t)(push < 0 ? -l : l);
	}
	l = 30 + 200 * fabs(m->vel) / m->max_speed;
	return (int32_t)(m->vel < 0 ? -l : l);
}

/* Operating_Mode 1: a wheel, turning at its goal velocity (A4, B4). */
static int
wheel(const struct servosim *s, const struct servosim_motor *m)
{
	return servosim_get(s, m, SF_MODE) == 1;
}

/* That velocity, ticks/s: Feetech's steps/s, Dynamixel's 0.229 rpm. */
static double
wheel_speed(const struct servosim *s, const struct servosim_motor *m)
{
	double v = servosim_get(s, m, SF_WHEEL_SPEED);

	return s->proto == SERVO_DXL ? v * 0.229 * TICKS / 60.0 : v;
}

/*
 * The overload protection, armed by its bit (0x20) in Feetech's
 * Unloading_Condition or Dynamixel's Shutdown: a load over the threshold
 * (Feetech Overload_Torque; Dynamixel 80 %, which the spec leaves open)
 * for Protection_Time (Dynamixel: 2 s) trips it.  A Dynamixel then forces
 * its torque off and raises the alert until REBOOT (B4).  A Feetech
 * latches the overload bit (its replies carry it until power is cycled)
 * and drives no harder than Protective_Torque from then on (drive_cap);
 * its Torque_Enable stays as written.  The spec names what the Feetech
 * registers are, not what the servo does between them: reading
 * "Unloading_Condition: which faults drop torque" as the drop to
 * Protective_Torque is this emulator's assumption (armsim(1)).
 */
static void
protect(struct servosim *s, struct servosim_motor *m, double dt)
{
	double limit = s->proto == SERVO_FEETECH ? 10.0 *
	    servosim_get(s, m, SF_OVERLOAD) : 800;
	double after = s->proto == SERVO_FEETECH ? 0.01 *
	    servosim_get(s, m, SF_PROTECT_TIME) : 2.0;

	/* SCS's overload registers are unconfirmed: it never trips here */
	if (m->series == SERVO_SERIES_SCS || !(servosim_get(s, m,
	    SF_SHUTDOWN) & (s->proto == SERVO_FEETECH ? STS_ERR_OVERLOAD :
	    DXL_HW_OVERLOAD)))
		return;
	if (fabs((double)m->load) <= limit || limit <= 0) {
		m->overload_s = 0;
		return;
	}
	m->overload_s += dt;
	if (m->overload_s < after)
		return;
	if (s->proto == SERVO_FEETECH) {
		m->latched |= STS_ERR_OVERLOAD;
		if (fabs((double)m->load) > drive_cap(s, m))
			m->load = (int32_t)(m->load < 0 ? -drive_cap(s, m) :
			    drive_cap(s, m));
		return;
	}
	m->latched |= DXL_HW_OVERLOAD;
	servosim_set(s, m, SF_TORQUE, 0);
}

void
servosim_step(struct servosim *s, double dt)
{
	struct servosim_motor *m;
	double target;
	int i;

	for (i = 0; i < s->n; i++) {
		m = &s->m[i];
		if (m->mute_after == 0)
			continue;	/* dead: frozen where it was */
		if (servosim_get(s, m, SF_TORQUE) && wheel(s, m)) {
			target = m->shaft + wheel_speed(s, m) * dt;
			move(m, target, wheel_speed(s, m), accel_limit(s, m),
			    dt, 1);
			m->load = load_of(s, m, target);
			protect(s, m, dt);
		} else if (servosim_get(s, m, SF_TORQUE)) {
			target = goal_shaft(s, m);
			move(m, target, speed_limit(s, m), accel_limit(s, m),
			    dt, 0);
			m->load = load_of(s, m, target);
			protect(s, m, dt);
		} else {
			move(m, m->has_hand ? m->hand : m->shaft,
			    m->max_speed / 4, 0, dt, 0);
			m->load = 0;
		}
		servosim_refresh(s, m);
	}
}

void
servosim_written(struct servosim *s, struct servosim_motor *m)
{
	if (m->blocked && servosim_get(s, m, SF_TORQUE) && !wheel(s, m))
		m->load = load_of(s, m, goal_shaft(s, m));
}

void
servosim_hold_back(struct servosim *s, struct servosim_motor *m,
    double shaft, double dt)
{
	double from = m->shaft - m->vel * dt;

	m->shaft = shaft;
	m->vel = dt > 0 ? (shaft - from) / dt : 0;
	m->blocked = 1;
	if (servosim_get(s, m, SF_TORQUE)) {
		m->load = load_of(s, m, goal_shaft(s, m));
		protect(s, m, dt);
	}
	servosim_refresh(s, m);
}

/* A field without a sign (SCS's) holds the magnitude. */
static void
set_signed(const struct servosim *s, struct servosim_motor *m, int field,
    int32_t v)
{
	const struct servo_reg *r = servo_series_reg(
	    (enum servo_series)m->series, (enum servo_field)field);

	servosim_set(s, m, field, r->sign == SERVO_SIGN_NONE && v < 0 ? -v :
	    v);
}

/* The present values in the table, from the joint. */
void
servosim_refresh(const struct servosim *s, struct servosim_motor *m)
{
	struct servosim_motor *w = m;
	double amps = IDLE_MA + fabs((double)m->load) / 1000.0 *
	    (STALL_MA - IDLE_MA);

	servosim_set(s, w, SF_POSITION, servosim_present(s, m));
	set_signed(s, w, SF_SPEED, (int32_t)lround(s->proto == SERVO_DXL ?
	    m->vel * 60.0 / TICKS / 0.229 : m->vel));
	servosim_set(s, w, SF_MOVING, fabs(m->vel) > 1.0);
	if (s->proto == SERVO_FEETECH) {
		set_signed(s, w, SF_LOAD, m->load);
		servosim_set(s, w, SF_CURRENT, (int32_t)lround((m->load < 0 ?
		    -amps : amps) / 6.5));
		servosim_set(s, w, SF_HW_ERROR, m->fault | m->latched);
	} else {
		/* XL330: current against its limit stands for the load */
		servosim_set(s, w, SF_CURRENT, (int32_t)lround(m->load / 1000.0 *
		    servosim_get(s, m, SF_CURRENT_LIMIT)));
		servosim_set(s, w, SF_HW_ERROR, m->fault | m->latched);
	}
}

static void
exec_ready(struct servosim *s)
{
	struct servo_packet pk;

	while (servo_decoder_next(&s->dec, &pk))
		servosim_exec(s, &pk);
}

void
servosim_rx(struct servosim *s, const uint8_t *bytes, size_t n,
    servosim_emit *emit, void *ctx)
{
	size_t i;

	s->emit = emit;
	s->emit_ctx = ctx;
	for (i = 0; i < n; i++) {
		servo_decoder_push(&s->dec, bytes[i]);
		exec_ready(s);
	}
}

void
servosim_idle(struct servosim *s)
{
	while (s->dec.n > 0) {
		servo_decoder_idle(&s->dec);
		exec_ready(s);
	}
}
