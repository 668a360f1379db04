/*
 * check.c - the path against --vmax, --amax and --jmax: the --check report
 * (each peak, its limit and the margin) and the refusal to emit a path
 * whose fixed duration breaks a limit.  Called by main.c.
 */
#include <math.h>

#include "host/diag.h"
#include "host/exits.h"
#include "mjtraj.h"

static const char *const quantity_name[MJ_NQUANTITIES] = {
	"speed", "acceleration", "jerk"
};
static const char *const limit_flag[MJ_NQUANTITIES] = {
	"--vmax", "--amax", "--jmax"
};

/* Peaks within this fraction of a limit meet it: the limits are exact. */
#define LIMIT_SLACK 1e-9

static double
limit_of(const struct options *o, int k)
{
	return k == MJ_VEL ? o->timing.vmax : k == MJ_ACC ? o->timing.amax :
	    o->timing.jmax;
}

/* limit - peak, 0 when they agree to rounding, negative when broken. */
static double
margin(double limit, double peak)
{
	double m = limit - peak;

	return fabs(m) <= LIMIT_SLACK * limit ? 0 : m;
}

static double
total_duration(const struct traj_path *path)
{
	double t = 0;
	size_t k;

	for (k = 0; k + 1 < path->npts; k++)
		t += path->dur[k] + (k > 0 && !path->through ? path->dwell : 0);
	return t;
}

int
check_limits(const struct traj_path *path, const struct options *o)
{
	struct mj_peaks pk;
	int k, rc = EXIT_OK;

	traj_path_peaks(path, &pk);
	for (k = 0; k < MJ_NQUANTITIES; k++) {
		double limit = limit_of(o, k);

		if (limit > 0 && margin(limit, pk.value[k]) < 0) {
			warnx_tool("peak %s %.17g at t=%.17g exceeds %s %.17g "
			    "(mjtraj --check shows the margins)",
			    quantity_name[k], pk.value[k], pk.at[k],
			    limit_flag[k], limit);
			rc = EXIT_JOB_FAILED;
		}
	}
	return rc;
}

int
check_report(const struct traj_path *path, const struct options *o,
    struct table *t)
{
	struct mj_peaks pk;
	int k, rc = EXIT_OK;

	traj_path_peaks(path, &pk);
	table_str(t, "duration");
	table_num(t, total_duration(path));
	table_null(t);
	table_null(t);
	table_null(t);
	table_end_row(t);
	for (k = 0; k < MJ_NQUANTITIES; k++) {
		double limit = limit_of(o, k);

		table_str(t, quantity_name[k]);
		table_num(t, pk.value[k]);
		if (limit > 0) {
			double m = margin(limit, pk.value[k]);

			table_num(t, limit);
			table_num(t, m);
			if (m < 0)
				rc = EXIT_JOB_FAILED;
		} else {
			table_null(t);
			table_null(t);
		}
		table_num(t, pk.at[k]);
		table_end_row(t);
	}
	return rc;
}
