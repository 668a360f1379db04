/*
 * world.c - the world as a whole (spec §1.4, §2, §6): its memory layout,
 * creating the robots, the tick with its plan and movement phases, the
 * display list, the generator, the statistics and the picture.
 * Called by worldsim; act.c holds what a single robot senses and does.
 */
#include <string.h>

#include "internal.h"

#define ALIGN8(n) (((n) + 7u) & ~(size_t)7u)

int32_t
world_rand(struct world *w)
{
	w->rng = w->rng * 214013u + 2531011u;
	return (int32_t)((w->rng >> 16) & 0x7FFFu);
}

void
world_binds_default(struct world_bind sense[10], struct world_bind action[10],
    struct world_binds *b)
{
	int i;

	for (i = 0; i < 10; i++) {
		sense[i].kind = (uint8_t)i;
		sense[i].range = 4;
		sense[i].mul = sense[i].div = 1;
		sense[i].value = 0;
		action[i] = sense[i];
	}
	b->sense = sense;
	b->nsense = 10;
	b->action = action;
	b->naction = 10;
}

uint16_t
world_find_drive(const struct plan *p, const char *name)
{
	struct plan_name e;
	uint32_t pos = 0;
	size_t len = strlen(name);

	while (plan_next_name(p, &pos, &e))
		if (e.kind == PLAN_D && e.len == len &&
		    memcmp(e.text, name, len) == 0 && e.key < p->count[PLAN_D])
			return e.key;
	return PLAN_NONE;
}

/* ---- memory ------------------------------------------------------------ */

struct layout {
	size_t robots, occupancy, reach, state1, state2, total;
	uint32_t size1, size2;
};

static int
lay_out(const struct world_config *c, struct layout *l)
{
	size_t n = c->nrobots, cells = (size_t)c->map->w * c->map->h;

	if (n == 0 || n > (size_t)WORLD_MAX_ROBOTS || cells == 0)
		return -1;
	l->size1 = planner_state_size_for(c->plan->count);
	l->size2 = c->monitor ? planner_state_size_for(c->monitor->count) : 0;
	l->robots = 0;
	l->occupancy = ALIGN8(n * sizeof(struct world_robot));
	l->reach = l->occupancy + ALIGN8(cells * sizeof(uint32_t));
	l->state1 = l->reach + ALIGN8(cells * 8);
	l->state2 = l->state1 + n * ALIGN8(l->size1 ? l->size1 : 2);
	l->total = l->state2 + n * ALIGN8(l->size2);
	return 0;
}

size_t
world_mem_size(const struct world_config *cfg)
{
	struct layout l;

	return lay_out(cfg, &l) < 0 ? 0 : l.total;
}

/*
 * The distance senses look along rows of cells again and again; the map
 * never changes, so how far each cell sees in each heading is counted
 * once, each cell from its neighbour's count (swept so that neighbour
 * comes first).
 */
static void
measure_reach(struct world *w)
{
	int32_t W = w->map.w, H = w->map.h, x, y, i, j, d;

	for (d = 0; d < 8; d++) {
		int dx = world_dx[d], dy = world_dy[d];

		for (i = 0; i < H; i++) {
			y = dy > 0 ? H - 1 - i : i;
			for (j = 0; j < W; j++) {
				uint8_t *v = &w->reach[((size_t)y * W +
				    (size_t)(x = dx > 0 ? W - 1 - j : j)) * 8 +
				    (size_t)d];

				if (world_wall(w, x + dx, y + dy))
					*v = 0;
				else
					*v = (uint8_t)(w->reach[((size_t)(y + dy) *
					    W + (size_t)(x + dx)) * 8 + (size_t)d]
					    == 255 ? 255 : 1 + w->reach[((size_t)(y +
					    dy) * W + (size_t)(x + dx)) * 8 +
					    (size_t)d]);
			}
		}
	}
}

/* ---- the display list (§1.4) ------------------------------------------- */

void
world_to_front(struct world *w, struct world_robot *r)
{
	uint32_t i = r->index;

	if (w->front == i)
		return;
	w->robot[r->prev].next = r->next;	/* not the front: prev exists */
	if (r->next != WORLD_NIL)
		w->robot[r->next].prev = r->prev;
	else
		w->back = r->prev;
	r->prev = WORLD_NIL;
	r->next = w->front;
	w->robot[w->front].prev = i;
	w->front = i;
}

static void
append(struct world *w, struct world_robot *r)
{
	r->prev = w->back;
	r->next = WORLD_NIL;
	if (w->back == WORLD_NIL)
		w->front = r->index;
	else
		w->robot[w->back].next = r->index;
	w->back = r->index;
}

