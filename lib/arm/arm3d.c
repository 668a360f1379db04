/*
 * arm3d.c - forward and inverse kinematics of a described arm (arm3d.h).
 * A joint's model angle is zero + direction * q; a pitch joint marked
 * absolute gives its link's angle from the horizontal, so its angle
 * relative to the previous link (what the planar solvers use) is that
 * less the previous link's.  Called by ikreach, armsim and armctl.
 */
#include <math.h>
#include <string.h>

#include "arm/arm3d.h"
#include "arm/path.h"
#include "kin/solver.h"

#define DEG (KIN_PI / 180)

struct kin3d {
	const struct arm_desc *a;
	struct kin_solver *s;		/* the planar chain, after this */
	struct kin_solver *cf;		/* the same, closed form only */
	double len[ARM_MAX_CHAIN];	/* chain lengths, tool added */
	double tol;
	enum kin_elbow elbow;		/* tried first */
	enum kin_method method;		/* as asked */
};

/* q in (mid - 180, mid + 180] around the middle of the joint's range. */
static double
near_mid(const struct arm_joint *j, double q)
{
	double mid = (j->lo + j->hi) / 2;

	return mid + kin_wrap((q - mid) * DEG) / DEG;
}

static void
chain_lengths(const struct arm_desc *a, double *len)
{
	int i;

	for (i = 0; i < a->nchain; i++)
		len[i] = a->joint[a->chain_index + i].length;
	len[a->nchain - 1] += a->tool;
}

/* Joint values -> relative planar angles (radians). */
static void
to_rel(const struct arm_desc *a, const double *q, double *rel)
{
	double prev = 0, m;
	int i;

	for (i = 0; i < a->nchain; i++) {
		const struct arm_joint *j = &a->joint[a->chain_index + i];

		m = (j->zero + j->direction * q[a->chain_index + i]) * DEG;
		rel[i] = j->absolute ? m - prev : m;
		prev += rel[i];
	}
}

/* Relative planar angles -> joint values, each near its range. */
static void
from_rel(const struct arm_desc *a, const double *rel, double *q)
{
	double abs = 0, m;
	int i;

	for (i = 0; i < a->nchain; i++) {
		const struct arm_joint *j = &a->joint[a->chain_index + i];

		abs += rel[i];
		m = (j->absolute ? abs : rel[i]) / DEG;
		q[a->chain_index + i] = near_mid(j, (m - j->zero) *
		    j->direction);
	}
}

static double
yaw_of(const struct arm_desc *a, const double *q)
{
	const struct arm_joint *b;

	if (!a->has_base)
		return 0;
	b = &a->joint[a->base_index];
	return (b->zero + b->direction * q[a->base_index]) * DEG;
}

void
arm_3d_fk(const struct arm_desc *a, const double *q, struct kin3d_pose *p)
{
	double len[ARM_MAX_CHAIN], rel[ARM_MAX_CHAIN], u, v, phi, yaw;

	chain_lengths(a, len);
	to_rel(a, q, rel);
	kin_fk(a->nchain, len, rel, &u, &v, &phi);
	phi = kin_wrap(phi);
	p->roll = 0;
	if (a->has_roll) {
		const struct arm_joint *r = &a->joint[a->roll_index];

		p->roll = r->zero + r->direction * q[a->roll_index];
	}
	if (!a->has_base) {
		p->x = u;
		p->y = v;
		p->z = 0;
		p->pitch = phi / DEG;
		return;
	}
	u += a->reach0;
	yaw = yaw_of(a, q);
	p->x = u * cos(yaw);
	p->y = u * sin(yaw);
	p->z = v + a->height;
	/* pitch is measured outwards from the yaw axis, towards the tip */
	p->pitch = (u < 0 ? kin_wrap(KIN_PI - phi) : phi) / DEG;
}

double
arm_3d_path_length(const struct arm_desc *a, const struct arm_path *p)
{
	struct kin3d_pose s, e;
	double len = 0;
	uint32_t i;

	for (i = 0; i < p->n; i++) {
		arm_3d_fk(a, p->q + (size_t)i * (size_t)p->nj, &e);
		if (i > 0)
			len += sqrt((e.x - s.x) * (e.x - s.x) + (e.y - s.y) *
			    (e.y - s.y) + (e.z - s.z) * (e.z - s.z));
		s = e;
	}
	return len;
}

static void
put(double *pts, int k, double x, double y, double z)
{
	pts[3 * k] = x;
	pts[3 * k + 1] = y;
	pts[3 * k + 2] = z;
}

