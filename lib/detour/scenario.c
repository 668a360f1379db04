/*
 * scenario.c - drawing detour scenarios (scenario.h).  Poses come from
 * the middle 80 % of each joint's range, clear of the table; the
 * obstacle is centred on a link of the arm part way along the straight
 * move, so that move meets it, and keeps clear of both ends.  A way
 * round is proved by planning one with the obstacle known.
 */
#include <math.h>
#include <string.h>

#include "arm/arm3d.h"
#include "arm/path.h"
#include "detour/plan.h"
#include "detour/scenario.h"
#include "host/splitmix.h"

#define DRAWS 4000		/* poses drawn before giving up */
#define TABLE_GAP 20		/* mm the ends keep above the table */

struct draw {
	const struct arm_desc *a;
	const struct detour_scenario_opts *o;
	struct detour_world bare;	/* the table alone */
	uint64_t rng;
};

static double
uniform(struct draw *d, double lo, double hi)
{
	return lo + splitmix_uniform(&d->rng) * (hi - lo);
}

static void
random_pose(struct draw *d, double *q)
{
	int i;

	for (i = 0; i < d->a->njoints; i++) {
		const struct arm_joint *j = &d->a->joint[i];
		double span = j->hi - j->lo;

		q[i] = arm_is_positioning(d->a, i) ? uniform(d, j->lo + span /
		    10, j->hi - span / 10) : arm_clamp(j, 0);
	}
}

static void
tip(const struct arm_desc *a, const double *q, double *p)
{
	struct kin3d_pose t;

	arm_3d_fk(a, q, &t);
	p[0] = t.x;
	p[1] = t.y;
	p[2] = t.z;
}

/* Start and target: clear of the table, far enough apart, the straight
 * move between them clear of the table too. */
static int
ends(struct draw *d, double *from, double *to)
{
	double a[3], b[3], travel = d->o->min_travel > 0 ? d->o->min_travel :
	    150;

	random_pose(d, from);
	random_pose(d, to);
	if (detour_clearance(&d->bare, from, NULL) < TABLE_GAP ||
	    detour_clearance(&d->bare, to, NULL) < TABLE_GAP)
		return 0;
	tip(d->a, from, a);
	tip(d->a, to, b);
	if (hypot(hypot(a[0] - b[0], a[1] - b[1]), a[2] - b[2]) < travel)
		return 0;
	return detour_move_clear(&d->bare, from, to, 5, NULL, NULL);
}

/* A point on a random link of the pose part way from `from` to `to`. */
static void
on_the_way(struct draw *d, const double *from, const double *to, double *p)
{
	double q[ARM_MAX_JOINTS], pts[3 * KIN3D_MAX_POINTS], u, s;
	int i, k, first = d->a->has_base ? 2 : 0;

	u = uniform(d, 0.35, 0.65);
	for (i = 0; i < d->a->njoints; i++)
		q[i] = from[i] + u * (to[i] - from[i]);
	arm_3d_points(d->a, q, pts);
	k = first + (int)uniform(d, 0, d->a->nchain);
	s = uniform(d, 0.4, 1);
	for (i = 0; i < 3; i++)
		p[i] = pts[3 * k + i] + s * (pts[3 * (k + 1) + i] -
		    pts[3 * k + i]);
}

/* A sphere or a box about p (a box may stand on the table). */
static void
shape(struct draw *d, const double *p, struct arm_obstacle *o)
{
	double h;
	int k;

	memset(o, 0, sizeof *o);
	if (uniform(d, 0, 1) < 0.5) {
		o->kind = ARM_SPHERE;
		memcpy(o->c, p, sizeof o->c);
		o->r = uniform(d, 15, 35);
	} else {
		o->kind = ARM_BOX;
		for (k = 0; k < 3; k++) {
			h = uniform(d, 12, 30);
			o->c[k] = p[k] - h;
			o->hi[k] = p[k] + h;
		}
		if (d->a->has_base && uniform(d, 0, 1) < 1.0 / 3)
			o->c[2] = 0;	/* standing on the table */
	}
	strcpy(o->name, "hidden");
}

/* Body distance from pose q's links to o, less the link radius. */
static double
gap(struct draw *d, const struct arm_obstacle *o, const double *q)
{
	struct detour_world w;

	detour_world_init(&w, d->a, o, 1, d->o->link_radius);
	w.table = 0;
	return detour_clearance(&w, q, NULL);
}

static int
way_round(struct draw *d, struct detour_scenario *sc, uint64_t seed)
{
	struct detour_world w;
	struct detour_opts po;
	struct detour_report r;
	struct arm_path path;
	double p[3], keep = 2 * d->o->margin + 10;
	int rc;

	on_the_way(d, sc->from, sc->to, p);
	shape(d, p, &sc->obstacle);
	if (gap(d, &sc->obstacle, sc->from) < keep ||
	    gap(d, &sc->obstacle, sc->to) < keep)
		return 0;
	sc->obstacle.margin = d->o->margin;
	detour_world_init(&w, d->a, &sc->obstacle, 1, d->o->link_radius);
	memset(&po, 0, sizeof po);
	po.seed = seed;
	rc = detour_plan(&w, sc->from, sc->to, &po, &path, &r);
	arm_path_free(&path);
	sc->obstacle.margin = 0;
	return rc == 0;
}

/* The obstacle about the target's tip: no way there. */
static int
no_way(struct draw *d, struct detour_scenario *sc)
{
	double p[3];
	int k;

	tip(d->a, sc->to, p);
	memset(&sc->obstacle, 0, sizeof sc->obstacle);
	sc->obstacle.kind = ARM_SPHERE;
	sc->obstacle.r = uniform(d, 20, 35);
	for (k = 0; k < 3; k++)
		sc->obstacle.c[k] = p[k] + uniform(d, -0.3, 0.3) *
		    sc->obstacle.r;
	if (!d->a->has_base)
		sc->obstacle.c[2] = 0;
	strcpy(sc->obstacle.name, "hidden");
	return gap(d, &sc->obstacle, sc->from) >= 2 * d->o->margin + 10;
}

int
detour_scenario_make(const struct arm_desc *a, uint64_t seed, int kind,
    const struct detour_scenario_opts *o, struct detour_scenario *sc)
{
	struct draw d;

	memset(sc, 0, sizeof *sc);
	memset(&d, 0, sizeof d);
	d.a = a;
	d.o = o;
	d.rng = seed;
	detour_world_init(&d.bare, a, NULL, 0, o->link_radius);
	sc->kind = kind;
	sc->seed = seed;
	for (sc->draws = 1; sc->draws <= DRAWS; sc->draws++) {
		if (!ends(&d, sc->from, sc->to))
			continue;
		if (kind == DETOUR_SC_NO_WAY ? no_way(&d, sc) :
		    way_round(&d, sc, seed))
			return 0;
	}
	return -1;
}
