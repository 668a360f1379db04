/*
 * rr.c - the repulsive root technique (McDowell and Yang, 2019), called by
 * kin_solve.  No segment knows the arm: each carries a left and a right
 * proximity sensor and turns its own joint towards the side that senses
 * the target more strongly.  One iteration is one tick in which every
 * segment acts once, from the root outwards, each seeing the arm as its
 * predecessors have just left it.
 *
 * The sensors: strength falls off with distance, so the left one is the
 * stronger exactly when the target lies left of the segment's line, and
 * the imbalance grows with the target's bearing off that line.  A seeking
 * segment turns by that bearing, but never more than RR_TURN per tick; it
 * has settled when its line runs through the target.
 *
 * Stage 1: all segments seek.  That carries the tip to a target near the
 * edge of the workspace; for one nearer the base it ends with every
 * segment lined up on the target and the tip beside it.  Stage 2: starting
 * at the root, one segment at a time is switched to repel: it turns away
 * from the target in strides of RR_SWEEP while the segments beyond keep
 * seeking, which bends the arm and swings the tip over the target.  The
 * tip segment senses whether the target is still beyond its reach or
 * already passed (within its length); where that verdict flips between two
 * strides, the repelled segment halves the bracket until the tip is on the
 * target.  If it turns right round without a flip, it stays turned away
 * (the bend it leaves carries the next segment further from the target)
 * and the next segment is repelled.  Moves are judged only once the
 * seekers have settled.  When every segment has had its turn the arm
 * starts again from a seeded random pose, bending the other way.
 */
#include <math.h>
#include <string.h>

#include "solver.h"

#define RR_TURN 0.2		/* most a seeker turns in a tick, rad */
#define RR_SETTLED 1e-12	/* stage 1 is over when no turn exceeds this */
#define RR_SWEEP 0.05		/* a repelled segment's stride, radians */
#define RR_BRACKET 1e-13	/* narrower holds a jump, not a hit */
#define RR_RESTLESS 64		/* ticks of seeking counted as settled */

/*
 * Segments from..n-1 seek, in order; positions px, py must be valid up to
 * joint `from` and are brought up to date.  Returns the largest turn; sets
 * *held when some segment wanted to turn further than RR_TURN allowed.
 */
static double
seek(const struct kin_chain *c, double *q, double *px, double *py,
    int from, double tx, double ty, int *held)
{
	double th = 0, big = 0;
	int i;

	*held = 0;
	for (i = 0; i < from; i++)
		th += q[i];
	for (i = from; i < c->n; i++) {
		double ux, uy, bx = tx - px[i], by = ty - py[i], b, turn, want;

		th += q[i];
		ux = cos(th);
		uy = sin(th);
		/* the sensors' verdict: target bearing off the segment line */
		want = atan2(ux * by - uy * bx, ux * bx + uy * by);
		turn = want;
		if (turn > RR_TURN)
			turn = RR_TURN, *held = 1;
		else if (turn < -RR_TURN)
			turn = -RR_TURN, *held = 1;
		turn = kin_clamp_joint(c, i, q[i] + turn) - q[i];
		q[i] += turn;
		th += turn;
		if (turn == want && (b = kin_dist(bx, by)) > 0) {
			ux = bx / b;	/* lined up on the target exactly */
			uy = by / b;
		} else if (turn != 0) {
			ux = cos(th);
			uy = sin(th);
		}
		px[i + 1] = px[i] + c->len[i] * ux;
		py[i + 1] = py[i] + c->len[i] * uy;
		if (fabs(turn) > big)
			big = fabs(turn);
	}
	return big;
}

/* Bearing of the target as segment k sees it. */
static double
bearing(const double *q, const double *px, const double *py, int k,
    double tx, double ty)
{
	double th = 0;
	int i;

	for (i = 0; i <= k; i++)
		th += q[i];
	return atan2(cos(th) * (ty - py[k]) - sin(th) * (tx - px[k]),
	    cos(th) * (tx - px[k]) + sin(th) * (ty - py[k]));
}

/*
 * What the tip segment senses: how far the target lies beyond its reach
 * (> 0) or inside it (< 0).  With the tip segment lined up on the target
 * this is the signed miss.
 */
static double
short_by(const struct kin_chain *c, const double *px, const double *py,
    double tx, double ty)
{
	int n = c->n;

	return kin_dist(tx - px[n - 1], ty - py[n - 1]) - c->len[n - 1];
}

struct repel {
	int k;			/* the repelled segment; -1 in stage 1 */
	double away;		/* +1 or -1: the turn that is away */
	int bisect;		/* homing in on a flip between a and b */
	double a, sa, b, sb;	/* angles of segment k and their verdicts */
	double last, slast;	/* the previous stride's angle and verdict */
	int moved;		/* a move awaits its verdict */
};

static void
repel_start(struct repel *rp, int k, const double *q, const double *px,
    const double *py, double tx, double ty, double prefer, double s)
{
	double b = bearing(q, px, py, k, tx, ty);

	memset(rp, 0, sizeof *rp);
	rp->k = k;
	rp->away = fabs(b) < 1e-9 ? prefer : b > 0 ? -1 : 1;
	rp->last = q[k];
	rp->slast = s;
}

