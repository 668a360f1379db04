/*
 * attempts.c - the detour loop (attempts.h): run, and on a block
 * estimate, map, plan and run again, within a number of detours.  The
 * executor moves the arm; everything here is decisions and words.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm3d.h"
#include "detour/attempts.h"

void
detour_attempts_defaults(struct detour_attempts_opts *o)
{
	memset(o, 0, sizeof *o);
	o->detours = 3;
	o->watch.threshold = 5;
	o->watch.persist = 2;
	o->estimate.margin = 10;
	o->estimate.probe = 20;
	o->estimate.share = 0.7;
	o->estimate.min_sweep = 1;
	o->plan.seed = 1;
	o->plan.max_iter = DETOUR_MAX_ITER;
	o->plan.period = 0.02;
}

int
detour_straight(const struct arm_desc *a, const double *from,
    const double *to, double period, struct arm_path *out)
{
	struct arm_path move;
	size_t nj = (size_t)a->njoints;
	uint32_t n;

	memset(&move, 0, sizeof move);
	memset(out, 0, sizeof *out);
	if (arm_path_move(&move, a, from, to, period) != 0) {
		arm_path_free(&move);
		return -1;
	}
	n = move.n + 1;
	out->q = malloc((size_t)n * nj * sizeof *out->q);
	out->t = malloc((size_t)n * sizeof *out->t);
	out->line = calloc(n, sizeof *out->line);
	if (!out->q || !out->t || !out->line) {
		arm_path_free(&move);
		arm_path_free(out);
		return -1;
	}
	memcpy(out->q, from, nj * sizeof *out->q);
	memcpy(out->q + nj, move.q, (size_t)move.n * nj * sizeof *out->q);
	out->t[0] = 0;
	memcpy(out->t + 1, move.t, (size_t)move.n * sizeof *out->t);
	out->n = out->cap = n;
	out->nj = (int)nj;
	out->timed = 1;
	arm_path_free(&move);
	return 0;
}

/*
 * A found capsule must leave `from` clear (1 mm): the arm has just been
 * there.  Its radius shrinks to fit; 0 when nothing would be left.
 */
static int
fit_free(const struct arm_desc *a, struct arm_obstacle *c,
    const double *from, double link_radius)
{
	struct arm_obstacle bare = *c;
	struct detour_world w;
	double gap;

	bare.margin = 0;
	detour_world_init(&w, a, &bare, 1, link_radius);
	w.table = 0;
	gap = detour_clearance(&w, from, NULL);
	if (gap >= 1)
		return 1;
	c->r -= 1 - gap;
	return c->r >= 1;
}

/*
 * Keep the capsules of a block that can be fitted: each leaves `from`
 * clear, and the target too (an estimate is a guess, and one that fills
 * the target would end the detours on a guess; if the target really is
 * held, the next run is blocked there and says so).  Returns how many
 * are left in b, by how far their links moved, most first.
 */
static int
fit_block(const struct arm_desc *a, struct detour_block *b,
    const double *from, const double *to, double link_radius)
{
	struct arm_obstacle c;
	double sw;
	int k, n = 0, i, l;

	for (k = 0; k < b->nfound; k++) {
		if (!fit_free(a, &b->found[k], from, link_radius) ||
		    !fit_free(a, &b->found[k], to, link_radius))
			continue;
		c = b->found[k];
		sw = b->sweep[k];
		l = b->link[k];
		/* in place, by sweep, most first */
		for (i = n; i > 0 && b->sweep[i - 1] < sw; i--) {
			b->found[i] = b->found[i - 1];
			b->sweep[i] = b->sweep[i - 1];
			b->link[i] = b->link[i - 1];
		}
		b->found[i] = c;
		b->sweep[i] = sw;
		b->link[i] = l;
		n++;
	}
	b->nfound = n;
	return n;
}

/* "found1-wrist_flex (capsule from ... r 12.0), ..." */
static void
list_found(const struct arm_obstacle_map *map, char *buf, size_t size)
{
	char one[160];
	size_t used = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < map->n && used + 8 < size; k++) {
		if (!map->o[k].found)
			continue;
		arm_obstacle_describe(&map->o[k], one, sizeof one);
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
		    used ? ", " : "", one);
	}
	if (used == 0)
		snprintf(buf, size, "none");
}

