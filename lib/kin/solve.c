/*
 * solve.c - one interface over every method: kin_solver_init checks the arm
 * and builds its seed tables; kin_solve checks reachability up front, picks
 * the start pose, runs the method and verifies the answer by FK.  Called by
 * ikreach and by kin_explore.
 *
 * With an orientation phi the last link's direction is fixed, so the rest
 * of the arm only has to put its tip (the wrist) at the target minus the
 * last link; the last joint then makes up the angle.  The same holds for
 * the closed form and for every iterative method.
 */
#include <math.h>
#include <string.h>

#include "solver.h"

static const long default_iter[] = {
	[KIN_AUTO] = 500,
	[KIN_ANALYTIC] = 500,	/* for the fallback under joint limits */
	[KIN_JACOBIAN] = 500,
	[KIN_CCD] = 5000,
	[KIN_FABRIK] = 5000,
	[KIN_RR] = 20000
};

size_t
kin_solver_size(int n)
{
	if (n < 1 || n > KIN_MAX_LINKS)
		return 0;
	return sizeof(struct kin_solver) + sizeof(double) *
	    (2 * kin_seed_doubles(n) + KIN_SCRATCH(n) + (size_t)n + 1);
}

static int
arm_valid(const struct kin_arm *arm)
{
	int i;

	if (arm->n < 1 || arm->n > KIN_MAX_LINKS)
		return 0;
	if (!isfinite(arm->base_x) || !isfinite(arm->base_y))
		return 0;
	for (i = 0; i < arm->n; i++) {
		if (!isfinite(arm->len[i]) || !(arm->len[i] > 0))
			return 0;
		if (arm->has_limits && (!isfinite(arm->lo[i]) ||
		    !isfinite(arm->hi[i]) || arm->lo[i] > arm->hi[i]))
			return 0;
	}
	return 1;
}

struct kin_solver *
kin_solver_init(void *mem, size_t size, const struct kin_arm *arm,
    const struct kin_opts *opts)
{
	struct kin_solver *s = mem;
	const double *lo, *hi;
	double *d;
	int n;

	if (!arm_valid(arm) || size < kin_solver_size(arm->n))
		return NULL;
	if (!(opts->tol >= 0) || !isfinite(opts->tol) || opts->max_iter < 0)
		return NULL;
	n = arm->n;
	memset(s, 0, sizeof *s);
	s->arm = *arm;
	s->opts = *opts;
	lo = arm->has_limits ? s->arm.lo : NULL;
	hi = arm->has_limits ? s->arm.hi : NULL;
	kin_chain_init(&s->chain[0], n, s->arm.len, lo, hi);
	kin_chain_init(&s->chain[1], n - 1, s->arm.len, lo, hi);
	s->tol = opts->tol > 0 ? opts->tol : 1e-6 * s->chain[0].reach;
	s->rng = opts->seed;
	d = (double *)(s + 1);
	kin_seed_build(&s->seed[0], &s->chain[0], opts->elbow, d);
	d += kin_seed_doubles(n);
	kin_seed_build(&s->seed[1], &s->chain[1], opts->elbow, d);
	d += kin_seed_doubles(n);
	s->scratch = d;
	s->trace_q = d + KIN_SCRATCH(n);
	return s;
}

const struct kin_arm *
kin_solver_arm(const struct kin_solver *s)
{
	return &s->arm;
}

double
kin_solver_tol(const struct kin_solver *s)
{
	return s->tol;
}

int
kin_analytic_applies(int n, int has_phi)
{
	return has_phi ? n <= 3 : n <= 2;
}

static long
run_method(struct kin_run *run, enum kin_method m, double *q)
{
	switch (m) {
	case KIN_CCD:
		return kin_run_ccd(run, q);
	case KIN_FABRIK:
		return kin_run_fabrik(run, q);
	case KIN_RR:
		return kin_run_rr(run, q);
	default:
		return kin_run_dls(run, q);
	}
}

static int
within_limits(const struct kin_chain *c, const double *q)
{
	int i;

	if (c->lo == NULL)
		return 1;
	for (i = 0; i < c->n; i++)
		if (q[i] < c->lo[i] || q[i] > c->hi[i])
			return 0;
	return 1;
}

/* Turn each angle of q into the equivalent nearest ref (0 when cold). */
static void
pick_turns(const struct kin_chain *c, double *q, const double *ref)
{
	int i;

	for (i = 0; i < c->n; i++)
		q[i] = kin_pick_turn(q[i], ref ? ref[i] : 0,
		    c->lo ? c->lo + i : NULL, c->hi ? c->hi + i : NULL);
}

/* The closed form, both elbows tried when limits rule out the asked one. */
static int
closed_form(const struct kin_chain *c, double tx, double ty,
    enum kin_elbow elbow, int strict, const double *ref, double *q)
{
	kin_analytic(c, tx, ty, elbow, q);
	if (c->lo == NULL)
		return 1;	/* finish() picks the turns */
	pick_turns(c, q, ref);
	if (within_limits(c, q) || strict)
		return within_limits(c, q);
	kin_analytic(c, tx, ty, elbow == KIN_ELBOW_UP ? KIN_ELBOW_DOWN :
	    KIN_ELBOW_UP, q);
	pick_turns(c, q, ref);
	return within_limits(c, q);
}

