/*
 * traj.c - reading run's waypoint CSV (see traj.h).  Columns other than
 * q1..qn or x,y (a time column t, velocities) are ignored, so mjtraj and
 * ikreach output can be piped in as it is.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/csv.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "plan/crc32.h"
#include "traj.h"

#define ANGLE_MAX 2000000.0	/* degrees; keeps millidegrees in 32 bits */

/* Column indices of the values we read; their count, or 0. */
static int
pick_columns(const struct csv_header *h, int *col, int *cartesian)
{
	char name[16];
	int n = 0;

	while (n < (int)WIRE_MAX_JOINTS) {
		snprintf(name, sizeof name, "q%d", n + 1);
		if ((col[n] = csv_header_find(h, name)) < 0)
			break;
		n++;
	}
	*cartesian = 0;
	if (n > 0)
		return n;
	col[0] = csv_header_find(h, "x");
	col[1] = csv_header_find(h, "y");
	if (col[0] < 0 || col[1] < 0)
		return 0;
	*cartesian = 1;
	return 2;
}

static int
grow(struct trajectory *t, uint32_t *cap, int width)
{
	uint32_t ncap = *cap ? *cap * 2 : 256;
	double *in;
	long *line;

	if (ncap > 50000000u)
		return -1;
	if ((in = realloc(t->in, sizeof(double) * width * ncap)) == NULL)
		return -1;
	t->in = in;
	if ((line = realloc(t->line, sizeof(long) * ncap)) == NULL)
		return -1;
	t->line = line;
	*cap = ncap;
	return 0;
}

/* ikreach marks the rows it could not solve: never stream those. */
static int
unsolved(struct csv_reader *r, int status_col, struct diag *d)
{
	const char *s;

	if (status_col < 0 || (size_t)status_col >= csv_nfields(r))
		return 0;
	s = csv_field(r, (size_t)status_col);
	if (*s == '\0' || strcmp(s, "ok") == 0)
		return 0;
	diag_error(d, r->line, csv_col(r, (size_t)status_col), "the joint "
	    "angles of this waypoint missed their target (status %s)", s);
	return EXIT_JOB_FAILED;
}

/* The t column: increasing seconds; 0 or an exit status. */
static int
read_time(struct csv_reader *r, struct trajectory *t, int t_col,
    uint32_t cap, struct diag *d)
{
	double *times, v;

	if (t_col < 0)
		return 0;
	if ((times = realloc(t->times, sizeof *times * cap)) == NULL) {
		diag_error(d, r->line, 0, "out of memory");
		return EXIT_IOERR;
	}
	t->times = times;
	if ((size_t)t_col >= csv_nfields(r) || num_double(csv_field(r,
	    (size_t)t_col), &v) != NUM_OK || (t->n > 0 &&
	    !(v > times[t->n - 1])) || !(fabs(v) < 1e9)) {
		diag_error(d, r->line, 0, "t: not a time after the row "
		    "before's");
		return EXIT_DATAERR;
	}
	times[t->n] = v;
	return 0;
}

static int
read_rows(struct csv_reader *r, struct trajectory *t, const int *col,
    int width, int status_col, int t_col, struct diag *d)
{
	uint32_t cap = 0;
	enum num_error e;
	const char *field;
	int k, got;
	double v;

	while ((got = csv_read(r)) == 1) {
		if (!t->cartesian && (k = unsolved(r, status_col, d)) != 0)
			return k;
		if (t->n == cap && grow(t, &cap, width) != 0) {
			diag_error(d, r->line, 0, "too many waypoints");
			return EXIT_DATAERR;
		}
		for (k = 0; k < width; k++) {
			if ((size_t)col[k] >= csv_nfields(r)) {
				diag_error(d, r->line, 0, "missing column %d",
				    col[k] + 1);
				return EXIT_DATAERR;
			}
			field = csv_field(r, (size_t)col[k]);
			if ((e = num_double(field, &v)) != NUM_OK ||
			    (!t->cartesian && fabs(v) > ANGLE_MAX)) {
				diag_error(d, r->line, csv_col(r,
				    (size_t)col[k]), "%s: %s", field, e ?
				    num_strerror(e) : "angle out of range");
				return EXIT_DATAERR;
			}
			t->in[(size_t)t->n * width + k] = v;
		}
		if ((k = read_time(r, t, t_col, cap, d)) != 0)
			return k;
		t->line[t->n++] = r->line;
	}
	if (got < 0) {
		diag_error(d, r->error_line, r->error_col, "%s", r->error);
		return EXIT_DATAERR;
	}
	if (t->n == 0) {
		diag_error(d, 0, 0, "no waypoints");
		return EXIT_DATAERR;
	}
	return 0;
}

int
traj_read(const char *path, struct trajectory *t)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	struct diag d = diag_for(path);
	struct csv_reader r;
	struct csv_header h = { NULL, 0 };
	int col[WIRE_MAX_JOINTS], width, rc = 0;

	memset(t, 0, sizeof *t);
	t->path = path;
	if (!fp) {
		diag_error(&d, 0, 0, "cannot open: %s", strerror(errno));
		return EXIT_NOINPUT;
	}
	csv_init(&r, fp, ',');
	if (csv_read(&r) != 1 || csv_header_take(&r, &h) != 0) {
		diag_error(&d, r.error ? r.error_line : 1, r.error ?
		    r.error_col : 0, "%s", r.error ? r.error :
		    "no header line");
		rc = EXIT_DATAERR;
	} else if ((width = pick_columns(&h, col, &t->cartesian)) == 0) {
		diag_error(&d, 1, 0, "the header names neither q1..qn (joint "
		    "angles) nor x,y (Cartesian points)");
		rc = EXIT_DATAERR;
	} else {
		t->joints = t->cartesian ? 0 : width;
		rc = read_rows(&r, t, col, width, csv_header_find(&h,
		    "status"), csv_header_find(&h, "t"), &d);
	}
	if (rc == 0 && ferror(fp)) {
		diag_error(&d, 0, 0, "cannot read: %s", strerror(errno));
		rc = EXIT_IOERR;
	}
	csv_header_free(&h);
	csv_free(&r);
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
