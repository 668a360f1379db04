/*
 * obsmap.c - reading and writing the obstacle map (spine-obstacles(5)):
 * a mapping with an optional default margin and a list of obstacles, each
 * a sphere (a point), a box (two corners) or a capsule (two points) with
 * its radius, margin, name and, for one a detour found, the attempt that
 * found it.  Called by ikreach, armsim and lib/detour's users.
 */
#include <errno.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "arm/obsmap.h"
#include "host/atomic.h"
#include "host/fmtnum.h"
#include "yaml/ydoc.h"

#define BIG 1e6			/* mm: nothing on a bench is this far away */

struct reader {
	const struct ydoc *doc;
	struct diag *d;
};

int
arm_obstacle_name_ok(const char *s)
{
	size_t i;

	for (i = 0; s[i]; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' &&
		    s[i] <= 'Z') || (s[i] >= '0' && s[i] <= '9') ||
		    strchr("_-.", s[i]) != NULL))
			return 0;
	return i > 0 && i < ARM_NAME_MAX;
}

/* [x, y, z], or [x, y] on a planar arm's plane (z = 0). */
static int
get_point(struct reader *r, const struct ynode *n, const char *what,
    double *p)
{
	const struct ynode *item;
	int32_t it = YDOC_NONE;
	char buf[64];
	int k = 0;

	if (n->kind != YNODE_SEQ || n->count < 2 || n->count > 3) {
		ydoc_error(r->d, n, "%s: expected a point [x, y, z], found %s",
		    what, ynode_what(n, buf, sizeof buf));
		return -1;
	}
	p[2] = 0;
	while (yseq_next(r->doc, n, &it, &item))
		if (yget_double(item, -BIG, BIG, what, r->d, &p[k++]) < 0)
			return -1;
	return 0;
}

/* [[x, y, z], [x, y, z]]: a box's corners or a capsule's axis. */
static int
get_two_points(struct reader *r, const struct ynode *n, const char *what,
    double *a, double *b)
{
	const struct ynode *item[2];
	int32_t it = YDOC_NONE;
	char buf[64];
	int k = 0;

	if (n->kind != YNODE_SEQ || n->count != 2) {
		ydoc_error(r->d, n, "%s: expected two points [[x, y, z], "
		    "[x, y, z]], found %s", what, ynode_what(n, buf,
		    sizeof buf));
		return -1;
	}
	while (k < 2 && yseq_next(r->doc, n, &it, &item[k]))
		k++;
	return get_point(r, item[0], what, a) < 0 ||
	    get_point(r, item[1], what, b) < 0 ? -1 : 0;
}

enum { K_NAME, K_SPHERE, K_BOX, K_CAPSULE, K_RADIUS, K_MARGIN, K_FOUND };

/* Exactly one shape, and a radius where the shape has one. */
static int
get_shape(struct reader *r, const struct ynode *at,
    const struct ynode *const *v, struct arm_obstacle *o)
{
	double a[3], b[3];
	int shapes = !!v[K_SPHERE] + !!v[K_BOX] + !!v[K_CAPSULE], k;

	if (shapes != 1) {
		ydoc_error(r->d, at, "obstacle: needs exactly one of sphere, "
		    "box or capsule");
		return -1;
	}
	if (v[K_BOX]) {
		if (v[K_RADIUS]) {
			ydoc_error(r->d, v[K_RADIUS], "box: no radius");
			return -1;
		}
		if (get_two_points(r, v[K_BOX], "box", a, b) < 0)
			return -1;
		o->kind = ARM_BOX;
		for (k = 0; k < 3; k++) {
			o->c[k] = a[k] < b[k] ? a[k] : b[k];
			o->hi[k] = a[k] < b[k] ? b[k] : a[k];
		}
		return 0;
	}
	if (v[K_RADIUS] == NULL) {
		ydoc_error(r->d, at, "%s: needs a radius", v[K_SPHERE] ?
		    "sphere" : "capsule");
		return -1;
	}
	if (yget_double(v[K_RADIUS], 1e-6, BIG, "radius", r->d, &o->r) < 0)
		return -1;
	if (v[K_SPHERE]) {
		o->kind = ARM_SPHERE;
		return get_point(r, v[K_SPHERE], "sphere", o->c);
	}
	o->kind = ARM_CAPSULE;
	return get_two_points(r, v[K_CAPSULE], "capsule", o->c, o->hi);
}

static int
read_obstacle(struct reader *r, const struct ynode *n, double margin,
    struct arm_obstacle *o)
{
	static const char *const keys[] = { "name", "sphere", "box",
	    "capsule", "radius", "margin", "found", NULL };
	const struct ynode *v[7];
	const char *name;
	long found;

	memset(o, 0, sizeof *o);
	o->margin = margin;
	if (ymap_fields(r->doc, n, keys, v, "obstacle", r->d) < 0 ||
	    get_shape(r, n, v, o) < 0 ||
	    (v[K_MARGIN] && yget_double(v[K_MARGIN], 0, BIG, "margin", r->d,
	    &o->margin) < 0) ||
	    (v[K_FOUND] && yget_long(v[K_FOUND], 0, 1000000L, "found", r->d,
	    &found) < 0))
		return -1;
	o->found = v[K_FOUND] ? (int)found : 0;
	if (v[K_NAME] == NULL)
		return 0;
	if (yget_name(v[K_NAME], "name", r->d, &name) < 0)
		return -1;
	if (!arm_obstacle_name_ok(name)) {
		ydoc_error(r->d, v[K_NAME], "name '%.40s': 1 to %d letters, "
		    "digits, '_', '-' or '.'", name, ARM_NAME_MAX - 1);
		return -1;
	}
	strcpy(o->name, name);
	return 0;
}

