/*
 * joints.c - a joint-angle or x,y path for a robot known by its links
 * (joints.h): read through the path table's one reader, solved with
 * lib/kin near the neighbouring row.  Called by armctl run.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/exits.h"
#include "host/num.h"
#include "kin/kin.h"
#include "plan/crc32.h"
#include "traj/joints.h"
#include "traj/waypoints.h"

#define ANGLE_MAX 2000000.0	/* degrees; keeps millidegrees in 32 bits */
#define RAD (3.14159265358979323846 / 180)

int
traj_status_exit(enum traj_status s)
{
	static const int exits[] = { EXIT_OK, EXIT_NOINPUT, EXIT_DATAERR,
	    EXIT_IOERR, EXIT_JOB_FAILED, EXIT_USAGE };

	return exits[s];
}

static int
grow(struct trajectory *t, uint32_t *cap, int width)
{
	uint32_t ncap = *cap ? *cap * 2 : 256;
	double *in, *times;
	long *line;

	if (ncap > 50000000u)
		return -1;
	if ((in = realloc(t->in, sizeof(double) * width * ncap)) == NULL)
		return -1;
	t->in = in;
	if ((line = realloc(t->line, sizeof(long) * ncap)) == NULL)
		return -1;
	t->line = line;
	if ((times = realloc(t->times, sizeof(double) * ncap)) == NULL)
		return -1;
	t->times = times;
	*cap = ncap;
	return 0;
}

/* One row's values and time onto t. */
static enum traj_status
take_row(struct traj_table *tt, struct trajectory *t, struct diag *d)
{
	int k;

	for (k = 0; k < tt->n; k++) {
		if (!t->cartesian && fabs(tt->v[k]) > ANGLE_MAX) {
			diag_error(d, tt->line, csv_col(&tt->csv,
			    (size_t)tt->col[k]), "%s: angle out of range",
			    tt->name[k]);
			return TRAJ_BAD;
		}
		t->in[(size_t)t->n * tt->n + k] = tt->v[k];
	}
	if (tt->t_col >= 0 && ((t->n > 0 && !(tt->t > t->times[t->n - 1])) ||
	    !(fabs(tt->t) < 1e9))) {
		diag_error(d, tt->line, 0, "t: not a time after the row "
		    "before's");
		return TRAJ_BAD;
	}
	t->times[t->n] = tt->t;
	t->line[t->n++] = tt->line;
	return TRAJ_OK;
}

static enum traj_status
read_rows(struct traj_table *tt, struct trajectory *t, struct diag *d)
{
	enum traj_status st;
	uint32_t cap = 0;
	int got;

	while ((got = traj_table_next(tt)) == 1) {
		if (traj_table_missed(tt))
			return TRAJ_MISSED;
		if (t->n == cap && grow(t, &cap, tt->n) != 0) {
			diag_error(d, tt->line, 0, "too many waypoints");
			return TRAJ_BAD;
		}
		if ((st = take_row(tt, t, d)) != TRAJ_OK)
			return st;
	}
	if (got < 0)
		return traj_table_io_error(tt) ? TRAJ_IO : TRAJ_BAD;
	if (t->n == 0) {
		diag_error(d, 0, 0, "no waypoints");
		return TRAJ_BAD;
	}
	if (tt->t_col < 0) {
		free(t->times);
		t->times = NULL;
	}
	return TRAJ_OK;
}

enum traj_status
traj_load(const char *path, struct trajectory *t)
{
	static const char *const xy[] = { "x", "y" };
	const struct traj_way ways[2] = { { NULL, 8, 1 }, { xy, 2, 2 } };
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	struct diag d = diag_for(path);
	struct traj_table tt;
	enum traj_status st;

	memset(t, 0, sizeof *t);
	t->path = path;
	if (!fp) {
		diag_error(&d, 0, 0, "cannot open: %s", strerror(errno));
		return TRAJ_NOINPUT;
	}
	if (traj_table_open(&tt, fp, &d, ways, 2, NULL, 0) != 0)
		st = traj_table_io_error(&tt) ? TRAJ_IO : TRAJ_BAD;
	else {
		t->cartesian = tt.way == 1;
		t->joints = t->cartesian ? 0 : tt.n;
		st = read_rows(&tt, t, &d);
	}
	traj_table_close(&tt);
	if (fp != stdin)
		fclose(fp);
	return st;
}

/* Row i solved near seed into q (radians), its setpoints into mdeg. */
static enum traj_status
solve_row(struct kin_solver *s, struct trajectory *t, uint32_t i,
    const double *seed, double *q)
{
	const double *p = t->in + (size_t)i * 2;
	struct kin_target target = { p[0], p[1], 0, 0 };
	struct diag d = diag_for(t->path);
	struct kin_result r;
	int j;

	kin_solve_near(s, &target, seed, q, &r);
	if (r.status != KIN_OK) {
		diag_error(&d, t->line[i], 0, "x,y = %g,%g is out of the "
		    "arm's reach", p[0], p[1]);
		return TRAJ_MISSED;
	}
	for (j = 0; j < t->robot_joints; j++)
		t->mdeg[(size_t)i * t->robot_joints + j] = (int32_t)lround(
		    q[j] / RAD * 1000);
	return TRAJ_OK;
}

