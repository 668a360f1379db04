/*
 * plan.c - ikreach --arm FILE --plan FROM TO: a collision-free joint path
 * round the obstacles of --obstacles MAP (spine-obstacles(5)), planned by
 * lib/detour and printed as a path table, or the reason there is none.
 * Called by main.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arm/arm3d.h"
#include "arm/obsmap.h"
#include "detour/plan.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "ikreach.h"

/* One end: joint values (--joints) or a target solved near `near`. */
static int
end_pose(const struct options *o, const struct arm_desc *a, struct kin3d *k,
    const char *what, const char *arg, const double *near, double *q)
{
	struct kin3d_target t;
	struct kin_result r;
	double v[ARM_MAX_JOINTS];
	enum num_error e;
	int n, bad, i, w = 0, need = a->has_base ? 3 : 2;
	int most = o->joints ? a->njoints : need + 2;

	n = num_double_list(arg, v, most, &e, &bad);
	for (i = 0; i < a->njoints; i++)
		q[i] = near ? near[i] : arm_clamp(&a->joint[i], 0);
	if (o->joints) {
		int pos = 0;

		for (i = 0; i < a->njoints; i++)
			pos += arm_is_positioning(a, i);
		if (n < pos || n > pos + a->has_roll)
			return usage_error("--plan: %s '%s': want the %d "
			    "positioning joints' values%s", what, arg, pos,
			    a->has_roll ? " (and the roll's)" : "");
		for (i = 0; i < a->njoints; i++)
			if (arm_is_positioning(a, i) || (a->joint[i].role ==
			    ARM_ROLL && w < n))
				q[i] = v[w++];
		return 0;
	}
	if (n < need)
		return usage_error("--plan: %s '%s': want %s", what, arg,
		    a->has_base ? "x,y,z[,pitch[,roll]]" : "x,y[,pitch]");
	memset(&t, 0, sizeof t);
	t.x = v[0];
	t.y = v[1];
	t.z = a->has_base ? v[2] : 0;
	if ((t.has_pitch = n > need))
		t.pitch = v[need];
	if ((t.has_roll = n > need + 1))
		t.roll = v[need + 1];
	arm_3d_solve(k, &t, near, q, &r);
	if (r.status != KIN_OK) {
		warnx_tool("--plan: the %s %s is not reached (%s, %g mm off)",
		    what, arg, kin_status_name(r.status), r.err);
		return EXIT_JOB_FAILED;
	}
	return 0;
}

/* The path table: t and the joints ikreach --arm prints. */
static int
print_path(const struct options *o, const struct arm_desc *a,
    const struct arm_path *p)
{
	const char *names[ARM_MAX_JOINTS + 1];
	int cols[ARM_MAX_JOINTS], nc = 0, i;
	struct table *t = malloc(sizeof *t);
	uint32_t r;

	if (t == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	names[0] = "t";
	for (i = 0; i < a->njoints; i++)
		if (arm_is_positioning(a, i) || a->joint[i].role == ARM_ROLL) {
			cols[nc] = i;
			names[++nc] = a->joint[i].name;
		}
	table_init(t, stdout, o->format, o->precision, names, (size_t)nc + 1);
	if (o->header)
		table_header(t);
	for (r = 0; r < p->n && !t->failed; r++) {
		table_num(t, p->t[r]);
		for (i = 0; i < nc; i++)
			table_num(t, p->q[(size_t)r * (size_t)p->nj + cols[i]]);
		table_end_row(t);
	}
	i = table_flush(t);
	free(t);
	if (i != 0) {
		warnx_tool("write error: %s", strerror(errno));
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

static int
plan(const struct options *o, const struct arm_desc *a,
    const struct arm_obstacle_map *m, const double *from, const double *to)
{
	struct detour_world w;
	struct detour_opts po;
	struct detour_report r;
	struct arm_path p;
	int st;

	detour_world_init(&w, a, m->o, m->n, o->link_radius);
	memset(&po, 0, sizeof po);
	po.seed = o->kin.seed;
	po.max_iter = o->rounds;
	po.max_ms = o->budget_ms;
	po.period = o->period;
	if (detour_plan(&w, from, to, &po, &p, &r) != 0) {
		warnx_tool("no path: %s", r.why);
		return detour_status_exit(r.status);
	}
	st = print_path(o, a, &p);
	arm_path_free(&p);
	return st;
}

int
plan_mode(const struct options *o, const char *to_arg)
{
	struct arm_obstacle_map *m = calloc(1, sizeof *m);
	double from[ARM_MAX_JOINTS], to[ARM_MAX_JOINTS];
	struct arm_desc a;
	struct diag say = diag_for(NULL);
	struct kin3d *k = NULL;
	void *mem = NULL;
	int st;

	if (m == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	if ((st = arm_status_exit(arm_load(&a, o->arm_file, &say))) != 0 ||
	    (o->obstacles && (st = arm_status_exit(arm_obstacles_load(m,
	    o->obstacles, &say))) != 0))
		goto out;
	if ((mem = malloc(arm_3d_size(&a))) == NULL || (k = arm_3d_init(mem,
	    arm_3d_size(&a), &a, &o->kin)) == NULL) {
		warnx_tool("%s: cannot solve this arm", o->arm_file);
		st = EXIT_DATAERR;
		goto out;
	}
	if ((st = end_pose(o, &a, k, "start", o->plan_from, NULL, from)) ||
	    (st = end_pose(o, &a, k, "target", to_arg, from, to)))
		goto out;
	st = plan(o, &a, m, from, to);
out:
	free(mem);
	free(m);
	return st;
}
