/*
 * check.c - the path against --vmax, --amax and --jmax (lib/traj's
 * margins): the --check report (each peak, its limit and the margin) and
 * the refusal to emit a path whose fixed duration breaks a limit.  Called
 * by main.c.
 */
#include "host/diag.h"
#include "host/exits.h"
#include "mjtraj.h"

static const char *const quantity_name[TRAJ_NQUANTITIES] = {
	"speed", "acceleration", "jerk"
};
static const char *const limit_flag[TRAJ_NQUANTITIES] = {
	"--vmax", "--amax", "--jmax"
};

int
check_limits(const struct traj_path *path, const struct options *o)
{
	struct traj_margin m[TRAJ_NQUANTITIES];
	int k, rc = EXIT_OK;

	traj_path_margins(path, &o->timing, m);
	for (k = 0; k < TRAJ_NQUANTITIES; k++) {
		if (m[k].limit > 0 && m[k].margin < 0) {
			warnx_tool("peak %s %.17g at t=%.17g exceeds %s %.17g "
			    "(mjtraj --check shows the margins)",
			    quantity_name[k], m[k].peak, m[k].at,
			    limit_flag[k], m[k].limit);
			rc = EXIT_JOB_FAILED;
		}
	}
	return rc;
}

int
check_report(const struct traj_path *path, const struct options *o,
    struct table *t)
{
	struct traj_margin m[TRAJ_NQUANTITIES];
	int k, rc = EXIT_OK;

	traj_path_margins(path, &o->timing, m);
	table_str(t, "duration");
	table_num(t, traj_path_duration(path));
	table_null(t);
	table_null(t);
	table_null(t);
	table_end_row(t);
	for (k = 0; k < TRAJ_NQUANTITIES; k++) {
		table_str(t, quantity_name[k]);
		table_num(t, m[k].peak);
		if (m[k].limit > 0) {
			table_num(t, m[k].limit);
			table_num(t, m[k].margin);
			if (m[k].margin < 0)
				rc = EXIT_JOB_FAILED;
		} else {
			table_null(t);
			table_null(t);
		}
		table_num(t, m[k].at);
		table_end_row(t);
	}
	return rc;
}
