/*
 * rowsource.c - ikreach's rows, from arguments or from the path table
 * (spine-path(5), lib/traj/waypoints.h).  Strict: a missing column, a
 * short record or a field that is not a number stops the run with
 * file:line:col and ARM_DATA.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/num.h"
#include "arm/rowsource.h"

void
arm_source_args(struct arm_source *s, char **args, int nargs, int nwant,
    struct diag *say)
{
	memset(s, 0, sizeof *s);
	s->say = *say;
	s->args = args;
	s->nargs = nargs;
	s->nwant = nwant;
}

enum arm_status
arm_source_csv(struct arm_source *s, const char *path,
    const char *const *want, int nwant, int need, const char *const *drop,
    int ndrop, struct diag *say)
{
	struct traj_way way = { want, nwant, need };
	int i;

	memset(s, 0, sizeof *s);
	s->name = path;
	s->nwant = nwant;
	s->say = *say;
	s->diag = *say;
	s->diag.file = path;
	if (strcmp(path, "-") == 0) {
		s->fp = stdin;
	} else if ((s->fp = fopen(path, "r")) == NULL) {
		diag_plain(say, "%s: %s", path, strerror(errno));
		return ARM_NO_INPUT;
	}
	if (traj_table_open(&s->tt, s->fp, &s->diag, &way, 1, drop, ndrop) !=
	    0)
		return traj_table_io_error(&s->tt) ? ARM_IO : ARM_DATA;
	s->line = s->tt.csv.line;
	for (i = 0; i < nwant; i++)
		s->col[i] = s->tt.col[i];
	s->npass = s->tt.npass;
	s->pass_names = s->tt.pass_names;
	if ((s->pass_vals = calloc(s->npass + 1, sizeof *s->pass_vals)) ==
	    NULL) {
		diag_plain(say, "out of memory");
		return ARM_NO_MEMORY;
	}
	return ARM_OK;
}

static int
next_arg(struct arm_source *s, double *vals, int need, int *have,
    enum arm_status *status)
{
	enum num_error e;
	int bad, n;
	const char *a;

	if (s->next >= s->nargs)
		return 0;
	a = s->args[s->next++];
	s->line = s->next;
	n = num_double_list(a, vals, s->nwant, &e, &bad);
	if (n < 0 || n < need) {
		if (n < 0 && e == NUM_RANGE && bad == s->nwant)
			diag_plain(&s->say, "'%s': at most %d numbers", a,
			    s->nwant);
		else if (n < 0)
			diag_plain(&s->say, "'%s': item %d: %s", a, bad + 1,
			    num_strerror(e));
		else
			diag_plain(&s->say, "'%s': need %d numbers, not %d", a,
			    need, n);
		*status = ARM_USAGE;
		return -1;
	}
	*have = n;
	return 1;
}

static int
next_record(struct arm_source *s, double *vals, int *have,
    enum arm_status *status)
{
	int got = traj_table_next(&s->tt), w;
	size_t i;

	if (got < 0)
		*status = traj_table_io_error(&s->tt) ? ARM_IO : ARM_DATA;
	if (got <= 0)
		return got;
	s->line = s->tt.line;
	*have = 0;
	for (w = 0; w < s->nwant; w++) {
		vals[w] = s->tt.v[w];
		*have += s->col[w] >= 0;
	}
	for (i = 0; i < s->npass; i++)
		s->pass_vals[i] = traj_table_pass(&s->tt, i);
	return 1;
}

int
arm_source_next(struct arm_source *s, double *vals, int need, int *have,
    enum arm_status *status)
{
	if (s->args || s->fp == NULL)
		return next_arg(s, vals, need, have, status);
	return next_record(s, vals, have, status);
}

void
arm_source_put_passed(const struct arm_source *s, struct table *t)
{
	size_t i;
	double v;

	for (i = 0; i < s->npass; i++) {
		const char *f = s->pass_vals[i];

		if (t->format == TABLE_JSONL && num_double(f, &v) == NUM_OK)
			table_num(t, v);
		else
			table_str(t, f);
	}
}

void
arm_source_close(struct arm_source *s)
{
	if (s->fp) {
		traj_table_close(&s->tt);
		if (s->fp != stdin)
			fclose(s->fp);
	}
	free(s->pass_vals);
	s->fp = NULL;
	s->pass_vals = NULL;
	s->pass_names = NULL;
}
