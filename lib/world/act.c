/*
 * act.c - what robots sense and do (spec §1.3, §3, §4, §5): steps and
 * moves, the phantom-move distance senses, the nine actions with their
 * progress flags, and the monitor's senses and actions.  Reached through
 * the planner callbacks that world.c installs.
 */
#include "internal.h"

const char *const world_sense_names[WS_NKINDS] = {
	"none", "front_right", "front_left", "rear_left", "rear_right",
	"front", "rear", "random", "fifty", "mate", "constant",
	"nearest_side", "blocked", "asleep", "speed", "heading"
};

const char *const world_action_names[WA_NKINDS] = {
	"none", "set_speed", "move_by", "turn", "stop", "sleep", "fail",
	"succeed", "mate", "random_turn"
};

const int8_t world_dx[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };
const int8_t world_dy[8] = { -1, -1, 0, 1, 1, 1, 0, -1 };

uint8_t
world_step(struct world *w, struct world_robot *r, int sign)
{
	int d = r->heading / 45;
	int32_t x = r->x + sign * world_dx[d], y = r->y + sign * world_dy[d];

	if (world_wall(w, x, y)) {
		r->blocked = 1;
		return PLANNER_FAIL;
	}
	w->occupancy[(size_t)r->y * w->map.w + (size_t)r->x]--;
	w->occupancy[(size_t)y * w->map.w + (size_t)x]++;
	r->x = (int16_t)x;
	r->y = (int16_t)y;
	r->blocked = 0;
	return PLANNER_SUCCESS;
}

/* A refused step leaves the robot in place, so every later one of the
   same move is refused too: stopping at the first is the same move. */
uint8_t
world_move(struct world *w, struct world_robot *r, int32_t speed)
{
	int sign = speed < 0 ? -1 : 1;
	int32_t n = speed < 0 ? -speed : speed, i;

	for (i = 0; i < n; i++)
		if (world_step(w, r, sign) != PLANNER_SUCCESS)
			return PLANNER_FAIL;
	return PLANNER_SUCCESS;
}

int32_t
world_probe(const struct world *w, const struct world_robot *r, int32_t h,
    int32_t range)
{
	int d = (int)(((h % 360) + 360) % 360 / 45);
	int32_t n = w->reach[((size_t)r->y * w->map.w + (size_t)r->x) * 8 +
	    (size_t)d];

	return n < range ? n : range;
}

int16_t
world_scale(int32_t v, int32_t mul, int32_t div)
{
	int64_t p = (int64_t)v * mul, q;

	if (div == 1)
		q = p;
	else if ((p < 0) == (div < 0))
		q = (p + (div < 0 ? -div : div) / 2) / div;
	else
		q = (p - (div < 0 ? -div : div) / 2) / div;
	if (q > 32767)
		return 32767;
	if (q < -32768)
		return -32768;
	return (int16_t)q;
}

/* ---- senses (§3) ------------------------------------------------------- */

/* Probe direction offsets of senses 1..6; the rear ones mirrored (§3.1). */
static const int16_t probe_turn[7] = { 0, 45, -45, 135, 225, 0, 180 };

int32_t
world_sense_value(struct world *w, struct world_robot *r,
    const struct world_bind *b)
{
	int32_t left, right;

	switch (b->kind) {
	case WS_FRONT_RIGHT: case WS_FRONT_LEFT: case WS_REAR_LEFT:
	case WS_REAR_RIGHT: case WS_FRONT: case WS_REAR:
		return world_probe(w, r, r->heading + probe_turn[b->kind],
		    b->range);
	case WS_RANDOM: {
		int32_t v = 1 + world_rand(w) * 100 / WORLD_RAND_MAX;

		return v > 100 ? 100 : v;
	}
	case WS_FIFTY:
		return 50;
	case WS_MATE:
		return w->occupancy[(size_t)r->y * w->map.w + (size_t)r->x] > 1;
	case WS_CONSTANT:
		return b->value;
	case WS_NEAREST_SIDE:
		left = world_probe(w, r, r->heading - 45, b->range);
		right = world_probe(w, r, r->heading + 45, b->range);
		return left < right ? -1 : right < left ? 1 : 0;
	case WS_BLOCKED:
		return r->blocked;
	case WS_ASLEEP:
		return r->sleep_remaining != 0;
	case WS_SPEED:
		return r->speed;
	case WS_HEADING:
		return r->heading;
	default:
		return 0;
	}
}

