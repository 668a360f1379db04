/*
 * internal.h - what the planner's files share: the state records, one an
 * element, and the small inline helpers on the hot path (plan records are
 * read at the offsets of plan/layout.h, through plan/bytes.h).  Private to
 * core/planner.
 */
#ifndef SPINE_PLANNER_INTERNAL_H
#define SPINE_PLANNER_INTERNAL_H

#include "plan/bytes.h"
#include "planner.h"

/*
 * MON: 0 in the builds of the hot path used when no monitor is attached
 * (run8q.c, run16q.c), where every event test then compiles away.  Those
 * extra builds are left out where flash is scarce (AVR): planner_cycle
 * falls back to the monitored build.
 */
#ifndef MON
#define MON 1
#endif
#ifndef PLANNER_QUIET_BUILDS
#ifdef __AVR__
#define PLANNER_QUIET_BUILDS 0
#else
#define PLANNER_QUIET_BUILDS 1
#endif
#endif

/*
 * The state: for each element type a table of records, in the caller's
 * block in enum plan_type order, each record an element's runtime state,
 * so the hot path finds all of it from one address.  Links are record
 * indices + 1 (0: none).  With every part built in, records are a whole
 * number of 16-bit words (the spare bytes), so the layout and
 * planner_state_size are the same on every machine; the optional parts
 * (planner.h) leave fields out.
 */
#if PLANNER_COUNTERS
#define ST_COUNTERS uint16_t exec, succ;
#else
#define ST_COUNTERS
#endif
#if PLANNER_ELEMENT_FLAGS
#define ST_FLAGS uint8_t mon;
#else
#define ST_FLAGS
#endif
#if PLANNER_COUNTERS && PLANNER_ELEMENT_FLAGS
#define ST_SPARE uint8_t spare;
#else
#define ST_SPARE
#endif

struct st_ap {
	ST_COUNTERS
	uint16_t current;	/* the element to run now, + 1 */
	uint16_t first;		/* the first element of a pass, + 1 */
	ST_FLAGS
	ST_SPARE
};

struct st_ape {
	ST_COUNTERS
	uint16_t next;		/* the element after it in a pass, + 1 */
	ST_FLAGS
	uint8_t done;		/* run in this pass (recursive plans) */
};

struct st_c {
	ST_COUNTERS
	uint16_t current;	/* the element to run now, + 1 */
	uint16_t top;		/* the element alone at the top priority,
				   + 1, or 0 */
	uint16_t touched;	/* the one element with a status, + 1;
				   PLANNER_MANY: several or unknown */
	ST_FLAGS
	ST_SPARE
};

struct st_ce {
	ST_COUNTERS
	ST_FLAGS
	uint8_t flags;		/* status (CES_STATUS), RELEASED */
	uint8_t retries;	/* retries made */
	ST_SPARE
};

struct st_d {
	ST_COUNTERS
	uint16_t prio;		/* runtime priority */
	uint16_t interval;	/* interval counter */
	uint16_t ramp;		/* ramp counter */
	uint16_t order;		/* entry k of the drive order (in drive k's
				   record): runtime priority descending,
				   table order on ties */
	uint16_t pos;		/* where this drive is in the order */
	uint16_t timed;		/* entry k of the timed drives */
	ST_FLAGS
	uint8_t flags;		/* status (DF_STATUS), RELEASED */
};

struct st_a {
	ST_COUNTERS
	ST_FLAGS
	uint8_t check;		/* check-for-complete */
};

/* A function the compiler must not copy into its callers: it keeps the
   hot path's registers free (GCC and clang). */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

#define DF_STATUS 0x03u
#define CES_STATUS 0x07u
#define RELEASED 0x08u		/* the releaser's latch */

/* Record sizes by type, as an initializer. */
#define ST_SIZES { sizeof (struct st_ap), sizeof (struct st_ape), \
	sizeof (struct st_c), sizeof (struct st_ce), sizeof (struct st_d), \
	sizeof (struct st_a) }

#define ST_AP(pl, i) ((struct st_ap *)(void *)(pl)->st[PLAN_AP] + (i))
#define ST_APE(pl, i) ((struct st_ape *)(void *)(pl)->st[PLAN_APE] + (i))
#define ST_C(pl, i) ((struct st_c *)(void *)(pl)->st[PLAN_C] + (i))
#define ST_CE(pl, i) ((struct st_ce *)(void *)(pl)->st[PLAN_CE] + (i))
#define ST_D(pl, i) ((struct st_d *)(void *)(pl)->st[PLAN_D] + (i))
#define ST_A(pl, i) ((struct st_a *)(void *)(pl)->st[PLAN_A] + (i))

