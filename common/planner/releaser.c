/*
 * releaser.c - checking a drive's or competence element's releaser (spec
 * §2): one sense read, the comparator, the Schmitt-trigger hysteresis that
 * works only while the latch is set, and the R event naming the owner.
 */
#include <string.h>

#include "internal.h"

static void
emit_sense(struct planner *pl, uint8_t type, uint16_t owner, uint16_t sense,
    uint8_t cmp, uint8_t latch, int16_t value)
{
	struct planner_event ev;

	memset(&ev, 0, sizeof ev);
	ev.kind = PLANNER_EV_SENSE;
	ev.type = type;
	ev.index = owner;
	ev.sense = sense;
	ev.cmp = cmp;
	ev.latch = latch;
	ev.value = value;
	pl->io.monitor(pl->io.ctx, &ev);
}

/*
 * The comparison itself.  The threshold moves by the hysteresis only while
 * the latch is set: by the flexible latch hysteresis when the drive was
 * interrupted, by the plain one otherwise.  32-bit arithmetic, so a
 * threshold near the 16-bit limits does not wrap.
 */
static uint8_t
compare(const uint8_t *rel, uint8_t w, uint8_t cmp, int16_t v, uint8_t latch,
    uint8_t ds)
{
	int32_t t = (int16_t)rd_u16(rel + REL_VALUE(w));
	int32_t h = (int16_t)rd_u16(rel + (ds == PLANNER_INTERRUPTED ?
	    REL_FLEX(w) : REL_HYST(w)));

	switch (cmp) {
	case PLAN_EQ:
		return v == t;
	case PLAN_NE:
		return v != t;
	case PLAN_GT:
		return v > (latch ? t - h : t);
	case PLAN_LT:
		return v < (latch ? t + h : t);
	default:
		return 0;	/* invalid comparator: never released */
	}
}

uint8_t
planner_check(struct planner *pl, const uint8_t *rel, uint8_t *flags,
    uint8_t latch_bit, uint8_t ds, uint8_t owner_type, uint16_t owner)
{
	uint8_t w = pl->w, cmp = rel[REL_CMP(w)], released;
	uint16_t sense = rd_w(rel, w), slot;
	int16_t v = 0;

	if (cmp == PLAN_TR || cmp == PLAN_FL) {
		released = cmp == PLAN_TR;	/* the sense is not read */
	} else {
		/* a drive that was not running forgets its latches */
		if (ds == PLANNER_NOTRUNNING)
			*flags &= (uint8_t)~latch_bit;
		v = pl->io.sense(pl->io.ctx, sense);
		released = compare(rel, w, cmp, v, (*flags & latch_bit) != 0,
		    ds);
	}
	if (released)
		*flags |= latch_bit;
	else
		*flags &= (uint8_t)~latch_bit;
	slot = (uint16_t)(pl->slot[owner_type] + owner);
	if (pl->io.monitor != NULL && ((pl->global_monitor |
	    pl->monitor[slot]) & (1u << PLANNER_EV_SENSE)))
		emit_sense(pl, owner_type, owner, sense, cmp, released, v);
	return released;
}
