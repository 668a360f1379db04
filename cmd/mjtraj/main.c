/*
 * main.c - mjtraj: minimum-jerk trajectories from the command line.
 * Parses the options, gets the points (arguments or a waypoint CSV), plans
 * the path and writes its samples, or with --check its peaks and margins.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/table.h"
#include "host/usage.h"
#include "host/version.h"
#include "mjtraj.h"

static void
usage(FILE *fp)
{
	fputs(
"usage: mjtraj --from A --to B [-T seconds | --fitts a,b,W | --vmax v\n"
"              [--amax a] [--jmax j]] [--step d | -n samples | -r hz]\n"
"              [--joint | --names a,b,...] [--vel] [--acc] [--jerk]\n"
"              [-f csv|tsv|jsonl] [-p digits] [--no-header] [--check]\n"
"              [-o file]\n"
"       mjtraj [options] [--dwell seconds | --through] [--reverse]\n"
"              [waypoints.csv | -]\n", fp);
	usage_about(fp, "Minimum-jerk samples (t, positions) from A to B, or "
	    "through waypoints, as CSV.");
}

/* A positive finite number for option `name`. */
static int
positive(const char *name, const char *arg, double *out)
{
	enum num_error e = num_double(arg, out);

	if (e == NUM_OK && *out > 0)
		return 0;
	usage_error("%s: %s: '%s'", name, e == NUM_OK ?
	    "must be greater than zero" : num_strerror(e), arg);
	return -1;
}

static int
parse_fitts(const char *arg, struct traj_timing *r)
{
	double v[3];
	enum num_error e;
	int bad, n = num_double_list(arg, v, 3, &e, &bad);

	if (n != 3) {
		usage_error("--fitts: want a,b,W (three numbers): '%s'", arg);
		return -1;
	}
	if (!(v[1] >= 0) || !(v[2] > 0)) {
		usage_error("--fitts: b must be >= 0 and W > 0: '%s'", arg);
		return -1;
	}
	r->fitts_a = v[0];
	r->fitts_b = v[1];
	r->fitts_w = v[2];
	return 0;
}

enum {
	OPT_FROM = 256, OPT_TO, OPT_STEP, OPT_VMAX, OPT_AMAX, OPT_JMAX,
	OPT_FITTS, OPT_JOINT, OPT_NAMES, OPT_VEL, OPT_ACC, OPT_JERK,
	OPT_HEADER, OPT_NO_HEADER, OPT_DWELL, OPT_THROUGH, OPT_CHECK,
	OPT_REVERSE, OPT_VERSION
};

