/*
 * bus_run.c - armctl --bus run, goto, home, jog and gripper: the path read
 * and checked as for every arm (armcmd.c: a path table, the arm's speed
 * and acceleration limits, where it starts), run by lib/servoarm, and
 * what happened said: the obstruction and the way back, a servo's error,
 * a run that stopped short, Ctrl-C.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arm/path.h"
#include "bus.h"
#include "host/diag.h"
#include "host/exits.h"
#include "servoarm/run.h"

#define MOVE_PERIOD 0.02	/* goto, home, jog, gripper: s per step */

/* Ctrl-C: hold where the arm is, or with --release let it go limp. */
static void
interrupted(struct busctl *u)
{
	struct servoarm_feedback f;
	int j, ok = 1;

	u->k.b.interrupted = NULL;	/* whatever happens, do this */
	if (!u->o->release) {
		if (servoarm_hold(&u->k, &f) == SERVOARM_OK)
			warnx_tool("interrupted: the arm holds where it is");
		return;
	}
	for (j = 0; j < u->k.arm.n; j++)
		ok &= servoarm_torque(&u->k, j, 0) == SERVOARM_OK;
	if (ok)
		warnx_tool("interrupted: the arm is limp (--release)");
}

static int
said(struct busctl *u, enum servoarm_status st, const struct servoarm_run *r)
{
	char line[2][200];
	int i, n;

	if (u->c->verbose)
		fprintf(stderr, "%s: run: %lu goals in %.3f s of the arm's "
		    "clock (the latest %.3f s late); %lu transactions, %lu "
		    "timeouts, %lu checksum errors\n", tool_name(),
		    (unsigned long)r->periods, r->seconds, r->late_s,
		    u->k.b.transactions, u->k.b.timeouts,
		    servobus_bad_checksums(&u->k.b));
	if (st == SERVOARM_INTERRUPTED) {
		interrupted(u);
		return CTL_INTERRUPTED;
	}
	n = servoarm_run_text(&u->k, st, r, line);
	for (i = 0; i < n; i++)
		warnx_tool("%s", line[i]);
	return servoarm_status_exit(st);
}

/* The path p from here, on the bus. */
static int
go(struct busctl *u, const struct arm_path *p)
{
	struct servoarm_run_opts o;
	struct servoarm_run r;

	memset(&o, 0, sizeof o);
	o.watch.lag_deg = u->c->threshold_deg;
	o.watch.load_pct = u->o->load_pct;
	o.watch.persist = u->c->persist;
	o.pause_s = u->c->pause_ms / 1000.0;
	o.period_s = MOVE_PERIOD;
	o.time_scale = u->c->time_scale > 0 ? u->c->time_scale : 1;
	return said(u, servoarm_run_path(&u->k, u->a, p, &o, &r), &r);
}

/* run or goto --detour: from p's first row (or here) to its last (or
 * `to`); Ctrl-C as in a run. */
static int
detour(struct busctl *u, const struct arm_path *p, const double *here,
    const double *to)
{
	int r = detour_bus(u, p, p ? p->q : here, p ? p->q + (size_t)(p->n -
	    1) * p->nj : to);

	if (r == CTL_INTERRUPTED)
		interrupted(u);
	return r;
}

/* Connected, and where the arm is. */
static int
here(struct busctl *u, double *q, const char *doing)
{
	struct servoarm_feedback f;
	enum servoarm_status st;
	int r;

	if ((r = bus_open(u, doing)) != 0)
		return r;
	if ((st = servoarm_feedback(&u->k, &f)) != SERVOARM_OK ||
	    (st = servoarm_errors(&u->k, &f)) != SERVOARM_OK)
		return bus_say(u, st, doing);
	memcpy(q, f.q, sizeof *q * u->k.arm.n);
	return 0;
}

int
bus_run(struct busctl *u, int argc, char **argv)
{
	double q[SERVOARM_MAX];
	struct arm_path p;
	FILE *fp;
	int r;

	if (argc != 2) {
		warnx_tool("run: give one FILE.csv, or - for stdin");
		return EXIT_USAGE;
	}
	/* a file that is not there is said before the bus is opened */
	if (strcmp(argv[1], "-") != 0 && (fp = fopen(argv[1], "r")) == NULL)
		return arm_read_path(u->c, argv[1], q, &p);
	if (strcmp(argv[1], "-") != 0)
		fclose(fp);
	memset(&p, 0, sizeof p);
	if ((r = here(u, q, "run")) != 0 ||
	    (r = arm_read_path(u->c, argv[1], q, &p)) != 0)
		return r;
	if ((r = arm_path_check(u->c, &p, q)) == 0 && !u->c->check)
		r = u->c->detour_on ? detour(u, &p, q, NULL) : go(u, &p);
	arm_path_free(&p);
	return r;
}

int
bus_move(struct busctl *u, int argc, char **argv)
{
	double q[SERVOARM_MAX], to[SERVOARM_MAX];
	struct arm_path p;
	int r;

	memset(&p, 0, sizeof p);
	if ((r = here(u, q, argv[0])) != 0 ||
	    (r = arm_target(u->c, argc, argv, q, to)) != 0)
		return r;
	if (arm_path_move(&p, u->a, q, to, MOVE_PERIOD) != 0)
		r = bus_say(u, SERVOARM_NO_MEMORY, argv[0]);
	else if (u->c->check)
		printf("%s: %lu steps, %.3f s\n", u->a->name,
		    (unsigned long)p.n, p.t[p.n - 1]);
	else
		r = u->c->detour_on ? detour(u, NULL, q, to) : go(u, &p);
	arm_path_free(&p);
	return r;
}