int16_t
world_cb_sense(void *ctx, uint16_t id)
{
	struct world_robot *r = ctx;
	struct world *w = r->w;
	const struct world_bind *b;

	if (id >= w->cfg.binds.nsense)
		return 0;
	b = &w->cfg.binds.sense[id];
	if (b->mul == 1 && b->div == 1)
		return (int16_t)world_sense_value(w, r, b);
	return world_scale(world_sense_value(w, r, b), b->mul, b->div);
}

/* ---- actions (§4) ------------------------------------------------------ */

static uint8_t
move_by(struct world *w, struct world_robot *r, int32_t value, uint8_t check)
{
	uint8_t res;

	if (!check)
		r->moving = 0;
	if (!r->moving)
		r->move_remaining = value;
	r->speed = (int16_t)(value > 0 ? 1 : value < 0 ? -1 : 0);
	res = world_move(w, r, r->speed);
	if (res == PLANNER_SUCCESS) {
		r->move_remaining -= r->speed;
		r->moving = r->move_remaining != 0;
		res = r->moving ? PLANNER_IN_PROGRESS : PLANNER_SUCCESS;
	} else {
		r->moving = 0;
	}
	r->speed = 0;
	return PLANNER_RESULT(res, WA_MOVE_BY);
}

/* Turn and RandomTurn (§4.3, §4.9): 45 degrees per call to the target. */
static uint8_t
turn(struct world *w, struct world_robot *r, int32_t value, uint8_t check,
    int random)
{
	int32_t by = value;

	if (value % 45 != 0)
		return PLANNER_ERROR;
	if (!check)
		r->turning = 0;
	if (!r->turning) {
		if (random && world_rand(w) <= 16383)
			by = -value;
		r->turn_target = (r->heading + by + 360) % 360;
	}
	r->heading = (int16_t)((r->heading + (value > 0 ? 45 : -45) + 360) %
	    360);
	r->turning = r->heading != r->turn_target;
	return PLANNER_RESULT(r->turning ? PLANNER_IN_PROGRESS :
	    PLANNER_SUCCESS, WA_TURN);
}

/* Sleep (§4.5) and MonitorSleep (§5.2) count the same way. */
static uint8_t
count_down(int32_t *remaining, int32_t value, uint8_t check)
{
	if (!check) {
		*remaining = value > 0 ? value - 1 : 0;
		return *remaining != 0 ? PLANNER_IN_PROGRESS : PLANNER_SUCCESS;
	}
	if (*remaining == 0)
		return PLANNER_SUCCESS;
	--*remaining;
	return PLANNER_IN_PROGRESS;
}

static uint8_t
sleep_action(struct world_robot *r, int32_t value, uint8_t check)
{
	if (!check) {
		r->moving = r->turning = 0;
		r->speed = 0;
	}
	return PLANNER_RESULT(count_down(&r->sleep_remaining, value, check),
	    WA_SLEEP);
}

static uint8_t
world_act(struct world *w, struct world_robot *r, uint8_t kind,
    int32_t value, uint8_t check)
{
	switch (kind) {
	case WA_SET_SPEED:
		r->speed = (int16_t)value;
		return PLANNER_RESULT(PLANNER_SUCCESS, WA_SET_SPEED);
	case WA_MOVE_BY:
		return move_by(w, r, value, check);
	case WA_TURN:
		return turn(w, r, value, check, 0);
	case WA_RANDOM_TURN:
		return turn(w, r, value, check, 1);
	case WA_STOP:
		r->moving = r->turning = 0;
		r->speed = 0;
		return PLANNER_RESULT(PLANNER_SUCCESS, WA_STOP);
	case WA_SLEEP:
		return sleep_action(r, value, check);
	case WA_SUCCEED:
		return PLANNER_SUCCESS;
	case WA_MATE:
		return PLANNER_RESULT(w->occupancy[(size_t)r->y * w->map.w +
		    (size_t)r->x] > 1 ? PLANNER_SUCCESS : PLANNER_FAIL,
		    WA_MATE);
	default:		/* WA_FAIL, unbound */
		return PLANNER_FAIL;
	}
}

