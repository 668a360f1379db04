/*
 * world.h - the Instinct Robot World (../shared/spec/robotworld.md): a
 * grid of walls, robots that each run a first-order plan and optionally a
 * monitor plan, their senses and actions, the tick, the statistics.
 * Used by worldsim.  Host C, no stdio; the caller owns all memory.
 *
 *	struct world_map m;  uint8_t cells[WORLD_DEFAULT_W * WORLD_DEFAULT_H];
 *	world_map_default(&m, cells, starts, nstarts);
 *	size = world_mem_size(&cfg);  mem = malloc(size);
 *	world_init(&w, &cfg, mem, size);   // creates the robots
 *	for (t = 0; t < ticks; t++) world_tick(&w);
 *
 * Section numbers (§n) refer to the spec.
 */
#ifndef SPINE_WORLD_H
#define SPINE_WORLD_H

#include <stddef.h>
#include <stdint.h>

#include "plan/plan.h"
#include "planner/planner.h"

#define WORLD_DEFAULT_W 90
#define WORLD_DEFAULT_H 40
#define WORLD_RAND_MAX 32767	/* the MSVC generator's range (§8.1) */
#define WORLD_EMPTY_INTERVAL 32767u	/* "no mating remembered" (§4.10) */
#define WORLD_MAX_ROBOTS 100000L
#define WORLD_MONITOR_CHAR '!'
#define WORLD_MAX_RANGE 255

/* A cell of the map: ' ' empty; any other byte is a wall drawn as itself. */
#define WORLD_CELL_EMPTY ' '

struct world_cell_xy {
	int16_t x, y;
};

struct world_map {
	uint16_t w, h;
	uint8_t *cell;			/* h rows of w bytes */
	const struct world_cell_xy *start;	/* start cells, at least 1 */
	uint32_t nstarts;
};

/* The original world (§1.2) into cells[90 * 40]; its start (45,20). */
void world_map_default(struct world_map *m, uint8_t *cells,
    struct world_cell_xy *start);

/*
 * What a world sense or action is (§3, §4): kinds 1..9 are the original's
 * ids, the rest are extras a profile may bind a plan's ids to.
 */
enum world_sense_kind {
	WS_NONE = 0,		/* unbound: reads 0 */
	WS_FRONT_RIGHT = 1, WS_FRONT_LEFT, WS_REAR_LEFT, WS_REAR_RIGHT,
	WS_FRONT, WS_REAR, WS_RANDOM, WS_FIFTY, WS_MATE,
	WS_CONSTANT,		/* the binding's value */
	WS_NEAREST_SIDE,	/* -1 wall nearer front-left, 1 front-right */
	WS_BLOCKED,		/* 1 when the robot's last step was refused */
	WS_ASLEEP,		/* 1 while a Sleep is counting down */
	WS_SPEED,		/* cells per tick */
	WS_HEADING,		/* degrees */
	WS_NKINDS
};

enum world_action_kind {
	WA_NONE = 0,		/* unbound: FAIL */
	WA_SET_SPEED = 1, WA_MOVE_BY, WA_TURN, WA_STOP, WA_SLEEP, WA_FAIL,
	WA_SUCCEED, WA_MATE, WA_RANDOM_TURN,
	WA_NKINDS
};

/* The monitor plan's fixed ids (§5). */
#define WORLD_MON_AVG_INTERVAL 1
#define WORLD_MON_SET_PRIORITY 1
#define WORLD_MON_RESET_PRIORITY 2
#define WORLD_MON_SLEEP 3

/*
 * How one of a plan's sense or action ids reaches the world: its kind and
 * a unit conversion, plan value = world value * mul / div (senses) and
 * world value = plan value * mul / div (actions), rounded to nearest,
 * halves away from zero, clamped to 16 bits.  `range` is a distance
 * sense's reach in cells (the original: 4; at most WORLD_MAX_RANGE).
 */
struct world_bind {
	uint8_t kind;
	int16_t range;
	int32_t mul, div;
	int16_t value;		/* WS_CONSTANT */
};

/* A binding table: entry i for the plan's id i (ids >= n are unbound). */
struct world_binds {
	const struct world_bind *sense;
	uint32_t nsense;
	const struct world_bind *action;
	uint32_t naction;
};

/* Identity tables for ids 0..9 (the original world). */
void world_binds_default(struct world_bind sense[10],
    struct world_bind action[10], struct world_binds *b);

/* Planner events, for logs: which robot, which of its planners; ev is
   NULL after a cycle in which no drive ran. */
typedef void (*world_event_fn)(void *ctx, uint32_t robot, int monitor,
    const struct planner_event *ev);

/* A drive's runtime priority set by the world, not the planner (Mate's
   random start, its changed base put back): robot, drive index, the
   priority in force, and the cycle (tick) before which it takes effect. */
typedef void (*world_priority_fn)(void *ctx, uint32_t robot, uint16_t drive,
    uint16_t priority, uint64_t cycle);

struct world_config {
	const struct world_map *map;
	const struct plan *plan;	/* first-order plan, validated */
	const struct plan *monitor;	/* NULL: no monitor plan */
	struct world_binds binds;
	uint32_t nrobots;		/* 1..WORLD_MAX_ROBOTS */
	uint32_t seed;			/* the generator's start (§8.1) */
	/* Mate drive (§2.1 step 5): its drive index (PLAN_NONE: none), the
	   drive whose priority bounds the random start, or a fixed range
	   (> 0 overrides). */
	uint16_t mate_drive, above_drive;
	int32_t mate_range;
	world_event_fn on_event;	/* NULL: no events, the fast path */
	world_priority_fn on_priority;	/* NULL: not told */
	void *event_ctx;		/* for both */
};