static int
read_map(struct reader *r, const struct ynode *root,
    struct arm_obstacle_map *m)
{
	static const char *const keys[] = { "margin", "obstacles", NULL };
	const struct ynode *v[2], *item;
	int32_t it = YDOC_NONE;
	double margin = 0;
	char buf[64];

	if (ymap_fields(r->doc, root, keys, v, "obstacle map", r->d) < 0 ||
	    (v[0] && yget_double(v[0], 0, BIG, "margin", r->d, &margin) < 0))
		return -1;
	if (v[1] == NULL || v[1]->kind != YNODE_SEQ) {
		ydoc_error(r->d, v[1] ? v[1] : root, "obstacles: expected a "
		    "list, found %s", v[1] ? ynode_what(v[1], buf, sizeof buf)
		    : "none");
		return -1;
	}
	if (v[1]->count > ARM_OBSTACLES_MAX) {
		ydoc_error(r->d, v[1], "obstacles: at most %d",
		    ARM_OBSTACLES_MAX);
		return -1;
	}
	while (yseq_next(r->doc, v[1], &it, &item))
		if (read_obstacle(r, item, margin, &m->o[m->n++]) < 0)
			return -1;
	return 0;
}

int
arm_obstacles_parse(struct arm_obstacle_map *m, const unsigned char *buf,
    size_t len, struct diag *d)
{
	struct ydoc doc;
	struct reader r;
	int rc;

	m->n = 0;
	memset(&doc, 0, sizeof doc);
	if (ydoc_load(&doc, buf, len, d) < 0) {
		ydoc_free(&doc);
		return -1;
	}
	r.doc = &doc;
	r.d = d;
	rc = read_map(&r, &doc.node[0], m);
	ydoc_free(&doc);
	if (rc < 0)
		m->n = 0;
	return rc;
}

/* arm_obstacles_parse for arm_read_file. */
static int
parse_map(void *m, const unsigned char *buf, size_t len, struct diag *d)
{
	return arm_obstacles_parse(m, buf, len, d);
}

enum arm_status
arm_obstacles_load(struct arm_obstacle_map *m, const char *path,
    struct diag *say)
{
	m->n = 0;
	return arm_read_file(path, "an obstacle map", parse_map, m, say);
}

int
arm_obstacles_add(struct arm_obstacle_map *m, const struct arm_obstacle *o)
{
	if (m->n >= ARM_OBSTACLES_MAX)
		return -1;
	m->o[m->n++] = *o;
	return 0;
}

static void
put_point(FILE *fp, const double *p)
{
	char x[FMTNUM_MAX], y[FMTNUM_MAX], z[FMTNUM_MAX];

	fmt_shortest(x, p[0]);
	fmt_shortest(y, p[1]);
	fmt_shortest(z, p[2]);
	fprintf(fp, "[%s, %s, %s]", x, y, z);
}

static void
put_obstacle(FILE *fp, const struct arm_obstacle *o)
{
	static const char *const kinds[] = { "sphere", "box", "capsule" };
	char b[FMTNUM_MAX];

	fputs("  - ", fp);
	/* names hold no character YAML quotes (arm_obstacle_name_ok) */
	if (o->name[0])
		fprintf(fp, "name: '%s'\n    ", o->name);
	fprintf(fp, "%s: ", kinds[o->kind]);
	if (o->kind == ARM_SPHERE) {
		put_point(fp, o->c);
	} else {
		fputc('[', fp);
		put_point(fp, o->c);
		fputs(", ", fp);
		put_point(fp, o->hi);
		fputc(']', fp);
	}
	fputc('\n', fp);
	if (o->kind != ARM_BOX) {
		fmt_shortest(b, o->r);
		fprintf(fp, "    radius: %s\n", b);
	}
	fmt_shortest(b, o->margin);
	fprintf(fp, "    margin: %s\n", b);
	if (o->found)
		fprintf(fp, "    found: %d\n", o->found);
}

int
arm_obstacles_write(FILE *fp, const struct arm_obstacle_map *m)
{
	int i;

	fputs("# spine-obstacles(5): millimetres in the arm's table frame\n",
	    fp);
	if (m->n == 0)
		fputs("obstacles: []\n", fp);
	else
		fputs("obstacles:\n", fp);
	for (i = 0; i < m->n; i++)
		put_obstacle(fp, &m->o[i]);
	return ferror(fp) ? -1 : 0;
}

enum arm_status
arm_obstacles_load_or_new(struct arm_obstacle_map *m, const char *path,
    struct diag *say)
{
	struct stat sb;

	m->n = 0;
	if (path == NULL || (stat(path, &sb) != 0 && errno == ENOENT))
		return ARM_OK;
	return arm_obstacles_load(m, path, say);
}

int
arm_obstacles_save(const struct arm_obstacle_map *m, const char *path)
{
	struct atomic_file af;
	int e;

	if (atomic_open(&af, path) != 0)
		return -1;
	if (arm_obstacles_write(af.fp, m) != 0 || atomic_commit(&af) != 0) {
		e = errno;
		atomic_abort(&af);
		errno = e;
		return -1;
	}
	return 0;
}
