/*
 * rrt.c - RRT-Connect (Kuffner and LaValle, 2000) on the moved joints of
 * a described arm (rrt.h).  Distances between poses weigh each joint by
 * its lever, so a step is about how far the arm's points move.  Random
 * poses come from splitmix under the caller's seed: the same seed, the
 * same trees, the same path (unless the time budget cuts a search short).
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "detour/rrt.h"
#include "host/splitmix.h"

struct tree {
	int dim;
	long n, cap;
	double *q;		/* n x dim moved joints */
	long *parent;		/* -1 at the root */
};

enum grow { TRAPPED, ADVANCED, REACHED };

struct search {
	const struct detour_world *w;
	const struct detour_rrt_opts *o;
	const double *from;	/* the held joints' values */
	int dim;
	double weight[ARM_MAX_JOINTS];	/* mm per degree, by moved joint */
	double a[ARM_MAX_JOINTS], b[ARM_MAX_JOINTS];	/* the ends */
	uint64_t rng;
};

double
detour_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

double
detour_cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int
tree_add(struct tree *t, const double *q, long parent)
{
	if (t->n == t->cap) {
		long cap = t->cap ? 2 * t->cap : 512;
		double *nq = realloc(t->q, (size_t)cap * (size_t)t->dim *
		    sizeof *nq);
		long *np;

		if (nq == NULL)
			return -1;
		t->q = nq;
		if ((np = realloc(t->parent, (size_t)cap * sizeof *np)) ==
		    NULL)
			return -1;
		t->parent = np;
		t->cap = cap;
	}
	memcpy(t->q + (size_t)t->n * (size_t)t->dim, q, (size_t)t->dim *
	    sizeof *q);
	t->parent[t->n++] = parent;
	return 0;
}

static double
dist2(const struct search *s, const double *a, const double *b)
{
	double d2 = 0, d;
	int i;

	for (i = 0; i < s->dim; i++) {
		d = s->weight[i] * (a[i] - b[i]);
		d2 += d * d;
	}
	return d2;
}

static long
nearest(const struct search *s, const struct tree *t, const double *q)
{
	double best = DBL_MAX, d;
	long i, at = 0;

	for (i = 0; i < t->n; i++)
		if ((d = dist2(s, t->q + (size_t)i * (size_t)s->dim, q)) <
		    best) {
			best = d;
			at = i;
		}
	return at;
}

/* Moved joints -> a whole pose (held joints from `from`). */
static void
whole(const struct search *s, const double *m, double *q)
{
	int i;

	memcpy(q, s->from, (size_t)s->w->arm->njoints * sizeof *q);
	for (i = 0; i < s->dim; i++)
		q[s->w->move[i]] = m[i];
}

static int
clear_move(const struct search *s, const double *a, const double *b)
{
	double qa[ARM_MAX_JOINTS], qb[ARM_MAX_JOINTS];

	whole(s, a, qa);
	whole(s, b, qb);
	return detour_move_clear(s->w, qa, qb, s->o->res, NULL, NULL);
}

/* One step of t from its node `near` towards q; the new node's index in
 * *at. */
static enum grow
step_from(struct search *s, struct tree *t, long near, const double *q,
    long *at)
{
	double next[ARM_MAX_JOINTS], d;
	const double *qn = t->q + (size_t)near * (size_t)s->dim;
	int i, reached;

	d = sqrt(dist2(s, qn, q));
	reached = d <= s->o->step;
	for (i = 0; i < s->dim; i++)
		next[i] = reached ? q[i] : qn[i] + s->o->step / d *
		    (q[i] - qn[i]);
	if (!clear_move(s, qn, next))
		return TRAPPED;
	if (tree_add(t, next, near) < 0)
		return TRAPPED;	/* out of memory: reported by the caller */
	*at = t->n - 1;
	return reached ? REACHED : ADVANCED;
}

static enum grow
extend(struct search *s, struct tree *t, const double *q, long *at)
{
	return step_from(s, t, nearest(s, t, q), q, at);
}

/* Steps towards q while they advance: after the first, the node nearest
 * q is the one just added. */
static enum grow
connect(struct search *s, struct tree *t, const double *q, long *at)
{
	enum grow g = extend(s, t, q, at);

	while (g == ADVANCED)
		g = step_from(s, t, *at, q, at);
	return g;
}

/*
 * Half the random poses lie near the straight move between the ends
 * (within SPREAD degrees of a point on it, each joint): a detour is
 * mostly a bend of that move, and the rest of the joint space is large.
 * The other half come from the whole of it.
 */
#define SPREAD 45

