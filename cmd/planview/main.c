/*
 * planview - watch a plan think: the plan's tree live in the terminal as
 * its event log comes in, a self-contained HTML replay of a run, two runs
 * compared, a still SVG with counts, or the page served live and steered
 * from the browser.  Parses arguments, loads the plan, opens the log and
 * hands over to live.c, page.c, compare.c or serve.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "host/version.h"
#include "planview.h"

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: planview [--plain] [--filter text] [--until cycle] "
	    "[--fade s]\n                plan.plan log|-\n"
	    "       planview --html out.html [--until cycle] plan.plan log|-\n"
	    "       planview --svg out.svg [--until cycle] plan.plan log|-\n"
	    "       planview --compare [--html out.html] [--until cycle]\n"
	    "                a.log b.log plan.plan\n"
	    "       planview --serve [addr:]port [--break condition]... "
	    "plan.plan log|-\n"
	    "       planview --serve [addr:]port --port P [--break condition]"
	    "... plan.plan\n");
	usage_about(fp, "Shows a plan thinking: its event log, live or "
	    "recorded, on the plan's tree;\nor as an HTML replay, an SVG "
	    "with counts, or live in a browser (--serve).");
}

enum { OPT_HTML = 256, OPT_SVG, OPT_PLAIN, OPT_FILTER, OPT_UNTIL,
    OPT_VERSION, OPT_COMPARE, OPT_SERVE, OPT_BREAK, OPT_FADE, OPT_PORT };

static int
add_break(struct options *o, const char *spec)
{
	const char **b = realloc(o->breaks, (o->nbreaks + 1) * sizeof *b);

	if (b == NULL)
		return -1;
	o->breaks = b;
	o->breaks[o->nbreaks++] = spec;
	return 0;
}

/* The operands: plan and log, or for --compare two logs and the plan. */
static int
operands(int argc, char *argv[], struct options *o, int *status)
{
	int want = o->compare ? 3 : o->port ? 1 : 2;

	if (argc - optind != want)
		return *status = usage_error("%s", argc - optind < want ?
		    (o->compare ? "need two logs and a plan" : o->port ?
		    "need the plan the robot runs" :
		    "need a plan and a log ('-' for stdin)") :
		    "too many arguments"), -1;
	if (o->compare) {
		o->log = argv[optind];
		o->log2 = argv[optind + 1];
		o->plan = argv[optind + 2];
		if (strcmp(o->log, "-") == 0 || strcmp(o->log2, "-") == 0 ||
		    strcmp(o->plan, "-") == 0)
			return *status = usage_error("%s", "--compare reads "
			    "files, not stdin"), -1;
		return 0;
	}
	o->plan = argv[optind];
	if (o->port) {
		o->log = o->port;
		return 0;
	}
	o->log = argv[optind + 1];
	if (strcmp(o->plan, "-") == 0 && strcmp(o->log, "-") == 0)
		return *status = usage_error("%s", "the plan and the log "
		    "cannot both come from stdin"), -1;
	return 0;
}

/* Options that do not go together. */
static int
exclusive(const struct options *o, int *status)
{
	const char *why = NULL;

	if (o->html && o->svg)
		why = "--html and --svg make one picture each: pick one";
	else if (o->serve && (o->html || o->svg || o->compare))
		why = "--serve serves the page: no --html, --svg or --compare";
	else if (o->compare && o->svg)
		why = "--compare makes a page (--html) or text, not --svg";
	else if (o->nbreaks && !o->serve)
		why = "--break is for --serve (a page's breakpoints are set "
		    "on the page)";
	else if (o->port && !o->serve)
		why = "--port is for --serve (the page steers the robot)";
	else if (o->serve && o->until >= 0)
		why = "--serve shows the run as it comes: no --until";
	if (why)
		return *status = usage_error("%s", why), -1;
	return 0;
}