static void
cold_start(struct kin_solver *s, struct kin_run *run, enum kin_method m,
    double tx, double ty, double *q)
{
	const struct kin_chain *c = run->c;
	const struct kin_memory *mem = s->opts.memory;

	if (mem && mem->count > 0 && mem->n == s->arm.n) {
		size_t k = kin_memory_nearest(mem, tx, ty);

		memcpy(q, mem->q + k * (size_t)mem->n,
		    (size_t)c->n * sizeof *q);
		kin_clamp_pose(c, q);
		return;
	}
	if (m == KIN_JACOBIAN) {
		kin_seed_pose(&s->seed[run->wrist], c, run->tx, run->ty, q);
		run->seeded = 1;
	} else
		kin_home_pose(c, s->opts.elbow, q);
}

static void
finish(struct kin_solver *s, const struct kin_target *t, const double *start,
    int unreachable, double *q, struct kin_result *r)
{
	const struct kin_arm *a = &s->arm;
	double x, y, phi;
	int i;

	pick_turns(&s->chain[0], q, start);
	kin_fk(a->n, a->len, q, &x, &y, &phi);
	r->err = kin_dist(t->x - a->base_x - x, t->y - a->base_y - y);
	r->phi_err = t->has_phi ? fabs(kin_wrap(phi - t->phi)) : 0;
	r->sat = 0;
	for (i = 0; a->has_limits && i < a->n; i++)
		if (q[i] <= a->lo[i] || q[i] >= a->hi[i])
			r->sat |= (uint64_t)1 << i;
	if (r->err <= s->tol && r->phi_err * s->chain[0].reach <= s->tol)
		r->status = KIN_OK;
	else if (unreachable)
		r->status = KIN_UNREACHABLE;
	else if (r->sat)
		r->status = KIN_LIMIT;
	else
		r->status = KIN_NOT_CONVERGED;
}

/*
 * cos and sin, exact at whole quarter turns: an orientation given as 90
 * degrees arrives as the double nearest pi/2, whose cosine is 6e-17, not
 * 0, and that would show in every answer's last digits.
 */
static void
quarter_sincos(double a, double *c, double *s)
{
	double k = nearbyint(a / (KIN_PI / 2)), off = a - k * (KIN_PI / 2);

	if (fabs(off) > 4e-16 * fmax(1, fabs(a)) || fabs(k) > 1e6) {
		*c = cos(a);
		*s = sin(a);
		return;
	}
	switch ((long)k & 3) {
	case 0: *c = 1; *s = 0; break;
	case 1: *c = 0; *s = 1; break;
	case 2: *c = -1; *s = 0; break;
	default: *c = 0; *s = -1; break;
	}
}

/* auto, and a closed form asked of what it cannot solve, go iterative */
static enum kin_method
resolve(enum kin_method m, int n, int has_phi)
{
	if (m == KIN_AUTO || m == KIN_ANALYTIC)
		return kin_analytic_applies(n, has_phi) ? KIN_ANALYTIC :
		    KIN_JACOBIAN;
	return m;
}

/* A target with no finite coordinates: stay put, and say so. */
static void
stay_put(const struct kin_solver *s, const struct kin_target *t,
    const double *start, double *q, struct kin_result *r)
{
	int i;

	for (i = 0; i < s->arm.n; i++)
		q[i] = start ? start[i] : 0;
	r->status = KIN_UNREACHABLE;
	r->err = INFINITY;
	r->phi_err = t->has_phi ? INFINITY : 0;
	r->sat = 0;
}

/* The run for target t: with phi, the chain short of the last link
 * reaching for the wrist. */
static void
setup_run(struct kin_run *run, struct kin_solver *s,
    const struct kin_target *t, enum kin_method m)
{
	const struct kin_arm *a = &s->arm;
	double c, sn;

	memset(run, 0, sizeof *run);
	run->s = s;
	run->wrist = t->has_phi;
	run->c = &s->chain[run->wrist];
	run->tx = t->x - a->base_x;
	run->ty = t->y - a->base_y;
	if (run->wrist) {
		quarter_sincos(t->phi, &c, &sn);
		run->tx -= a->len[a->n - 1] * c;
		run->ty -= a->len[a->n - 1] * sn;
	}
	run->phi = t->phi;
	run->tol = s->tol;
	run->max_iter = s->opts.max_iter ? s->opts.max_iter : default_iter[m];
	run->work = s->scratch;
}

/*
 * q's first value: the answer itself when no iteration is needed (returns
 * KIN_AUTO), else where to start and (returned) the method to iterate.
 * `edge`: the target is on or beyond the edge of the workspace, so the
 * closest pose is the answer, unless limits forbid it.
 */
