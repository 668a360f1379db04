/*
 * kin.h - kinematics of planar serial arms: forward kinematics, Jacobian,
 * and the inverse solvers behind one interface.  Used by ikreach (and the
 * FK part by anything that simulates an arm).  No stdio, no global state.
 *
 * Angles are radians.  q[0] is measured from the x-axis, every further q[i]
 * relative to the previous link, so the tip is
 *	x = sum L[i] cos(q[0] + ... + q[i]),
 *	y = sum L[i] sin(q[0] + ... + q[i])
 * and the end-effector orientation phi is q[0] + ... + q[n-1].
 */
#ifndef SPINE_KIN_H
#define SPINE_KIN_H

#include <stddef.h>
#include <stdint.h>

#define KIN_MAX_LINKS 64

/* ---- forward kinematics (plain arrays, base at the origin) ------------- */

/* Tip position and orientation of the n-link chain at q. */
void kin_fk(int n, const double *len, const double *q, double *x, double *y,
    double *phi);

/* Every joint position: xy[0..1] = base (0,0), ..., xy[2n..2n+1] = tip. */
void kin_fk_joints(int n, const double *len, const double *q, double *xy);

/*
 * Position Jacobian d(tip)/dq: column i is jac[2i] (dx/dq_i), jac[2i+1]
 * (dy/dq_i).  The orientation row is all ones and is not stored.
 */
void kin_jacobian(int n, const double *len, const double *q, double *jac);

/* ---- arms ----------------------------------------------------------- */

struct kin_arm {
	int n;				/* 1..KIN_MAX_LINKS links */
	double len[KIN_MAX_LINKS];	/* each > 0 */
	double base_x, base_y;
	int has_limits;
	double lo[KIN_MAX_LINKS];	/* joint limits, lo[i] <= hi[i] */
	double hi[KIN_MAX_LINKS];
};

/* Sum of the link lengths: the outer radius of the workspace. */
double kin_reach(int n, const double *len);
/* Inner radius: the longest link minus all the others, or 0. */
double kin_inner(int n, const double *len);

/* ---- solving ---------------------------------------------------------- */

enum kin_method {
	KIN_AUTO,		/* analytic when it applies, else jacobian */
	KIN_ANALYTIC,		/* closed form: n <= 2, or n <= 3 with phi
				 * (other targets get KIN_JACOBIAN) */
	KIN_JACOBIAN,		/* damped least squares */
	KIN_CCD,		/* cyclic coordinate descent */
	KIN_FABRIK,		/* forward and backward reaching */
	KIN_RR			/* the repulsive root technique */
};

enum kin_status {
	KIN_OK,			/* FK of the answer within tolerance */
	KIN_UNREACHABLE,	/* outside the workspace; closest pose given */
	KIN_NOT_CONVERGED,	/* ran out of iterations */
	KIN_LIMIT		/* joint limits kept it from the target */
};

/* "up" bends the elbow to the left of the base-to-target line (q2 < 0). */
enum kin_elbow { KIN_ELBOW_UP, KIN_ELBOW_DOWN };

struct kin_target {
	double x, y;		/* world frame (not relative to the base) */
	double phi;		/* end-effector orientation, when has_phi */
	int has_phi;
};

/* Called with every iteration's pose (all n joints). */
typedef void (*kin_trace_fn)(void *ctx, long iter, const double *q, int n);

struct kin_memory;

struct kin_opts {
	enum kin_method method;
	enum kin_elbow elbow;
	double tol;		/* 0: 1e-6 x reach */
	long max_iter;		/* 0: the method's default */
	uint64_t seed;		/* for random restarts and exploration */
	const struct kin_memory *memory;	/* nearest-pose warm starts */
	kin_trace_fn trace;
	void *trace_ctx;
};

struct kin_result {
	enum kin_status status;
	enum kin_method method;	/* the one that ran (auto resolved) */
	double err;		/* tip distance from the target */
	double phi_err;		/* |orientation error|, radians */
	long iter;
	uint64_t sat;		/* bit i: joint i sits on a limit */
};