/* ---- creation (§2.1) --------------------------------------------------- */

static void
first_event(void *ctx, const struct planner_event *ev)
{
	struct world_robot *r = ctx;

	r->w->cfg.on_event(r->w->cfg.event_ctx, r->index, 0, ev);
}

static void
monitor_event(void *ctx, const struct planner_event *ev)
{
	struct world_robot *r = ctx;

	r->w->cfg.on_event(r->w->cfg.event_ctx, r->index, 1, ev);
}

static int
start_planners(struct world *w, struct world_robot *r, uint8_t *mem,
    const struct layout *l)
{
	struct planner_io io;
	size_t k = r->index;

	io.sense = world_cb_sense;
	io.action = world_cb_action;
	io.monitor = w->cfg.on_event ? first_event : NULL;
	io.ctx = r;
	if (planner_init(&r->pl, w->cfg.plan, mem + l->state1 + k *
	    ALIGN8(l->size1 ? l->size1 : 2), l->size1, &io) < 0)
		return -1;
	if (w->cfg.on_event)
		planner_set_global_monitor(&r->pl, PLAN_MON_ALL);
	if (w->cfg.monitor == NULL)
		return 0;
	io.sense = world_cb_mon_sense;
	io.action = world_cb_mon_action;
	io.monitor = w->cfg.on_event ? monitor_event : NULL;
	if (planner_init(&r->mon, w->cfg.monitor, mem + l->state2 + k *
	    ALIGN8(l->size2), l->size2, &io) < 0)
		return -1;
	if (w->cfg.on_event)
		planner_set_global_monitor(&r->mon, PLAN_MON_ALL);
	return 0;
}

/* Set a drive's runtime priority from outside the planner and say so;
   it takes effect in the next tick's cycle. */
static void
set_priority(struct world *w, struct world_robot *r, uint16_t drive,
    uint16_t priority)
{
	struct planner_drive_state ds;

	planner_set_priority(&r->pl, drive, priority);
	if (w->cfg.on_priority == NULL)
		return;
	planner_drive_state(&r->pl, drive, &ds);	/* as clamped */
	w->cfg.on_priority(w->cfg.event_ctx, r->index, drive, ds.priority,
	    w->ticks + 1);
}

/* Step 5: Mate starts a little above its base, at random. */
static void
random_mate_start(struct world *w, struct world_robot *r)
{
	const struct world_config *c = &w->cfg;
	struct plan_drive d;
	int64_t range = c->mate_range, inc;

	if (c->mate_drive == PLAN_NONE ||
	    (range <= 0 && c->above_drive == PLAN_NONE))
		return;
	if (range <= 0) {
		plan_get_drive(c->plan, c->above_drive, &d);
		range = (int64_t)d.priority - w->mate_file_priority;
		if (range < 1)
			range = 1;
	}
	inc = world_rand(w) * range / WORLD_RAND_MAX / 2;
	set_priority(w, r, c->mate_drive,
	    (uint16_t)(w->mate_file_priority + inc > 0xFFFF ? 0xFFFF :
	    w->mate_file_priority + inc));
}

static int
create_robot(struct world *w, uint32_t k, uint8_t *mem,
    const struct layout *l)
{
	struct world_robot *r = &w->robot[k];
	const struct world_cell_xy *s = &w->map.start[k % w->map.nstarts];
	uint32_t turns = k % 8;

	if (world_wall(w, s->x, s->y))
		return -1;
	memset(r, 0, sizeof *r);
	r->w = w;
	r->index = k;
	r->x = s->x;
	r->y = s->y;
	r->ch = (uint8_t)world_robot_char(k);
	r->stored_ch = '*';
	r->remembered[0] = r->remembered[1] = r->remembered[2] =
	    WORLD_EMPTY_INTERVAL;
	r->mate_base = w->mate_file_priority;
	r->last_tick = UINT64_MAX;
	w->occupancy[(size_t)r->y * w->map.w + (size_t)r->x]++;
	append(w, r);
	if (start_planners(w, r, mem, l) < 0)
		return -1;
	random_mate_start(w, r);
	/* step 6: k turns of +45; eight of them make a circle, so only
	   k mod 8 are made and the rest only counted */
	while (turns-- > 0)
		world_robot_act(w, r, WA_TURN, 45, 0);
	r->interval += k - k % 8;
	if (k > 0)
		world_to_front(w, r);
	return 0;
}

