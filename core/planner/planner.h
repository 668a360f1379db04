/*
 * planner.h - the reactive planner: runs a validated .plan cycle by cycle
 * exactly as the Instinct Planner does (../shared/spec/instinct-semantics.md).
 * Used by planrun, armsim and the robot firmware.  Portable C99, no malloc.
 *
 * The caller owns everything: the plan bytes (validated by plan_open), one
 * state block of planner_state_size() bytes, and a struct planner handle.
 * Senses, actions and the monitor are reached through function pointers.
 *
 *	struct planner pl;
 *	uint16_t state[N];	// N * 2 >= planner_state_size(plan bytes)
 *	planner_init(&pl, &plan, state, sizeof state, &io);
 *	for (;;) { planner_tick(&pl, 1); r = planner_cycle(&pl); ... }
 *
 * Width model (spec §13.1): every id-width value (priorities, ramp
 * increment, urgency, ramp interval, orders) lives in 0..PLAN_MAXID(w) and
 * the runtime priority saturates there; sense values, hysteresis and action
 * values are 16-bit signed; releaser arithmetic is exact (32-bit).
 */
#ifndef SPINE_PLANNER_H
#define SPINE_PLANNER_H

#include <stddef.h>
#include <stdint.h>

#include "plan/evkind.h"
#include "plan/plan.h"
#include "profile.h"

/*
 * Deepest nesting of executing elements, counting the drive as 1 and the
 * action as the last (D, C, CE, C, CE, AP, APE, A is 8; R5's Plan6 needs
 * 10).  A child that would put an element deeper (an action itself, or the
 * elements of a competence or pattern) is not entered: its parent reports
 * ERROR, as for a missing child, and depth_exceeded is set.  This bounds
 * the C stack whatever the plan, recursive or not.
 */
#ifndef PLANNER_MAX_DEPTH
#define PLANNER_MAX_DEPTH 32
#endif

/*
 * Id widths this build runs: bit 1 for 8-bit ids, bit 2 for 16-bit ones;
 * those the decoder takes unless said otherwise (PLAN_WIDTHS, plan.h).  A
 * firmware that only takes 8-bit plans builds with -DPLAN_WIDTHS=1 and
 * saves the flash of the 16-bit build; planner_init then refuses 16-bit
 * plans.
 */
#ifndef PLANNER_WIDTHS
#define PLANNER_WIDTHS PLAN_WIDTHS
#endif

/* Result byte of actions and elements: low 2 bits, user data above (§6.3). */
#define PLANNER_FAIL 0
#define PLANNER_SUCCESS 1
#define PLANNER_IN_PROGRESS 2
#define PLANNER_ERROR 3
#define PLANNER_CODE(r) ((uint8_t)((r) & 3u))
#define PLANNER_DATA(r) ((uint8_t)((r) >> 2))
#define PLANNER_RESULT(code, data) ((uint8_t)(((code) & 3u) | ((data) << 2)))

/* planner_cycle's value when no drive could run this cycle (§13.4). */
#define PLANNER_IDLE 0x100u

/* Drive status (§1.1). */
#define PLANNER_NOTRUNNING 0
#define PLANNER_RUNNING 1
#define PLANNER_INTERRUPTED 2

/* Competence / action pattern element status (§1.3). */
#define PLANNER_NOT_TESTED 0
#define PLANNER_CE_SUCCESS 1
#define PLANNER_CE_IN_PROGRESS 2
#define PLANNER_CE_ERROR 3
#define PLANNER_CE_FAILED 4
#define PLANNER_NOT_RELEASED 5

/* Monitor events; event e is enabled by bit (1 << e) (PLAN_MON_*).  The
 * numbers are plan/evkind.h's, the one list of event kinds. */