static void
where(const struct arm_desc *a, const struct detour_block *b, char *buf,
    size_t size)
{
	size_t used = 0;
	int j;

	used += (size_t)snprintf(buf, size, "the lag began at ");
	for (j = 0; j < a->njoints && used < size; j++)
		if (arm_is_positioning(a, j))
			used += (size_t)snprintf(buf + used, size - used,
			    "%s%s %.1f", used > 17 ? ", " : "",
			    a->joint[j].name, b->began_q[j]);
}

static int
needs_help(const struct arm_desc *a, const struct arm_obstacle_map *map,
    const struct detour_block *b, const char *reason,
    struct detour_outcome *out)
{
	char found[600], at[200];

	list_found(map, found, sizeof found);
	where(a, b, at, sizeof at);
	snprintf(out->why, sizeof out->why, "needs help: %s; blocked %d "
	    "time%s (%s); obstacles found: %s", reason, out->blocks,
	    out->blocks == 1 ? "" : "s", at, found);
	return -1;
}

/*
 * Plan around the map with the n obstacles of guess g added; they stay
 * in the map when a way is found.
 */
static int
plan_with(const struct arm_desc *a, struct arm_obstacle_map *map,
    const struct arm_obstacle *g, int n, const double *from,
    const double *to, const struct detour_attempts_opts *o,
    struct arm_path *next, struct detour_report *r)
{
	struct detour_opts po = o->plan;
	struct detour_world w;
	int k, n0 = map->n;

	for (k = 0; k < n; k++)
		if (arm_obstacles_add(map, &g[k]) != 0)
			break;
	detour_world_init(&w, a, map->o, map->n, o->link_radius);
	po.seed += (uint64_t)g[0].found;
	if (detour_plan(&w, from, to, &po, next, r) != 0)
		map->n = n0;
	return r->status == DETOUR_OK ? 0 : -1;
}

/*
 * The guesses of where a block was, boldest last: every link that moved
 * (any of them may have touched), then each alone, the one that moved
 * most first (the likeliest), then that one's outer and inner halves.
 * Each guess is a run of obstacles in g; start[i] and count[i] say
 * where.  Returns the number of guesses.
 */
#define GUESSES (ARM_MAX_CHAIN + 3)

static int
guesses(const struct detour_block *b, struct arm_obstacle *g, int *start,
    int *count)
{
	struct arm_obstacle half;
	int k, i, n = 0, m = 0;

	if (b->nfound == 0)
		return 0;
	start[n] = m;
	for (k = 0; k < b->nfound; k++)
		g[m++] = b->found[k];
	count[n++] = b->nfound;
	for (k = 0; k < b->nfound && b->nfound > 1; k++) {
		start[n] = m;
		g[m++] = b->found[k];
		count[n++] = 1;
	}
	for (k = 0; k < 2; k++) {
		half = b->found[0];
		for (i = 0; i < 3; i++)
			(k == 0 ? half.c : half.hi)[i] = (half.c[i] +
			    half.hi[i]) / 2;
		start[n] = m;
		g[m++] = half;
		count[n++] = 1;
	}
	return n;
}

/*
 * After a block: map it and plan the next path into next.  0, or -1 with
 * out->why.  When no way keeps clear of a guess, the next, bolder one is
 * tried: a wrong guess is found by the next run.
 */
/*
 * Was the arm stopped at the target itself?  Either it never settled on
 * the last row, or it rests within twice the probe of the target (by
 * the levers' bound, world.h): there is no way round an obstacle that
 * holds the target.  Then the block is mapped as found and the arm needs
 * help.
 */
static int
target_held(const struct arm_desc *a, struct arm_obstacle_map *map,
    struct detour_block *b, const double *to, enum detour_ran ran,
    double probe, struct detour_outcome *out)
{
	struct detour_world w;
	struct kin3d_pose p, q;
	char reason[120];
	int k;

	detour_world_init(&w, a, NULL, 0, 0);
	if (ran != DETOUR_RAN_SHORT && detour_motion(&w, b->from, to) > 2 *
	    probe)
		return 0;
	for (k = 0; k < b->nfound; k++)
		arm_obstacles_add(map, &b->found[k]);
	arm_3d_fk(a, b->from, &p);
	arm_3d_fk(a, to, &q);
	snprintf(reason, sizeof reason, "the target is held: the tip "
	    "stopped %.1f mm short of it", sqrt((p.x - q.x) * (p.x - q.x) +
	    (p.y - q.y) * (p.y - q.y) + (p.z - q.z) * (p.z - q.z)));
	needs_help(a, map, b, reason, out);
	return 1;
}

