/*
 * armctl - talk to a robot arm over a serial line: handshake, plans in and
 * out, start and stop, joint or Cartesian trajectories with obstacle
 * detection, the planner's monitor stream.  Options, dispatch, Ctrl-C.
 */
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/args.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/signals.h"
#include "host/usage.h"
#include "host/version.h"
#include "bus.h"
#include "ctl.h"

static volatile sig_atomic_t interrupted;	/* the signal, or 0 */

static void
on_signal(int sig)
{
	interrupted = sig;
}

static void
usage(FILE *fp)
{
	fputs(
"usage: armctl list [--all] [--probe]\n"
"       armctl [--port P] [--baud B] [--timeout MS] [--retries N] [--check]\n"
"              [-v] [--arm FILE] [--bus feetech|dynamixel] [--time-scale K]\n"
"              COMMAND [ARGS]\n"
"commands: info push pull start stop pos run monitor describe config\n"
"          telemetry session send prio mon counters state pause resume\n"
"          step rate; with --arm: goto home jog gripper; on a bus: torque\n"
"          setup-ids calibrate reboot joints\n", fp);
	usage_about(fp, "Talks to a robot over a serial line or TCP: plans up "
	    "and down, runs, motion,\nthe running plan's events and "
	    "controls; smart-servo arms on their own bus.");
}

/* Which command takes which command option (by getopt value). */
static const struct usage_only only_for[] = {
	{ 'p', "period", "run" }, { 't', "threshold", "run" },
	{ 'n', "persist", "run" }, { 'w', "pause", "run" },
	{ 'R', "resume", "run" },
	{ 'N', "names", "monitor session prio mon counters state" },
	{ 'c', "count", "monitor telemetry" },
	{ 'd', "duration", "monitor telemetry" },
	{ 'E', "events", "monitor config" },
	{ 'r', "rate", "start monitor config" },
	{ 'S', "start", "monitor" },
	{ 'F', "format",
	    "monitor describe config telemetry prio mon counters state rate" },
	{ 'e', "every", "telemetry" },
	{ 'f', "force", "push monitor session prio mon counters state" },
	{ 'X', "clear", "mon" },
	{ 'L', "links", "run" }, { 'J', "joints", "goto" },
	{ 'a', "all", "list" }, { 'B', "probe", "list" },
	{ 'l', "load", "run" }, { 'Z', "release", "run" },
	{ 'W', "write", "calibrate" }, { 'Y', "dry-run", "calibrate" },
	{ 'O', "output", "calibrate" }, { 'G', "approach", "run" },
	{ 'j', "from-lerobot", "calibrate" }, { 'x', "lerobot-out", "calibrate" },
	{ 'q', "detour", "run goto" }, { 'M', "obstacles", "run goto" },
	{ 's', "seed", "run goto" },
	{ 'o', "on-connect", "session" }, { 'D', "log-dir", "session" },
};

static const struct {
	const char *name;
	int (*fn)(struct ctl *, int, char **);
	int needs_link;
} commands[] = {
	/* push, run and monitor read their input before they connect */
	{ "list", cmd_list, 0 }, { "info", cmd_info, 1 },
	{ "push", cmd_push, 0 }, { "pull", cmd_pull, 1 },
	{ "start", cmd_start, 1 }, { "stop", cmd_stop, 1 },
	{ "pos", cmd_pos, 1 }, { "run", cmd_run, 0 },
	{ "monitor", cmd_monitor, 0 }, { "send", cmd_send, 1 },
	{ "goto", cmd_move, 1 }, { "home", cmd_move, 1 },
	{ "jog", cmd_move, 1 }, { "gripper", cmd_move, 1 },
	{ "prio", cmd_prio, 1 }, { "mon", cmd_mon, 1 },
	{ "counters", cmd_table, 1 }, { "state", cmd_table, 1 },
	{ "pause", cmd_pause, 1 }, { "resume", cmd_pause, 1 },
	{ "step", cmd_step, 1 }, { "rate", cmd_rate, 1 },
	/* config and telemetry check their arguments before they connect */
	{ "describe", cmd_describe, 1 }, { "config", cmd_config, 0 },
	{ "telemetry", cmd_telemetry, 0 },
	{ "session", cmd_session, 0 },
};

static int
bad(const char *opt, const char *arg, const char *why)
{
	return usage_error("--%s %s: %s", opt, arg, why);
}

static struct bus_opts bus;	/* --bus and its options (bus.c) */

