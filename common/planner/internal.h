/*
 * internal.h - what the planner's files share: where each field sits in a
 * plan record (plan.h's layout, for id width w), the state bit layout, and
 * the small inline helpers on the hot path.  Private to common/planner.
 */
#ifndef SPINE_PLANNER_INTERNAL_H
#define SPINE_PLANNER_INTERNAL_H

#include "planner.h"

/* Record field offsets (bytes) for id width w; see plan.h. */
#define AP_FIRST(w) (w)
#define AP_COUNT(w) (2 * (w))
#define AP_MONITOR(w) (3 * (w))
#define APE_CHILD(w) (2 * (w))		/* type byte, then a w-byte index */
#define APE_ORDER(w) (3 * (w) + 1)
#define APE_MONITOR(w) (4 * (w) + 1)
#define C_FLAGS(w) (w)
#define C_FIRST(w) ((w) + 1)
#define C_COUNT(w) (2 * (w) + 1)
#define C_MONITOR(w) (3 * (w) + 1)
#define CE_CHILD(w) (2 * (w))
#define CE_PRIORITY(w) (3 * (w) + 1)
#define CE_RETRY(w) (4 * (w) + 1)
#define CE_RELEASER(w) (4 * (w) + 2)
#define CE_MONITOR(w) (5 * (w) + 9)
#define D_CHILD(w) (w)
#define D_PRIORITY(w) (2 * (w) + 1)
#define D_INTERVAL(w) (3 * (w) + 1)
#define D_RELEASER(w) (3 * (w) + 3)
#define D_RAMP_INC(w) (4 * (w) + 10)
#define D_URGENCY(w) (5 * (w) + 10)
#define D_RAMP_INTERVAL(w) (6 * (w) + 10)
#define D_MONITOR(w) (7 * (w) + 10)
#define A_ACTION(w) (w)
#define A_VALUE(w) (2 * (w))
#define A_MONITOR(w) (2 * (w) + 2)

/* Inside a releaser: sense id (w), comparator, value, hysteresis, flex. */
#define REL_CMP(w) (w)
#define REL_VALUE(w) ((w) + 1)
#define REL_HYST(w) ((w) + 3)
#define REL_FLEX(w) ((w) + 5)

/* d_flags: status in the low 2 bits, then the releaser latch and the
   drive-selection scratch flag.  ce_flags: status in the low 3 bits. */
#define DF_STATUS 0x03u
#define DF_LATCH 0x04u
#define DF_CHECKED 0x08u
#define CEF_STATUS 0x07u
#define CEF_LATCH 0x08u

static inline uint16_t
rd_u16(const uint8_t *q)
{
	return (uint16_t)(q[0] | (uint16_t)q[1] << 8);
}

/* A w-byte field: ids, indices, priorities, orders. */
static inline uint16_t
rd_w(const uint8_t *q, uint8_t w)
{
	return w == 1 ? q[0] : rd_u16(q);
}

/* A w-byte index field; all ones is "none". */
static inline uint16_t
rd_index(const uint8_t *q, uint8_t w)
{
	uint16_t v = rd_w(q, w);

	return (w == 1 && v == 0xFFu) ? PLAN_NONE : v;
}

static inline const uint8_t *
record(const struct planner *pl, uint8_t type, uint16_t i)
{
	return pl->table[type] + (size_t)i * pl->rec_size[type];
}

/* Entry k of the APE / CE member lists. */
static inline uint16_t
list_at(const uint8_t *list, uint8_t w, uint16_t k)
{
	return rd_w(list + (size_t)k * w, w);
}

/* Slow path of note(): builds the event and calls the monitor. */
void planner_emit(struct planner *pl, uint8_t kind, uint8_t type,
    uint16_t index);

/* An element event, if the global or the element's flags enable it. */
static inline void
note(struct planner *pl, uint8_t kind, uint8_t type, uint16_t index,
    uint16_t slot)
{
	if (pl->io.monitor != NULL &&
	    ((pl->global_monitor | pl->monitor[slot]) & (1u << kind)))
		planner_emit(pl, kind, type, index);
}

/* Entering an element: count it, then event E (§7). */
static inline void
enter(struct planner *pl, uint8_t type, uint16_t index, uint16_t slot)
{
	pl->exec[slot]++;
	note(pl, PLANNER_EV_EXECUTED, type, index, slot);
}

/* The S/P/F/Z event for result r, counting a success first. */
static inline void
report(struct planner *pl, uint8_t type, uint16_t index, uint16_t slot,
    uint8_t r)
{
	static const uint8_t event_of[4] = {
		PLANNER_EV_FAIL, PLANNER_EV_SUCCESS, PLANNER_EV_PENDING,
		PLANNER_EV_ERROR
	};

	if (PLANNER_CODE(r) == PLANNER_SUCCESS)
		pl->succ[slot]++;
	note(pl, event_of[PLANNER_CODE(r)], type, index, slot);
}

/* r with its code replaced, its data bits kept. */
static inline uint8_t
recode(uint8_t r, uint8_t code)
{
	return (uint8_t)((r & ~3u) | code);
}

/*
 * Check the releaser at rel (inside the record of owner type/index), whose
 * latch is bit latch_bit of *flags; ds is the executing drive's status.
 * Emits the R event; 1 when released.
 */
uint8_t planner_check(struct planner *pl, const uint8_t *rel, uint8_t *flags,
    uint8_t latch_bit, uint8_t ds, uint8_t owner_type, uint16_t owner);

/*
 * Execute a child (an action, action pattern or competence) at nesting
 * depth `depth`, for a drive whose status is ds.  The child link of a D,
 * CE or APE record is at ref.  Returns the result byte.  A missing or too
 * deep child is not entered and gives PLANNER_ERROR, which its parent
 * reports as Z like any child error (§6.5).
 */
uint8_t planner_run_child(struct planner *pl, const uint8_t *ref, uint8_t ds,
    uint8_t depth);

uint8_t planner_competence(struct planner *pl, uint16_t c, uint8_t ds,
    uint8_t depth);

#endif
