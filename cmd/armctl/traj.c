/*
 * traj.c - run's waypoints on a spine robot (see traj.h): lib/traj reads,
 * checks and solves them; here they meet the handshake's links.
 */
#include "host/diag.h"
#include "host/exits.h"
#include "traj.h"

int
traj_read(const char *path, struct trajectory *t)
{
	return traj_status_exit(traj_load(path, t));
}

int
traj_to_joints(struct trajectory *t, const struct ctl *c,
    const int32_t *seed_mdeg, uint32_t seed_row)
{
	double links[WIRE_MAX_JOINTS];
	char why[100];
	int j, r = 0;

	for (j = 0; j < c->hello.joints; j++)
		links[j] = ctl_link_mm(c, j);
	if (c->expect_links && (r = traj_links_differ(c->expect_links, links,
	    c->hello.joints, why, sizeof why)) < 0)
		warnx_tool("--links %s: %s", c->expect_links, why);
	else if (r > 0)
		warnx_tool("%s: made for links %s, but the robot's are "
		    "different (armctl info shows them)", t->path,
		    c->expect_links);
	return r < 0 ? EXIT_USAGE : r > 0 ? EXIT_JOB_FAILED : traj_status_exit(
	    traj_to_mdeg(t, c->hello.joints, links, seed_mdeg, seed_row));
}