/* The options of a servo bus. */
static int
set_bus_option(int ch, const char *arg)
{
	switch (ch) {
	case 'U':
		if (strcmp(arg, "feetech") != 0 && strcmp(arg, "dynamixel"))
			return bad("bus", arg, "want feetech or dynamixel");
		bus.bus = arg;
		return 0;
	case 'W': bus.write = 1; return 0;
	case 'j': bus.from_lerobot = arg; return 0;
	case 'x': bus.lerobot_out = arg; return 0;
	case 'Y': bus.dry_run = 1; return 0;
	case 'O': bus.output = arg; return 0;
	case 'Z': bus.release = 1; return 0;
	case 'l':
		return num_double(arg, &bus.load_pct) || bus.load_pct < 0 ||
		    bus.load_pct > 100 ? bad("load", arg, "want 0 to 100 %") :
		    0;
	}
	return EXIT_USAGE;
}

static int
set_option(struct ctl *c, int ch, const char *arg)
{
	long v;

	if (strchr("UWYOZljx", ch) != NULL)
		return set_bus_option(ch, arg);
	switch (ch) {
	case 'q': case 'M': case 's': return detour_option(c, ch, arg);
	case 'P': c->port_spec = arg; return 0;
	case 'C': c->check = 1; return 0;
	case 'A': c->arm_file = arg; return 0;
	case 'J': c->goto_joints = 1; return 0;
	case 'G': c->approach = 1; return 0;
	case 'K':
		return num_double(arg, &c->time_scale) || c->time_scale < 1 ||
		    c->time_scale > 1000 ? bad("time-scale", arg,
		    "want 1 to 1000") : 0;
	case 'v': c->verbose = 1; return 0;
	case 'R': c->resume = 1; return 0;
	case 'L': c->expect_links = arg; return 0;
	case 'N': c->names = arg; return 0;
	case 'E': c->events = arg; return 0;
	case 'a': c->list_all = 1; return 0;
	case 'B': c->list_probe = 1; return 0;
	case 'S': c->start_plan = 1; return 0;
	case 'X': c->mon_clear = 1; return 0;
	case 'f': c->force = 1; return 0;
	case 'e':
		return num_period_ms(arg, 20, 60000, &c->every_ms) == NUM_OK ?
		    0 : bad("every", arg, strlen(arg) >= 32 ? "want a period "
		    "like 250ms or 0.5s" : "want 20ms to 60s");
	case 'o': c->on_connect = arg; return 0;
	case 'D': c->log_dir = arg; return 0;
	case 'F':
		return evlog_format_parse(arg, &c->format) ? bad("format", arg,
		    "want csv or jsonl") : 0;
	case 'b':
		return num_long(arg, 50, 10000000L, &c->baud) ? bad("baud",
		    arg, "want a baud rate") : 0;
	case 'T':
		if (num_long(arg, 1, 600000L, &v))
			return bad("timeout", arg, "want 1 to 600000 ms");
		c->timeout_ms = (int)v;
		return 0;
	case 'k':
		if (num_long(arg, 0, 100, &v))
			return bad("retries", arg, "want 0 to 100");
		c->retries = (int)v;
		return 0;
	case 'p':
		return num_long(arg, 0, 65535, &c->period_ms) ? bad("period",
		    arg, "want 0 to 65535 ms") : 0;
	case 't':
		return num_double(arg, &c->threshold_deg) || c->threshold_deg
		    <= 0 || c->threshold_deg > 65 ? bad("threshold", arg,
		    "want degrees above 0 and at most 65") : 0;
	case 'n':
		return num_long(arg, 1, 1000, &c->persist) ? bad("persist",
		    arg, "want 1 to 1000 steps") : 0;
	case 'w':
		return num_long(arg, 0, 600000L, &c->pause_ms) ? bad("pause",
		    arg, "want 0 to 600000 ms") : 0;
	case 'c':
		return num_long(arg, 1, 2147483647L, &c->count) ? bad("count",
		    arg, "want a positive count") : 0;
	case 'd':
		return num_double(arg, &c->duration) || c->duration <= 0 ?
		    bad("duration", arg, "want positive seconds") : 0;
	case 'r':
		return num_long(arg, 1, 1000, &c->rate) ? bad("rate", arg,
		    "want 1 to 1000 cycles per second") : 0;
	}
	return EXIT_USAGE;
}

