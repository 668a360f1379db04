/*
 * main.c - ikreach: joint angles for planar N-link arms from end-effector
 * targets (and, with --fk, the reverse).  Parses the options, loads or
 * explores the memory bank, then hands each row to rows.c.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/args.h"
#include "bank.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "host/version.h"
#include "ikreach.h"

#define PI 3.14159265358979323846
#define EXPLORE_MAX 10000000L

static void
usage(FILE *fp)
{
	fputs(
"usage: ikreach --links L1,...,Ln [-m auto|analytic|jacobian|ccd|fabrik|rr]\n"
"               [-e up|down|both] [-L lo:hi,...] [-b x,y] [-t tol]\n"
"               [-n iterations] [-s seed] [-r] [-i] [--raw-angles] [-T]\n"
"               [-M bank.csv [-x poses]] [-f csv|tsv|jsonl] [-p digits]\n"
"               [-H] [x,y[,phi] ... | file | -]\n"
"       ikreach --links L1,...,Ln --fk [--joints] [q1,...,qn ... | file | -]\n"
"       ikreach --arm FILE [options] [x,y,z[,pitch[,roll]] ... | file | -]\n"
"       ikreach --arm FILE --fk [joint values ... | file | -]\n"
"       ikreach --arm FILE [--obstacles MAP] --plan FROM TO\n", fp);
	usage_about(fp, "Joint angles that put an arm's tip on each target "
	    "(or, with --fk, the\nreverse; with --plan, a path round "
	    "obstacles).");
}

static int
parse_links(struct options *o, const char *arg)
{
	enum num_error e;
	int bad, n, i;

	char why[64];

	n = num_double_list(arg, o->arm.len, KIN_MAX_LINKS, &e, &bad);
	if (n < 0 && e == NUM_RANGE && bad == KIN_MAX_LINKS)
		return usage_error("--links '%s': at most 64 links", arg);
	if (n < 0) {
		snprintf(why, sizeof why, "link %d: %s", bad + 1,
		    num_strerror(e));
		return usage_error("--links '%s': %s", arg, why);
	}
	for (i = 0; i < n; i++)
		if (!(o->arm.len[i] > 0)) {
			snprintf(why, sizeof why,
			    "link %d is not longer than 0", i + 1);
			return usage_error("--links '%s': %s", arg, why);
		}
	if (!(kin_reach(n, o->arm.len) < 1e150))
		return usage_error("--links '%s': too long altogether", arg);
	o->arm.n = n;
	return 0;
}

/* "lo:hi,lo:hi,...": one pair for each of the n joints. */
static int
parse_limits(struct options *o, const char *arg, double unit)
{
	char *copy = strdup(arg), *item, *save = NULL, *colon;
	int i = 0, st = 0;

	if (copy == NULL)
		return EXIT_IOERR;
	for (item = strtok_r(copy, ",", &save); item && st == 0;
	    item = strtok_r(NULL, ",", &save), i++) {
		double lo, hi;

		if (i >= o->arm.n || (colon = strchr(item, ':')) == NULL) {
			st = EXIT_USAGE;
			break;
		}
		*colon = '\0';
		if (num_double(item, &lo) != NUM_OK ||
		    num_double(colon + 1, &hi) != NUM_OK || lo > hi) {
			st = EXIT_USAGE;
			break;
		}
		o->lo[i] = lo;
		o->hi[i] = hi;
		o->arm.lo[i] = lo * unit;
		o->arm.hi[i] = hi * unit;
	}
	free(copy);
	if (st || i != o->arm.n) {
		return usage_error("--limits '%s': need %d pairs lo:hi with "
		    "lo <= hi, one per joint", arg, o->arm.n);
	}
	o->arm.has_limits = 1;
	return 0;
}

static const char shortopts[] = ":A:l:m:e:L:b:t:n:s:riTM:x:kjf:p:HhV";

