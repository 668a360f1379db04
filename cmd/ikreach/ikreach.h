/*
 * ikreach.h - what ikreach's files share: the options once parsed, and the
 * state of a run over rows.  main.c parses and sets up, rows.c solves each
 * row and prints it.
 */
#ifndef IKREACH_H
#define IKREACH_H

#include "host/table.h"
#include "kin/kin.h"
#include "arm/rowsource.h"

struct options {
	struct kin_arm arm;
	double lo[KIN_MAX_LINKS];	/* limits as given */
	double hi[KIN_MAX_LINKS];
	struct kin_opts kin;
	int method_given;
	int both;		/* --elbow both */
	int rad;		/* angles in radians */
	int independent;
	int raw_angles;	/* --raw-angles: no turn taken off */
	int fk, joints, trace;
	const char *memory;
	const char *arm_file;	/* --arm: see armmode.c */
	const char *near;	/* --near POSE: the arm's pose to solve from */
	long explore;
	enum table_format format;
	int precision;
	int header;
	/* --plan: see plan.c */
	const char *plan_from;	/* --plan FROM (TO is the argument) */
	const char *obstacles;	/* --obstacles MAP */
	long rounds;		/* --rounds: search rounds, 0 default */
	double budget_ms;	/* --budget: ms, 0 none */
	double link_radius;	/* --link-radius: mm */
	double period;		/* --period: s between rows, 0 default */
};

/* Column names ikreach makes up: q1.., x0,y0.., kept for the table. */
struct names {
	const char **list;
	size_t n;
	char (*buf)[12];
	size_t nbuf;
};

struct run {
	const struct options *o;
	struct kin_solver *s;
	struct arm_source *src;
	struct table *t;
	double unit;		/* radians per printed angle unit */
	double prev[KIN_MAX_LINKS];
	int have_prev;
	double shift[KIN_MAX_LINKS];	/* whole turns taken off, a path's */
	int continued;		/* this row started from the last answer */
	long row;		/* 1-based */
	struct kin_target target;	/* being solved, for --trace */
	const char *elbow;	/* "up"/"down" with --elbow both, else NULL */
	int failed;
};

/* The output columns for this run; 0, or -1 when out of memory. */
int names_build(struct names *nm, const struct options *o,
    const struct arm_source *src);
void evlog_names_free(struct names *nm);

/* Solve and print one row; vals as read (angles in the input unit). */
void row_ik(struct run *r, const double *vals, int have);
void row_fk(struct run *r, const double *vals);

/* After the last row (planar or --arm): the rows out, then the exit
   status — st when reading stopped on an error (got < 0), else whether
   any target failed.  Rows before a bad record are complete: let them out. */
int rows_finish(struct table *t, int got, int st, int failed);

/* The kin_trace_fn that prints every iteration's pose. */
void row_trace(void *ctx, long iter, const double *q, int n);

/* ikreach --arm: solve or, with --fk, pose every row; an exit status. */
int arm_mode(const struct options *o, const char *file, char **args,
    int nargs, int files);

/* ikreach --arm FILE --plan FROM TO: an exit status. */
int plan_mode(const struct options *o, const char *to);

#endif