static void
random_pose(struct search *s, double *q)
{
	double u, lo, hi;
	int i, near = splitmix_uniform(&s->rng) < 0.5;

	u = splitmix_uniform(&s->rng);
	for (i = 0; i < s->dim; i++) {
		const struct arm_joint *j = &s->w->arm->joint[s->w->move[i]];

		lo = j->lo;
		hi = j->hi;
		if (near) {
			double c = s->a[i] + u * (s->b[i] - s->a[i]);

			lo = fmax(lo, c - SPREAD);
			hi = fmin(hi, c + SPREAD);
		}
		q[i] = lo + splitmix_uniform(&s->rng) * (hi - lo);
	}
}

/* Root-to-node poses of t, in order, appended to out at *k. */
static void
trace(const struct search *s, const struct tree *t, long node, int root_first,
    double *out, int *k)
{
	long len = 0, i, n;

	for (n = node; n >= 0; n = t->parent[n])
		len++;
	i = 0;
	for (n = node; n >= 0; n = t->parent[n], i++)
		whole(s, t->q + (size_t)n * (size_t)s->dim, out + (size_t)(*k +
		    (root_first ? len - 1 - i : i)) * (size_t)s->w->arm->njoints);
	*k += (int)len;
}

static long
depth(const struct tree *t, long node)
{
	long len = 0;

	for (; node >= 0; node = t->parent[node])
		len++;
	return len;
}

/* The path through a (from's tree) node na and b (to's tree) node nb. */
static int
join(const struct search *s, const struct tree *a, long na,
    const struct tree *b, long nb, double **pts, int *npts)
{
	long len = depth(a, na) + depth(b, nb);
	int k = 0;

	*pts = malloc((size_t)len * (size_t)s->w->arm->njoints * sizeof **pts);
	if (*pts == NULL)
		return -1;
	trace(s, a, na, 1, *pts, &k);
	trace(s, b, nb, 0, *pts, &k);
	*npts = k;
	return 0;
}

static enum detour_rrt_result
grow_trees(struct search *s, struct tree *t, double **pts, int *npts,
    long *iter)
{
	double q[ARM_MAX_JOINTS];
	struct tree *ta = &t[0], *tb = &t[1], *sw;
	long na, nb;

	for (*iter = 1; *iter <= s->o->max_iter; (*iter)++) {
		if (s->o->max_ms > 0 && (*iter & 15) == 0 &&
		    detour_now_ms() - s->o->t0_ms > s->o->max_ms)
			return DETOUR_RRT_TIMEOUT;
		random_pose(s, q);
		if (extend(s, ta, q, &na) != TRAPPED &&
		    connect(s, tb, ta->q + (size_t)na * (size_t)s->dim,
		    &nb) == REACHED)
			return (ta == &t[0] ? join(s, ta, na, tb, nb, pts,
			    npts) : join(s, tb, nb, ta, na, pts, npts)) < 0 ?
			    DETOUR_RRT_NO_MEMORY : DETOUR_RRT_FOUND;
		sw = ta;
		ta = tb;
		tb = sw;
	}
	*iter = s->o->max_iter;
	return DETOUR_RRT_EXHAUSTED;
}

enum detour_rrt_result
detour_rrt_connect(const struct detour_world *w, const double *from,
    const double *to, const struct detour_rrt_opts *o, double **pts,
    int *npts, long *iter)
{
	struct search s;
	struct tree t[2];
	double a[ARM_MAX_JOINTS], b[ARM_MAX_JOINTS];
	enum detour_rrt_result r;
	int i;

	memset(&s, 0, sizeof s);
	memset(t, 0, sizeof t);
	s.w = w;
	s.o = o;
	s.from = from;
	s.dim = w->nmove;
	s.rng = o->seed;
	*iter = 0;
	for (i = 0; i < s.dim; i++) {
		s.weight[i] = w->lever[w->move[i]];
		s.a[i] = a[i] = from[w->move[i]];
		s.b[i] = b[i] = to[w->move[i]];
	}
	t[0].dim = t[1].dim = s.dim;
	if (tree_add(&t[0], a, -1) < 0 || tree_add(&t[1], b, -1) < 0)
		r = DETOUR_RRT_NO_MEMORY;
	else if (clear_move(&s, a, b))
		r = join(&s, &t[0], 0, &t[1], 0, pts, npts) < 0 ?
		    DETOUR_RRT_NO_MEMORY : DETOUR_RRT_FOUND;
	else
		r = grow_trees(&s, t, pts, npts, iter);
	for (i = 0; i < 2; i++) {
		free(t[i].q);
		free(t[i].parent);
	}
	return r;
}
