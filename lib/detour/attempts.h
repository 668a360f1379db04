/*
 * attempts.h - find another way: run a path with the obstruction watch;
 * when the arm is blocked (and has gone back to where it began), estimate
 * where, add that to the obstacle map, plan a detour to the same target
 * and run it; up to N detours, then stop and say which obstacles were
 * found and where.  The running is the caller's (an executor): armctl
 * streams to a robot, the in-process trials (hw/sim/trial.h) to a
 * simulated arm.
 */
#ifndef SPINE_DETOUR_ATTEMPTS_H
#define SPINE_DETOUR_ATTEMPTS_H

#include "arm/obsmap.h"
#include "arm/path.h"
#include "detour/block.h"
#include "detour/plan.h"

enum detour_ran {
	DETOUR_RAN_DONE,	/* the path ran to its last row */
	DETOUR_RAN_BLOCKED,	/* the watch fired; the arm stopped and went
				 * back to the path's first row */
	DETOUR_RAN_STUCK,	/* and the way back was blocked too: the arm
				 * stays where it stopped */
	DETOUR_RAN_SHORT,	/* the last row never settled: the arm
				 * stopped short of it (the samples go on
				 * with the settling steps); an executor
				 * that can goes back to the path's first
				 * row (armctl's do; STUCK when that is
				 * blocked) */
	DETOUR_RAN_FAILED	/* the robot could not be driven */
};

struct detour_executor {
	/*
	 * Run path p (its first row where the arm is) under the watch w,
	 * keeping every executed step in s (emptied first), and the rest
	 * pose after a stop.  The result says how it went.
	 */
	enum detour_ran (*run)(void *ctx, const struct arm_path *p,
	    const struct detour_watch *w, struct detour_samples *s);
	void *ctx;
};

#define DETOUR_MAX_DETOURS 16

struct detour_attempts_opts {
	int detours;		/* plans after blocks: 0..DETOUR_MAX_DETOURS */
	struct detour_watch watch;
	struct detour_estimate_opts estimate;	/* the loop sets attempt */
	struct detour_opts plan;	/* detour k plans with seed + k */
	double link_radius;	/* mm, for the world (world.h) */
};

struct detour_outcome {
	int reached;		/* the arm got to the target */
	int runs;		/* paths run: the first and the detours */
	int blocks;		/* times the watch fired */
	int found;		/* capsules added to the map */
	enum detour_ran ran;	/* how the last run went */
	enum detour_status plan;	/* the last plan's status */
	int nplans;
	double plan_ms[DETOUR_MAX_DETOURS + 1];	/* each plan's time */
	double plan_cpu_ms[DETOUR_MAX_DETOURS + 1];	/* ... on the CPU */
	int planned_first;	/* the first path crossed a known obstacle:
				 * plan_ms[0] is the plan round the map */
	double length;		/* mm the tip travelled on the last run */
	double first_length;	/* ... and on the first */
	char why[1024];		/* unless reached: why, with the obstacles
				 * found and where */
};

/*
 * The defaults, as bench-detour measured them: 3 detours; armctl's watch
 * (5 degrees, 2 steps); found capsules with a 10 mm margin, followed 20
 * mm into the sweep, for the links that moved at least 0.7 of the most;
 * 1000 search rounds, 20 ms rows, seed 1.
 */
void detour_attempts_defaults(struct detour_attempts_opts *o);

/*
 * Take arm a from pose `from` (where it is) to pose `to`: first along
 * `first` (a path whose first row is `from`; NULL for the straight joint
 * move within the limits) or, when that would touch one of map's
 * obstacles (their bodies), a path planned round them (not counted as a
 * detour), then along detours planned around map's
 * obstacles and those the blocks add to it (each capsule shrunk, where
 * it must be, to leave `from` clear: the arm has just been there).  0
 * when the arm reached `to`; -1 with out->why saying why not.
 */
int detour_attempts(const struct arm_desc *a, struct arm_obstacle_map *map,
    const double *from, const double *to, const struct arm_path *first,
    const struct detour_executor *x, const struct detour_attempts_opts *o,
    struct detour_outcome *out);

/*
 * The sentence for an outcome that reached the target after planning
 * ("reached the target after 1 detour round found1-elbow_flex; planning
 * took 3.2 ms; the tip's way 1.40 times the first path's"), the found
 * obstacles named from map, into buf[0..cap).  Its length, or 0 (buf
 * empty) when no plan was made: nothing to say.
 */
size_t detour_outcome_text(const struct arm_obstacle_map *map,
    const struct detour_outcome *out, char *buf, size_t cap);

/*
 * The straight joint move from `from` to `to` within the arm's limits,
 * every period seconds, its first row `from` at t = 0.  0, or -1 when
 * out of memory.
 */
int detour_straight(const struct arm_desc *a, const double *from,
    const double *to, double period, struct arm_path *out);

#endif
