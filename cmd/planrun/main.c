/*
 * planrun - run a compiled plan against senses: from a CSV script, a
 * co-process agent or a replayed log.  Prints the actions as CSV, writes
 * the event log, counts.  Parses arguments, opens files, and hands the
 * work to lib/run and core/planner.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "host/version.h"
#include "planrun.h"

/* exit_status's word for RUN_CLOSED: no exit status, main dies of
   SIGPIPE instead. */
#define EXIT_CLOSED (-1)

/* The agent running now, for on_signal: none may outlive planrun. */
static struct agent *volatile running_agent;

/* The signals on_signal handles: Ctrl-C, kill, hangup. */
static const int fatal[] = { SIGINT, SIGTERM, SIGHUP };

static void
fatal_signals(sigset_t *set)
{
	size_t i;

	sigemptyset(set);
	for (i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		sigaddset(set, fatal[i]);
}

enum run_status
start_agent(struct agent *a, const char *command, int timeout_ms,
    struct diag *say)
{
	sigset_t set, old;
	enum run_status rc;

	fatal_signals(&set);
	sigprocmask(SIG_BLOCK, &set, &old);
	if ((rc = run_agent_start(a, command, timeout_ms, say)) == RUN_OK)
		running_agent = a;
	sigprocmask(SIG_SETMASK, &old, NULL);
	return rc;
}

void
forget_agent(void)
{
	running_agent = NULL;
}

/* Ctrl-C, kill, hangup: the agent's process group first, then die of
   the signal as the shell expects. */
static void
on_signal(int sig)
{
	if (running_agent != NULL)
		run_agent_kill(running_agent);
	signal(sig, SIG_DFL);
	raise(sig);
}

struct options {
	const char *plan, *senses, *agent, *replay, *result;
	const char *output, *log, *monitor, *stats;
	enum table_format format;
	int header, bench, stats_wanted;
	long timeout_ms;
	int tick_every_given;
	struct run_options run;
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: planrun [--senses file.csv | --agent cmd | --replay log]\n"
	    "               [--result rules] [--cycles n] [--tick-every k |"
	    " --rate hz]\n"
	    "               [--tick-ms ms] [-o file] [--log file|-]"
	    " [--monitor list]\n"
	    "               [--stats[=file]] [--format csv|tsv|jsonl]"
	    " [--no-header]\n"
	    "               [--timeout s] [--bench] plan.plan\n");
	usage_about(fp, "Runs a compiled plan against recorded senses, an "
	    "agent program or a logged run,\nprinting its actions and, with "
	    "--log, why it took them.");
}