static const struct option long_options[] = {
	{ "from", required_argument, NULL, OPT_FROM },
	{ "to", required_argument, NULL, OPT_TO },
	{ "duration", required_argument, NULL, 'T' },
	{ "fitts", required_argument, NULL, OPT_FITTS },
	{ "vmax", required_argument, NULL, OPT_VMAX },
	{ "amax", required_argument, NULL, OPT_AMAX },
	{ "jmax", required_argument, NULL, OPT_JMAX },
	{ "step", required_argument, NULL, OPT_STEP },
	{ "samples", required_argument, NULL, 'n' },
	{ "rate", required_argument, NULL, 'r' },
	{ "joint", no_argument, NULL, OPT_JOINT },
	{ "names", required_argument, NULL, OPT_NAMES },
	{ "vel", no_argument, NULL, OPT_VEL },
	{ "acc", no_argument, NULL, OPT_ACC },
	{ "jerk", no_argument, NULL, OPT_JERK },
	{ "format", required_argument, NULL, 'f' },
	{ "precision", required_argument, NULL, 'p' },
	{ "header", no_argument, NULL, OPT_HEADER },
	{ "no-header", no_argument, NULL, OPT_NO_HEADER },
	{ "dwell", required_argument, NULL, OPT_DWELL },
	{ "through", no_argument, NULL, OPT_THROUGH },
	{ "reverse", no_argument, NULL, OPT_REVERSE },
	{ "check", no_argument, NULL, OPT_CHECK },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

/* Timing and sampling: 0 taken, -1 refused, 1 not one of these. */
static int
take_motion_option(int c, const char *arg, struct options *o,
    int *sampling_seen)
{
	struct traj_timing *r = &o->timing;
	long n;

	switch (c) {
	case 'T':
		return positive("--duration", arg, &r->duration);
	case OPT_FITTS:
		return parse_fitts(arg, r);
	case OPT_VMAX:
		return positive("--vmax", arg, &r->vmax);
	case OPT_AMAX:
		return positive("--amax", arg, &r->amax);
	case OPT_JMAX:
		return positive("--jmax", arg, &r->jmax);
	case OPT_STEP:
		o->sampling.rule = TRAJ_SAMPLE_STEP;
		*sampling_seen |= 1;
		return positive("--step", arg, &o->sampling.step);
	case 'n':
		o->sampling.rule = TRAJ_SAMPLE_COUNT;
		*sampling_seen |= 2;
		if (num_long(arg, 2, (long)1e12, &n) != NUM_OK) {
			usage_error("--samples: want a whole number from 2 "
			    "to 1e12: '%s'", arg);
			return -1;
		}
		o->sampling.samples = (uint64_t)n;
		return 0;
	case 'r':
		o->sampling.rule = TRAJ_SAMPLE_RATE;
		*sampling_seen |= 4;
		return positive("--rate", arg, &o->sampling.rate);
	default:
		return 1;
	}
}

/* Columns and format: 0 taken, -1 refused, 1 not one of these. */
static int
take_output_option(int c, const char *arg, struct options *o)
{
	long n;

	switch (c) {
	case OPT_JOINT:
		o->joint = 1;
		return 0;
	case OPT_NAMES:
		o->names = arg;
		return 0;
	case OPT_VEL:
		o->sampling.vel = 1;
		return 0;
	case OPT_ACC:
		o->sampling.acc = 1;
		return 0;
	case OPT_JERK:
		o->sampling.jerk = 1;
		return 0;
	case 'f':
		if (table_format_parse(arg, &o->format) == 0)
			return 0;
		usage_error("--format: want csv, tsv or jsonl: '%s'", arg);
		return -1;
	case 'p':
		if (num_long(arg, 0, 17, &n) != NUM_OK) {
			usage_error("--precision: want 0 to 17: '%s'", arg);
			return -1;
		}
		o->precision = (int)n;
		return 0;
	case OPT_HEADER:
	case OPT_NO_HEADER:
		o->header = c == OPT_HEADER;
		return 0;
	case 'o':
		o->output = arg;
		return 0;
	default:
		return 1;
	}
}

/* One option; -1 to stop with *rc, 0 to go on. */
static int
take_option(int c, const char *arg, struct options *o, int *sampling_seen,
    int *rc)
{
	int taken;

	*rc = EXIT_USAGE;
	if ((taken = take_motion_option(c, arg, o, sampling_seen)) != 1 ||
	    (taken = take_output_option(c, arg, o)) != 1)
		return taken;
	switch (c) {
	case OPT_FROM:
		o->from = arg;
		return 0;
	case OPT_TO:
		o->to = arg;
		return 0;
	case OPT_DWELL:
		if (num_double(arg, &o->dwell) == NUM_OK && o->dwell >= 0)
			return 0;
		usage_error("--dwell: want seconds >= 0: '%s'", arg);
		return -1;
	case OPT_THROUGH:
		o->through = 1;
		return 0;
	case OPT_REVERSE:
		o->reverse = 1;
		return 0;
	case OPT_CHECK:
		o->check = 1;
		return 0;
	case 'h':
		usage(stdout);
		*rc = EXIT_OK;
		return -1;
	case OPT_VERSION:
		print_version();
		*rc = EXIT_OK;
		return -1;
	default:
		return -1;
	}
}

/* Combinations that cannot mean anything. */
static int
check_combinations(const struct options *o, int sampling_seen)
{
	const struct traj_timing *r = &o->timing;

	if (sampling_seen & (sampling_seen - 1))	/* more than one kind */
		return usage_error("%s", "give one of --step, --samples and "
		    "--rate");
	if (r->duration > 0 && r->fitts_w > 0)
		return usage_error("%s", "give --duration or --fitts, "
		    "not both");
	if (o->sampling.rule == TRAJ_SAMPLE_RATE && !traj_timing_has_clock(r))
		return usage_error("%s", "--rate needs a duration: --duration, "
		    "--fitts, --vmax, --amax or --jmax");
	if (o->joint && o->names)
		return usage_error("%s", "give --joint or --names, not both");
	if (o->through && o->dwell > 0)
		return usage_error("%s", "--through does not stop at via "
		    "points: it cannot --dwell");
	if (o->input == NULL && (o->from == NULL || o->to == NULL))
		return usage_error("%s", "a move needs both --from and --to");
	return EXIT_OK;
}

/* The options into o; *done when the run ends here (--help, an error). */
static int
parse_args(int argc, char **argv, struct options *o, int *done)
{
	int c, rc = EXIT_OK, sampling_seen = 0;

	*done = 1;
	memset(o, 0, sizeof *o);
	o->output = "-";
	o->sampling.rule = TRAJ_SAMPLE_STEP;
	o->sampling.step = 1;
	o->format = TABLE_CSV;
	o->precision = TABLE_ROUND_TRIP;
	o->header = 1;
	opterr = 0;		/* our messages start with the short name */
	while ((c = getopt_long(argc, argv, ":T:n:r:f:p:o:h", long_options,
	    NULL)) != -1) {
		if (c == '?' || c == ':')
			return usage_bad_option(c, argv);
		if (take_option(c, optarg, o, &sampling_seen, &rc) < 0)
			return rc;
	}
	if (argc - optind > 1)
		return usage_error("one waypoint file at most, got '%s' too",
		    argv[optind + 1]);
	if (optind < argc)
		o->input = argv[optind];
	/* Neither a move nor a file: waypoints on stdin, as ikreach reads
	 * its targets, unless a person would be typing them. */
	if (o->input == NULL && o->from == NULL && o->to == NULL) {
		if (isatty(STDIN_FILENO))
			return usage_error("%s", "no points: give --from A "
			    "--to B or a waypoint file (standard input is a "
			    "terminal)");
		o->input = "-";
	}
	if ((rc = check_combinations(o, sampling_seen)) == EXIT_OK)
		*done = 0;
	return rc;
}

/* Column names: t, the coordinates, then v.., a.., j.. for each. */
static char **
column_names(const struct points *p, const struct options *o, size_t *n)
{
	static const char prefix[] = "vaj";
	int want[3] = { o->sampling.vel, o->sampling.acc, o->sampling.jerk };
	char **names = calloc(1 + 4 * p->dim, sizeof *names);
	size_t i, k;

	if (names == NULL)
		return NULL;
	*n = 0;
	if ((names[(*n)++] = strdup("t")) == NULL)
		return names;
	for (i = 0; i < p->dim; i++)
		if ((names[(*n)++] = strdup(p->names[i])) == NULL)
			return names;
	for (k = 0; k < 3; k++) {
		for (i = 0; want[k] && i < p->dim; i++) {
			size_t len = strlen(p->names[i]) + 2;

			if ((names[*n] = malloc(len)) == NULL)
				return names;
			snprintf(names[(*n)++], len, "%c%s", prefix[k],
			    p->names[i]);
		}
	}
	return names;
}

static void
free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; names && i < n; i++)
		free(names[i]);
	free(names);
}

