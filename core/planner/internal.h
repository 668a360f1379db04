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
 * so the hot path finds all of it from one address.  Every record starts
 * with the same head (struct st_head: counters, monitor flags), then the
 * type's own fields.  Links are record indices + 1 (0: none).  With every
 * part built in, records are a whole number of 16-bit words (the spare
 * bytes), so the layout and planner_state_size are the same on every
 * machine; the optional parts (planner.h) leave fields out.
 */
/*
 * Element indices and links (elem_t), priorities and orders (prio_t):
 * bytes where the build runs only 8-bit plans, whose elements number at
 * most 255, so an index is at most 254 and ELEM_NONE is free; the 8-bit
 * CPU then works in bytes.  Otherwise 16 bits.
 */
#if PLANNER_WIDTHS == 1
typedef uint8_t elem_t;
typedef uint8_t prio_t;
#define ELEM_NONE 0xFFu
#else
typedef uint16_t elem_t;
typedef uint16_t prio_t;
#define ELEM_NONE 0xFFFFu
#endif

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
#if PLANNER_COUNTERS && PLANNER_ELEMENT_FLAGS && PLANNER_WIDTHS != 1
#define ST_SPARE uint8_t spare;
#else
#define ST_SPARE
#endif
#define ST_HEAD ST_COUNTERS ST_FLAGS

struct st_head {
	ST_HEAD
	uint8_t byte;		/* the type's first byte */
};

struct st_ap {
	ST_HEAD
	ST_SPARE
	elem_t current;		/* the element to run now, + 1 */
	elem_t first;		/* the first element of a pass, + 1 */
};

struct st_ape {
	ST_HEAD
	uint8_t done;		/* run in this pass (recursive plans) */
	elem_t next;		/* the element after it in a pass, + 1 */
};

struct st_c {
	ST_HEAD
	ST_SPARE
	elem_t current;		/* the element to run now, + 1 */
	elem_t touched;		/* the one element with a status, + 1;
				   ELEM_NONE: several or unknown */
#if !PLANNER_SMALL
	elem_t top;		/* the element alone at the top priority,
				   + 1, or 0: nothing can follow it */
#endif
};

struct st_ce {
	ST_HEAD
	uint8_t flags;		/* status (CES_STATUS), RELEASED */
	uint8_t retries;	/* retries made */
	ST_SPARE
};

struct st_d {
	ST_HEAD
	uint8_t flags;		/* status (DF_STATUS), RELEASED */
	uint16_t interval;	/* interval counter */
	prio_t prio;		/* runtime priority */
	prio_t ramp;		/* ramp counter */
	elem_t order;		/* entry k of the drive order (in drive k's
				   record): runtime priority descending,
				   table order on ties */
	elem_t pos;		/* where this drive is in the order */
	elem_t timed;		/* entry k of the timed drives */
};

struct st_a {
	ST_HEAD
	uint8_t check;		/* check-for-complete */
};

/* A function the compiler must not copy into its callers: it keeps the
   hot path's registers free (GCC and clang). */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* A competence's lone top element + 1 (0 where it is not kept). */
#if PLANNER_SMALL
#define ST_TOP(s) 0
#else
#define ST_TOP(s) ((s)->top)
#endif

#define DF_STATUS 0x03u
#define CES_STATUS 0x07u
#define RELEASED 0x08u		/* the releaser's latch */

/* The plan allows recursion (a constant 0 when the build does not). */
#define RECURSIVE(pl) (PLANNER_RECURSION && (pl)->recursive)

/* The plan's id width, a constant when the build runs only one. */
#if PLANNER_WIDTHS == 1
#define WIDTH(pl) 1
#elif PLANNER_WIDTHS == 2
#define WIDTH(pl) 2
#else
#define WIDTH(pl) ((pl)->w)
#endif

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

	return pl->table[type] + (size_t)i * (WIDTH(pl) == 1 ? size1[type] :
	    size2[type]);
}

/* Entry k of the APE / CE member lists. */
static inline elem_t
list_at(const uint8_t *list, uint8_t w, elem_t k)
{
	return (elem_t)get_w(list + (size_t)k * w, w);
}

/* Slow paths of the monitor: build the event and call the monitor. */
void planner_emit(struct planner *pl, uint8_t kind, uint8_t type,
    uint16_t index, uint8_t why);
