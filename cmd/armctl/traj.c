/*
 * traj.c - run's waypoints on a spine robot (see traj.h): lib/traj reads
 * and solves them; here --links is checked against the handshake and the
 * statuses become exit statuses.
 */
#include <math.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "traj.h"

int
traj_read(const char *path, struct trajectory *t)
{
	return traj_status_exit(traj_load(path, t));
}

/* --links L1,...: the arm the trajectory was made for must be this one. */
static int
check_links(const struct trajectory *t, const struct ctl *c)
{
	double want[WIRE_MAX_JOINTS];
	enum num_error e;
	int n, bad, j;

	if (!c->expect_links)
		return 0;
	n = num_double_list(c->expect_links, want, WIRE_MAX_JOINTS, &e, &bad);
	if (n < 0) {
		warnx_tool("--links %s: %s", c->expect_links, num_strerror(e));
		return EXIT_USAGE;
	}
	for (j = 0; j < n && n == c->hello.joints; j++)
		if (fabs(want[j] - ctl_link_mm(c, j)) > 0.0005)
			break;
	if (n == c->hello.joints && j == n)
		return 0;
	warnx_tool("%s: made for links %s, but the robot's are different "
	    "(armctl info shows them)", t->path, c->expect_links);
	return EXIT_JOB_FAILED;
}

int
traj_to_joints(struct trajectory *t, const struct ctl *c,
    const int32_t *seed_mdeg, uint32_t seed_row)
{
	double links[WIRE_MAX_JOINTS];
	int j, r;

	if ((r = check_links(t, c)) != 0)
		return r;
	for (j = 0; j < c->hello.joints; j++)
		links[j] = ctl_link_mm(c, j);
	return traj_status_exit(traj_to_mdeg(t, c->hello.joints, links,
	    seed_mdeg, seed_row));
}
