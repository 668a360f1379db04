/*
 * run.c - armctl run: a trajectory file to joint setpoints (traj.c),
 * checked against where the arm is, then streamed with the obstruction
 * watch and the way back (lib/client/stream.c), a bar counting the steps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "client/stream.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/usage.h"
#include "ctl.h"
#include "progress.h"
#include "run.h"
#include "traj.h"

void
run_motion(const struct ctl *c, struct client_motion *mo)
{
	memset(mo, 0, sizeof *mo);
	mo->period_ms = c->period_ms;
	mo->threshold_deg = c->threshold_deg;
	mo->persist = c->persist;
	mo->pause_ms = c->pause_ms;
	mo->arm = c->arm;
}

/* Steps st from `from` (home: the way back's end), or the timed path p
   from here, with --period, --threshold, --persist, --pause and a bar. */
static int
stream(struct ctl *c, const struct client_steps *st, uint32_t from,
    const int32_t *home, const struct arm_path *p)
{
	struct client_motion mo;
	struct progress bar;
	int r;

	run_motion(c, &mo);
	mo.progress = progress_begin(&bar, "run", "steps");
	r = ctl_exit(p ? client_run_path(c->cl, p, home, &mo, NULL) :
	    client_run(c->cl, st, from, home, &mo));
	progress_end(&bar);
	return r;
}

int
run_steps(struct ctl *c, const struct client_steps *st, uint32_t from,
    const int32_t *home)
{
	return stream(c, st, from, home, NULL);
}

int
run_path(struct ctl *c, const struct arm_path *p, const int32_t *here)
{
	return stream(c, NULL, 0, here, p);
}

/* The steps' hold from the t column, if there is one. */
static int
timed(struct ctl *c, struct trajectory *t, struct client_steps *st)
{
	if (!t->times)
		return 0;
	if ((t->periods = malloc(sizeof *t->periods * t->n)) == NULL) {
		warnx_tool("run: out of memory");
		return EXIT_IOERR;
	}
	if (client_steps_timed(st, t->times, t->n, c->period_ms,
	    t->periods) != 0) {
		warnx_tool("run: waypoints more than 65.535 s apart");
		return EXIT_DATAERR;
	}
	return 0;
}

static int
run_trajectory(struct ctl *c, struct trajectory *t)
{
	int32_t here[WIRE_MAX_JOINTS], home[WIRE_MAX_JOINTS];
	struct client_steps st;
	uint32_t from = 1;
	int r;

	memset(&st, 0, sizeof st);
	st.n = t->n;
	st.joints = c->hello.joints;
	st.run_id = traj_run_id(t);
	if ((r = ctl_exit(client_encoders(c->cl, here, "run"))) != 0 ||
	    (c->resume && (r = ctl_exit(client_resume_point(c->cl, &st,
	    &from))) != 0))
		return r;
	if (from > st.n) {
		warnx_tool("run: nothing to resume: all %lu steps were "
		    "executed", (unsigned long)st.n);
		return 0;
	}
	/* The arm is at the first waypoint, or at the last one executed. */
	if ((r = traj_to_joints(t, c, here, from > 1 ? from - 2 : 0)) != 0)
		return r;
	st.q = t->mdeg;
	if ((r = ctl_exit(client_starts_here(c->cl, &st, from, here,
	    c->threshold_deg))) != 0)
		return r;
	if (c->check) {
		printf("%s: %lu waypoints for %d joints, %s; starts where the "
		    "arm is\n", t->path, (unsigned long)t->n, st.joints,
		    t->cartesian ? "Cartesian, all within reach" :
		    "joint angles");
		return 0;
	}
	/* Home is where this run began: the arm now, or the first step. */
	memcpy(home, from > 1 ? st.q : here, sizeof(int32_t) * st.joints);
	if ((r = timed(c, t, &st)) != 0)
		return r;
	return run_steps(c, &st, from, home);
}

int
cmd_run(struct ctl *c, int argc, char **argv)
{
	struct trajectory t;
	int r;

	if (argc != 2) {
		warnx_tool("run: give one FILE.csv, or - for stdin");
		return EXIT_USAGE;
	}
	if (c->arm)
		return arm_run(c, argv[1]);
	if (c->detour_on)
		return usage_error("run --detour needs --arm FILE");
	if ((r = traj_read(argv[1], &t)) == 0 && (r = ctl_connect(c)) == 0)
		r = run_trajectory(c, &t);
	traj_free(&t);
	return r;
}