static int
parse(int argc, char *argv[], struct options *o, int *status)
{
	static const struct option longopts[] = {
		{ "html", required_argument, NULL, OPT_HTML },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "plain", no_argument, NULL, OPT_PLAIN },
		{ "filter", required_argument, NULL, OPT_FILTER },
		{ "until", required_argument, NULL, OPT_UNTIL },
		{ "compare", no_argument, NULL, OPT_COMPARE },
		{ "serve", required_argument, NULL, OPT_SERVE },
		{ "break", required_argument, NULL, OPT_BREAK },
		{ "fade", required_argument, NULL, OPT_FADE },
		{ "port", required_argument, NULL, OPT_PORT },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(o, 0, sizeof *o);
	o->until = -1;
	o->fade_ms = PLANVIEW_FADE_MS;
	opterr = 0;	/* usage_bad_option speaks for getopt */
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_HTML:
			o->html = optarg;
			break;
		case OPT_SVG:
			o->svg = optarg;
			break;
		case OPT_PLAIN:
			o->plain = 1;
			break;
		case OPT_FILTER:
			o->filter = optarg;
			break;
		case OPT_UNTIL:
			if (num_long(optarg, 0, 2147483647L, &o->until) != 0)
				return *status = usage_error("--until: '%s' is "
				    "not a cycle number", optarg), -1;
			break;
		case OPT_COMPARE:
			o->compare = 1;
			break;
		case OPT_SERVE:
			o->serve = optarg;
			break;
		case OPT_FADE:
			if (num_long(optarg, 1, 86400, &o->fade_ms) != 0)
				return *status = usage_error("--fade: '%s' is "
				    "not a number of seconds (1 to 86400)",
				    optarg), -1;
			o->fade_ms *= 1000;
			break;
		case OPT_BREAK:
			if (add_break(o, optarg) < 0)
				return *status = EXIT_IOERR, -1;
			break;
		case OPT_PORT:
			o->port = optarg;
			break;
		case 'h':
			usage(stdout);
			return *status = EXIT_OK, -1;
		case OPT_VERSION:
			print_version();
			return *status = EXIT_OK, -1;
		default:
			return *status = usage_bad_option(c, argv), -1;
		}
	}
	if (exclusive(o, status) < 0 || operands(argc, argv, o, status) < 0)
		return -1;
	return 0;
}

static int
open_log(struct viewer *v)
{
	if (strcmp(v->o->log, "-") == 0) {
		v->fd = STDIN_FILENO;
		return EXIT_OK;
	}
	if ((v->fd = open(v->o->log, O_RDONLY)) < 0) {
		warnx_tool("%s: %s", v->o->log, strerror(errno));
		return EXIT_NOINPUT;
	}
	return EXIT_OK;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct viewer v;
	struct diag say = diag_for(NULL);
	int rc;

	if (parse(argc, argv, &o, &rc) < 0) {
		free(o.breaks);
		return rc;
	}
	memset(&v, 0, sizeof v);
	v.o = &o;
	v.fd = -1;
	if ((rc = run_status_exit(run_plan_load(o.plan, &v.lp, &say))) !=
	    EXIT_OK)
		return rc;
	if (planview_tree_open(&v.tree, &v.lp.plan) < 0 ||
	    planview_state_open(&v.state, &v.tree) < 0) {
		warnx_tool("out of memory");
		rc = EXIT_IOERR;
		goto out;
	}
	v.state.fade_ms = o.fade_ms;
	planview_log_init(&v.log, &v.tree);
	if (!o.port && (rc = open_log(&v)) != EXIT_OK)
		goto out;
	if (o.serve)
		rc = serve_run(&v);
	else if (o.compare)
		rc = compare_run(&v);
	else if (o.html || o.svg)
		rc = page_run(&v);
	else if (o.plain || !isatty(STDOUT_FILENO)) {
		v.log_clock = 1;
		rc = plain_run(&v);
	} else
		rc = live_run(&v);
out:
	if (v.fd > STDIN_FILENO)
		close(v.fd);
	planview_log_free(&v.log);
	planview_state_free(&v.state);
	planview_tree_free(&v.tree);
	run_plan_unload(&v.lp);
	free(o.breaks);
	return rc;
}