/*
 * Plan round each guess of block b in turn while no way keeps clear of
 * it; the path into next, the time and the status into out.  0 when a
 * guess gave a way (its obstacles stay in the map), or -1 with r's why.
 */
static int
plan_guesses(const struct arm_desc *a, struct arm_obstacle_map *map,
    const struct detour_block *b, const double *from, const double *to,
    const struct detour_attempts_opts *o, struct arm_path *next,
    struct detour_report *r, struct detour_outcome *out)
{
	struct arm_obstacle g[2 * ARM_MAX_CHAIN + 3];
	int start[GUESSES], count[GUESSES], ng, i, rc = -1;
	double ms = 0, cpu = 0;

	ng = guesses(b, g, start, count);
	for (i = 0; i < ng && (i == 0 || r->status == DETOUR_NO_WAY); i++) {
		rc = plan_with(a, map, g + start[i], count[i], from, to, o,
		    next, r);
		ms += r->ms;
		cpu += r->cpu_ms;
		if (rc == 0) {
			out->found += count[i];
			break;
		}
	}
	out->plan = r->status;
	out->plan_cpu_ms[out->nplans] = cpu;
	out->plan_ms[out->nplans++] = ms;
	return rc;
}

static int
replan(const struct arm_desc *a, struct arm_obstacle_map *map,
    const double *from, const double *to, const struct detour_samples *s,
    enum detour_ran ran, const struct detour_attempts_opts *o,
    struct arm_path *next, struct detour_outcome *out)
{
	struct detour_estimate_opts eo = o->estimate;
	struct detour_watch w = o->watch;
	struct detour_report r;
	struct detour_block b, seen;
	char reason[600];
	int i, used = out->nplans - out->planned_first;

	eo.attempt = ++out->blocks;
	if (ran == DETOUR_RAN_SHORT) {
		/* what never settled: the settling steps' lag */
		w.threshold = detour_watch_short_lag(&o->watch);
		w.persist = 1;
	}
	if (!detour_estimate(a, s, &w, &eo, &b)) {
		snprintf(out->why, sizeof out->why, "the run stopped, but its "
		    "lags never passed the watch's threshold");
		return -1;
	}
	if (target_held(a, map, &b, to, ran, eo.probe > 0 ? eo.probe : 10,
	    out))
		return -1;
	seen = b;
	if (fit_block(a, &b, from, to, o->link_radius) > 0 &&
	    used < o->detours &&
	    plan_guesses(a, map, &b, from, to, o, next, &r, out) == 0)
		return 0;
	/* the end: the block mapped as it was found, for the message */
	for (i = 0; i < seen.nfound; i++)
		arm_obstacles_add(map, &seen.found[i]);
	if (b.nfound == 0)
		snprintf(reason, sizeof reason, "what blocked the arm fills "
		    "where it began or the target");
	else if (used >= o->detours && out->plan == DETOUR_OK)
		snprintf(reason, sizeof reason, "%s", o->detours ?
		    "no detour left" : "no detours allowed");
	else
		snprintf(reason, sizeof reason, "no detour (%s)", r.why);
	return needs_help(a, map, &b, reason, out);
}

/* Does p keep clear of the bodies of map's obstacles (a margin is what a
 * planner keeps, not a wall)?  -1 when out of memory. */
static int
path_clear(const struct arm_desc *a, const struct arm_obstacle_map *map,
    const struct arm_path *p, double link_radius)
{
	struct arm_obstacle *bare = malloc(sizeof *bare * (size_t)map->n);
	struct detour_world w;
	uint32_t i;
	int k, clear = 1;

	if (bare == NULL)
		return -1;
	for (k = 0; k < map->n; k++) {
		bare[k] = map->o[k];
		bare[k].margin = 0;
	}
	detour_world_init(&w, a, bare, map->n, link_radius);
	w.table = 0;
	for (i = 0; clear && i + 1 < p->n; i++)
		clear = detour_move_clear(&w, p->q + (size_t)i * p->nj,
		    p->q + (size_t)(i + 1) * p->nj, 2, NULL, NULL);
	if (p->n == 1)
		clear = detour_clearance(&w, p->q, NULL) > 0;
	free(bare);
	return clear;
}

