/*
 * bank.c - the memory bank file (bank.h): explored, written whole through
 * struct table, read back pose by pose with each tip recomputed from its
 * angles, so a bank built for another arm is refused rather than misused.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/fmtnum.h"
#include "host/table.h"
#include "kin/bank.h"

static int
grow(struct kin_bank *b, size_t want, int n)
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

void
kin_bank_columns(const struct kin_arm *arm, const char **names,
    char (*qn)[16])
{
	int i;

	names[0] = "x";
	names[1] = "y";
	for (i = 0; i < arm->n; i++) {
		snprintf(qn[i], sizeof qn[i], "q%d", i + 1);
		names[2 + i] = qn[i];
	}
}

enum kin_bank_status
kin_bank_explore(struct kin_bank *b, struct kin_solver *s, long count)
{
	int n = kin_solver_arm(s)->n;

	if (grow(b, (size_t)count, n) < 0)
		return KIN_BANK_NOMEM;
	kin_memory_init(&b->mem, n, (size_t)count, b->q, b->xy, b->order);
	kin_explore(s, &b->mem);
	b->n = (size_t)count;
	return KIN_BANK_OK;
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

enum kin_bank_status
kin_bank_write(const struct kin_bank *b, FILE *fp, const struct kin_arm *arm)
{
	const char *names[2 + KIN_MAX_LINKS];
	char qn[KIN_MAX_LINKS][16];	/* "q" and any int */
	struct table *t = malloc(sizeof *t);
	size_t k;
	int i, n = arm->n, failed;

	if (t == NULL)
		return KIN_BANK_NOMEM;
	kin_bank_columns(arm, names, qn);
	write_comment(fp, arm);
	table_init(t, fp, TABLE_CSV, TABLE_ROUND_TRIP, names, (size_t)(2 + n));
	table_header(t);
	for (k = 0; k < b->mem.count; k++) {
		table_num(t, b->xy[2 * k]);
		table_num(t, b->xy[2 * k + 1]);
		for (i = 0; i < n; i++)
			table_num(t, b->q[k * (size_t)n + (size_t)i]);
		table_end_row(t);
	}
	failed = table_flush(t) < 0;
	free(t);
	return failed ? KIN_BANK_IO : KIN_BANK_OK;
}

enum kin_bank_status
kin_bank_add(struct kin_bank *b, const struct kin_arm *arm,
    const double *vals)
{
	int n = arm->n;
	double x, y, *q;

	if (b->n == b->cap && grow(b, 2 * b->cap + 1024, n) < 0)
		return KIN_BANK_NOMEM;
	q = b->q + b->n * (size_t)n;
	memcpy(q, vals + 2, (size_t)n * sizeof *vals);
	kin_fk(n, arm->len, q, &x, &y, NULL);
	if (!(hypot(x - vals[0], y - vals[1]) <= 1e-9 * kin_reach(n,
	    arm->len)))
		return KIN_BANK_MISFIT;
	b->xy[2 * b->n] = vals[0];
	b->xy[2 * b->n + 1] = vals[1];
	b->n++;
	return KIN_BANK_OK;
}

enum kin_bank_status
kin_bank_finish(struct kin_bank *b, const struct kin_arm *arm)
{
	if (b->n == 0)
		return KIN_BANK_EMPTY;
	kin_memory_init(&b->mem, arm->n, b->n, b->q, b->xy, b->order);
	kin_memory_build(&b->mem);
	return KIN_BANK_OK;
}

void
kin_bank_free(struct kin_bank *b)
{
	free(b->q);
	free(b->xy);
	free(b->order);
	memset(b, 0, sizeof *b);
}
