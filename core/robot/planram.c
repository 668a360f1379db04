/*
 * planram.c - the plan the robot runs (portable core).  The planner reads
 * records in place: from RAM, into which the stored plan is read, or,
 * where the board has no plan RAM, from the store itself (plan/bytes.h,
 * PLAN_IN_STORE).  An upload is validated there before the store commits
 * it, so the robot never stores a plan it could not run.
 */
#include <stdint.h>

#include "planloop.h"
#include "robot.h"

uint32_t
robot_capacity(const struct robot *r)
{
	uint32_t slot = robot_store_capacity(&r->store);

	if (r->hw->plan_ram == NULL)
		return slot;
	return r->hw->plan_ram_size < slot ? r->hw->plan_ram_size : slot;
}

/* Where the planner reads the stored (or staged) plan. */
static const uint8_t *
plan_at(const struct robot *r, int staged)
{
	if (r->hw->plan_ram != NULL)
		return r->hw->plan_ram;
	return (const uint8_t *)(uintptr_t)robot_store_plan_addr(&r->store, staged);
}

/* Read n bytes of the stored (or staged) plan into the plan RAM. */
static int
read_in(struct robot *r, uint32_t n, int staged)
{
	uint32_t off = 0;
	uint16_t k;
	int e;

	if (r->hw->plan_ram == NULL)
		return 0;	/* read in place */
	if (n > r->hw->plan_ram_size)
		return WIRE_E_TOO_BIG;
	while (off < n) {
		k = n - off > 1024 ? 1024 : (uint16_t)(n - off);
		e = staged ? robot_store_read_staged(&r->store, off, r->hw->plan_ram +
		    off, k) : robot_store_read(&r->store, off, r->hw->plan_ram + off,
		    k);
		if (e != 0)
			return e;
		off += k;
	}
	return 0;
}

/* A plan the robot can run: valid, and its state fits the state RAM. */
static int
validate(struct robot *r, uint32_t n, int staged)
{
	struct plan_error err;

	if (plan_open(&r->plan, plan_at(r, staged), n, &err) != PLAN_OK ||
	    robot_planloop_bind(r) != 0)
		return WIRE_E_PLAN;
	return 0;
}

void
robot_load_plan(struct robot *r)
{
	uint32_t n = robot_store_plan_size(&r->store);

	r->plan_ready = n > 0 && read_in(r, n, 0) == 0 &&
	    validate(r, n, 0) == 0;
}

int
robot_commit_plan(struct robot *r)
{
	int e;

	if ((e = robot_store_verify(&r->store)) != 0) {
		if (e != WIRE_E_INCOMPLETE)
			robot_store_abandon(&r->store);
		return e;
	}
	robot_planloop_stop(r);
	r->plan_ready = 0;
	if ((e = read_in(r, r->store.stage_size, 1)) == 0)
		e = validate(r, r->store.stage_size, 1);
	if (e == 0)
		e = robot_store_commit(&r->store);
	else
		robot_store_abandon(&r->store);
	/* The plan RAM holds the new plan, opened and bound, only when the
	 * store took it; otherwise the old plan comes back. */
	if (e == 0)
		r->plan_ready = 1;
	else
		robot_load_plan(r);
	return e;
}