/* Parses argv into o; EXIT_OK, or an exit status (help and version too). */
static int
parse_args(int argc, char *argv[], struct options *o, int *finished)
{
	enum { OPT_SENSES = 256, OPT_AGENT, OPT_REPLAY, OPT_RESULT,
	    OPT_CYCLES, OPT_TICK_EVERY, OPT_RATE, OPT_TICK_MS, OPT_LOG,
	    OPT_MONITOR, OPT_STATS, OPT_FORMAT, OPT_NO_HEADER, OPT_TIMEOUT,
	    OPT_BENCH, OPT_VERSION };
	static const struct option longopts[] = {
		{ "senses", required_argument, NULL, OPT_SENSES },
		{ "agent", required_argument, NULL, OPT_AGENT },
		{ "replay", required_argument, NULL, OPT_REPLAY },
		{ "result", required_argument, NULL, OPT_RESULT },
		{ "cycles", required_argument, NULL, OPT_CYCLES },
		{ "tick-every", required_argument, NULL, OPT_TICK_EVERY },
		{ "rate", required_argument, NULL, OPT_RATE },
		{ "tick-ms", required_argument, NULL, OPT_TICK_MS },
		{ "output", required_argument, NULL, 'o' },
		{ "log", required_argument, NULL, OPT_LOG },
		{ "monitor", required_argument, NULL, OPT_MONITOR },
		{ "stats", optional_argument, NULL, OPT_STATS },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "no-header", no_argument, NULL, OPT_NO_HEADER },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "bench", no_argument, NULL, OPT_BENCH },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	double rate;
	long v;
	int c;

	*finished = 0;
	opterr = 0;	/* usage_bad_option speaks for getopt */
	while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_SENSES:
			o->senses = optarg;
			break;
		case OPT_AGENT:
			o->agent = optarg;
			break;
		case OPT_REPLAY:
			o->replay = optarg;
			break;
		case OPT_RESULT:
			o->result = optarg;
			break;
		case OPT_CYCLES:
			if (usage_long("--cycles", optarg, 0, 0x7fffffffL,
			    &o->run.cycles) < 0)
				return EXIT_USAGE;
			break;
		case OPT_TICK_EVERY:
			if (usage_long("--tick-every", optarg, 0, 0x7fffffffL,
			    &o->run.tick_every) < 0)
				return EXIT_USAGE;
			o->tick_every_given = 1;
			break;
		case OPT_RATE:
			if (num_double(optarg, &rate) != NUM_OK || rate <= 0 ||
			    rate > 1e6)
				return usage_error("--rate: '%s' is not a rate "
				    "in cycles per second (0 < hz <= 1e6)",
				    optarg);
			o->run.rate = rate;
			break;
		case OPT_TICK_MS:
			if (usage_long("--tick-ms", optarg, 1, 0x7fffffffL,
			    &o->run.tick_ms) < 0)
				return EXIT_USAGE;
			break;
		case 'o':
			o->output = optarg;
			break;
		case OPT_LOG:
			o->log = optarg;
			break;
		case OPT_MONITOR:
			o->monitor = optarg;
			break;
		case OPT_STATS:
			o->stats_wanted = 1;
			o->stats = optarg;
			break;
		case OPT_FORMAT:
			if (table_format_parse(optarg, &o->format) < 0)
				return usage_error("--format: '%s' is not csv, "
				    "tsv or jsonl", optarg);
			break;
		case OPT_NO_HEADER:
			o->header = 0;
			break;
		case OPT_TIMEOUT:
			if (usage_long("--timeout", optarg, 1, 86400, &v) < 0)
				return EXIT_USAGE;
			o->timeout_ms = v * 1000;
			break;
		case OPT_BENCH:
			o->bench = 1;
			break;
		case 'h':
			usage(stdout);
			*finished = 1;
			return EXIT_OK;
		case OPT_VERSION:
			print_version();
			*finished = 1;
			return EXIT_OK;
		default:
			return usage_bad_option(c, argv);
		}
	}
	if (argc - optind != 1)
		return usage_error("%s", argc - optind ? "one plan at a time" :
		    "no plan file");
	o->plan = argv[optind];
	return EXIT_OK;
}

/* The combinations that make no sense. */
static int
check_args(struct options *o)
{
	int sources = !!o->senses + !!o->agent + !!o->replay;

	if (sources > 1)
		return usage_error("%s", "--senses, --agent and --replay are "
		    "alternatives: give one");
	if (o->agent && o->result)
		return usage_error("%s", "--result is for --senses and "
		    "--replay: the agent answers for itself");
	if (o->run.rate > 0 && o->tick_every_given)
		return usage_error("%s", "--tick-every is for simulated time; "
		    "with --rate ticks follow the clock (--tick-ms)");
	if (o->bench && (o->agent || o->replay || o->log))
		return usage_error("%s", "--bench runs the planner alone: "
		    "--senses and --result only");
	if (o->output && o->log && strcmp(o->output, "-") == 0 &&
	    strcmp(o->log, "-") == 0)
		return usage_error("%s", "the actions (-o -) and the log "
		    "(--log -) cannot both go to stdout");
	return EXIT_OK;
}

int
exit_status(enum run_status s)
{
	return s == RUN_CLOSED ? EXIT_CLOSED : run_status_exit(s);
}

/* A reactive plan runs until its source ends, or for --cycles. */
static int
check_length(const struct options *o)
{
	if (o->run.cycles < 0 && !o->senses && !o->agent && !o->replay &&
	    !o->bench)
		return usage_error("%s", "--cycles is needed when no --senses, "
		    "--agent or --replay says how long to run");
	return EXIT_OK;
}

