/*
 * internal.h - what the planner's files share: the state bit layout and
 * the small inline helpers on the hot path (record fields are read at the
 * offsets of plan/layout.h).  Private to core/planner.
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
 * d_flags: status in the low 2 bits, then the releaser latch.  ce_state:
 * status in the low 3 bits, the latch, the retry count in the high byte.
 * State that the hot path writes is kept in 16-bit words: a byte store
 * may alias anything, which makes the compiler re-read the handle after
 * every one of them.
 */
#define DF_STATUS 0x03u
#define DF_LATCH 0x04u
#define CES_STATUS 0x07u
#define CES_LATCH 0x08u
#define CES_RETRY_SHIFT 8

static inline const uint8_t *
record(const struct planner *pl, uint8_t type, uint16_t i)
{
	return pl->table[type] + (size_t)i * pl->rec_size[type];
}

/* The same when the width is a constant: the record size folds too. */
static inline const uint8_t *
record_w(const struct planner *pl, uint8_t type, uint16_t i, uint8_t w)
{
	static const uint8_t size1[PLAN_NTYPES] = PLAN_RECORD_SIZES(1);
	static const uint8_t size2[PLAN_NTYPES] = PLAN_RECORD_SIZES(2);

	return pl->table[type] + (size_t)i * (w == 1 ? size1[type] :
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
 * An element event, if the global or the element's flags enable it.  why
 * (enum planner_why) is kept for F and Z; the builds without a monitor
 * never look at it, so working it out costs them nothing.
 */
static inline void
note(struct planner *pl, uint8_t kind, uint8_t type, uint16_t index,
    uint8_t why)
{
	if (MON && pl->io.monitor != NULL && ((pl->global_monitor |
	    pl->mon_of[type][index]) & (1u << kind)))
		planner_emit(pl, kind, type, index, kind == PLANNER_EV_FAIL ||
		    kind == PLANNER_EV_ERROR ? why : PLANNER_WHY_NONE);
}

/* Entering an element: count it, then event E (§7). */
static inline void
enter(struct planner *pl, uint8_t type, uint16_t index)
{
	pl->exec_of[type][index]++;
	note(pl, PLANNER_EV_EXECUTED, type, index, PLANNER_WHY_NONE);
}

/* The S/P/F/Z event for result r, counting a success first; why: the
   reason a failure or error would have. */
static inline void
report(struct planner *pl, uint8_t type, uint16_t index, uint8_t r,
    uint8_t why)
{
	static const uint8_t event_of[4] = {
		PLANNER_EV_FAIL, PLANNER_EV_SUCCESS, PLANNER_EV_PENDING,
		PLANNER_EV_ERROR
	};

	if (PLANNER_CODE(r) == PLANNER_SUCCESS)
		pl->succ_of[type][index]++;
	if (PLANNER_CODE(r) == PLANNER_ERROR)
		pl->errors++;
	note(pl, event_of[PLANNER_CODE(r)], type, index, why);
}

/* r with its code replaced, its data bits kept. */
static inline uint8_t
recode(uint8_t r, uint8_t code)
{
	return (uint8_t)((r & ~3u) | code);
}

/*
 * Checking a releaser (§2), in two steps so that little has to survive
 * the sense callback: read its sense, then decide.  Callbacks do not touch
 * the planner's state (planner.h), so what is loaded after the call is
 * what was there before it.
 *
 * releaser_read: the one sense read; TR and FL read none (value 0).
 */
static inline int16_t
releaser_read(struct planner *pl, const uint8_t *rel, uint8_t w)
{
	uint8_t cmp = rel[PLAN_REL_CMP(w)];

	if (cmp == PLAN_TR || cmp == PLAN_FL)
		return 0;
	return pl->io.sense(pl->io.ctx, get_w(rel, w));
}

/*
 * releaser_decide: released or not, given the value v read.  *f is the
 * owner's state word (drive or CE), bit latch_bit its latch, updated
 * here; ds is the executing drive's status.  A drive that was not running
 * forgets its latches.  The threshold moves by the hysteresis only while
 * the latch is set: by the flexible latch hysteresis when the drive was
 * interrupted, else by the plain one.  32-bit arithmetic: no wrapping near
 * the 16-bit limits.  Emits the R event naming the owner (§13.5).
 */
static inline uint8_t
releaser_decide(struct planner *pl, const uint8_t *rel, int16_t v,
    uint16_t *f, uint16_t latch_bit, uint8_t ds, uint8_t owner_type,
    uint16_t owner, uint8_t w)
{
	uint8_t cmp = rel[PLAN_REL_CMP(w)], released, held = 0;
	int32_t t;

	if (cmp == PLAN_TR || cmp == PLAN_FL) {
		released = cmp == PLAN_TR;
	} else {
		if (ds == PLANNER_NOTRUNNING)
			*f &= (uint16_t)~latch_bit;
		t = (int16_t)get_u16(rel + PLAN_REL_VALUE(w));
		held = (*f & latch_bit) && cmp >= PLAN_GT;
		if (held)
			t += (cmp == PLAN_GT ? -1 : 1) * (int32_t)(int16_t)
			    get_u16(rel + (ds == PLANNER_INTERRUPTED ?
			    PLAN_REL_FLEX(w) : PLAN_REL_HYST(w)));
		if (cmp == PLAN_GT)
			released = v > t;
		else if (cmp == PLAN_LT)
			released = v < t;
		else if (cmp == PLAN_EQ)
			released = v == t;
		else
			released = cmp == PLAN_NE && v != t;
	}
	*f = released ? (uint16_t)(*f | latch_bit) :
	    (uint16_t)(*f & ~latch_bit);
	if (MON && pl->io.monitor != NULL)
		planner_emit_sense(pl, rel, owner_type, owner, v, released,
		    held);
	return released;
}

/* planner_cycle for 8-bit and 16-bit ids (run8.c, run16.c), and without
   a monitor (run8q.c, run16q.c). */
uint16_t planner_cycle_8(struct planner *pl);
uint16_t planner_cycle_16(struct planner *pl);
uint16_t planner_cycle_8q(struct planner *pl);
uint16_t planner_cycle_16q(struct planner *pl);

#endif