enum planner_event_kind {
	PLANNER_EV_EXECUTED = PLAN_EV_EXECUTED,	/* E: an element was entered */
	PLANNER_EV_SUCCESS = PLAN_EV_SUCCESS,	/* S */
	PLANNER_EV_PENDING = PLAN_EV_PENDING,	/* P: in progress */
	PLANNER_EV_FAIL = PLAN_EV_FAIL,		/* F */
	PLANNER_EV_ERROR = PLAN_EV_ERROR,	/* Z */
	PLANNER_EV_SENSE = PLAN_EV_SENSE	/* R: a releaser was checked */
};

/*
 * Why an element failed (F) or reported an error (Z), for people reading
 * the monitor stream; hosts spell these out (lib/evlog).  The planner
 * only names the cause it can see at that element: a drive whose child
 * failed says CHILD, and the child's own event says why.
 */
enum planner_why {
	PLANNER_WHY_NONE = 0,		/* not a failure (E S P R) */
	PLANNER_WHY_ACTION = 1,		/* the action answered fail/error */
	PLANNER_WHY_CHILD = 2,		/* its child (or element) failed */
	PLANNER_WHY_NONE_RELEASED = 3,	/* competence: no element released */
	PLANNER_WHY_RELEASE_LOST = 4,	/* competence: its current element
					   (and its group) no longer released */
	PLANNER_WHY_RETRIES = 5,	/* competence element: retry limit
					   reached */
	PLANNER_WHY_EMPTY = 6,		/* no elements to run */
	PLANNER_WHY_NO_CHILD = 7,	/* the child link is empty */
	PLANNER_WHY_DEPTH = 8,		/* the child would be nested deeper
					   than PLANNER_MAX_DEPTH */
	PLANNER_WHY_COUNT = 9
};

struct planner_event {
	uint8_t kind;		/* enum planner_event_kind */
	uint8_t type;		/* element type (for R: the releaser's owner,
				   PLAN_D or PLAN_CE) */
	uint16_t index;		/* record index in that type's table */
	uint8_t why;		/* F and Z: enum planner_why; else 0 */
	/* R events only: */
	uint8_t cmp;		/* comparator; TR and FL read no sense */
	uint16_t sense;		/* sense id */
	uint8_t latch;		/* the releaser's latch after the check,
				   which is whether it released (§2) */
	uint8_t held;		/* the latch was set as the check began,
				   so the hysteresis moved the threshold
				   (GT and LT only) */
	int16_t value;		/* the value read (0 for TR and FL) */
};

/*
 * How the planner reaches the robot.  monitor may be NULL (events then
 * cost nothing, as they do when no monitor flag is set).  A callback may
 * call the monitor setters, nothing else of the same planner: the cycle
 * keeps some state in registers across the calls, and walks the drives in
 * the order planner_set_priority keeps.
 */
struct planner_io {
	int16_t (*sense)(void *ctx, uint16_t sense_id);
	/* A result byte (PLANNER_RESULT); check is 1 when the action's
	   previous call returned IN_PROGRESS (check for completion). */
	uint8_t (*action)(void *ctx, uint16_t action_id, int16_t value,
	    uint8_t check);
	void (*monitor)(void *ctx, const struct planner_event *ev);
	void *ctx;
};

/*
 * Optional parts, for boards short of RAM or flash (each 1 by default;
 * build every object of core/ with the same values):
 *   PLANNER_COUNTERS      execution and success counters per element
 *                         (planner_executions/_successes; 4 bytes of
 *                         RAM an element)
 *   PLANNER_ELEMENT_FLAGS monitor flags per element (planner_set_monitor;
 *                         a byte of RAM an element); without them only
 *                         the global flags choose the events
 *   PLANNER_RECURSION     plans built with plancc --allow-recursion;
 *                         without it planner_init refuses them
 * hw/avr/README.md gives what each saves.
 */
#ifndef PLANNER_COUNTERS
#define PLANNER_COUNTERS 1
#endif
#ifndef PLANNER_ELEMENT_FLAGS
#define PLANNER_ELEMENT_FLAGS 1
#endif
#ifndef PLANNER_RECURSION
#define PLANNER_RECURSION 1
#endif

