/*
 * traj_ik.c - Cartesian waypoints into joint angles for armctl run.
 * Waiting for common/kin: until it is merged, Cartesian input is refused
 * with a message that says so (joint input works).
 */
#include "cli/diag.h"
#include "cli/exits.h"
#include "traj.h"

int
traj_cartesian(struct trajectory *t, const struct ctl *c,
    const int32_t *start_mdeg)
{
	struct diag d = diag_for(t->path);

	(void)c;
	(void)start_mdeg;
	diag_error(&d, 1, 0, "Cartesian (x,y) waypoints need common/kin, "
	    "which this build does not have yet; give q1..qn");
	return EXIT_DATAERR;
}
