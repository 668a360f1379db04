/*
 * path.c - reading, making and checking timed joint paths for a described
 * arm (path.h).  Called by armctl.  Speeds and accelerations are finite
 * differences of the waypoints: what the robot, which holds each one for
 * its period, is actually asked to do.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm/path.h"
#include "host/csv.h"
#include "host/num.h"
#include "arm/arm3d.h"
#include "traj/minjerk.h"

static int
path_grow(struct arm_path *p, int nj)
{
	uint32_t cap = p->cap ? p->cap * 2 : 256;
	double *q, *t;
	long *line;

	p->nj = nj;
	if (p->n < p->cap)
		return 0;
	if (p->cap >= ARM_PATH_MAX)
		return -1;
	if ((q = realloc(p->q, sizeof *q * nj * cap)) == NULL)
		return -1;
	p->q = q;
	if ((t = realloc(p->t, sizeof *t * cap)) == NULL)
		return -1;
	p->t = t;
	if ((line = realloc(p->line, sizeof *line * cap)) == NULL)
		return -1;
	p->line = line;
	p->cap = cap;
	return 0;
}

int
arm_path_append(struct arm_path *p, int nj, const double *q, double t,
    long line)
{
	if (path_grow(p, nj) < 0)
		return -1;
	memcpy(p->q + (size_t)p->n * nj, q, sizeof *q * nj);
	p->t[p->n] = t;
	p->line[p->n++] = line;
	return 0;
}

void
arm_path_free(struct arm_path *p)
{
	free(p->q);
	free(p->t);
	free(p->line);
	memset(p, 0, sizeof *p);
}

/* The columns a path file may have, found in its header. */
struct cols {
	int joint[ARM_MAX_JOINTS];	/* by arm joint, or -1 */
	int x, y, z, pitch, roll, t, status;
	int joints;			/* every positioning joint given */
};

/* q1..qN in the arm's joint order, when the names are not there. */
static void
numbered_cols(const struct csv_header *h, const struct arm_desc *a,
    struct cols *c)
{
	char name[16];
	int j;

	for (j = 0; j < a->njoints; j++) {
		snprintf(name, sizeof name, "q%d", j + 1);
		c->joint[j] = csv_header_find(h, name);
		if (arm_is_positioning(a, j) && c->joint[j] < 0)
			c->joints = 0;
	}
}

static void
find_cols(const struct csv_header *h, const struct arm_desc *a,
    struct cols *c)
{
	int j;

	c->joints = 1;
	for (j = 0; j < a->njoints; j++) {
		c->joint[j] = csv_header_find(h, a->joint[j].name);
		if (arm_is_positioning(a, j) && c->joint[j] < 0)
			c->joints = 0;
	}
	if (!c->joints && csv_header_find(h, "q1") >= 0) {
		c->joints = 1;
		numbered_cols(h, a, c);
	}
	c->status = csv_header_find(h, "status");
	c->x = csv_header_find(h, "x");
	c->y = csv_header_find(h, "y");
	c->z = csv_header_find(h, "z");
	c->pitch = csv_header_find(h, "pitch");
	c->roll = csv_header_find(h, "roll");
	c->t = csv_header_find(h, "t");
}

static int
field(const struct csv_reader *r, int col, const char *name,
    struct diag *d, double *v)
{
	enum num_error e;

	if (col < 0)
		return 0;
	if ((e = num_double(csv_field(r, (size_t)col), v)) != NUM_OK ||
	    fabs(*v) > 1e9) {
		diag_error(d, r->line, csv_col(r, (size_t)col), "%s: %s", name,
		    e != NUM_OK ? num_strerror(e) : "out of range");
		return -1;
	}
	return 1;
}

struct reader {
	const struct arm_desc *a;
	struct cols c;
	struct kin3d *k;
	struct diag *d;
	double t0;
};

/* A row's joint columns (those it has) into q; 0 or -1 reported. */
static int
row_joints(struct reader *rd, const struct csv_reader *r, double *q)
{
	const struct arm_desc *a = rd->a;
	double v;
	int j, got;

	for (j = 0; j < a->njoints; j++) {
		const struct arm_joint *jt = &a->joint[j];

		if ((got = field(r, rd->c.joint[j], jt->name, rd->d, &v)) < 0)
			return -1;
		if (got == 0 || (rd->c.joints == 0 && arm_is_positioning(a, j)))
			continue;
		if (jt->role == ARM_GRIPPER)
			v = arm_grip_value(a, v < 0 ? 0 : v > 100 ? 100 : v);
		if (v < jt->lo - 1e-9 || v > jt->hi + 1e-9) {
			diag_error(rd->d, r->line, csv_col(r,
			    (size_t)rd->c.joint[j]), "%s = %g is beyond its "
			    "limits %g..%g", jt->name, v, jt->lo, jt->hi);
			return -1;
		}
		q[j] = arm_clamp(jt, v);
	}
	return 0;
}