int
arm_3d_points(const struct arm_desc *a, const double *q, double *pts)
{
	double len[ARM_MAX_CHAIN], rel[ARM_MAX_CHAIN];
	double uv[2 * (ARM_MAX_CHAIN + 1)], yaw = yaw_of(a, q), c, s;
	double u0 = a->has_base ? a->reach0 : 0;
	double v0 = a->has_base ? a->height : 0;
	int i, k = 0;

	chain_lengths(a, len);
	to_rel(a, q, rel);
	kin_fk_joints(a->nchain, len, rel, uv);
	if (!a->has_base) {
		for (i = 0; i <= a->nchain; i++)
			put(pts, k++, uv[2 * i], uv[2 * i + 1], 0);
		return k;
	}
	c = cos(yaw);
	s = sin(yaw);
	put(pts, k++, 0, 0, 0);
	put(pts, k++, 0, 0, v0);
	for (i = 0; i <= a->nchain; i++)
		put(pts, k++, (u0 + uv[2 * i]) * c, (u0 + uv[2 * i]) * s,
		    v0 + uv[2 * i + 1]);
	return k;
}

size_t
arm_3d_size(const struct arm_desc *a)
{
	size_t head = (sizeof(struct kin3d) + 15) / 16 * 16;
	size_t one = (kin_solver_size(a->nchain) + 15) / 16 * 16;

	return head + 2 * one;
}

double
arm_3d_tol(const struct kin3d *k)
{
	return k->tol;
}

struct kin3d *
arm_3d_init(void *mem, size_t size, const struct arm_desc *a,
    const struct kin_opts *opts)
{
	size_t head = (sizeof(struct kin3d) + 15) / 16 * 16;
	size_t one = (kin_solver_size(a->nchain) + 15) / 16 * 16;
	struct kin_opts cfo;
	struct kin3d *k = mem;
	struct kin_arm pa;
	int i;

	if (a->nchain < 1 || size < arm_3d_size(a))
		return NULL;
	memset(&pa, 0, sizeof pa);
	pa.n = a->nchain;
	chain_lengths(a, pa.len);
	pa.base_x = a->has_base ? a->reach0 : 0;
	pa.base_y = a->has_base ? a->height : 0;
	pa.has_limits = 1;
	for (i = 0; i < a->nchain; i++) {
		const struct arm_joint *j = &a->joint[a->chain_index + i];
		double e1 = (j->zero + j->direction * j->lo) * DEG;
		double e2 = (j->zero + j->direction * j->hi) * DEG;

		/* an absolute joint's relative range depends on the one
		 * before: checked after solving, see keep_absolute() */
		pa.lo[i] = j->absolute ? -KIN_PI : fmin(e1, e2);
		pa.hi[i] = j->absolute ? KIN_PI : fmax(e1, e2);
	}
	memset(k, 0, sizeof *k);
	k->a = a;
	k->elbow = opts->elbow;
	k->method = opts->method;
	memcpy(k->len, pa.len, sizeof k->len);
	k->s = kin_solver_init((char *)mem + head, one, &pa, opts);
	/* a closed form that misses must not go on to iterate */
	cfo = *opts;
	cfo.method = KIN_ANALYTIC;
	cfo.trace = NULL;
	k->cf = kin_solver_init((char *)mem + head + one, one, &pa, &cfo);
	if (k->s == NULL || k->cf == NULL)
		return NULL;
	k->tol = kin_solver_tol(k->s);
	return k;
}

static int
in_limits(const struct arm_joint *j, double q)
{
	return q >= j->lo && q <= j->hi;
}

/* Every absolute joint within its range?  (The others are the planar
 * solver's business.) */
static int
absolute_ok(const struct arm_desc *a, const double *q)
{
	int i, c = a->chain_index;

	for (i = 0; i < a->nchain; i++)
		if (a->joint[c + i].absolute && !in_limits(&a->joint[c + i],
		    q[c + i]))
			return 0;
	return 1;
}

/* The closed form with one elbow; 1 when it reaches within every limit
 * (q then holds it), 0 when not, -1 when there is no closed form. */
static int
try_elbow(struct kin3d *k, const struct kin_target *pt, enum kin_elbow e,
    double *q, struct kin_result *pr)
{
	double rel[ARM_MAX_CHAIN], q2[ARM_MAX_JOINTS];
	struct kin_result r2;

	if (!kin_analytic_applies(k->a->nchain, pt->has_phi) ||
	    (k->method != KIN_AUTO && k->method != KIN_ANALYTIC) ||
	    kin_solve_elbow(k->cf, pt, e, rel, &r2) < 0)
		return -1;
	memcpy(q2, q, (size_t)k->a->njoints * sizeof *q);
	from_rel(k->a, rel, q2);
	if (r2.status != KIN_OK || !absolute_ok(k->a, q2))
		return 0;
	memcpy(q, q2, (size_t)k->a->njoints * sizeof *q);
	*pr = r2;
	return 1;
}

