/*
 * detour.c - armctl run --detour N and goto --detour N, on a spine robot
 * and on a servo bus: the options, the obstacle map read and written
 * (--obstacles, lib/arm/obsmap.h), lib/detour's attempts run on the arm's executor
 * (lib/client/detour.h, lib/servoarm/detour.h), and the outcome said.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/obsmap.h"
#include "bus.h"
#include "client/detour.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "run.h"
#include "servoarm/detour.h"

#define DETOUR_PERIOD 0.02	/* s between a planned path's rows */

int
detour_option(struct ctl *c, int ch, const char *arg)
{
	long v;

	c->detour_on = 1;
	switch (ch) {
	case 'q':
		if (num_long(arg, 0, DETOUR_MAX_DETOURS, &v) != NUM_OK)
			return usage_error("--detour %s: want 0 to %d detours",
			    arg, DETOUR_MAX_DETOURS);
		c->detours = (int)v;
		return 0;
	case 'M':
		c->obstacles = arg;
		return 0;
	default:
		if (num_long(arg, 1, 2147483647L, &v) != NUM_OK)
			return usage_error("--seed %s: want a positive integer",
			    arg);
		c->seed = (unsigned long)v;
		return 0;
	}
}

static void
options(const struct ctl *c, struct detour_attempts_opts *o)
{
	detour_attempts_defaults(o);
	o->detours = c->detours;
	o->watch.threshold = c->threshold_deg;
	o->watch.persist = c->persist;
	o->watch.short_lag = ARM_WATCH_ARRIVED_DEG;
	o->plan.seed = c->seed ? c->seed : 1;
	o->plan.period = DETOUR_PERIOD;
}

/* Say how it went; the exit status (robot failures were said). */
static int
said(const struct ctl *c, const struct arm_obstacle_map *map,
    const struct detour_outcome *out, int failed_exit)
{
	char text[1024];
	int k;

	for (k = 0; k < out->nplans && c->verbose; k++)
		warnx_tool("run: plan %d: %.2f ms", k + 1, out->plan_ms[k]);
	if (out->ran == DETOUR_RAN_FAILED)
		return failed_exit;
	if (!out->reached) {
		warnx_tool("run: %s", out->why);
		return EXIT_JOB_FAILED;
	}
	if (detour_outcome_text(map, out, text, sizeof text) > 0)
		warnx_tool("run: %s", text);
	return 0;
}

/* The attempts on executor x, the map in and out; 0 or an exit status. */
static int
attempts(struct ctl *c, const struct arm_desc *a,
    const struct arm_path *first, const double *from, const double *to,
    const struct detour_executor *x, int (*failed)(void *), void *fctx)
{
	struct arm_obstacle_map *map = malloc(sizeof *map);
	struct diag say = diag_for(NULL);
	struct detour_attempts_opts o;
	struct detour_outcome out;
	int r, w;

	if (map == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	if ((r = arm_status_exit(arm_obstacles_load_or_new(map, c->obstacles,
	    &say))) != 0) {
		free(map);
		return r;
	}
	options(c, &o);
	detour_attempts(a, map, from, to, first, x, &o, &out);
	r = said(c, map, &out, out.ran == DETOUR_RAN_FAILED ? failed(fctx) :
	    0);
	w = c->obstacles && arm_obstacles_save(map, c->obstacles) != 0;
	if (w)
		warnx_tool("%s: %s", c->obstacles, strerror(errno));
	free(map);
	return r ? r : w ? EXIT_IOERR : 0;
}

static int
spine_failed(void *ctx)
{
	return ctl_exit(((struct client_detour *)ctx)->st);
}

int
detour_spine(struct ctl *c, const struct arm_path *first, const double *from,
    const double *to)
{
	struct client_detour x;
	struct detour_executor ex = { client_detour_run, &x };

	memset(&x, 0, sizeof x);
	x.cl = c->cl;
	run_motion(c, &x.mo);
	if (first == NULL)
		x.mo.period_ms = lround(DETOUR_PERIOD * 1000);
	return attempts(c, c->arm, first, from, to, &ex, spine_failed, &x);
}

static void
bus_line(void *ctx, const char *line)
{
	(void)ctx;
	warnx_tool("%s", line);
}

static int
bus_failed(void *ctx)
{
	struct servoarm_detour *x = ctx;

	return x->st == SERVOARM_INTERRUPTED ? CTL_INTERRUPTED :
	    servoarm_status_exit(x->st);
}

int
detour_bus(struct ctl *c, const struct bus_opts *o, const struct arm_desc *a,
    struct servoarm_bus *k, const struct arm_path *first, const double *from,
    const double *to)
{
	struct servoarm_detour x;
	struct detour_executor ex = { servoarm_detour_run, &x };

	if (a->njoints != k->arm.n) {
		warnx_tool("run --detour: %s has %d joints, the bus %d",
		    a->name, a->njoints, k->arm.n);
		return EXIT_DATAERR;
	}
	memset(&x, 0, sizeof x);
	x.k = k;
	x.d = a;
	x.o.watch.load_pct = o->load_pct;
	x.o.pause_s = c->pause_ms / 1000.0;
	x.o.period_s = DETOUR_PERIOD;
	x.o.time_scale = c->time_scale > 0 ? c->time_scale : 1;
	x.o.release = o->release;
	x.say = bus_line;
	return attempts(c, a, first, from, to, &ex, bus_failed, &x);
}