/* A task plan (task.c): the options that mean something for it. */
static int
task_session(const struct options *o, const struct loaded_plan *lp)
{
	struct task_options t;

	if (o->replay || o->result || o->monitor || o->stats_wanted ||
	    o->bench || o->tick_every_given)
		return usage_error("%s", "a task plan takes --senses or --agent, "
		    "--cycles, --rate, -o, --log, --format, --no-header and "
		    "--timeout");
	memset(&t, 0, sizeof t);
	t.senses = o->senses;
	t.agent = o->agent;
	t.output = o->output;
	t.log = o->log;
	t.format = o->format;
	t.header = o->header;
	t.cycles = o->run.cycles;
	t.rate = o->run.rate;
	t.timeout_ms = (int)o->timeout_ms;
	return run_task(lp, &t);
}

/* Everything a run holds open, so one function can release it. */
struct session {
	struct loaded_plan lp;
	struct names names;
	struct rules rules;
	struct script script;
	struct agent agent;
	struct replay replay;
	struct eventlog log;
	struct table actions;
	struct atomic_file out, logf;
	int out_open, log_open, agent_started, script_open;
	struct run run;
	struct diag say;	/* lib/run's messages */
};

/* Sense source and result rules; an exit status. */
static int
open_sources(struct options *o, struct session *s)
{
	int rc;

	if (!o->agent && run_rules_parse(&s->rules, o->result, &s->names,
	    &s->say) < 0) {
		return usage_hint();
	}
	s->run.rules = &s->rules;
	if (o->senses) {
		s->script_open = 1;
		if ((rc = run_script_open(&s->script, o->senses, &s->names,
		    &o->run)) != 0)
			return exit_status(rc);
		s->run.script = &s->script;	/* no --cycles: to its end */
	}
	if (o->replay) {
		if ((rc = run_replay_open(&s->replay, o->replay, &s->names,
		    &s->say)) != 0)
			return exit_status(rc);
		s->run.replay = &s->replay;	/* no --cycles: to its end */
		s->run.o.replay_ticks = !o->tick_every_given;
	}
	if (o->agent) {
		if ((rc = start_agent(&s->agent, o->agent,
		    (int)o->timeout_ms, &s->say)) != 0)
			return exit_status(rc);
		s->agent_started = 1;
		s->run.agent = &s->agent;
	}
	return EXIT_OK;
}

/* Opens "-" or a file (written whole or not at all); an exit status. */
static int
open_output(const char *path, struct atomic_file *af, int *opened)
{
	if (atomic_open(af, path) < 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		return EXIT_IOERR;
	}
	*opened = 1;
	return EXIT_OK;
}

static int
open_sinks(struct options *o, struct session *s)
{
	static const char *const columns[] = {
		"cycle", "time_ms", "action", "value"
	};
	const char *out = o->output;
	int rc;

	if (o->log) {
		if ((rc = open_output(o->log, &s->logf, &s->log_open)) != 0)
			return rc;
		/* the log has one shape: CSV, or its JSON-lines twin */
		run_eventlog_init(&s->log, s->logf.fp, o->format == TABLE_JSONL ?
		    EVLOG_JSONL : EVLOG_CSV, &s->names, o->header);
		s->run.log = &s->log;
	}
	/* with the log on stdout, the actions are only printed if asked */
	if (out == NULL && !(o->log && strcmp(o->log, "-") == 0))
		out = "-";
	if (out) {
		if ((rc = open_output(out, &s->out, &s->out_open)) != 0)
			return rc;
		table_init(&s->actions, s->out.fp, o->format,
		    TABLE_ROUND_TRIP, columns, 4);
		if (o->header)
			table_header(&s->actions);
		s->run.actions = &s->actions;
	}
	return EXIT_OK;
}

/* Monitor flags: everything by default, else the plan's and the list's. */
static int
set_monitor(struct options *o, struct session *s)
{
	if (!s->run.log || !o->monitor)
		return EXIT_OK;
	planner_reset(&s->run.pl);	/* back to the plan's own flags */
	s->log.log_idle = 0;
	if (run_monitor_apply(&s->run.pl, &s->names, o->monitor,
	    &s->log.log_idle, &s->say) < 0) {
		return usage_hint();
	}
	return EXIT_OK;
}

