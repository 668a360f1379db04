/*
 * plan.c - the points handed to lib/traj's path planner, its complaints
 * shown at the input's file:line (or plainly, for arguments).  Called by
 * main.c and stream.c before anything is written.
 */
#include "host/diag.h"
#include "mjtraj.h"

static void
say(void *ctx, long line, const char *msg)
{
	const struct points *p = ctx;

	if (line > 0) {
		struct diag d = diag_for(p->file);

		diag_error(&d, line, 0, "%s", msg);
	} else {
		warnx_tool("%s", msg);
	}
}

int
plan_path(struct traj_path *path, const struct points *p,
    const struct options *o)
{
	struct traj_points pts = { p->n, p->dim, p->xyz, p->line };
	struct traj_path_opts po = { &o->timing, o->dwell, o->through,
	    o->reverse };
	struct traj_say sink = { say, (void *)p };

	return traj_status_exit(traj_path_plan(path, &pts, &po, &sink));
}