static const struct option longopts[] = {
	{ "port", required_argument, NULL, 'P' },
	{ "baud", required_argument, NULL, 'b' },
	{ "timeout", required_argument, NULL, 'T' },
	{ "retries", required_argument, NULL, 'k' },
	{ "check", no_argument, NULL, 'C' },
	{ "arm", required_argument, NULL, 'A' },
	{ "joints", no_argument, NULL, 'J' },
	{ "verbose", no_argument, NULL, 'v' },
	{ "period", required_argument, NULL, 'p' },
	{ "threshold", required_argument, NULL, 't' },
	{ "persist", required_argument, NULL, 'n' },
	{ "pause", required_argument, NULL, 'w' },
	{ "resume", no_argument, NULL, 'R' },
	{ "links", required_argument, NULL, 'L' },
	{ "names", required_argument, NULL, 'N' },
	{ "count", required_argument, NULL, 'c' },
	{ "duration", required_argument, NULL, 'd' },
	{ "events", required_argument, NULL, 'E' },
	{ "rate", required_argument, NULL, 'r' },
	{ "all", no_argument, NULL, 'a' },
	{ "probe", no_argument, NULL, 'B' },
	{ "bus", required_argument, NULL, 'U' },
	{ "load", required_argument, NULL, 'l' },
	{ "write", no_argument, NULL, 'W' },
	{ "dry-run", no_argument, NULL, 'Y' },
	{ "output", required_argument, NULL, 'O' },
	{ "release", no_argument, NULL, 'Z' },
	{ "approach", no_argument, NULL, 'G' },
	{ "time-scale", required_argument, NULL, 'K' },
	{ "detour", required_argument, NULL, 'q' },
	{ "obstacles", required_argument, NULL, 'M' },
	{ "seed", required_argument, NULL, 's' },
	{ "from-lerobot", required_argument, NULL, 'j' },
	{ "lerobot-out", required_argument, NULL, 'x' },
	{ "format", required_argument, NULL, 'F' },
	{ "start", no_argument, NULL, 'S' },
	{ "clear", no_argument, NULL, 'X' },
	{ "every", required_argument, NULL, 'e' },
	{ "force", no_argument, NULL, 'f' },
	{ "on-connect", required_argument, NULL, 'o' },
	{ "log-dir", required_argument, NULL, 'D' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};
static const char shortopts[] = ":vh";

/* -h or --version: done; only a session goes on to its next line. */
#define PARSE_DONE (-2)

static int
parse(int argc, char **argv, struct ctl *c, int *seen)
{
	int ch, r;

	opterr = 0;	/* our own messages, with the short tool name */
	optind = 0;	/* glibc: start afresh, for each line of a session */
	while ((ch = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (ch == 'h' || ch == 'V') {
			if (ch == 'h')
				usage(stdout);
			else
				print_version();
			if (c->shared)
				return PARSE_DONE;
			exit(EXIT_OK);
		}
		if (ch == '?' || ch == ':') {
			return usage_bad_option(ch, argv);
		}
		if ((r = set_option(c, ch, optarg)) != 0)
			return r;
		seen[ch & 0x7F] = 1;
	}
	return 0;
}

/* Refuse a command option given to the wrong command. */
static int
check_options(const char *command, const int *seen)
{
	return usage_only_for(only_for, sizeof only_for / sizeof only_for[0],
	    seen, command);
}

static void
catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;	/* no SA_RESTART: waits end early */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sig_ignore_pipe();
}

/* Die of the signal that came, as the shell expects. */
static int
die_of_signal(void)
{
	int sig = interrupted ? interrupted : SIGINT;

	signal(sig, SIG_DFL);
	raise(sig);
	return EXIT_JOB_FAILED;	/* only if the signal did not end us */
}

/* Ctrl-C: stop the arm, then die of the signal. */
static int
interrupted_exit(struct ctl *c, const char *command)
{
	int stream = strcmp(command, "monitor") == 0 ||
	    strcmp(command, "telemetry") == 0;

	/* (the handshake alone ends a stream) */
	if (ctl_stop_after_signal(c, !stream) == 0 && !stream)
		warnx_tool("interrupted: the arm is stopped");
	ctl_disconnect(c);
	return die_of_signal();
}

/* --arm FILE: the description the arm commands and run, pos use. */
static int
load_arm(struct ctl *c, const char *command)
{
	static struct arm_desc desc;
	struct diag say = diag_for(NULL);
	static const char *const needs[] = { "goto", "home", "jog", "gripper",
	    NULL };
	int i, r;

	if (c->arm_file == NULL) {
		for (i = 0; needs[i]; i++)
			if (strcmp(command, needs[i]) == 0)
				return usage_error("%s needs --arm FILE", command);
		return 0;
	}
	if ((r = arm_status_exit(arm_load(&desc, c->arm_file, &say))) != 0)
		return r;
	c->arm = &desc;
	return 0;
}

/* --bus: the commands of a servo-bus arm; Ctrl-C leaves it holding. */
static int
run_bus(struct ctl *c, const int *seen, int argc, char **argv)
{
	int r;

	if ((r = check_options(argv[0], seen)) != 0 ||
	    (r = load_arm(c, "")) != 0)
		return r;
	if (!seen['b'])
		c->baud = 1000000;
	if (!seen['T'])
		c->timeout_ms = 50;
	if (!seen['k'])
		c->retries = 2;
	catch_signals();
	r = bus_command(c, &bus, argc, argv);
	ctl_disconnect(c);
	if (r == CTL_INTERRUPTED)
		return die_of_signal();
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warnx_tool("writing the output failed");
		return r ? r : EXIT_IOERR;
	}
	return r;
}