/*
 * PLANNER_SMALL (the AVR's default): the hot path calls its helpers
 * rather than copying them, and keeps no shortcut that costs flash (a
 * competence's lone top element), for a few cycles more.
 */
#ifndef PLANNER_SMALL
#ifdef __AVR__
#define PLANNER_SMALL 1
#else
#define PLANNER_SMALL 0
#endif
#endif

/*
 * The handle: where things are.  The runtime state itself lives in the
 * caller's block, one record an element (internal.h); the fields are
 * private to core/planner.
 */
struct planner {
	const struct plan *plan;
	struct planner_io io;
	const uint8_t *table[PLAN_NTYPES];	/* the plan's records */
	uint8_t *st[PLAN_NTYPES];		/* their state records */
	uint8_t w;			/* id width in bytes */
	uint8_t global_monitor;
	uint8_t depth_exceeded;		/* set when a child was too deep */
	uint8_t watch;			/* a monitor and some flag set */
	uint8_t recursive;		/* the plan has PLAN_F_RECURSION */
	uint16_t errors;		/* ERROR results reported, monitored
					   or not, modulo 2^16: a host
					   compares it across a cycle */
	uint16_t live;			/* drives with a priority above 0 */
	uint16_t timed;			/* drives with an interval or a ramp */
	uint16_t flagged;		/* elements with monitor flags set */
	uint16_t running;		/* the RUNNING drive + 1, or 0 */
	uint32_t size;			/* bytes of state used */
};

/*
 * Bytes of state a plan with this header needs (0 if the header is not
 * sound).  Needs only the PLAN_HEADER_SIZE bytes of the header.
 */
uint32_t planner_state_size(const uint8_t *header);

/* The same from the element counts (index by enum plan_type). */
uint32_t planner_state_size_for(const uint16_t count[PLAN_NTYPES]);

/*
 * The state block holds 16-bit words: it must be aligned as a uint16_t is
 * (PLANNER_STATE_ALIGN bytes: 2 on most machines, 1 on the AVR, which
 * reads a word at any address).  A C99 spelling of _Alignof(uint16_t).
 */
struct planner_align_probe {
	char c;
	uint16_t word;
};
#define PLANNER_STATE_ALIGN offsetof(struct planner_align_probe, word)

/*
 * The same as a constant expression, to size a static block: bytes of
 * state for a plan with these element counts in this build (its options
 * and widths; state.c checks the record sizes against its own).
 */
#define PLANNER_ST_HEAD (4 * PLANNER_COUNTERS + PLANNER_ELEMENT_FLAGS)
#define PLANNER_ST_ELEM (PLANNER_WIDTHS == 1 ? 1 : 2)
#define PLANNER_ST_SPARE (PLANNER_COUNTERS && PLANNER_ELEMENT_FLAGS && \
	PLANNER_WIDTHS != 1)
#define PLANNER_ST_ROUND(x, words) ((words) ? ((x) + PLANNER_STATE_ALIGN - \
	1) / PLANNER_STATE_ALIGN * PLANNER_STATE_ALIGN : (x))
#define PLANNER_ST_AP PLANNER_ST_ROUND(PLANNER_ST_ROUND(PLANNER_ST_HEAD + \
	PLANNER_ST_SPARE, PLANNER_ST_ELEM == 2) + 2 * PLANNER_ST_ELEM, \
	PLANNER_COUNTERS || PLANNER_ST_ELEM == 2)
#define PLANNER_ST_APE PLANNER_ST_ROUND(PLANNER_ST_ROUND(PLANNER_ST_HEAD + 1, \
	PLANNER_ST_ELEM == 2) + PLANNER_ST_ELEM, \
	PLANNER_COUNTERS || PLANNER_ST_ELEM == 2)
