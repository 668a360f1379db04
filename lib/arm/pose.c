/*
 * pose.c - the pose table (pose.h), written through lib/host/table and
 * read as a one-row path (path.c).  Called by armctl (pos, goto
 * --joints) and armsim (--start).
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "arm/path.h"
#include "arm/pose.h"
#include "host/num.h"
#include "host/table.h"

/* To a thousandth: the spine protocol's millidegrees, which a servo's
 * ticks (0.088 degree) round to without loss. */
static double
thousandth(double v)
{
	double r = round(v * 1000) / 1000;

	return r == 0 ? 0 : r;	/* no -0 */
}

int
arm_pose_write(FILE *fp, const char *const *names, const double *v, int n)
{
	struct table t;
	int j;

	table_init(&t, fp, TABLE_CSV, TABLE_ROUND_TRIP, names, (size_t)n);
	table_header(&t);
	for (j = 0; j < n; j++)
		table_num(&t, thousandth(v[j]));
	table_end_row(&t);
	return table_flush(&t);
}

int
arm_pose_write_arm(FILE *fp, const struct arm_desc *a, const double *q)
{
	const char *names[ARM_MAX_JOINTS];
	double v[ARM_MAX_JOINTS];
	int j;

	for (j = 0; j < a->njoints; j++) {
		names[j] = a->joint[j].name;
		v[j] = a->joint[j].role == ARM_GRIPPER ? arm_grip_pct(a, q[j]) :
		    q[j];
	}
	return arm_pose_write(fp, names, v, a->njoints);
}

int
arm_pose_read(FILE *fp, const struct arm_desc *a, const double *here,
    double *q, struct diag *d)
{
	struct arm_path p;
	int r;

	if ((r = arm_path_read(&p, fp, a, 1, here, d)) < 0)
		return r;
	if (p.n != 1) {
		diag_error(d, p.line[1], 0, "a pose is one row, not %lu "
		    "(armctl run takes a path)", (unsigned long)p.n);
		arm_path_free(&p);
		return -1;
	}
	memcpy(q, p.q, sizeof *q * a->njoints);
	arm_path_free(&p);
	return 0;
}

/* "a,b,c": from the base, at least the base and chain. */
static enum arm_status
pose_numbers(const char *arg, const struct arm_desc *a, double *q,
    struct diag *d)
{
	double v[ARM_MAX_JOINTS];
	int n, j, bad, npos = a->nchain + a->has_base;
	enum num_error e;

	n = num_double_list(arg, v, ARM_MAX_JOINTS, &e, &bad);
	if (n < npos || n > a->njoints) {
		diag_error(d, 0, 0, "want %d to %d joint values in the order of "
		    "%s (the gripper in %%), or a pose table", npos, a->njoints,
		    a->name);
		return ARM_USAGE;
	}
	for (j = 0; j < n; j++)
		q[j] = a->joint[j].role == ARM_GRIPPER ? arm_grip_value(a,
		    v[j]) : v[j];
	return 0;
}

enum arm_status
arm_pose_arg(const char *arg, const struct arm_desc *a, const double *here,
    double *q, struct diag *d)
{
	struct diag fd = diag_for(strcmp(arg, "-") ? arg : "<stdin>");
	double v;
	FILE *fp;
	int r;

	memcpy(q, here, sizeof *q * a->njoints);
	if (strchr(arg, ',') != NULL || num_double(arg, &v) == NUM_OK)
		return pose_numbers(arg, a, q, d);
	if ((fp = strcmp(arg, "-") ? fopen(arg, "r") : stdin) == NULL) {
		diag_error(&fd, 0, 0, "cannot open: %s", strerror(errno));
		return ARM_NO_INPUT;
	}
	r = arm_pose_read(fp, a, here, q, &fd);
	if (fp != stdin)
		fclose(fp);
	return r == -2 ? ARM_FAILED : r < 0 ? ARM_DATA : ARM_OK;
}

enum arm_status
arm_pose_start(const char *arg, const struct arm_desc *a, double *q,
    struct diag *d)
{
	double rest[ARM_MAX_JOINTS];
	enum arm_status st;
	int j;

	for (j = 0; j < a->njoints; j++)
		q[j] = rest[j] = arm_clamp(&a->joint[j], 0);
	if (arg == NULL || (st = arm_pose_arg(arg, a, rest, q, d)) == ARM_OK)
		return ARM_OK;
	return st == ARM_FAILED ? ARM_DATA : st;
}