/* The first path round the known obstacles into next; 0, or -1 with
 * out->why. */
static int
plan_known(const struct arm_desc *a, const struct arm_obstacle_map *map,
    const double *from, const double *to, const struct detour_attempts_opts *o,
    struct arm_path *next, struct detour_outcome *out)
{
	struct detour_report r;
	struct detour_world w;

	detour_world_init(&w, a, map->o, map->n, o->link_radius);
	detour_plan(&w, from, to, &o->plan, next, &r);
	out->plan = r.status;
	out->plan_cpu_ms[out->nplans] = r.cpu_ms;
	out->plan_ms[out->nplans++] = r.ms;
	out->planned_first = 1;
	if (r.status == DETOUR_OK)
		return 0;
	snprintf(out->why, sizeof out->why, "needs help: the way crosses a "
	    "known obstacle and there is no way round (%s)", r.why);
	return -1;
}

int
detour_attempts(const struct arm_desc *a, struct arm_obstacle_map *map,
    const double *from, const double *to, const struct arm_path *first,
    const struct detour_executor *x, const struct detour_attempts_opts *o,
    struct detour_outcome *out)
{
	struct arm_path own, next;
	const struct arm_path *cur = first;
	struct detour_samples s;
	int rc = -1;

	memset(out, 0, sizeof *out);
	memset(&own, 0, sizeof own);
	detour_samples_init(&s, a->njoints);
	if (first == NULL) {
		if (detour_straight(a, from, to, o->plan.period > 0 ?
		    o->plan.period : 0.02, &own) != 0) {
			snprintf(out->why, sizeof out->why, "out of memory");
			return -1;
		}
		cur = &own;
	}
	if (map->n > 0 && (rc = path_clear(a, map, cur, o->link_radius)) <= 0) {
		if (rc < 0 || plan_known(a, map, from, to, o, &next, out) != 0) {
			if (rc < 0)
				snprintf(out->why, sizeof out->why, "out of "
				    "memory");
			arm_path_free(&own);
			detour_samples_free(&s);
			return -1;
		}
		arm_path_free(&own);
		own = next;
		cur = &own;
	}
	rc = -1;
	for (;;) {
		out->runs++;
		out->ran = x->run(x->ctx, cur, &o->watch, &s);
		out->length = arm_3d_path_length(a, cur);
		if (out->runs == 1)
			out->first_length = out->length;
		if (out->ran == DETOUR_RAN_DONE) {
			out->reached = 1;
			rc = 0;
			break;
		}
		if (out->ran != DETOUR_RAN_BLOCKED &&
		    out->ran != DETOUR_RAN_SHORT) {
			snprintf(out->why, sizeof out->why, "%s",
			    out->ran == DETOUR_RAN_STUCK ? "needs help: "
			    "blocked again on the way back" : "the robot "
			    "could not be driven");
			break;
		}
		if (replan(a, map, from, to, &s, out->ran, o, &next, out) != 0)
			break;
		arm_path_free(&own);
		own = next;
		cur = &own;
	}
	arm_path_free(&own);
	detour_samples_free(&s);
	return rc;
}

/* "found1-elbow_flex, found2-wrist_flex": the names of what was found. */
static void
found_names(const struct arm_obstacle_map *map, char *buf, size_t cap)
{
	size_t used = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < map->n && used + 40 < cap; k++)
		if (map->o[k].found)
			used += (size_t)snprintf(buf + used, cap - used,
			    "%s%s", used ? ", " : "", map->o[k].name);
}

size_t
detour_outcome_text(const struct arm_obstacle_map *map,
    const struct detour_outcome *out, char *buf, size_t cap)
{
	double ms = 0;
	char names[600];
	int k, n, detours = out->nplans - out->planned_first;

	buf[0] = '\0';
	if (out->nplans <= 0)
		return 0;
	for (k = 0; k < out->nplans; k++)
		ms += out->plan_ms[k];
	found_names(map, names, sizeof names);
	n = snprintf(buf, cap, "reached the target %s%d detour%s%s%s; "
	    "planning took %.1f ms; the tip's way %.2f times the first "
	    "path's", out->planned_first ? "round the known obstacles and " :
	    "after ", detours, detours == 1 ? "" : "s", *names ? " round " :
	    "", names, ms, out->first_length > 0 ? out->length /
	    out->first_length : 1.0);
	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}