static const struct option longopts[] = {
	{ "arm", required_argument, NULL, 'A' },
	{ "links", required_argument, NULL, 'l' },
	{ "method", required_argument, NULL, 'm' },
	{ "elbow", required_argument, NULL, 'e' },
	{ "limits", required_argument, NULL, 'L' },
	{ "base", required_argument, NULL, 'b' },
	{ "tol", required_argument, NULL, 't' },
	{ "max-iter", required_argument, NULL, 'n' },
	{ "seed", required_argument, NULL, 's' },
	{ "rad", no_argument, NULL, 'r' },
	{ "independent", no_argument, NULL, 'i' },
	{ "raw-angles", no_argument, NULL, 'W' },
	{ "trace", no_argument, NULL, 'T' },
	{ "memory", required_argument, NULL, 'M' },
	{ "explore", required_argument, NULL, 'x' },
	{ "near", required_argument, NULL, 'N' },
	{ "fk", no_argument, NULL, 'k' },
	{ "joints", no_argument, NULL, 'j' },
	{ "format", required_argument, NULL, 'f' },
	{ "plan", required_argument, NULL, 'P' },
	{ "obstacles", required_argument, NULL, 'O' },
	{ "rounds", required_argument, NULL, 'R' },
	{ "budget", required_argument, NULL, 'B' },
	{ "link-radius", required_argument, NULL, 'K' },
	{ "period", required_argument, NULL, 'D' },
	{ "precision", required_argument, NULL, 'p' },
	{ "no-header", no_argument, NULL, 'H' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Options whose meaning depends on others wait for the end of the line. */
struct deferred {
	const char *links, *limits, *base, *elbow;
};

/* --arm: every other option that describes the arm is out. */
static int
check_arm_options(const struct options *o, const struct deferred *d)
{
	if (d->links || d->limits || d->base)
		return usage_error("%s", "--arm describes the arm: no --links, "
		    "--limits or --base");
	if (o->both || o->trace || o->memory || o->explore ||
	    (o->joints && !o->fk && !o->plan_from) || o->rad)
		return usage_error("%s", "--arm takes no --elbow both, --trace, "
		    "--memory, --explore or --rad; --joints goes with --fk "
		    "or --plan");
	if (o->plan_from && o->fk)
		return usage_error("%s", "--plan and --fk: one or the other");
	return 0;
}

/* The --plan options (plan.c). */
static int
parse_plan(struct options *o, int ch, const char *arg)
{
	switch (ch) {
	case 'P': o->plan_from = arg; return 0;
	case 'O': o->obstacles = arg; return 0;
	case 'R':
		if (num_long(arg, 1, 100000000L, &o->rounds) != NUM_OK)
			return usage_error("--rounds '%s': need 1 to 1e8", arg);
		return 0;
	case 'B':
		if (num_double(arg, &o->budget_ms) != NUM_OK ||
		    !(o->budget_ms > 0))
			return usage_error("--budget '%s': need milliseconds "
			    "> 0", arg);
		return 0;
	case 'K':
		if (num_double(arg, &o->link_radius) != NUM_OK ||
		    o->link_radius < 0 || o->link_radius > 1e4)
			return usage_error("--link-radius '%s': need 0 to "
			    "10000 mm", arg);
		return 0;
	default:
		if (num_double(arg, &o->period) != NUM_OK ||
		    !(o->period >= 0.001 && o->period <= 10))
			return usage_error("--period '%s': need 0.001 to 10 "
			    "seconds", arg);
		return 0;
	}
}

static int
parse_one(struct options *o, struct deferred *d, int ch, const char *arg)
{
	long v;
	double base[2];
	enum num_error e;
	int bad;

	switch (ch) {
	case 'A': o->arm_file = arg; return 0;
	case 'N': o->near = arg; return 0;
	case 'l': d->links = arg; return 0;
	case 'L': d->limits = arg; return 0;
	case 'e': d->elbow = arg; return 0;
	case 'b':
		d->base = arg;
		if (num_double_list(arg, base, 2, &e, &bad) != 2)
			return usage_error("--base '%s': need x,y", arg);
		o->arm.base_x = base[0];
		o->arm.base_y = base[1];
		return 0;
	case 'm':
		if (kin_method_parse(arg, &o->kin.method) < 0)
			return usage_error("--method '%s': auto, analytic, "
			    "jacobian, ccd, fabrik or rr", arg);
		o->method_given = 1;
		return 0;
	case 't':
		if (num_double(arg, &o->kin.tol) != NUM_OK ||
		    !(o->kin.tol > 0))
			return usage_error("--tol '%s': need a number > 0", arg);
		return 0;
	case 'n':
		if (num_long(arg, 1, 1000000000L, &o->kin.max_iter) != NUM_OK)
			return usage_error("--max-iter '%s': need 1 to 1e9", arg);
		return 0;
	case 's':
		if (num_long(arg, 0, LONG_MAX, &v) != NUM_OK)
			return usage_error("--seed '%s': need an integer >= 0",
			    arg);
		o->kin.seed = (uint64_t)v;
		return 0;
	case 'r': o->rad = 1; return 0;
	case 'i': o->independent = 1; return 0;
	case 'W': o->raw_angles = 1; return 0;
	case 'T': o->trace = 1; return 0;
	case 'k': o->fk = 1; return 0;
	case 'j': o->joints = 1; return 0;
	case 'H': o->header = 0; return 0;
	case 'M':
		if (strcmp(arg, "-") == 0 || *arg == '\0')
			return usage_error("--memory '%s': need a file name",
			    arg);
		o->memory = arg;
		return 0;
	case 'x':
		if (num_long(arg, 1, EXPLORE_MAX, &o->explore) != NUM_OK)
			return usage_error("--explore '%s': need 1 to 10000000",
			    arg);
		return 0;
	case 'P': case 'O': case 'R': case 'B': case 'K': case 'D':
		return parse_plan(o, ch, arg);
	case 'f':
		if (table_format_parse(arg, &o->format) < 0)
			return usage_error("--format '%s': csv, tsv or jsonl",
			    arg);
		return 0;
	case 'p':
		if (num_long(arg, 0, 17, &v) != NUM_OK)
			return usage_error("--precision '%s': need 0 to 17", arg);
		o->precision = (int)v;
		return 0;
	default:
		return usage_error("%s", "unknown option");
	}
}

static int
finish_options(struct options *o, const struct deferred *d)
{
	double unit = o->rad ? 1 : PI / 180;
	int st;

	if (o->arm_file == NULL && d->links == NULL)
		return usage_error("%s", "--links or --arm is required");
	if (o->arm_file == NULL && (st = parse_links(o, d->links)) != 0)
		return st;
	if (d->limits && (st = parse_limits(o, d->limits, unit)) != 0)
		return st;
	if (d->elbow && strcmp(d->elbow, "both") == 0)
		o->both = 1;
	else if (d->elbow && strcmp(d->elbow, "down") == 0)
		o->kin.elbow = KIN_ELBOW_DOWN;
	else if (d->elbow && strcmp(d->elbow, "up") != 0)
		return usage_error("--elbow '%s': up, down or both", d->elbow);
	if ((o->obstacles || o->rounds || o->budget_ms > 0 ||
	    o->link_radius > 0 || o->period > 0) && !o->plan_from)
		return usage_error("%s", "--obstacles, --rounds, --budget, "
		    "--link-radius and --period go with --plan");
	if (o->plan_from && !o->arm_file)
		return usage_error("%s", "--plan needs --arm FILE");
	if (o->arm_file)
		return check_arm_options(o, d);
	if (o->near)
		return usage_error("%s", "--near goes with --arm");
	if (o->joints && !o->fk)
		return usage_error("%s", "--joints goes with --fk");
	if (o->fk && (o->trace || o->memory))
		return usage_error("%s", "--fk takes no --trace or --memory");
	if (o->explore && !o->memory)
		return usage_error("%s", "--explore needs --memory FILE");
	if (o->both && (o->arm.n > 3 || (o->kin.method != KIN_AUTO &&
	    o->kin.method != KIN_ANALYTIC)))
		return usage_error("%s", "--elbow both: the closed form, "
		    "for 1 or 2 links (3 with phi)");
	if (o->kin.method == KIN_ANALYTIC && o->arm.n > 3)
		return usage_error("%s", "--method analytic: 1 or 2 links "
		    "(3 with phi)");
	return 0;
}

static int
parse_options(struct options *o, int argc, char **argv)
{
	struct deferred d;
	int ch, st;

	memset(o, 0, sizeof *o);
	memset(&d, 0, sizeof d);
	o->header = 1;
	o->precision = TABLE_ROUND_TRIP;
	o->format = TABLE_CSV;
	opterr = 0;	/* our own messages, with the short tool name */
	while ((ch = getopt_long(argc, argv, shortopts, longopts,
	    NULL)) != -1) {
		if (ch == ':' || ch == '?')
			return usage_bad_option(ch, argv);
		if (ch == 'h') {
			usage(stdout);
			exit(EXIT_OK);
		}
		if (ch == 'V') {
			print_version();
			exit(EXIT_OK);
		}
		if ((st = parse_one(o, &d, ch, optarg)) != 0)
			return st;
	}
	return finish_options(o, &d);
}

/* Is this argument a target (numbers) rather than a file name? */
static int
looks_numeric(const char *a)
{
	return strcmp(a, "-") != 0 && (strchr("+-.0123456789", *a) != NULL &&
	    *a != '\0');
}

/* Rows from the arguments or one file; 0 or an exit status. */
static int
open_source(struct arm_source *src, const struct options *o, char **args,
    int nargs)
{
	static const char *const ik_want[] = { "x", "y", "phi" };
	static const char *const ik_drop[] = { "err", "iter", "status", "sat",
	    "elbow", "target" };
	const char *want[KIN_MAX_LINKS];
	char qn[KIN_MAX_LINKS][16];	/* "q" and any int */
	struct diag say = diag_for(NULL);
	int i, n = o->arm.n, files = 0;

	memset(src, 0, sizeof *src);
	for (i = 0; i < nargs; i++)
		files += !looks_numeric(args[i]);
	if (files > 1 || (files == 1 && nargs > 1))
		return usage_error("%s", "give targets, or one file, not both");
	if (nargs > 0 && files == 0) {
		arm_source_args(src, args, nargs, o->fk ? n : 3, &say);
		return 0;
	}
	if (o->fk) {
		for (i = 0; i < n; i++) {
			snprintf(qn[i], sizeof qn[i], "q%d", i + 1);
			want[i] = qn[i];
		}
		return arm_status_exit(arm_source_csv(src, nargs ? args[0] :
		    "-", want, n, n, ik_want, 3, &say));
	}
	/* the answer's q1..qn replace any the input carried */
	for (i = 0; i < n; i++) {
		snprintf(qn[i], sizeof qn[i], "q%d", i + 1);
		want[i] = qn[i];
	}
	{
		const char *drop[KIN_MAX_LINKS + 6];

		memcpy(drop, ik_drop, sizeof ik_drop);
		memcpy(drop + 6, want, (size_t)n * sizeof *want);
		return arm_status_exit(arm_source_csv(src, nargs ? args[0] :
		    "-", ik_want, 3, 2, drop, 6 + n, &say));
	}
}

/* Can the closed form answer this row, as the options demand? */
static int
row_allowed(const struct options *o, const struct arm_source *src, int have)
{
	if (!o->fk && (o->both || o->kin.method == KIN_ANALYTIC) &&
	    !kin_analytic_applies(o->arm.n, have > 2)) {
		if (src->fp)
			fprintf(stderr, "%s: %s:%ld: error: the closed form "
			    "for 3 links needs phi\n", tool_name(),
			    strcmp(src->name, "-") ? src->name : "<stdin>",
			    src->line);
		else
			warnx_tool("target %ld: the closed form for 3 links "
			    "needs x,y,phi", src->line);
		return 0;
	}
	return 1;
}

/* --arm: the same argument rules as open_source(), then armmode.c. */
static int
arm_files(const struct options *o, char **args, int nargs)
{
	int i, files = 0;

	for (i = 0; i < nargs; i++)
		files += !looks_numeric(args[i]);
	if (files > 1 || (files == 1 && nargs > 1))
		return usage_error("%s", "give targets, or one file, not both");
	return arm_mode(o, o->arm_file, args, nargs, files);
}

static int
run_rows(struct run *r)
{
	double vals[KIN_MAX_LINKS];
	enum arm_status st = ARM_OK;
	int have, got, need = r->o->fk ? r->o->arm.n : 2;

	while ((got = arm_source_next(r->src, vals, need, &have, &st)) == 1) {
		r->row++;
		if (!row_allowed(r->o, r->src, have))
			return r->src->fp ? EXIT_DATAERR : EXIT_USAGE;
		if (r->o->fk)
			row_fk(r, vals);
		else
			row_ik(r, vals, have);
		if (r->t->failed)
			break;
	}
	return rows_finish(r->t, got, arm_status_exit(st), r->failed);
}

static struct kin_solver *
new_solver(const struct options *o, struct kin_opts *ko)
{
	size_t size = kin_solver_size(o->arm.n);
	void *mem = malloc(size);
	struct kin_solver *s;

	if (mem == NULL)
		return NULL;
	if ((s = kin_solver_init(mem, size, &o->arm, ko)) == NULL)
		free(mem);
	return s;
}

/* --memory: explore and save, or load.  0 or an exit status. */
static int
prepare_bank(struct options *o, struct kin_bank *b)
{
	struct kin_opts ko = o->kin;
	struct kin_solver *s;
	int st;

	if (!o->explore)
		return bank_load(b, o->memory, &o->arm);
	if (!o->method_given)
		ko.method = KIN_RR;	/* the paper's explorer */
	if ((s = new_solver(o, &ko)) == NULL)
		return EXIT_IOERR;
	st = bank_explore(b, s, o->explore);
	free(s);
	if (st == 0)
		st = bank_save(b, o->memory, &o->arm);
	return st;
}

static int
solve_all(struct options *o, struct kin_bank *b, char **args, int nargs)
{
	struct arm_source src;
	struct names nm;
	struct run r;
	int st;

	memset(&r, 0, sizeof r);
	if ((st = open_source(&src, o, args, nargs)) != 0) {
		arm_source_close(&src);
		return st;
	}
	r.o = o;
	r.src = &src;
	r.unit = o->rad ? 1 : PI / 180;
	o->kin.memory = o->memory ? &b->mem : NULL;
	if (o->trace) {
		o->kin.trace = row_trace;
		o->kin.trace_ctx = &r;
	}
	r.s = new_solver(o, &o->kin);
	r.t = malloc(sizeof *r.t);
	if (r.s == NULL || r.t == NULL || names_build(&nm, o, &src) < 0) {
		warnx_tool("out of memory");	/* options were checked */
		st = EXIT_IOERR;
	} else {
		table_init(r.t, stdout, o->format, o->precision, nm.list, nm.n);
		if (o->header)
			table_header(r.t);
		st = run_rows(&r);
		evlog_names_free(&nm);
	}
	free(r.s);
	free(r.t);
	arm_source_close(&src);
	return st;
}

int
main(int argc, char **argv)
{
	struct options o;
	struct kin_bank b;
	char **av;
	int st, ac;

	memset(&b, 0, sizeof b);
	/* targets like -1,0.5 are numbers, not options */
	if ((av = args_protect_numbers(argc, argv, longopts, shortopts)) ==
	    NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	for (ac = 0; av[ac]; ac++)
		;
	argc = ac;
	argv = av;
	if ((st = parse_options(&o, argc, argv)) != 0) {
		free(av);
		return st;
	}
	if (o.plan_from) {
		st = optind + 1 == argc ? plan_mode(&o, argv[optind]) :
		    usage_error("%s", "--plan FROM TO: give TO, and nothing "
		    "else, after the options");
		free(av);
		return st;
	}
	if (o.arm_file) {
		st = arm_files(&o, argv + optind, argc - optind);
		free(av);
		return st;
	}
	if (o.memory && (st = prepare_bank(&o, &b)) != 0) {
		kin_bank_free(&b);
		free(av);
		return st;
	}
	/* exploring with nothing to solve: do not wait on a terminal */
	if (!(o.explore && optind == argc))
		st = solve_all(&o, &b, argv + optind, argc - optind);
	kin_bank_free(&b);
	free(av);
	return st;
}