/* Every option's default: for the command line and each session line. */
static void
defaults(struct ctl *c)
{
	memset(c, 0, sizeof *c);
	c->baud = 115200;
	c->timeout_ms = 300;
	c->retries = 5;
	c->period_ms = 35;
	c->threshold_deg = 5;
	c->persist = 2;
	c->pause_ms = 500;
	c->time_scale = 1;
	c->interrupted = &interrupted;
	client_init(&c->own);
	c->cl = &c->own;
	memset(&bus, 0, sizeof bus);
	bus.load_pct = 40;
}

static int
find_command(const char *command, size_t *i)
{
	for (*i = 0; *i < sizeof commands / sizeof commands[0]; ++*i)
		if (strcmp(commands[*i].name, command) == 0)
			return 0;
	return usage_error("unknown command: %s", command);
}

/* The command after the options: connect if it needs it, run it. */
static int
run_command(struct ctl *c, const int *seen, int argc, char **argv)
{
	const char *command = argv[0];
	size_t i;
	int r;

	if (seen['l'] || seen['W'] || seen['Y'] || seen['O'] || seen['Z'] ||
	    seen['j'] || seen['x'])
		return usage_error("--load, --release, --write, --dry-run, "
		    "--output, --from-lerobot and --lerobot-out need --bus");
	if ((r = find_command(command, &i)) != 0 ||
	    (r = check_options(command, seen)) != 0 ||
	    (r = load_arm(c, command)) != 0)
		return r;
	catch_signals();
	if (commands[i].needs_link && (r = ctl_connect(c)) != 0) {
		if (r == CTL_INTERRUPTED)
			return interrupted_exit(c, command);
		ctl_disconnect(c);
		return r;
	}
	r = commands[i].fn(c, argc, argv);
	if (r == CTL_INTERRUPTED)
		return interrupted_exit(c, command);
	ctl_disconnect(c);
	if (!c->stdout_gone && (fflush(stdout) != 0 || ferror(stdout))) {
		warnx_tool("writing the output failed");
		return r ? r : EXIT_IOERR;
	}
	return r;
}

static int
armctl(int argc, char **argv)
{
	static struct ctl c;
	int seen[128] = { 0 };
	int r;

	defaults(&c);
	if ((r = parse(argc, argv, &c, seen)) != 0)
		return r;
	if (optind >= argc) {
		return usage_error("no command");
	}
	if (bus.bus)
		return run_bus(&c, seen, argc - optind, argv + optind);
	return run_command(&c, seen, argc - optind, argv + optind);
}

/* A session's line: its own options, the session's link (ctl.h). */
static int
session_line(struct ctl *link, struct ctl *c, int argc, char **argv)
{
	int seen[128] = { 0 };
	int r;

	defaults(c);
	c->shared = 1;	/* -h ends the line, not the session */
	if ((r = parse(argc, argv, c, seen)) != 0)
		return r == PARSE_DONE ? 0 : r;
	if (optind >= argc)
		return usage_error("no command");
	if (seen['P'] || seen['b'] || bus.bus)
		return usage_error("--port, --baud and --bus belong on the "
		    "session's own command line");
	if (strcmp(argv[optind], "session") == 0)
		return usage_error("a session does not nest: use @FILE");
	ctl_share_link(c, link);
	return run_command(c, seen, argc - optind, argv + optind);
}

/* argv with negative numbers protected from getopt (goto -100,0,50 and
   jog base -10 are numbers, not options) and its count; NULL: no memory
   (said). */
static char **
protected_args(int argc, char **argv, int *ac)
{
	char **av;

	if ((av = args_protect_numbers(argc, argv, longopts, shortopts)) ==
	    NULL) {
		warnx_tool("out of memory");
		return NULL;
	}
	for (*ac = 0; av[*ac]; (*ac)++)
		;
	return av;
}

int
armctl_line(struct ctl *link, int argc, char **argv)
{
	struct ctl c;
	char **av;
	int ac, r;

	if ((av = protected_args(argc, argv, &ac)) == NULL)
		return EXIT_IOERR;
	r = session_line(link, &c, ac, av);
	free(av);
	return r;
}

int
main(int argc, char **argv)
{
	char **av;
	int ac, r;

	if ((av = protected_args(argc, argv, &ac)) == NULL)
		return EXIT_IOERR;
	r = armctl(ac, av);
	free(av);
	return r;
}
