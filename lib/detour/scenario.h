/*
 * scenario.h - seeded detour scenarios for a described arm: a start and a
 * target pose and an obstacle on the straight joint move between them,
 * either leaving a way round (shown by a plan that knows the obstacle)
 * or sitting on the target so that there is none.  bench-detour and the
 * detour unit tests draw them.
 */
#ifndef SPINE_DETOUR_SCENARIO_H
#define SPINE_DETOUR_SCENARIO_H

#include <stdint.h>

#include "arm/arm.h"
#include "arm/obstacle.h"

enum detour_scenario_kind {
	DETOUR_SC_WAY_ROUND,	/* blocked straight move, a way round */
	DETOUR_SC_NO_WAY	/* the obstacle holds the target pose */
};

struct detour_scenario {
	int kind;
	uint64_t seed;
	double from[ARM_MAX_JOINTS];
	double to[ARM_MAX_JOINTS];
	struct arm_obstacle obstacle;	/* named "hidden" */
	int draws;		/* poses drawn before one fitted */
};

struct detour_scenario_opts {
	double margin;		/* mm the witness plan keeps (>= 0) */
	double link_radius;	/* mm, as the world's */
	double min_travel;	/* mm the tip moves at least; 0: 150 */
};

/*
 * A scenario of the given kind for arm a from seed: 0 with sc filled,
 * -1 when none fitted in a bounded number of draws.  The same arm, seed
 * and options give the same scenario.
 */
int detour_scenario_make(const struct arm_desc *a, uint64_t seed, int kind,
    const struct detour_scenario_opts *o, struct detour_scenario *sc);

#endif
