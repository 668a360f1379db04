/*
 * mjtraj.h - what the parts of mjtraj share: the options, the points of the
 * path and the planned path.  main.c fills the options, points.c the
 * points, plan.c the path (lib/traj/path.c); emit.c and check.c write it out.
 */
#ifndef MJTRAJ_H
#define MJTRAJ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "host/table.h"
#include "traj/path.h"
#include "traj/peaks.h"
#include "traj/sample.h"
#include "traj/timing.h"

#define MJTRAJ_DIM_MAX TRAJ_DIM_MAX

struct options {
	const char *from, *to;	/* as given, or NULL */
	const char *input;	/* waypoint file, "-", or NULL */
	const char *output;	/* "-" for stdout */
	struct traj_timing timing;
	struct traj_sampling sampling;	/* and the derivative columns */
	int joint;		/* q1..qN */
	const char *names;	/* --names, or NULL */
	enum table_format format;
	int precision;
	int header;
	double dwell;
	int through, check, reverse;
};

/* The points the path visits, in order, dim coordinates each. */
struct points {
	size_t dim;
	size_t n, cap;
	double *xyz;		/* n * dim */
	long *line;		/* input line of each point (0: an argument) */
	const char *file;	/* where the lines are, for messages */
	char *names[MJTRAJ_DIM_MAX];	/* the coordinate column names */
};

/* points.c */
int points_from_args(struct points *p, const struct options *o);
int points_read(struct points *p, const struct options *o);
int points_insert(struct points *p, size_t at, const double *xyz, long line);
int points_add_endpoints(struct points *p, const struct options *o);
struct traj_table;
struct diag;
int points_table_open(struct points *p, const struct options *o,
    struct traj_table *tt, FILE *fp, struct diag *d);
int points_table_rows(struct points *p, struct traj_table *tt, size_t max,
    int *eof);
void points_free(struct points *p);

/* plan.c: the points planned by lib/traj; an exit status */
int plan_path(struct traj_path *path, const struct points *p,
    const struct options *o);

/* emit.c: samples, path after path (one whole path, or the chunks of a
   stream); the time and whether a move was written carry over. */
struct emit_state {
	struct traj_run run;	/* the time, whether a move was written */
	int stream;		/* a path of one point is no output (yet) */
};
int samples_check(const struct traj_path *path, const struct options *o,
    size_t seg0);
int emit_samples(const struct traj_path *path, const struct options *o,
    struct table *t, struct emit_state *e);
void emit_point(const double *pos, size_t dim, const struct options *o,
    struct table *t);

/* stream.c: waypoint paths without --through, a chunk at a time */
struct point_stream;
int stream_wanted(const struct options *o);
struct point_stream *stream_open(struct points *p, const struct options *o,
    int *rc);
int stream_plan(struct point_stream *s, struct points *p,
    const struct options *o, struct traj_path *path);
int stream_write(struct point_stream *s, struct points *p,
    const struct options *o, struct table *t, struct traj_path *path);
void stream_close(struct point_stream *s);

/* check.c */
int check_limits(const struct traj_path *path, const struct options *o);
int check_report(const struct traj_path *path, const struct options *o,
    struct table *t);

#endif