/* The output table: o->output, written whole or not at all. */
struct output {
	struct atomic_file af;
	struct table t;
	char **names;
	size_t ncols;
};

static int
output_open(struct output *out, const struct points *p,
    const struct options *o)
{
	static const char *const check_cols[] = {
		"quantity", "value", "limit", "margin", "t"
	};

	memset(out, 0, sizeof *out);
	if (!o->check && ((out->names = column_names(p, o, &out->ncols)) ==
	    NULL || out->ncols != 1 + p->dim * (1 + (size_t)(o->sampling.vel +
	    o->sampling.acc + o->sampling.jerk)))) {
		warnx_tool("out of memory");
		free_names(out->names, out->ncols);
		return EXIT_IOERR;
	}
	if (atomic_open(&out->af, o->output) < 0) {
		warnx_tool("%s: %s", o->output, strerror(errno));
		free_names(out->names, out->ncols);
		return EXIT_IOERR;
	}
	if (o->check)
		table_init(&out->t, out->af.fp, o->format, o->precision,
		    check_cols, 5);
	else
		table_init(&out->t, out->af.fp, o->format, o->precision,
		    (const char *const *)out->names, out->ncols);
	if (o->header)
		table_header(&out->t);
	return EXIT_OK;
}

/* Commit the output (or, unless `commit`, drop it); the final status:
   rc, or EXIT_IOERR when writing failed. */