#define PLANNER_ST_C PLANNER_ST_ROUND(PLANNER_ST_ROUND(PLANNER_ST_HEAD + \
	PLANNER_ST_SPARE, PLANNER_ST_ELEM == 2) + (3 - PLANNER_SMALL) * \
	PLANNER_ST_ELEM, PLANNER_COUNTERS || PLANNER_ST_ELEM == 2)
#define PLANNER_ST_CE PLANNER_ST_ROUND(PLANNER_ST_HEAD + 2 + \
	PLANNER_ST_SPARE, PLANNER_COUNTERS)
#define PLANNER_ST_D PLANNER_ST_ROUND(PLANNER_ST_ROUND(PLANNER_ST_HEAD + 1, \
	1) + 2 + 5 * PLANNER_ST_ELEM, 1)
#define PLANNER_ST_A PLANNER_ST_ROUND(PLANNER_ST_HEAD + 1, PLANNER_COUNTERS)
#define PLANNER_STATE_BYTES(ap, ape, c, ce, d, a) ((ap) * PLANNER_ST_AP + \
	(ape) * PLANNER_ST_APE + (c) * PLANNER_ST_C + (ce) * PLANNER_ST_CE + \
	(d) * PLANNER_ST_D + (a) * PLANNER_ST_A)

/*
 * Bind a handle to a validated plan, a state block (at least
 * planner_state_size bytes, PLANNER_STATE_ALIGN-aligned) and the io
 * callbacks (copied), then planner_reset.  0, or -1 when the block is too
 * small or misaligned, the plan's id width is not in PLANNER_WIDTHS, or
 * the plan allows recursion and the build does not (PLANNER_RECURSION).
 */
int planner_init(struct planner *pl, const struct plan *plan, void *state,
    uint32_t state_size, const struct planner_io *io);

/* Back to the state a freshly loaded plan has: counters 0, priorities at
   base, nothing running, monitor flags as the plan sets them. */
void planner_reset(struct planner *pl);

/* processTimers (§3.1): time passes by dt ticks. */
void planner_tick(struct planner *pl, uint16_t dt);

/* runPlan (§3.2): one plan cycle.  The executed drive's result byte, or
   PLANNER_IDLE when no drive ran. */
uint16_t planner_cycle(struct planner *pl);

/* Monitor flags (PLAN_MON_* bits), like PLAN M G and PLAN M N. */
void planner_set_global_monitor(struct planner *pl, uint8_t flags);
void planner_set_monitor(struct planner *pl, uint8_t type, uint16_t index,
    uint8_t flags);
uint8_t planner_monitor(const struct planner *pl, uint8_t type,
    uint16_t index);
/* Every element's monitor flags back to the plan's (nothing else). */
void planner_reset_monitors(struct planner *pl);

/* Execution and success counters of one element (16 bits, wrapping). */
uint16_t planner_executions(const struct planner *pl, uint8_t type,
    uint16_t index);
uint16_t planner_successes(const struct planner *pl, uint8_t type,
    uint16_t index);

/* A drive's runtime state, as the original's "D C" command shows it. */
struct planner_drive_state {
	uint8_t status;		/* PLANNER_NOTRUNNING, _RUNNING, _INTERRUPTED */
	uint8_t latch;
	uint16_t priority;	/* runtime priority */
	uint16_t interval_counter;
	uint16_t ramp_counter;
};
void planner_drive_state(const struct planner *pl, uint16_t drive,
    struct planner_drive_state *out);

/* setRuntimeDrivePriority: the live priority (clamped to the width). */
void planner_set_priority(struct planner *pl, uint16_t drive,
    uint16_t priority);

/* Current element (index, or PLAN_NONE) of a competence or action pattern. */
uint16_t planner_current(const struct planner *pl, uint8_t type,
    uint16_t index);

/* Status of a competence element or action pattern element (§1.3). */
uint8_t planner_element_status(const struct planner *pl, uint8_t type,
    uint16_t index);

#endif