int
world_init(struct world *w, const struct world_config *cfg, void *mem,
    size_t size)
{
	struct layout l;
	struct plan_drive d;
	uint32_t k;

	if (lay_out(cfg, &l) < 0 || size < l.total || mem == NULL ||
	    ((uintptr_t)mem & 7u) != 0)
		return -1;
	memset(w, 0, sizeof *w);
	memset(mem, 0, l.total);
	w->cfg = *cfg;
	w->map = *cfg->map;
	w->robot = (struct world_robot *)mem;
	w->occupancy = (uint32_t *)(void *)((uint8_t *)mem + l.occupancy);
	w->reach = (uint8_t *)mem + l.reach;
	measure_reach(w);
	w->rng = cfg->seed;
	w->front = w->back = WORLD_NIL;
	if (cfg->mate_drive != PLAN_NONE) {
		plan_get_drive(cfg->plan, cfg->mate_drive, &d);
		w->mate_file_priority = d.priority;
		w->mate_ramps = d.ramp_interval != 0;
	}
	for (k = 0; k < cfg->nrobots; k++)
		if (create_robot(w, k, mem, &l) < 0)
			return -1;
	return 0;
}

/* ---- the tick (§2.4) --------------------------------------------------- */

/*
 * The planner resets a ramping drive to the base priority in its plan
 * when the drive succeeds; when the monitor has changed Mate's base, the
 * success shows in Mate's counter and the changed base is put in place,
 * before anything else can read the priority.
 */
static void
mate_after_cycle(struct world *w, struct world_robot *r)
{
	uint16_t s;

	if (r->mate_base == w->mate_file_priority || !w->mate_ramps)
		return;
	s = planner_successes(&r->pl, PLAN_D, w->cfg.mate_drive);
	if (s != r->mate_succ) {
		r->mate_succ = s;
		set_priority(w, r, w->cfg.mate_drive, r->mate_base);
	}
}

void
world_tick(struct world *w)
{
	struct world_robot *r, *end = w->robot + w->cfg.nrobots;
	uint32_t moving = 0, bang = 0;

	w->ticks++;
	for (r = w->robot; r < end; r++) {
		planner_tick(&r->pl, 1);
		if (planner_cycle(&r->pl) == PLANNER_IDLE && w->cfg.on_event)
			w->cfg.on_event(w->cfg.event_ctx, r->index, 0, NULL);
		mate_after_cycle(w, r);
		if (w->cfg.monitor) {
			planner_tick(&r->mon, 1);
			if (planner_cycle(&r->mon) == PLANNER_IDLE &&
			    w->cfg.on_event)
				w->cfg.on_event(w->cfg.event_ctx, r->index, 1,
				    NULL);
		}
	}
	for (r = w->robot; r < end; r++) {
		if (r->speed != 0) {
			world_move(w, r, r->speed);
			moving++;
		}
		bang += r->ch == WORLD_MONITOR_CHAR;
	}
	w->robot_ticks += w->cfg.nrobots;
	w->moving_ticks += moving;
	w->monitor_ticks += bang;
}

/* ---- statistics (§6) and the picture (§1.4) ---------------------------- */

void
world_stats(const struct world *w, struct world_stats *s)
{
	const struct world_robot *r;
	uint32_t k;

	memset(s, 0, sizeof *s);
	s->ticks = w->ticks;
	s->robot_ticks = w->robot_ticks;
	s->moving_ticks = w->moving_ticks;
	s->monitor_ticks = w->monitor_ticks;
	s->robots = w->cfg.nrobots;
	for (k = 0; k < w->cfg.nrobots; k++) {
		r = &w->robot[k];
		s->matings += r->matings;
		s->moving_now += r->speed != 0;
		s->monitor_now += r->ch == WORLD_MONITOR_CHAR;
	}
}

void
world_reset_stats(struct world *w)
{
	uint32_t k;

	w->ticks = w->robot_ticks = w->moving_ticks = w->monitor_ticks = 0;
	for (k = 0; k < w->cfg.nrobots; k++)
		w->robot[k].matings = 0;
}

size_t
world_picture_size(const struct world *w)
{
	return (size_t)w->map.h * ((size_t)w->map.w + 1);
}

void
world_picture(const struct world *w, char *buf)
{
	size_t row = (size_t)w->map.w + 1;
	uint32_t k;
	uint16_t y;

	for (y = 0; y < w->map.h; y++) {
		memcpy(buf + y * row, w->map.cell + (size_t)y * w->map.w,
		    w->map.w);
		buf[y * row + w->map.w] = '\n';
	}
	/* front to back: the robot nearest the back is painted last */
	for (k = w->front; k != WORLD_NIL; k = w->robot[k].next)
		buf[(size_t)w->robot[k].y * row + (size_t)w->robot[k].x] =
		    (char)w->robot[k].ch;
}