/*
 * Solve the chain for planar target pt into q's chain joints.  With a
 * closed form, both elbows are tried first: the planar solver picks the
 * elbow by the first joints' limits alone and knows nothing of absolute
 * joints.  Otherwise (or when neither elbow does) the planar solver's
 * own answer; what still breaks an absolute joint's range is clamped.
 * Returns 1 when something was held at a limit the planar solver did not
 * know of; with `quick`, -1 when the closed form missed (nothing solved).
 */
static int
solve_chain(struct kin3d *k, const struct kin_target *pt, const double *rs,
    int quick, double *q, struct kin_result *pr)
{
	const struct arm_desc *a = k->a;
	enum kin_elbow e = k->elbow;
	double rel[ARM_MAX_CHAIN];
	int i, got;

	if ((got = try_elbow(k, pt, e, q, pr)) == 1 || (got == 0 &&
	    try_elbow(k, pt, e == KIN_ELBOW_UP ? KIN_ELBOW_DOWN :
	    KIN_ELBOW_UP, q, pr) == 1))
		return 0;
	if (quick && got == 0)
		return -1;	/* the caller has other planes to try first */
	kin_solve(k->s, pt, rs, rel, pr);
	from_rel(a, rel, q);
	if (absolute_ok(a, q))
		return 0;
	for (i = 0; i < a->nchain; i++)
		q[a->chain_index + i] = arm_clamp(&a->joint[a->chain_index + i],
		    q[a->chain_index + i]);
	return 1;
}

/* Roll from the target (clamped), else kept; 1 when clamped. */
static int
set_roll(const struct arm_desc *a, const struct kin3d_target *t, double *q)
{
	const struct arm_joint *j;
	double v;

	if (!a->has_roll || !t->has_roll)
		return 0;
	j = &a->joint[a->roll_index];
	v = near_mid(j, (t->roll - j->zero) * j->direction);
	q[a->roll_index] = arm_clamp(j, v);
	return !in_limits(j, v);
}

static uint64_t
sat_bits(const struct arm_desc *a, const double *q)
{
	uint64_t sat = 0;
	int i;

	for (i = 0; i < a->njoints; i++)
		if (a->joint[i].role != ARM_GRIPPER &&
		    (q[i] <= a->joint[i].lo || q[i] >= a->joint[i].hi))
			sat |= (uint64_t)1 << i;
	return sat;
}

/* The verdict on q by the 3-D forward kinematics. */
static void
judge(const struct kin3d *k, const struct kin3d_target *t, const double *q,
    int held, struct kin_result *r)
{
	const struct arm_desc *a = k->a;
	struct kin3d_pose p;
	double reach = 0;
	int i;

	for (i = 0; i < a->nchain; i++)
		reach += k->len[i];
	arm_3d_fk(a, q, &p);
	r->err = sqrt((p.x - t->x) * (p.x - t->x) + (p.y - t->y) *
	    (p.y - t->y) + (a->has_base ? (p.z - t->z) * (p.z - t->z) : 0));
	r->phi_err = t->has_pitch ? fabs(kin_wrap((p.pitch - t->pitch) *
	    DEG)) : 0;
	r->sat = sat_bits(a, q);
	if (r->err <= k->tol && r->phi_err * reach <= k->tol && !held)
		r->status = KIN_OK;
	else if (r->status == KIN_UNREACHABLE)
		;
	else if (held || r->status == KIN_OK || r->sat)
		r->status = KIN_LIMIT;
}

/* Better answer first: reached, then nearer. */
static int
better(const struct kin_result *x, const struct kin_result *y)
{
	if ((x->status == KIN_OK) != (y->status == KIN_OK))
		return x->status == KIN_OK;
	return x->err + x->phi_err < y->err + y->phi_err;
}

/*
 * One way of reaching t: the base at joint value qb (facing yaw) and the
 * chain in that vertical plane; u is the target's horizontal coordinate
 * along the yaw direction, `flip` when the chain reaches back over its
 * shoulder.
 */
static int
try_plane(struct kin3d *k, const struct kin3d_target *t, double qb,
    double u, int flip, int held, const double *rs, int quick, double *q,
    struct kin_result *r)
{
	const struct arm_desc *a = k->a;
	struct kin_target pt;
	int got;