/* Puts segment k at angle v and the joint beyond it in place. */
static int
repel_set(const struct kin_chain *c, struct repel *rp, double *q,
    double *px, double *py, double v)
{
	double th = 0, old = q[rp->k];
	int i;

	q[rp->k] = kin_clamp_joint(c, rp->k, v);
	for (i = 0; i <= rp->k; i++)
		th += q[i];
	px[rp->k + 1] = px[rp->k] + c->len[rp->k] * cos(th);
	py[rp->k + 1] = py[rp->k] + c->len[rp->k] * sin(th);
	rp->moved = 1;
	return q[rp->k] != old;
}

/* The next move of segment k; 0 when it has nothing more to try. */
static int
repel_move(const struct kin_chain *c, struct repel *rp, double *q,
    double *px, double *py)
{
	if (rp->bisect)
		return repel_set(c, rp, q, px, py, 0.5 * (rp->a + rp->b)) ||
		    1;
	return repel_set(c, rp, q, px, py, q[rp->k] + rp->away * RR_SWEEP);
}

/*
 * The verdict s on a settled move.  Returns 1 while segment k has more to
 * try, 0 when it has turned right round (or hit a limit) without a hit.
 */
static int
repel_judge(struct repel *rp, const double *q, const double *px,
    const double *py, double tx, double ty, double s)
{
	double v = q[rp->k];

	rp->moved = 0;
	if (rp->bisect) {
		if ((s < 0) == (rp->sa < 0))
			rp->a = v, rp->sa = s;
		else
			rp->b = v, rp->sb = s;
		if (fabs(rp->b - rp->a) > RR_BRACKET)
			return 1;
		/* a flip that never shrinks is a seeker flipping over:
		 * sweep on from the far end */
		rp->bisect = 0;
		return 1;
	}
	if ((s < 0) != (rp->slast < 0)) {
		rp->bisect = 1;
		rp->a = rp->last, rp->sa = rp->slast;
		rp->b = v, rp->sb = s;
	}
	rp->last = v;
	rp->slast = s;
	if (rp->bisect)
		return 1;
	/* done once it has turned past the point where the target is
	 * right behind it (the bearing changes sign there) */
	return bearing(q, px, py, rp->k, tx, ty) * rp->away <= 0;
}

long
kin_run_rr(struct kin_run *r, double *q)
{
	const struct kin_chain *c = r->c;
	int n = c->n, held = 0, more = 1, restarts = 0, restless = 0;
	double *px = r->work, *py = px + n + 1, miss, big, best = INFINITY;
	double prefer = r->s->opts.elbow == KIN_ELBOW_UP ? 1 : -1;
	struct repel rp;
	long iter = 0;

	kin_positions(c, q, px, py);
	miss = kin_dist(r->tx - px[n], r->ty - py[n]);
	memset(&rp, 0, sizeof rp);
	rp.k = -1;
	kin_emit(r, 0, q);
	while (iter < r->max_iter && miss > r->tol) {
		iter++;
		if (rp.k < 0) {
			big = seek(c, q, px, py, 0, r->tx, r->ty, &held);
			miss = kin_dist(r->tx - px[n], r->ty - py[n]);
			kin_emit(r, iter, q);
			/* a seeker whose base sits on the target may never
			 * settle: no progress for a while counts as settled */
			if (miss < best)
				best = miss, restless = 0;
			else if (++restless > RR_RESTLESS)
				big = held = 0;
			if (held || big >= RR_SETTLED || r->closest || n < 2)
				continue;
			repel_start(&rp, 0, q, px, py, r->tx, r->ty, prefer,
			    short_by(c, px, py, r->tx, r->ty));
			restless = 0;
			continue;
		}
		if (!rp.moved)
			more = repel_move(c, &rp, q, px, py);
		seek(c, q, px, py, rp.k + 1, r->tx, r->ty, &held);
		miss = kin_dist(r->tx - px[n], r->ty - py[n]);
		kin_emit(r, iter, q);
		/* judge the move once the rest have settled */
		if ((held && ++restless < RR_RESTLESS) || miss <= r->tol)
			continue;
		restless = 0;
		if (more && repel_judge(&rp, q, px, py, r->tx, r->ty,
		    short_by(c, px, py, r->tx, r->ty)))
			continue;
		if (rp.k + 2 < n) {
			repel_start(&rp, rp.k + 1, q, px, py, r->tx, r->ty,
			    prefer, short_by(c, px, py, r->tx, r->ty));
		} else {	/* everyone had a go: start over elsewhere */
			prefer = (++restarts & 1) ? -prefer : prefer;
			kin_random_pose(c, &r->s->rng, q);
			kin_positions(c, q, px, py);
			miss = kin_dist(r->tx - px[n], r->ty - py[n]);
			rp.k = -1;
			best = INFINITY;
		}
	}
	return iter;
}