static int
output_close(struct output *out, const struct options *o, int rc,
    int commit)
{
	if (!commit) {
		table_flush(&out->t);
		atomic_abort(&out->af);
	} else if (table_flush(&out->t) < 0 || atomic_commit(&out->af) < 0) {
		warnx_tool("%s: write error: %s", strcmp(o->output, "-") ?
		    o->output : "<stdout>", strerror(errno));
		atomic_abort(&out->af);
		rc = EXIT_IOERR;
	}
	free_names(out->names, out->ncols);
	return rc;
}

/* Samples or the --check report of a whole path. */
static int
write_output(const struct traj_path *path, const struct points *p,
    const struct options *o)
{
	struct output *out = malloc(sizeof *out);
	struct emit_state e = { { 0, 0 }, 0 };
	int rc;

	if (out == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	if ((rc = output_open(out, p, o)) == EXIT_OK) {
		rc = o->check ? check_report(path, o, &out->t) :
		    emit_samples(path, o, &out->t, &e);
		rc = output_close(out, o, rc, 1);	/* a failed check too */
	}
	free(out);
	return rc;
}

/* A waypoint stream, planned and written a chunk at a time. */
static int
run_stream(const struct options *o)
{
	struct points p;
	struct traj_path path;
	struct output *out = malloc(sizeof *out);
	struct point_stream *s;
	int rc;

	if (out == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	memset(&path, 0, sizeof path);
	s = stream_open(&p, o, &rc);
	if (rc == EXIT_OK)
		rc = stream_plan(s, &p, o, &path);
	if (rc == EXIT_OK && (rc = output_open(out, &p, o)) == EXIT_OK) {
		rc = stream_write(s, &p, o, &out->t, &path);
		rc = output_close(out, o, rc, rc == EXIT_OK);
	}
	traj_path_free(&path);
	stream_close(s);
	points_free(&p);
	free(out);
	return rc;
}

static int
run(const struct options *o)
{
	struct points p;
	struct traj_path path;
	int rc;

	if (stream_wanted(o))
		return run_stream(o);
	rc = o->input ? points_read(&p, o) : points_from_args(&p, o);
	if (rc == EXIT_OK)
		rc = plan_path(&path, &p, o);
	else
		memset(&path, 0, sizeof path);
	if (rc == EXIT_OK && path.npts == 1)
		warnx_tool("warning: zero-length move: writing the single "
		    "point");
	if (rc == EXIT_OK && !o->check &&
	    !traj_timing_from_limits(&o->timing))
		rc = check_limits(&path, o);
	if (rc == EXIT_OK && !o->check)
		rc = samples_check(&path, o, 0);
	if (rc == EXIT_OK)
		rc = write_output(&path, &p, o);
	traj_path_free(&path);
	points_free(&p);
	return rc;
}

int
main(int argc, char **argv)
{
	struct options o;
	int rc, done;

	rc = parse_args(argc, argv, &o, &done);
	return done ? rc : run(&o);
}