/* The index of the drive named `name` in p's name table, or PLAN_NONE. */
uint16_t world_find_drive(const struct plan *p, const char *name);

/* Everything a robot is (§2.2).  Private to lib/world but for reading. */
struct world_robot {
	struct planner pl, mon;
	struct world *w;
	uint32_t index;
	int16_t x, y;
	int16_t heading;		/* degrees, 0..315 */
	int16_t speed;
	int32_t turn_target, move_remaining, sleep_remaining;
	int32_t mon_sleep;
	uint8_t turning, moving, blocked, ch, stored_ch, ring;
	uint32_t interval, remembered[3], matings;
	uint16_t mate_base;		/* Mate's base priority as changed */
	uint16_t stored_priority;	/* by SetMatePriority */
	uint16_t mate_succ;		/* Mate's success count when it was */
	uint32_t prev, next;		/* display list (§1.4) */
	uint64_t last_tick;		/* when it last acted (for traces) */
	uint8_t last_kind, last_result;	/* what it did then, its answer */
};

struct world_stats {
	uint64_t ticks, robot_ticks, moving_ticks, monitor_ticks;
	uint64_t matings;		/* all robots' matings */
	uint32_t robots, moving_now, monitor_now;
};

struct world {
	struct world_config cfg;
	struct world_map map;
	struct world_robot *robot;
	uint32_t *occupancy;		/* robots per cell */
	uint8_t *reach;			/* per cell, 8 headings: free cells
					   in a row from it, at most 255 */
	uint32_t rng;			/* MSVC rand() state (§8.1) */
	uint32_t front, back;		/* display list ends */
	uint16_t mate_file_priority;	/* Mate's base in the plan file */
	uint16_t mate_ramps;		/* Mate ramps: success resets it */
	uint64_t ticks, robot_ticks, moving_ticks, monitor_ticks;
};

/* Bytes of memory world_init needs for this configuration (0: too big). */
size_t world_mem_size(const struct world_config *cfg);

/*
 * Lay the world out in mem (8-byte aligned, world_mem_size bytes) and
 * create the robots as the original does (§2.1).  0, or -1 when the
 * memory is short or a planner refuses its plan.
 */
int world_init(struct world *w, const struct world_config *cfg, void *mem,
    size_t size);

/* One tick (§2.4): plan phase, movement phase, statistics. */
void world_tick(struct world *w);

/* The statistics (§6) as they stand. */
void world_stats(const struct world *w, struct world_stats *s);

/* Zero the accumulators and every robot's matings ("Reset Stats"). */
void world_reset_stats(struct world *w);

/*
 * The picture (§1.4): map rows with robots painted in display order, each
 * row followed by '\n'.  buf must hold world_picture_size bytes.
 */
size_t world_picture_size(const struct world *w);
void world_picture(const struct world *w, char *buf);

/* The mating average the monitor senses (§4.10). */
uint32_t world_avg_interval(const struct world_robot *r);

/* Names of sense and action kinds, as profiles write them. */
extern const char *const world_sense_names[WS_NKINDS];
extern const char *const world_action_names[WA_NKINDS];

/* One draw from the world's generator, 0..32767 (§2.5, §8.1). */
int32_t world_rand(struct world *w);

/* Display character of robot k (§2.1): a..z A..Z 0..9, repeating. */
char world_robot_char(uint32_t k);
/* Its second letter (log names): a, advancing at each wrap to A or a. */
char world_robot_char2(uint32_t k);

/* ---- text maps (mapparse.c; the format: worldsim-map(5)) ---------------- */

#define WORLD_MAP_MAX 1024	/* columns and rows at most */

struct world_map_error {
	long line, col;
	const char *msg;	/* static text */
};

/*
 * Measure a text map: its width, height and start cells.  0, or -1 with
 * *err set.  Then world_map_parse fills caller-owned cells[w * h] and
 * start[nstarts] (nstarts may be 0: the centre is then the start).
 */
int world_map_measure(const char *buf, size_t len, uint16_t *w, uint16_t *h,
    uint32_t *nstarts, struct world_map_error *err);
int world_map_parse(const char *buf, size_t len, struct world_map *m,
    uint8_t *cells, struct world_cell_xy *start, struct world_map_error *err);

/* ---- robot profiles (profile.c) ----------------------------------------- */

struct diag;

/* A profile's bindings, by the plan's ids (malloc'd tables). */
struct world_profile {
	struct world_bind *sense, *action;
	uint32_t nsense, naction;
};

/*
 * Read a profile (worldsim-profile(5), YAML in buf[len]) against plan p,
 * whose name table resolves names; 0, or -1 after a diagnostic at the
 * profile's line and column (nothing to free then).
 */
int world_profile_read(struct world_profile *pf, const unsigned char *buf,
    size_t len, const struct plan *p, struct diag *d);
void world_profile_free(struct world_profile *pf);

/* ---- plans against bindings (check.c) ---------------------------------- */

/*
 * The first sense or action id plan p uses that the bindings leave
 * unbound (monitor: the monitor's fixed ids instead).  0 when all are
 * bound; else 1 for a sense, 2 for an action, with the id in *id and the
 * element's type and index in *type, *index.
 */
int world_check_plan(const struct plan *p, const struct world_binds *b,
    int monitor, uint16_t *id, uint8_t *type, uint16_t *index);

#endif