/* x,y,z[,pitch,roll] through the kinematics, near q; 0 or -1. */
static int
row_target(struct reader *rd, const struct csv_reader *r, double *q)
{
	struct kin3d_target t;
	struct kin_result res;

	memset(&t, 0, sizeof t);
	if (field(r, rd->c.x, "x", rd->d, &t.x) < 0 ||
	    field(r, rd->c.y, "y", rd->d, &t.y) < 0 ||
	    field(r, rd->c.z, "z", rd->d, &t.z) < 0 ||
	    (t.has_pitch = field(r, rd->c.pitch, "pitch", rd->d,
	    &t.pitch)) < 0 ||
	    (t.has_roll = field(r, rd->c.roll, "roll", rd->d, &t.roll)) < 0)
		return -1;
	arm_solve_near(rd->k, &t, q, q, &res);
	if (res.status != KIN_OK) {
		diag_error(rd->d, r->line, 0, "x,y,z = %g,%g,%g: %s (%g mm "
		    "away)", t.x, t.y, t.z, kin_status_name(res.status),
		    res.err);
		return -2;
	}
	return 0;
}

/* ikreach marks the rows it could not solve: never move to those. */
static int
row_status(struct reader *rd, const struct csv_reader *r)
{
	const char *s;

	if (rd->c.status < 0 || (size_t)rd->c.status >= csv_nfields(r))
		return 0;
	s = csv_field(r, (size_t)rd->c.status);
	if (*s == '\0' || strcmp(s, "ok") == 0)
		return 0;
	diag_error(rd->d, r->line, csv_col(r, (size_t)rd->c.status), "the "
	    "joint values of this row missed their target (status %s)", s);
	return -2;
}

static int
row_time(struct reader *rd, const struct csv_reader *r, struct arm_path *p,
    double period)
{
	double v;
	int got;

	if ((got = field(r, rd->c.t, "t", rd->d, &v)) < 0)
		return -1;
	if (got == 0) {
		p->t[p->n] = p->n * period;
		return 0;
	}
	if (p->n == 0)
		rd->t0 = v;
	v -= rd->t0;
	if (p->n > 0 && !(v > p->t[p->n - 1])) {
		diag_error(rd->d, r->line, csv_col(r, (size_t)rd->c.t),
		    "t = %g does not come after the row before", v + rd->t0);
		return -1;
	}
	p->t[p->n] = v;
	return 0;
}

static int
read_rows(struct reader *rd, struct csv_reader *r, struct arm_path *p,
    double period, const double *start)
{
	const struct arm_desc *a = rd->a;
	double q[ARM_MAX_JOINTS];
	int got;

	memcpy(q, start, sizeof *q * a->njoints);
	while ((got = csv_read(r)) == 1) {
		if (path_grow(p, a->njoints) < 0) {
			diag_error(rd->d, r->line, 0, "too many waypoints");
			return -1;
		}
		if ((got = row_status(rd, r)) < 0 || (rd->c.joints == 0 &&
		    (got = row_target(rd, r, q)) < 0))
			return got;
		if (row_joints(rd, r, q) < 0 || row_time(rd, r, p, period) < 0)
			return -1;
		memcpy(p->q + (size_t)p->n * a->njoints, q,
		    sizeof *q * a->njoints);
		p->line[p->n++] = r->line;
	}
	if (got < 0) {
		diag_error(rd->d, r->error_line, r->error_col, "%s", r->error);
		return -1;
	}
	if (p->n == 0) {
		diag_error(rd->d, 0, 0, "no waypoints");
		return -1;
	}
	return 0;
}

static int
start_reading(struct reader *rd, struct csv_reader *r, struct arm_path *p,
    struct csv_header *h)
{
	const struct arm_desc *a = rd->a;
	struct kin_opts o;
	void *mem;

	if (csv_read(r) != 1 || csv_header_take(r, h) < 0) {
		diag_error(rd->d, r->error_line, 0, "%s", r->error ? r->error :
		    "no header line");
		return -1;
	}
	find_cols(h, a, &rd->c);
	p->timed = rd->c.t >= 0;
	p->cartesian = !rd->c.joints;
	if (rd->c.joints)
		return 0;
	if (rd->c.x < 0 || rd->c.y < 0 || (a->has_base && rd->c.z < 0)) {
		diag_error(rd->d, r->line, 0, "need a column for each joint "
		    "(%s, ... or q1, ...) or x,y%s", a->joint[0].name,
		    a->has_base ? ",z" : "");
		return -1;
	}
	memset(&o, 0, sizeof o);
	if ((mem = malloc(kin3d_size(a))) == NULL ||
	    (rd->k = kin3d_init(mem, kin3d_size(a), a, &o)) == NULL) {
		free(mem);
		diag_error(rd->d, 0, 0, "cannot solve this arm");
		return -1;
	}
	return 0;
}

