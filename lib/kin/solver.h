/*
 * solver.h - what the files of lib/kin share behind kin.h: chains, the
 * per-solve run, the seed table and the methods' entry points.  Included by
 * the files of lib/kin only.
 */
#ifndef SPINE_KIN_SOLVER_H
#define SPINE_KIN_SOLVER_H

#include <math.h>
#include <stdint.h>

#include "kin.h"

#define KIN_PI 3.14159265358979323846
#define KIN_TWO_PI (2 * KIN_PI)

/* A run of links from the base: the whole arm, or all but the last. */
struct kin_chain {
	int n;
	const double *len;
	const double *lo, *hi;	/* NULL when the joints are free */
	double reach, inner;
	int longest;		/* index of the longest link */
};

/*
 * The radial seed table: a path through joint space from the straight arm
 * (tip at the full reach) to a pose whose tip is at the inner radius, so a
 * pose for any tip distance in between is one interpolation away.
 */
struct kin_seed {
	int count;
	int n;
	double *q;		/* count x n; q[0] is always 0 */
	double *d;		/* tip distance of each entry */
	double *alpha;		/* tip bearing of each entry, unwrapped */
	double *dmin;		/* running minimum of d */
};

#define KIN_SEED_STEPS 64	/* entries per leg of the path */
#define KIN_SEED_MAX (2 * KIN_SEED_STEPS + 2)

/* Scratch doubles a run needs for an n-link chain. */
#define KIN_SCRATCH(n) (32 * ((size_t)(n) + 2))

struct kin_solver {
	struct kin_arm arm;
	struct kin_opts opts;
	struct kin_chain chain[2];	/* the arm; all but its last link */
	struct kin_seed seed[2];
	double tol;
	uint64_t rng;
	double *scratch;	/* KIN_SCRATCH(n) doubles */
	double *trace_q;	/* n doubles for whole-arm trace poses */
};

/* One solve of one chain towards (tx, ty) in the arm frame. */
struct kin_run {
	struct kin_solver *s;
	const struct kin_chain *c;
	double tx, ty;
	double tol;
	long max_iter;
	int closest;		/* out of reach: get as near as can be */
	int seeded;		/* the start pose came from the seed table */
	double *work;		/* scratch */
	/* tracing: a wrist run fills in the last joint from phi */
	int wrist;
	double phi;
	long iter_offset;
};

/* |(x, y)|: sqrt where that is exact enough, hypot where it could
 * overflow or underflow (hypot costs twice as much). */
static inline double
kin_dist(double x, double y)
{
	double r = sqrt(x * x + y * y);

	return r < 1e150 && r > 1e-150 ? r : hypot(x, y);
}

/* chain.c */
void kin_chain_init(struct kin_chain *c, int n, const double *len,
    const double *lo, const double *hi);
double kin_wrap(double a);
double kin_clamp_joint(const struct kin_chain *c, int i, double v);
void kin_clamp_pose(const struct kin_chain *c, double *q);
double kin_pick_turn(double v, double ref, const double *lo, const double *hi);
void kin_closest_pose(const struct kin_chain *c, double tx, double ty,
    enum kin_elbow elbow, double *q);
void kin_home_pose(const struct kin_chain *c, enum kin_elbow elbow, double *q);
void kin_positions(const struct kin_chain *c, const double *q, double *px,
    double *py);
double kin_tip_error(const struct kin_chain *c, const double *q, double tx,
    double ty);
void kin_random_pose(const struct kin_chain *c, uint64_t *rng, double *q);
void kin_emit(const struct kin_run *r, long iter, const double *q);

/* seed.c */
void kin_seed_build(struct kin_seed *sd, const struct kin_chain *c,
    enum kin_elbow elbow, double *mem);
size_t kin_seed_doubles(int n);
void kin_seed_pose(const struct kin_seed *sd, const struct kin_chain *c,
    double tx, double ty, double *q);

/* analytic.c: returns 0 when within the workspace, -1 when not. */
int kin_analytic(const struct kin_chain *c, double tx, double ty,
    enum kin_elbow elbow, double *q);

/* The iterative methods: improve q in place, return iterations used. */
long kin_run_dls(struct kin_run *r, double *q);
long kin_run_ccd(struct kin_run *r, double *q);
long kin_run_fabrik(struct kin_run *r, double *q);
long kin_run_rr(struct kin_run *r, double *q);

#endif
