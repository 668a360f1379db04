/*
 * traj.c - run's waypoints (see traj.h) from the path table through its
 * one reader (lib/traj/waypoints.h): q1..qN or x,y, a t column; other
 * columns are ignored, so mjtraj and ikreach output pipes in as it is.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "plan/crc32.h"
#include "traj.h"
#include "traj/waypoints.h"

#define ANGLE_MAX 2000000.0	/* degrees; keeps millidegrees in 32 bits */

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

/* The path table's rows (spine-path(5)): q1..qN or x,y; a t column. */
static int
read_rows(struct traj_table *tt, struct trajectory *t, struct diag *d)
{
	uint32_t cap = 0;
	int got, k;

	while ((got = traj_table_next(tt)) == 1) {
		if (traj_table_missed(tt))
			return EXIT_JOB_FAILED;
		if (t->n == cap && grow(t, &cap, tt->n) != 0) {
			diag_error(d, tt->line, 0, "too many waypoints");
			return EXIT_DATAERR;
		}
		for (k = 0; k < tt->n; k++) {
			if (!t->cartesian && fabs(tt->v[k]) > ANGLE_MAX) {
				diag_error(d, tt->line, csv_col(&tt->csv,
				    (size_t)tt->col[k]), "%s: angle out of "
				    "range", tt->name[k]);
				return EXIT_DATAERR;
			}
			t->in[(size_t)t->n * tt->n + k] = tt->v[k];
		}
		if (tt->t_col >= 0 && ((t->n > 0 &&
		    !(tt->t > t->times[t->n - 1])) || !(fabs(tt->t) < 1e9))) {
			diag_error(d, tt->line, 0, "t: not a time after the row "
			    "before's");
			return EXIT_DATAERR;
		}
		t->times[t->n] = tt->t;
		t->line[t->n++] = tt->line;
	}
	if (got < 0)
		return traj_table_io_error(tt) ? EXIT_IOERR : EXIT_DATAERR;
	if (t->n == 0) {
		diag_error(d, 0, 0, "no waypoints");
		return EXIT_DATAERR;
	}
	if (tt->t_col < 0) {
		free(t->times);
		t->times = NULL;
	}
	return 0;
}

int
traj_read(const char *path, struct trajectory *t)
{
	static const char *const xy[] = { "x", "y" };
	const struct traj_way ways[2] = { { NULL, WIRE_MAX_JOINTS, 1 },
	    { xy, 2, 2 } };
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	struct diag d = diag_for(path);
	struct traj_table tt;
	int rc;

	memset(t, 0, sizeof *t);
	t->path = path;
	if (!fp) {
		diag_error(&d, 0, 0, "cannot open: %s", strerror(errno));
		return EXIT_NOINPUT;
	}
	if (traj_table_open(&tt, fp, &d, ways, 2, NULL, 0) != 0)
		rc = traj_table_io_error(&tt) ? EXIT_IOERR : EXIT_DATAERR;
	else {
		t->cartesian = tt.way == 1;
		t->joints = t->cartesian ? 0 : tt.n;
		rc = read_rows(&tt, t, &d);
	}
	traj_table_close(&tt);
	if (fp != stdin)
		fclose(fp);
	return rc;
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
	struct diag d = diag_for(t->path);
	uint32_t i;
	int j, r;

	if ((r = check_links(t, c)) != 0)
		return r;
	t->robot_joints = c->hello.joints;
	t->mdeg = malloc(sizeof(int32_t) * (size_t)t->n * t->robot_joints);
	if (!t->mdeg) {
		diag_error(&d, 0, 0, "out of memory");
		return EXIT_IOERR;
	}
	if (t->cartesian)
		return traj_cartesian(t, c, seed_mdeg, seed_row);
	if (t->joints != t->robot_joints) {
		diag_error(&d, 1, 0, "the trajectory has %d joint%s (q1..q%d); "
		    "the robot has %d", t->joints, t->joints == 1 ? "" : "s",
		    t->joints, t->robot_joints);
		return EXIT_DATAERR;
	}
	for (i = 0; i < t->n; i++)
		for (j = 0; j < t->joints; j++)
			t->mdeg[(size_t)i * t->joints + j] = (int32_t)lround(
			    t->in[(size_t)i * t->joints + j] * 1000);
	return 0;
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
	return crc32_update(crc, b, 4);
}

uint32_t
traj_run_id(const struct trajectory *t)
{
	uint32_t width = t->cartesian ? 2 : (uint32_t)t->joints, crc, i;
	uint8_t kind = t->cartesian ? 'x' : 'q';

	/* thousandths of a degree or of a millimetre, and which they are */
	crc = crc32_update(0, &kind, 1);
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