uint8_t
world_robot_act(struct world *w, struct world_robot *r, uint8_t kind,
    int32_t value, uint8_t check)
{
	uint8_t res = world_act(w, r, kind, value, check);

	world_to_front(w, r);
	r->last_tick = w->ticks;
	r->last_kind = kind;
	r->last_result = res;
	if (kind == WA_MATE && PLANNER_CODE(res) == PLANNER_SUCCESS) {
		r->matings++;
		r->remembered[r->ring] = r->interval;
		r->interval = 0;
		r->ring = (uint8_t)((r->ring + 1) % 3);
	} else {
		r->interval++;
	}
	return res;
}

uint8_t
world_cb_action(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	struct world_robot *r = ctx;
	struct world *w = r->w;
	const struct world_bind *b;
	int32_t v = value;

	if (id >= w->cfg.binds.naction)
		return world_robot_act(w, r, WA_NONE, 0, check);
	b = &w->cfg.binds.action[id];
	if (b->mul != 1 || b->div != 1)
		v = world_scale(value, b->mul, b->div);
	return world_robot_act(w, r, b->kind, v, check);
}

/* ---- the monitor (§5) -------------------------------------------------- */

uint32_t
world_avg_interval(const struct world_robot *r)
{
	uint32_t sum = 0, n = 0;
	int i;

	for (i = 0; i < 3; i++)
		if (r->remembered[i] != WORLD_EMPTY_INTERVAL) {
			sum += r->remembered[i];
			n++;
		}
	return n ? sum / n : WORLD_EMPTY_INTERVAL;
}

int16_t
world_cb_mon_sense(void *ctx, uint16_t id)
{
	uint32_t avg;

	if (id != WORLD_MON_AVG_INTERVAL)
		return 0;
	avg = world_avg_interval(ctx);
	return (int16_t)(avg > 32767 ? 32767 : avg);
}

static void
set_char(struct world *w, struct world_robot *r, uint8_t ch)
{
	r->ch = ch;
	world_to_front(w, r);
}

/* Mate's base priority changes; the planner only uses a base when the
   drive succeeds, so world.c applies it then (see mate_after_cycle). */
static void
set_mate_base(struct world *w, struct world_robot *r, uint16_t p)
{
	r->mate_base = p;
	r->mate_succ = planner_successes(&r->pl, PLAN_D, w->cfg.mate_drive);
}

uint8_t
world_cb_mon_action(void *ctx, uint16_t id, int16_t value, uint8_t check)
{
	struct world_robot *r = ctx;
	struct world *w = r->w;
	int have = w->cfg.mate_drive != PLAN_NONE;

	switch (id) {
	case WORLD_MON_SET_PRIORITY:
		if (have)
			r->stored_priority = r->mate_base;
		r->stored_ch = r->ch;
		set_char(w, r, WORLD_MONITOR_CHAR);
		if (!have)
			return PLANNER_RESULT(PLANNER_FAIL, id);
		set_mate_base(w, r, (uint16_t)(r->stored_priority / 2));
		return PLANNER_RESULT(PLANNER_SUCCESS, id);
	case WORLD_MON_RESET_PRIORITY:
		if (!have)
			return PLANNER_RESULT(PLANNER_FAIL, id);
		set_mate_base(w, r, r->stored_priority);
		set_char(w, r, r->stored_ch);
		r->remembered[0] = r->remembered[1] = r->remembered[2] =
		    WORLD_EMPTY_INTERVAL;
		return PLANNER_RESULT(PLANNER_SUCCESS, id);
	case WORLD_MON_SLEEP:
		return PLANNER_RESULT(count_down(&r->mon_sleep, value, check),
		    id);
	default:
		return PLANNER_FAIL;
	}
}
