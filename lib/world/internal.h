/*
 * internal.h - what the world's files share: walls, steps, the display
 * list, the generator, and the robot's action path.  Private to
 * lib/world (world.c, act.c, sense.c).
 */
#ifndef SPINE_WORLD_INTERNAL_H
#define SPINE_WORLD_INTERNAL_H

#include "world.h"

#define WORLD_NIL 0xFFFFFFFFu

/* Off the grid counts as wall (§1.3), so maps need no border. */
static inline int
world_wall(const struct world *w, int32_t x, int32_t y)
{
	if (x < 0 || y < 0 || x >= w->map.w || y >= w->map.h)
		return 1;
	return w->map.cell[(size_t)y * w->map.w + (size_t)x] !=
	    WORLD_CELL_EMPTY;
}

/* Unit vector of a heading in degrees (a multiple of 45, §2.3). */
extern const int8_t world_dx[8], world_dy[8];

/* One step forward (sign > 0) or back (§1.3); PLANNER_SUCCESS or _FAIL. */
uint8_t world_step(struct world *w, struct world_robot *r, int sign);

/* A move of `speed` steps; the last step's report (§1.3). */
uint8_t world_move(struct world *w, struct world_robot *r, int32_t speed);

/* Free cells from the robot's cell towards heading h, at most range. */
int32_t world_probe(const struct world *w, const struct world_robot *r,
    int32_t h, int32_t range);

/* The robot to the front of the display list (§1.4). */
void world_to_front(struct world *w, struct world_robot *r);

/* A world action of this kind on robot r, with the robot's bookkeeping
   (§4.10): what every first-plan action and creation turn goes through. */
uint8_t world_robot_act(struct world *w, struct world_robot *r, uint8_t kind,
    int32_t value, uint8_t check);

/* A world sense of this binding for robot r, in world units. */
int32_t world_sense_value(struct world *w, struct world_robot *r,
    const struct world_bind *b);

/* v * mul / div, rounded to nearest (halves away from zero), 16 bits. */
int16_t world_scale(int32_t v, int32_t mul, int32_t div);

/* The planner callbacks (ctx: the robot). */
int16_t world_cb_sense(void *ctx, uint16_t id);
uint8_t world_cb_action(void *ctx, uint16_t id, int16_t value,
    uint8_t check);
int16_t world_cb_mon_sense(void *ctx, uint16_t id);
uint8_t world_cb_mon_action(void *ctx, uint16_t id, int16_t value,
    uint8_t check);

#endif