static enum kin_method
begin(struct kin_solver *s, struct kin_run *run, enum kin_method m,
    int edge, const double *start, enum kin_elbow elbow, int fixed_elbow,
    const struct kin_target *t, double *q)
{
	const struct kin_chain *c = run->c;
	int strict = s->opts.method == KIN_ANALYTIC;

	if (edge) {
		kin_closest_pose(c, run->tx, run->ty, elbow, q);
		pick_turns(c, q, start);
		if (within_limits(c, q))
			return KIN_AUTO;
		kin_clamp_pose(c, q);
		return m == KIN_ANALYTIC ? KIN_JACOBIAN : m;
	}
	if (m == KIN_ANALYTIC) {
		if (closed_form(c, run->tx, run->ty, elbow, strict ||
		    fixed_elbow, start, q))
			return KIN_AUTO;
		kin_clamp_pose(c, q);
		return strict ? KIN_AUTO : KIN_JACOBIAN;
	}
	if (start)
		memcpy(q, start, (size_t)c->n * sizeof *q);
	else
		cold_start(s, run, m, t->x - s->arm.base_x,
		    t->y - s->arm.base_y, q);
	kin_clamp_pose(c, q);
	return m;
}

/* With phi, the last joint makes up the orientation. */
static void
last_joint(const struct kin_solver *s, const struct kin_target *t,
    const double *start, double *q)
{
	const struct kin_arm *a = &s->arm;
	double sum = 0;
	int i, n = a->n;

	for (i = 0; i < n - 1; i++)
		sum += q[i];
	q[n - 1] = kin_clamp_joint(&s->chain[0], n - 1,
	    kin_pick_turn(t->phi - sum, start ? start[n - 1] : 0,
	    a->has_limits ? a->lo + n - 1 : NULL,
	    a->has_limits ? a->hi + n - 1 : NULL));
}

static void
solve_with(struct kin_solver *s, const struct kin_target *t,
    const double *start, enum kin_elbow elbow, int fixed_elbow, double *q,
    struct kin_result *r)
{
	enum kin_method m = resolve(s->opts.method, s->arm.n, t->has_phi);
	const struct kin_chain *c;
	struct kin_run run;
	double dist, ref[KIN_MAX_LINKS];
	int edge;

	if (start) {	/* q may be start: keep it for choosing turns */
		memcpy(ref, start, (size_t)s->arm.n * sizeof *ref);
		start = ref;
	}
	r->method = m;
	r->iter = 0;
	if (!isfinite(t->x) || !isfinite(t->y) ||
	    (t->has_phi && !isfinite(t->phi))) {
		stay_put(s, t, start, q, r);
		return;
	}
	setup_run(&run, s, t, m);
	c = run.c;
	dist = kin_dist(run.tx, run.ty);
	run.closest = dist > c->reach + s->tol ||
	    (c->inner > 0 && dist < c->inner - s->tol);
	edge = c->n == 0 || dist >= c->reach - s->tol ||
	    (c->inner > 0 && dist <= c->inner + s->tol);
	m = begin(s, &run, m, edge, start, elbow, fixed_elbow, t, q);
	if (m != KIN_AUTO) {
		r->iter = run_method(&run, m, q);
		r->method = m;
	} else if (s->opts.trace) {
		kin_emit(&run, 0, q);
	}
	if (run.wrist)
		last_joint(s, t, start, q);
	finish(s, t, start, run.closest, q, r);
}

void
kin_solve(struct kin_solver *s, const struct kin_target *t,
    const double *start, double *q, struct kin_result *r)
{
	solve_with(s, t, start, s->opts.elbow, 0, q, r);
}

int
kin_solve_elbow(struct kin_solver *s, const struct kin_target *t,
    enum kin_elbow elbow, double *q, struct kin_result *r)
{
	if (!kin_analytic_applies(s->arm.n, t->has_phi) ||
	    (s->opts.method != KIN_AUTO && s->opts.method != KIN_ANALYTIC))
		return -1;
	solve_with(s, t, NULL, elbow, 1, q, r);
	return 0;
}

const char *
kin_status_name(enum kin_status st)
{
	switch (st) {
	case KIN_OK:
		return "ok";
	case KIN_UNREACHABLE:
		return "unreachable";
	case KIN_LIMIT:
		return "limit";
	default:
		return "not-converged";
	}
}

static const char *const method_names[] = {
	[KIN_AUTO] = "auto",
	[KIN_ANALYTIC] = "analytic",
	[KIN_JACOBIAN] = "jacobian",
	[KIN_CCD] = "ccd",
	[KIN_FABRIK] = "fabrik",
	[KIN_RR] = "rr"
};

const char *
kin_method_name(enum kin_method m)
{
	return method_names[m];
}

int
kin_method_parse(const char *name, enum kin_method *m)
{
	size_t i;

	for (i = 0; i < sizeof method_names / sizeof method_names[0]; i++)
		if (strcmp(name, method_names[i]) == 0) {
			*m = (enum kin_method)i;
			return 0;
		}
	return -1;
}