/* Plan record i of a type, any width (the cold paths). */
static inline const uint8_t *
record(const struct planner *pl, uint8_t type, uint16_t i)
{
	static const uint8_t size1[PLAN_NTYPES] = PLAN_RECORD_SIZES(1);
	static const uint8_t size2[PLAN_NTYPES] = PLAN_RECORD_SIZES(2);

	return pl->table[type] + (size_t)i * (pl->w == 1 ? size1[type] :
	    size2[type]);
}

/* Entry k of the APE / CE member lists. */
static inline uint16_t
list_at(const uint8_t *list, uint8_t w, uint16_t k)
{
	return get_w(list + (size_t)k * w, w);
}

/* Slow paths of the monitor: build the event and call the monitor. */
void planner_emit(struct planner *pl, uint8_t kind, uint8_t type,
    uint16_t index, uint8_t why);
void planner_emit_sense(struct planner *pl, const uint8_t *rel,
    uint8_t owner_type, uint16_t owner, int16_t value, uint8_t latch,
    uint8_t held);

/*
 * 1 when events may be wanted at all: a monitor is attached and some flag
 * is set, globally or on an element (state.c keeps pl->watch).  Tested
 * first, so a planner nobody listens to pays one byte test an event.
 */
static inline uint8_t
watching(const struct planner *pl)
{
	return MON && pl->watch;
}

/* An element's monitor flags, given its state record's flags byte. */
#if PLANNER_ELEMENT_FLAGS
#define MON_OF(rec) ((rec)->mon)
#else
#define MON_OF(rec) 0u
#endif

/* Event kind is enabled for an element whose flags are mon. */
static inline uint8_t
wants(const struct planner *pl, uint8_t kind, uint8_t mon)
{
	return ((pl->global_monitor | mon) >> kind) & 1u;
}

/*
 * Entering an element whose state record is rec: count it, then event E
 * (§7).  A macro over the six record types.
 */
#if PLANNER_COUNTERS
#define COUNT_EXEC(rec) ((rec)->exec++)
#define COUNT_SUCC(rec) ((rec)->succ++)
#else
#define COUNT_EXEC(rec) ((void)0)
#define COUNT_SUCC(rec) ((void)0)
#endif
#define ENTER(pl, rec, type, index) do { \
	COUNT_EXEC(rec); \
	if (watching(pl) && wants(pl, PLANNER_EV_EXECUTED, MON_OF(rec))) \
		planner_emit(pl, PLANNER_EV_EXECUTED, type, index, \
		    PLANNER_WHY_NONE); \
} while (0)

/* The event kind of result r: S, P, F or Z. */
static inline uint8_t
event_of(uint8_t r)
{
	static const uint8_t kind[4] = {
		PLANNER_EV_FAIL, PLANNER_EV_SUCCESS, PLANNER_EV_PENDING,
		PLANNER_EV_ERROR
	};

	return kind[PLANNER_CODE(r)];
}

/*
 * Result r of an element: count a success or an error; true when its S,
 * P, F or Z event is wanted, and the caller then works out the reason
 * (only a reported F or Z carries one: no monitor, no cost).
 */
#define COUNTED(pl, rec, r) ( \
	PLANNER_CODE(r) == PLANNER_SUCCESS ? (void)COUNT_SUCC(rec) : \
	PLANNER_CODE(r) == PLANNER_ERROR ? (void)(pl)->errors++ : (void)0, \
	watching(pl) && wants(pl, event_of(r), MON_OF(rec)))

/* The S/P/F/Z event of result r, with why for F and Z. */
void planner_emit_result(struct planner *pl, uint8_t type, uint16_t index,
    uint8_t r, uint8_t why);

/* Both, when the reason is known at once. */
#define REPORT(pl, rec, type, index, r, why) do { \
	if (COUNTED(pl, rec, r)) \
		planner_emit_result(pl, type, index, r, why); \
} while (0)

/* r with its code replaced, its data bits kept. */
static inline uint8_t
recode(uint8_t r, uint8_t code)
{
	return (uint8_t)((r & ~3u) | code);
}

/* Keeping the drive order sorted when drive d's priority changed, or
   rose (cycle.c), or when several changed (state.c). */
void planner_reposition(struct planner *pl, uint16_t d);
void planner_raised(struct planner *pl, uint16_t d);
void planner_sort_drives(struct planner *pl);

/* planner_cycle for 8-bit and 16-bit ids (run8.c, run16.c), and without
   a monitor (run8q.c, run16q.c); planner_tick for each width. */
uint16_t planner_cycle_8(struct planner *pl);
uint16_t planner_cycle_16(struct planner *pl);
uint16_t planner_cycle_8q(struct planner *pl);
uint16_t planner_cycle_16q(struct planner *pl);
void planner_tick_8(struct planner *pl, uint16_t dt);
void planner_tick_16(struct planner *pl, uint16_t dt);

#endif