	if (a->has_base)
		q[a->base_index] = qb;
	pt.x = a->has_base ? u : t->x;
	pt.y = a->has_base ? t->z : t->y;
	pt.has_phi = t->has_pitch;
	pt.phi = (flip ? 180 - t->pitch : t->pitch) * DEG;
	if ((got = solve_chain(k, &pt, rs, quick, q, r)) < 0)
		return -1;
	held |= got;
	held |= set_roll(a, t, q);
	if (!held && r->status == KIN_OK) {
		/* the target lies in this plane: the planar verdict, by the
		 * planar solver's own forward kinematics, is the whole one */
		r->sat = sat_bits(a, q);
		return 0;
	}
	judge(k, t, q, held, r);
	return 0;
}

/* The base's joint value for a yaw (radians), near the middle. */
static double
base_value(const struct arm_desc *a, double yaw)
{
	const struct arm_joint *b = &a->joint[a->base_index];

	return near_mid(b, (yaw / DEG - b->zero) * b->direction);
}

static void
start_pose(const struct arm_desc *a, const double *start, double *q,
    double *rs)
{
	int i;

	if (start != NULL) {
		if (q != start)
			memcpy(q, start, (size_t)a->njoints * sizeof *q);
		to_rel(a, q, rs);
		return;
	}
	for (i = 0; i < a->njoints; i++)
		q[i] = arm_clamp(&a->joint[i], 0);
}

/* The base facing the target (flip 0) or turned away, reaching back
 * over the shoulder (flip 1), whichever the base's limits allow; the
 * closed form alone in a first pass, so that a target one way misses
 * costs no iterations when the other way reaches it.  0 when no way was
 * within the base's limits. */
static int
both_ways(struct kin3d *k, const struct kin3d_target *t, double yaw,
    const double *rs, double *q, struct kin_result *r)
{
	const struct arm_desc *a = k->a;
	const struct arm_joint *b = &a->joint[a->base_index];
	double best[ARM_MAX_JOINTS], q0[ARM_MAX_JOINTS], qb;
	double h = hypot(t->x, t->y);
	struct kin_result br;
	int flip, pass, tried = 0;
	size_t size = (size_t)a->njoints * sizeof *q;

	memcpy(q0, q, size);
	for (pass = 0; pass < 2 && !(tried && br.status == KIN_OK); pass++)
		for (flip = 0; flip < 2; flip++) {
			qb = base_value(a, yaw + flip * KIN_PI);
			if (!in_limits(b, qb))
				continue;
			memcpy(q, q0, size);
			if (try_plane(k, t, qb, flip ? -h : h, flip, 0, rs,
			    pass == 0, q, r) < 0)
				continue;
			if (tried++ == 0 || better(r, &br)) {
				br = *r;
				memcpy(best, q, size);
			}
			if (br.status == KIN_OK)
				break;
		}
	if (tried) {
		*r = br;
		memcpy(q, best, size);
	}
	return tried;
}

void
arm_3d_solve(struct kin3d *k, const struct kin3d_target *t,
    const double *start, double *q, struct kin_result *r)
{
	const struct arm_desc *a = k->a;
	double rs[ARM_MAX_CHAIN], yaw, qb, u;
	const struct arm_joint *b;

	start_pose(a, start, q, rs);
	if (!a->has_base) {
		try_plane(k, t, 0, 0, 0, 0, start ? rs : NULL, 0, q, r);
		return;
	}
	b = &a->joint[a->base_index];
	yaw = t->x != 0 || t->y != 0 ? atan2(t->y, t->x) : (b->zero +
	    b->direction * q[a->base_index]) * DEG;
	if (both_ways(k, t, yaw, start ? rs : NULL, q, r))
		return;
	/* turn as far as the base goes; reach for the target's shadow in
	 * that plane */
	qb = arm_clamp(b, base_value(a, yaw));
	yaw = (b->zero + b->direction * qb) * DEG;
	u = t->x * cos(yaw) + t->y * sin(yaw);
	try_plane(k, t, qb, u, 0, 1, start ? rs : NULL, 0, q, r);
}

void
arm_solve_near(struct kin3d *k, const struct kin3d_target *t,
    const double *here, double *q, struct kin_result *r)
{
	double rest[ARM_MAX_JOINTS];
	int i;

	if (here == NULL) {
		for (i = 0; i < k->a->njoints; i++)
			rest[i] = arm_clamp(&k->a->joint[i], 0);
		here = rest;
	}
	arm_3d_solve(k, t, here, q, r);
}