/* Onwards from the seed row, each near the one before; then back. */
static enum traj_status
solve_all(struct kin_solver *s, struct trajectory *t, double *seed,
    uint32_t seed_row)
{
	double q[KIN_MAX_LINKS], first[KIN_MAX_LINKS];
	size_t size = sizeof(double) * (size_t)t->robot_joints;
	enum traj_status st;
	uint32_t i;

	if ((st = solve_row(s, t, seed_row, seed, first)) != TRAJ_OK)
		return st;
	memcpy(q, first, size);
	for (i = seed_row + 1; i < t->n && st == TRAJ_OK; i++) {
		memcpy(seed, q, size);
		st = solve_row(s, t, i, seed, q);
	}
	memcpy(q, first, size);
	for (i = seed_row; i-- > 0 && st == TRAJ_OK;) {
		memcpy(seed, q, size);
		st = solve_row(s, t, i, seed, q);
	}
	return st;
}

static enum traj_status
planar(struct trajectory *t, const double *link_mm, const int32_t *seed_mdeg,
    uint32_t seed_row)
{
	double seed[KIN_MAX_LINKS];
	struct diag d = diag_for(t->path);
	struct kin_solver *s;
	struct kin_arm arm;
	struct kin_opts o;
	enum traj_status st;
	void *mem;
	int j;

	memset(&arm, 0, sizeof arm);
	memset(&o, 0, sizeof o);
	arm.n = t->robot_joints;
	for (j = 0; j < arm.n; j++) {
		arm.len[j] = link_mm[j];
		seed[j] = seed_mdeg[j] / 1000.0 * RAD;
	}
	o.method = KIN_AUTO;
	o.seed = 1;
	if ((mem = malloc(kin_solver_size(arm.n))) == NULL || (s =
	    kin_solver_init(mem, kin_solver_size(arm.n), &arm, &o)) == NULL) {
		free(mem);
		diag_error(&d, 0, 0, "cannot set up inverse kinematics for "
		    "this arm");
		return TRAJ_IO;
	}
	st = solve_all(s, t, seed, seed_row);
	free(mem);
	return st;
}

enum traj_status
traj_to_mdeg(struct trajectory *t, int joints, const double *link_mm,
    const int32_t *seed_mdeg, uint32_t seed_row)
{
	struct diag d = diag_for(t->path);
	size_t i;

	t->robot_joints = joints;
	t->mdeg = malloc(sizeof(int32_t) * (size_t)t->n * joints);
	if (!t->mdeg) {
		diag_error(&d, 0, 0, "out of memory");
		return TRAJ_IO;
	}
	if (t->cartesian)
		return planar(t, link_mm, seed_mdeg, seed_row);
	if (t->joints != joints) {
		diag_error(&d, 1, 0, "the trajectory has %d joint%s (q1..q%d); "
		    "the robot has %d", t->joints, t->joints == 1 ? "" : "s",
		    t->joints, joints);
		return TRAJ_BAD;
	}
	for (i = 0; i < (size_t)t->n * t->joints; i++)
		t->mdeg[i] = (int32_t)lround(t->in[i] * 1000);
	return TRAJ_OK;
}

uint32_t
traj_crc_i32(uint32_t crc, int32_t v)
{
	uint32_t u = (uint32_t)v;
	uint8_t b[4];

	b[0] = (uint8_t)u;
	b[1] = (uint8_t)(u >> 8);
	b[2] = (uint8_t)(u >> 16);
	b[3] = (uint8_t)(u >> 24);
	return plan_crc32_update(crc, b, 4);
}

uint32_t
traj_run_id(const struct trajectory *t)
{
	uint32_t width = t->cartesian ? 2 : (uint32_t)t->joints, crc, i;
	uint8_t kind = t->cartesian ? 'x' : 'q';

	/* thousandths of a degree or of a millimetre, and which they are */
	crc = plan_crc32_update(0, &kind, 1);
	for (i = 0; i < t->n * width; i++)
		crc = traj_crc_i32(crc, (int32_t)lround(t->in[i] * 1000));
	/* 0 means "no run" to the robot. */
	return crc ? crc : 1;
}

void
traj_free(struct trajectory *t)
{
	free(t->in);
	free(t->line);
	free(t->mdeg);
	free(t->times);
	free(t->periods);
	memset(t, 0, sizeof *t);
}

int
traj_links_differ(const char *expect, const double *links, int n, char *why,
    size_t cap)
{
	double want[64];
	enum num_error e;
	int got, bad, j;

	got = num_double_list(expect, want, 64, &e, &bad);
	if (got < 0) {
		snprintf(why, cap, "%s", num_strerror(e));
		return -1;
	}
	for (j = 0; j < got && got == n; j++)
		if (fabs(want[j] - links[j]) > 0.0005)
			return 1;
	return got != n;
}