/* --stats: to stderr, to stdout (-) or to a file written whole. */
static int
write_stats(struct options *o, struct session *s)
{
	struct atomic_file af;

	if (o->stats == NULL || strcmp(o->stats, "-") == 0) {
		run_stats(&s->run, o->stats ? stdout : stderr);
		return EXIT_OK;
	}
	if (atomic_open(&af, o->stats) < 0) {
		warnx_tool("%s: %s", o->stats, strerror(errno));
		return EXIT_IOERR;
	}
	run_stats(&s->run, af.fp);
	if (atomic_commit(&af) < 0) {
		warnx_tool("%s: %s", o->stats, strerror(errno));
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

/* Commit one output if the run went to its end, else leave no partial
   file; the status, EXIT_IOERR when the commit failed. */
int
close_output(struct atomic_file *af, int rc)
{
	if (rc != EXIT_OK && rc != EXIT_JOB_FAILED) {
		atomic_abort(af);
		return rc;
	}
	if (atomic_commit(af) < 0) {
		warnx_tool("%s: %s", af->path, strerror(errno));
		return EXIT_IOERR;
	}
	return rc;
}

/* Commit the outputs if the run went to its end (well, or with cycles
   that reported errors: exit 1), else leave no partial file. */
static int
close_session(struct session *s, int rc)
{
	if (s->agent_started) {
		run_agent_stop(&s->agent);
		forget_agent();
	}
	if (s->out_open)
		rc = close_output(&s->out, rc);
	if (s->log_open)
		rc = close_output(&s->logf, rc);
	run_free(&s->run);
	run_replay_close(&s->replay);
	if (s->script_open)
		run_script_close(&s->script);
	run_rules_free(&s->rules);
	evlog_names_free(&s->names);
	run_plan_unload(&s->lp);
	return rc;
}

static int
run_session(struct options *o, struct session *s)
{
	int rc;

	s->say = diag_for(NULL);
	s->run.say = &s->say;
	if ((rc = run_plan_load(o->plan, &s->lp, &s->say)) != 0)
		return exit_status(rc);
	/* a task machine runs on core/task, anything else on the planner */
	if (s->lp.plan.flags & PLAN_F_TASK)
		return task_session(o, &s->lp);
	if ((rc = check_length(o)) != 0)
		return rc;
	if (evlog_names_init(&s->names, &s->lp.plan) < 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	s->run.o = o->run;
	if ((rc = open_sources(o, s)) != 0)
		return rc;
	if (o->bench) {
		if ((rc = run_init(&s->run, &s->lp.plan, &s->names)) != 0)
			return exit_status(rc);
		s->run.o.cycles = o->run.cycles >= 0 ? o->run.cycles :
		    10000000L;
		return run_bench(&s->run, o->plan, stdout, o->result != NULL);
	}
	if ((rc = open_sinks(o, s)) != 0 ||
	    (rc = exit_status(run_init(&s->run, &s->lp.plan,
	    &s->names))) != 0 ||
	    (rc = set_monitor(o, s)) != 0)
		return rc;
	/* a run whose cycles reported errors (1) is whole: stats too */
	rc = exit_status(run_plan(&s->run));
	if (rc != EXIT_OK && rc != EXIT_JOB_FAILED)
		return rc;
	if (o->stats_wanted && write_stats(o, s) != EXIT_OK)
		return EXIT_IOERR;
	return rc;
}

int
main(int argc, char *argv[])
{
	struct options o;
	struct session *s;
	int rc, finished;
	size_t i;

	memset(&o, 0, sizeof o);
	o.header = 1;
	o.format = TABLE_CSV;
	o.timeout_ms = 10000;
	o.run.cycles = -1;
	o.run.tick_every = 1;
	o.run.tick_ms = 1000;
	if ((rc = parse_args(argc, argv, &o, &finished)) != EXIT_OK ||
	    finished)
		return rc;
	if ((rc = check_args(&o)) != EXIT_OK)
		return rc;
	signal(SIGPIPE, SIG_IGN);	/* a dead agent is an error, not death */
	for (i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		signal(fatal[i], on_signal);
	if ((s = calloc(1, sizeof *s)) == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	rc = close_session(s, run_session(&o, s));
	free(s);
	if (rc == EXIT_CLOSED) {
		/* the reader went away: end as a filter does, quietly, of
		   the SIGPIPE set aside for the agent */
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		rc = EXIT_OK;
	}
	return rc;
}
