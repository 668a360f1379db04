/*
 * memory.c - the memory bank of explored poses (position -> joint angles)
 * with a 2-d tree for nearest-neighbour lookup.  kin_explore fills it the
 * way the repulsive-root paper proposes, by letting the arm reach for
 * seeded random targets; kin_solve starts cold solves from the nearest
 * remembered pose.  ikreach --explore / --memory save and load it.
 *
 * The tree is implicit: `order` is permuted so that each range's middle
 * element splits it, on x at even depths and on y at odd ones.  Building
 * is O(N log N) with a three-way quickselect (duplicates cost nothing);
 * a lookup is O(log N) for spread-out points.
 */
#include <math.h>
#include <string.h>

#include "host/splitmix.h"
#include "solver.h"

void
kin_memory_init(struct kin_memory *m, int n, size_t count, double *q,
    double *xy, uint32_t *order)
{
	m->n = n;
	m->count = count;
	m->q = q;
	m->xy = xy;
	m->order = order;
}

void
kin_memory_fill_xy(struct kin_memory *m, const double *len)
{
	size_t i;

	for (i = 0; i < m->count; i++)
		kin_fk(m->n, len, m->q + i * (size_t)m->n, &m->xy[2 * i],
		    &m->xy[2 * i + 1], NULL);
}

static double
coord(const struct kin_memory *m, uint32_t i, int axis)
{
	return m->xy[2 * (size_t)i + (size_t)axis];
}

static void
swap(uint32_t *a, uint32_t *b)
{
	uint32_t t = *a;

	*a = *b;
	*b = t;
}

/* Permute order[lo, hi) so order[k] holds the k-th smallest on axis. */
static void
select_kth(const struct kin_memory *m, size_t lo, size_t hi, size_t k,
    int axis)
{
	uint32_t *o = m->order;
	uint64_t rng = 0x2545f4914f6cdd1dULL ^ lo ^ (hi << 20);

	while (hi - lo > 1) {
		size_t lt = lo, gt = hi, i = lo;
		double pivot = coord(m, o[lo + splitmix_next(&rng) % (hi - lo)],
		    axis);

		/* [lo,lt) < pivot, [lt,i) == pivot, [gt,hi) > pivot */
		while (i < gt) {
			double v = coord(m, o[i], axis);

			if (v < pivot)
				swap(&o[lt++], &o[i++]);
			else if (v > pivot)
				swap(&o[i], &o[--gt]);
			else
				i++;
		}
		if (k < lt)
			hi = lt;
		else if (k >= gt)
			lo = gt;
		else
			return;
	}
}

static void
build(const struct kin_memory *m, size_t lo, size_t hi, int axis)
{
	size_t mid;

	if (hi - lo <= 1)
		return;
	mid = lo + (hi - lo) / 2;
	select_kth(m, lo, hi, mid, axis);
	build(m, lo, mid, !axis);
	build(m, mid + 1, hi, !axis);
}

void
kin_memory_build(struct kin_memory *m)
{
	size_t i;

	for (i = 0; i < m->count; i++)
		m->order[i] = (uint32_t)i;
	build(m, 0, m->count, 0);
}

struct query {
	double x, y;
	double best;		/* squared distance */
	uint32_t at;
};

static void
nearest(const struct kin_memory *m, size_t lo, size_t hi, int axis,
    struct query *qr)
{
	while (hi > lo) {
		size_t mid = lo + (hi - lo) / 2;
		uint32_t p = m->order[mid];
		double dx = coord(m, p, 0) - qr->x, dy = coord(m, p, 1) - qr->y;
		double d2 = dx * dx + dy * dy, diff = axis ? -dy : -dx;

		if (d2 < qr->best) {
			qr->best = d2;
			qr->at = p;
		}
		/* near side first, the far side only if it can be closer */
		if (diff < 0) {
			nearest(m, lo, mid, !axis, qr);
			if (diff * diff >= qr->best)
				return;
			lo = mid + 1;
		} else {
			nearest(m, mid + 1, hi, !axis, qr);
			if (diff * diff >= qr->best)
				return;
			hi = mid;
		}
		axis = !axis;
	}
}

size_t
kin_memory_nearest(const struct kin_memory *m, double x, double y)
{
	struct query qr;

	qr.x = x;
	qr.y = y;
	qr.best = INFINITY;
	qr.at = 0;
	nearest(m, 0, m->count, 0, &qr);
	return qr.at;
}

size_t
kin_explore(struct kin_solver *s, struct kin_memory *m)
{
	const struct kin_memory *keep = s->opts.memory;
	const struct kin_chain *c = &s->chain[0];
	double prev[KIN_MAX_LINKS], r2lo = c->inner * c->inner;
	double r2hi = c->reach * c->reach;
	struct kin_result res;
	struct kin_target t;
	size_t i, reached = 0;
	int n = s->arm.n;

	s->opts.memory = NULL;
	kin_home_pose(c, s->opts.elbow, prev);
	memset(&t, 0, sizeof t);
	for (i = 0; i < m->count; i++) {
		double rad = sqrt(r2lo + splitmix_uniform(&s->rng) *
		    (r2hi - r2lo));
		double ang = KIN_TWO_PI * splitmix_uniform(&s->rng);
		double *q = m->q + i * (size_t)n;

		t.x = s->arm.base_x + rad * cos(ang);
		t.y = s->arm.base_y + rad * sin(ang);
		kin_solve(s, &t, prev, q, &res);
		memcpy(prev, q, (size_t)n * sizeof *q);
		kin_fk(n, s->arm.len, q, &m->xy[2 * i], &m->xy[2 * i + 1],
		    NULL);
		if (res.status == KIN_OK)
			reached++;
	}
	s->opts.memory = keep;
	kin_memory_build(m);
	return reached;
}
