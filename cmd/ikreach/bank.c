/*
 * bank.c - the memory bank file: a CSV of remembered poses, x,y (the tip,
 * in the arm's frame: base at the origin) and q1..qn in radians, under a
 * comment line naming the links.  Loading recomputes every tip from its
 * angles, so a bank built for another arm is refused rather than misused.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bank.h"
#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/fmtnum.h"
#include "host/table.h"
#include "source.h"

static int
grow(struct bank *b, size_t want, int n)
{
	double *q, *xy;
	uint32_t *order;

	if (want <= b->cap)
		return 0;
	if (want > KIN_MEMORY_MAX)
		return -1;
	q = realloc(b->q, want * (size_t)n * sizeof *q);
	if (q)
		b->q = q;
	xy = realloc(b->xy, want * 2 * sizeof *xy);
	if (xy)
		b->xy = xy;
	order = realloc(b->order, want * sizeof *order);
	if (order)
		b->order = order;
	if (!q || !xy || !order)
		return -1;
	b->cap = want;
	return 0;
}

int
bank_explore(struct bank *b, struct kin_solver *s, long count)
{
	int n = kin_solver_arm(s)->n;

	memset(b, 0, sizeof *b);
	if (grow(b, (size_t)count, n) < 0) {
		warnx_tool("--explore %ld: out of memory", count);
		return EXIT_IOERR;
	}
	kin_memory_init(&b->mem, n, (size_t)count, b->q, b->xy, b->order);
	kin_explore(s, &b->mem);
	return 0;
}

static void
write_comment(FILE *fp, const struct kin_arm *arm)
{
	char num[FMTNUM_MAX];
	int i;

	fprintf(fp, "# ikreach memory bank: %d links ", arm->n);
	for (i = 0; i < arm->n; i++) {
		fmt_shortest(num, arm->len[i]);
		fprintf(fp, "%s%s", i ? "," : "", num);
	}
	fprintf(fp, "; tip x,y with the base at 0,0; angles in radians\n");
}

int
bank_save(const struct bank *b, const char *path, const struct kin_arm *arm)
{
	struct atomic_file af;
	struct table *t;
	const char *names[2 + KIN_MAX_LINKS];
	char qn[KIN_MAX_LINKS][16];	/* "q" and any int */
	size_t k;
	int i, n = arm->n;

	names[0] = "x";
	names[1] = "y";
	for (i = 0; i < n; i++) {
		snprintf(qn[i], sizeof qn[i], "q%d", i + 1);
		names[2 + i] = qn[i];
	}
	if (atomic_open(&af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	if ((t = malloc(sizeof *t)) == NULL) {
		atomic_abort(&af);
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	write_comment(af.fp, arm);
	table_init(t, af.fp, TABLE_CSV, TABLE_ROUND_TRIP, names,
	    (size_t)(2 + n));
	table_header(t);
	for (k = 0; k < b->mem.count; k++) {
		table_num(t, b->xy[2 * k]);
		table_num(t, b->xy[2 * k + 1]);
		for (i = 0; i < n; i++)
			table_num(t, b->q[k * (size_t)n + (size_t)i]);
		table_end_row(t);
	}
	if (table_flush(t) < 0 || atomic_commit(&af) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		atomic_abort(&af);
		free(t);
		return EXIT_IOERR;
	}
	free(t);
	return 0;
}

/* Reads every pose, checking each against the arm. */
static int
read_poses(struct bank *b, struct source *src, const struct kin_arm *arm)
{
	double vals[2 + KIN_MAX_LINKS], x, y, reach = kin_reach(arm->n,
	    arm->len);
	int n = arm->n, have, status = 0, got;
	size_t k = 0;

	while ((got = source_next(src, vals, 2 + n, &have, &status)) == 1) {
		if (k == b->cap && grow(b, 2 * b->cap + 1024, n) < 0) {
			diag_error(&src->diag, src->line, 0,
			    "too many poses for memory");
			return EXIT_IOERR;
		}
		memcpy(b->q + k * (size_t)n, vals + 2,
		    (size_t)n * sizeof *vals);
		kin_fk(n, arm->len, b->q + k * (size_t)n, &x, &y, NULL);
		if (!(hypot(x - vals[0], y - vals[1]) <= 1e-9 * reach)) {
			diag_error(&src->diag, src->line, 0,
			    "these angles do not put the tip at x,y with "
			    "--links as given: a bank for another arm?");
			return EXIT_DATAERR;
		}
		b->xy[2 * k] = vals[0];
		b->xy[2 * k + 1] = vals[1];
		k++;
	}
	if (got < 0)
		return status;
	if (k == 0) {
		diag_error(&src->diag, 0, 0, "no poses in the memory bank");
		return EXIT_DATAERR;
	}
	kin_memory_init(&b->mem, n, k, b->q, b->xy, b->order);
	kin_memory_build(&b->mem);
	return 0;
}

int
bank_load(struct bank *b, const char *path, const struct kin_arm *arm)
{
	const char *want[2 + KIN_MAX_LINKS];
	char qn[KIN_MAX_LINKS][16];	/* "q" and any int */
	struct source src;
	int i, st;

	memset(b, 0, sizeof *b);
	want[0] = "x";
	want[1] = "y";
	for (i = 0; i < arm->n; i++) {
		snprintf(qn[i], sizeof qn[i], "q%d", i + 1);
		want[2 + i] = qn[i];
	}
	st = source_csv(&src, path, want, 2 + arm->n, 2 + arm->n, NULL, 0);
	if (st == 0)
		st = read_poses(b, &src, arm);
	source_close(&src);
	return st;
}

void
bank_free(struct bank *b)
{
	free(b->q);
	free(b->xy);
	free(b->order);
	memset(b, 0, sizeof *b);
}