/*
 * After a check of the releaser at rel of element `owner` (PLAN_D or
 * PLAN_CE) that read v: its R event, naming the owner (§13.5), if
 * wanted.  old and f are the owner's flags before and after; ds the
 * drive's status.
 */
void planner_emit_sense(struct planner *pl, const uint8_t *rel,
    uint8_t owner_type, uint16_t owner, int16_t v, uint8_t old, uint8_t f,
    uint8_t ds);

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

/* The head of state record rec: monitor flags, counters. */
#define HEAD(rec) ((struct st_head *)(void *)(rec))
#if PLANNER_ELEMENT_FLAGS
#define MON_OF(rec) (HEAD(rec)->mon)
#else
#define MON_OF(rec) 0u
#endif

/* Event kind is enabled for an element whose flags are mon. */
static inline uint8_t
wants(const struct planner *pl, uint8_t kind, uint8_t mon)
{
	return ((pl->global_monitor | mon) >> kind) & 1u;
}

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

/* The S/P/F/Z event of result r, with why for F and Z. */
void planner_emit_result(struct planner *pl, uint8_t type, uint16_t index,
    uint8_t r, uint8_t why);

/* Entering the element (type, index) whose state record is rec: count
   it, then event E (§7). */
static inline void
enter_inline(struct planner *pl, void *rec, uint8_t type, uint16_t index)
{
	(void)rec;	/* without counters and flags, nothing is in it */
#if PLANNER_COUNTERS
	HEAD(rec)->exec++;
#endif
	if (watching(pl) && wants(pl, PLANNER_EV_EXECUTED, MON_OF(rec)))
		planner_emit(pl, PLANNER_EV_EXECUTED, type, index,
		    PLANNER_WHY_NONE);
}

/*
 * Result r of the element whose state record is rec: count a success or
 * an error; 1 when its S, P, F or Z event is wanted, and the caller then
 * works out the reason (only a reported F or Z carries one: no monitor,
 * no cost).
 */
static inline uint8_t
counted_inline(struct planner *pl, void *rec, uint8_t r)
{
	(void)rec;
	if (PLANNER_CODE(r) == PLANNER_SUCCESS) {
#if PLANNER_COUNTERS
		HEAD(rec)->succ++;
#endif
	} else if (PLANNER_CODE(r) == PLANNER_ERROR) {
		pl->errors++;
	}
	return watching(pl) && wants(pl, event_of(r), MON_OF(rec));
}

/* Both, when the reason is known at once. */
static inline void
report_inline(struct planner *pl, void *rec, uint8_t type, uint16_t index,
    uint8_t r, uint8_t why)
{
	if (counted_inline(pl, rec, r))
		planner_emit_result(pl, type, index, r, why);
}

/* Where flash is short, a helper the compiler must not copy; elsewhere
   copies are welcome (the host's speed). */
#if PLANNER_SMALL
#define SMALL_NOINLINE NOINLINE
#else
#define SMALL_NOINLINE inline
#endif
#if PLANNER_SMALL
void planner_enter(struct planner *pl, void *rec, uint8_t type,
    uint16_t index);
uint8_t planner_counted(struct planner *pl, void *rec, uint8_t r);
void planner_report(struct planner *pl, void *rec, uint8_t type,
    uint16_t index, uint8_t r, uint8_t why);
#define ENTER planner_enter
#define COUNTED planner_counted
#define REPORT planner_report
#else
#define ENTER enter_inline
#define COUNTED counted_inline
#define REPORT report_inline
#endif

/* r with its code replaced, its data bits kept. */
static inline uint8_t
recode(uint8_t r, uint8_t code)
{
	return (uint8_t)((r & ~3u) | code);
}

/* Keeping the drive order sorted when drive d's priority changed
   (cycle.c). */
void planner_reposition(struct planner *pl, elem_t d);

/* planner_cycle for 8-bit and 16-bit ids (run8.c, run16.c), and without
   a monitor (run8q.c, run16q.c); planner_tick for each width. */
uint16_t planner_cycle_8(struct planner *pl);
uint16_t planner_cycle_16(struct planner *pl);
uint16_t planner_cycle_8q(struct planner *pl);
uint16_t planner_cycle_16q(struct planner *pl);
void planner_tick_8(struct planner *pl, uint16_t dt);
void planner_tick_16(struct planner *pl, uint16_t dt);

#endif