/* A long-lived solver for one arm.  All memory belongs to the caller. */
struct kin_solver;

/* Bytes the caller must provide for an arm of n links. */
size_t kin_solver_size(int n);

/*
 * Set up a solver in `mem` (kin_solver_size(arm->n) bytes, suitably aligned
 * for double, e.g. from malloc).  Returns the solver, or NULL when the arm
 * or the options are invalid (n out of range, a length <= 0 or not finite,
 * lo > hi).
 */
struct kin_solver *kin_solver_init(void *mem, size_t size,
    const struct kin_arm *arm, const struct kin_opts *opts);

const struct kin_arm *kin_solver_arm(const struct kin_solver *s);
double kin_solver_tol(const struct kin_solver *s);

/* Does this method solve this target without iterating? */
int kin_analytic_applies(int n, int has_phi);

/*
 * Solve for target t.  start (n angles) is the warm start, or NULL for a
 * cold start (the remembered pose nearest t when a memory is set, else the
 * method's own initial guess).  q receives n angles; it may alias start.
 * The status is KIN_OK only when the forward kinematics of q is within
 * tolerance of t (and of t->phi, scaled by the reach, when has_phi).
 */
void kin_solve(struct kin_solver *s, const struct kin_target *t,
    const double *start, double *q, struct kin_result *r);

/*
 * One elbow branch of the closed-form solution (n <= 2, or n <= 3 with
 * phi), whatever the solver's elbow; for both, call it twice.  Returns -1
 * when the closed form does not apply (or another method was chosen).
 */
int kin_solve_elbow(struct kin_solver *s, const struct kin_target *t,
    enum kin_elbow elbow, double *q, struct kin_result *r);

/*
 * t solved near seed (radians, a joint each): the closed form's elbow
 * branch nearer it, or the iterative solvers started from it; each angle
 * then moved by whole turns to lie nearest the seed where the limits
 * allow.  The one way a path of targets is solved row after row (armctl
 * run's x,y rows, ikreach's warm starts; near.c).
 */
void kin_solve_near(struct kin_solver *s, const struct kin_target *t,
    const double *seed, double *q, struct kin_result *r);

const char *kin_status_name(enum kin_status st);
const char *kin_method_name(enum kin_method m);
/* 0 and *m set, or -1 for an unknown name. */
int kin_method_parse(const char *name, enum kin_method *m);

/* ---- the memory bank of explored poses -------------------------------- */

/*
 * Position (arm frame: base at the origin) -> joint angles, with a 2-d tree
 * over the positions for nearest-neighbour lookup.  The caller owns q
 * (count x n), xy (count x 2) and order (count).
 */
struct kin_memory {
	int n;
	size_t count;
	double *q;
	double *xy;
	uint32_t *order;	/* the tree: implicit, median-split */
};

/* Up to this many poses in one memory (indices are 32-bit). */
#define KIN_MEMORY_MAX 100000000UL

/* Attach the caller's arrays for count poses of an n-link arm. */
void kin_memory_init(struct kin_memory *m, int n, size_t count, double *q,
    double *xy, uint32_t *order);
/* Tip positions of the poses in m->q (arm frame), by FK. */
void kin_memory_fill_xy(struct kin_memory *m, const double *len);
/* Build the tree (after q and xy are filled). */
void kin_memory_build(struct kin_memory *m);
/* Index of the pose nearest (x, y) (arm frame); count must be > 0. */
size_t kin_memory_nearest(const struct kin_memory *m, double x, double y);

/*
 * Explore `count` seeded random reachable targets with the solver's method,
 * each starting from the previous pose (as a limb would move), and store
 * every pose reached in m->q and m->xy.  Builds the tree.  Returns the
 * number of explorations that reached their target.
 */
size_t kin_explore(struct kin_solver *s, struct kin_memory *m);

#endif