int
arm_path_read(struct arm_path *p, FILE *fp, const struct arm_desc *a,
    double period, const double *start, struct diag *d)
{
	struct csv_reader r;
	struct csv_header h;
	struct reader rd;
	int rc;

	memset(p, 0, sizeof *p);
	memset(&rd, 0, sizeof rd);
	memset(&h, 0, sizeof h);
	rd.a = a;
	rd.d = d;
	csv_init(&r, fp, ',');
	rc = start_reading(&rd, &r, p, &h);
	if (rc == 0)
		rc = read_rows(&rd, &r, p, period, start);
	free(rd.k);
	csv_header_free(&h);
	csv_free(&r);
	if (rc < 0)
		arm_path_free(p);
	return rc;
}

/* Shortest duration of a minimum-jerk move of every joint from a to b
 * within the joints' top speeds and accelerations (minjerk.h's peaks). */
static double
move_time(const struct arm_desc *a, const double *from, const double *to)
{
	double T = 0, dist, tv, ta;
	int j;

	for (j = 0; j < a->njoints; j++) {
		dist = fabs(to[j] - from[j]);
		tv = MJ_PEAK_VEL * dist / a->joint[j].speed;
		ta = sqrt(MJ_PEAK_ACC * dist / a->joint[j].accel);
		T = fmax(T, fmax(tv, ta));
	}
	return T;
}

int
arm_path_move(struct arm_path *p, const struct arm_desc *a,
    const double *from, const double *to, double period)
{
	double f[ARM_MAX_JOINTS], g[ARM_MAX_JOINTS], t0, T;
	struct mj_move m;
	uint32_t k, steps;
	int j;

	for (j = 0; j < a->njoints; j++) {
		f[j] = arm_clamp(&a->joint[j], from[j]);
		g[j] = arm_clamp(&a->joint[j], to[j]);
	}
	T = move_time(a, f, g);
	/* whole periods; a little slower than the limits allow, never
	 * faster, and the sampled peaks then stay inside them */
	steps = (uint32_t)ceil(T / period * 1.02);
	if (steps < 1)
		steps = 1;
	if (steps > ARM_PATH_MAX)
		return -1;
	m.dim = (size_t)a->njoints;
	m.from = f;
	m.to = g;
	m.duration = steps * period;
	t0 = p->n ? p->t[p->n - 1] : 0;
	for (k = 1; k <= steps; k++) {
		if (path_grow(p, a->njoints) < 0)
			return -1;
		mj_move_at(&m, (double)k / steps, p->q + (size_t)p->n *
		    a->njoints, NULL, NULL, NULL);
		p->t[p->n] = t0 + k * period;
		p->line[p->n++] = 0;
	}
	return 0;
}

int
arm_path_approach(struct arm_path *p, const struct arm_desc *a,
    const double *here, double period)
{
	struct arm_path m;
	double t0;
	uint32_t i;

	memset(&m, 0, sizeof m);
	if (p->n == 0 || arm_path_move(&m, a, here, p->q, period) != 0)
		goto oom;
	for (i = 1, t0 = m.t[m.n - 1] - p->t[0]; i < p->n; i++)
		if (arm_path_append(&m, p->nj, p->q + (size_t)i * p->nj,
		    t0 + p->t[i], p->line[i]) != 0)
			goto oom;
	m.timed = p->timed;
	m.cartesian = p->cartesian;
	arm_path_free(p);
	*p = m;
	return 0;
oom:
	arm_path_free(&m);
	return -1;
}

void
arm_path_peaks(const struct arm_path *p, struct arm_peak *pk)
{
	double v, prev[ARM_MAX_JOINTS], acc;
	uint32_t i;
	int j;

	memset(pk, 0, sizeof *pk * (size_t)p->nj);
	for (i = 1; i < p->n; i++) {
		double dt = p->t[i] - p->t[i - 1];

		for (j = 0; j < p->nj; j++) {
			v = (p->q[(size_t)i * p->nj + j] -
			    p->q[(size_t)(i - 1) * p->nj + j]) / dt;
			if (fabs(v) > pk[j].speed) {
				pk[j].speed = fabs(v);
				pk[j].speed_at = p->t[i];
			}
			if (i >= 2) {
				/* over the time between the two speeds */
				acc = (v - prev[j]) / ((p->t[i] -
				    p->t[i - 2]) / 2);
				if (fabs(acc) > pk[j].accel) {
					pk[j].accel = fabs(acc);
					pk[j].accel_at = p->t[i - 1];
				}
			}
			prev[j] = v;
		}
	}
}

int
arm_path_too_fast(const struct arm_desc *a, const struct arm_peak *pk,
    double slack, const char **what)
{
	int j;

	for (j = 0; j < a->njoints; j++) {
		if (pk[j].speed > a->joint[j].speed * (1 + slack)) {
			*what = "speed";
			return j;
		}
		if (pk[j].accel > a->joint[j].accel * (1 + slack)) {
			*what = "acceleration";
			return j;
		}
	}
	return -1;
}
