/*
 * worldsim - the Instinct Robot World: many robots in a grid world, each
 * running a compiled plan (and a monitor plan), shown in the terminal or
 * as a GIF, with statistics and logs.  Parses arguments, loads the files
 * and hands the world to lib/world; the outputs live beside this file.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/signals.h"
#include "host/usage.h"
#include "host/version.h"
#include "run/load.h"
#include "world/outputs.h"
#include "world/sim.h"
#include "world/tables.h"
#include "worldsim.h"

struct options {
	const char *plan, *monitor, *map, *profile, *stats, *gif, *frames;
	const char *trace, *log, *mate_drive, *mate_above;
	long robots, ticks, seed, stats_every, log_robots, mate_range, px;
	long frame_every;
	double rate;
	int show, header, print_map, stats_given, bench, rate_given;
};

/* The signal that asked worldsim to stop (the run ends after its tick,
   keeping what it wrote), or 0. */
static volatile sig_atomic_t stop_signal;

static void
on_signal(int sig)
{
	stop_signal = sig;
}

/* Ctrl-C, kill and hang-up end the run at a tick's end (caught before
   any output is opened, so this is the only handler); one ignored when
   worldsim started (nohup, a background job) stays ignored. */
static void
catch_signals(void)
{
	sig_catch_endings(on_signal, SIG_KEEP_IGNORED);
}

/* Die of the signal that stopped the run, as the shell expects. */
static void
die_of_signal(void)
{
	signal(stop_signal, SIG_DFL);
	raise(stop_signal);
}

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: worldsim --plan file.plan [--monitor-plan file.plan]"
	    " [--robots n]\n"
	    "                [--ticks n] [--seed n] [--map file]"
	    " [--profile file.yaml]\n"
	    "                [--stats[=file]] [--stats-every k] [--no-header]"
	    "\n"
	    "                [--show] [--rate hz] [--gif file] [--frames dir]"
	    " [--cell-px n]\n"
	    "                [--frame-every k] [--trace file] [--log dir]"
	    " [--log-robots n]\n"
	    "               "
	    " [--mate-drive name]\n"
	    "                [--mate-above name] [--mate-range n] [--bench]\n"
	    "       worldsim --print-map [--map file]\n");
	usage_about(fp, "Many robots, each running a compiled plan, in the "
	    "Instinct Robot World:\nstatistics, pictures and event logs.");
}

enum { OPT_PLAN = 256, OPT_MONITOR, OPT_ROBOTS, OPT_TICKS, OPT_SEED,
    OPT_MAP, OPT_PROFILE, OPT_STATS, OPT_STATS_EVERY, OPT_NO_HEADER,
    OPT_SHOW, OPT_RATE, OPT_GIF, OPT_FRAMES, OPT_PX, OPT_FRAME_EVERY,
    OPT_TRACE, OPT_LOG, OPT_LOG_ROBOTS, OPT_MATE_DRIVE, OPT_MATE_ABOVE,
    OPT_MATE_RANGE, OPT_PRINT_MAP,
    OPT_BENCH, OPT_VERSION };

static const struct option longopts[] = {
	{ "plan", required_argument, NULL, OPT_PLAN },
	{ "monitor-plan", required_argument, NULL, OPT_MONITOR },
	{ "robots", required_argument, NULL, OPT_ROBOTS },
	{ "ticks", required_argument, NULL, OPT_TICKS },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "map", required_argument, NULL, OPT_MAP },
	{ "profile", required_argument, NULL, OPT_PROFILE },
	{ "stats", optional_argument, NULL, OPT_STATS },
	{ "stats-every", required_argument, NULL, OPT_STATS_EVERY },
	{ "no-header", no_argument, NULL, OPT_NO_HEADER },
	{ "show", no_argument, NULL, OPT_SHOW },
	{ "rate", required_argument, NULL, OPT_RATE },
	{ "gif", required_argument, NULL, OPT_GIF },
	{ "frames", required_argument, NULL, OPT_FRAMES },
	{ "cell-px", required_argument, NULL, OPT_PX },
	{ "frame-every", required_argument, NULL, OPT_FRAME_EVERY },
	{ "trace", required_argument, NULL, OPT_TRACE },
	{ "log", required_argument, NULL, OPT_LOG },
	{ "log-robots", required_argument, NULL, OPT_LOG_ROBOTS },
	{ "mate-drive", required_argument, NULL, OPT_MATE_DRIVE },
	{ "mate-above", required_argument, NULL, OPT_MATE_ABOVE },
	{ "mate-range", required_argument, NULL, OPT_MATE_RANGE },
	{ "print-map", no_argument, NULL, OPT_PRINT_MAP },
	{ "bench", no_argument, NULL, OPT_BENCH },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

/* One option into o; EXIT_OK or a usage status. */
static int
take_option(int ch, struct options *o)
{
	enum num_error e;

	switch (ch) {
	case OPT_PLAN: o->plan = optarg; break;
	case OPT_MONITOR: o->monitor = optarg; break;
	case OPT_MAP: o->map = optarg; break;
	case OPT_PROFILE: o->profile = optarg; break;
	case OPT_STATS: o->stats = optarg; o->stats_given = 1; break;
	case OPT_NO_HEADER: o->header = 0; break;
	case OPT_SHOW: o->show = 1; break;
	case OPT_GIF: o->gif = optarg; break;
	case OPT_FRAMES: o->frames = optarg; break;
	case OPT_TRACE: o->trace = optarg; break;
	case OPT_LOG: o->log = optarg; break;
	case OPT_MATE_DRIVE: o->mate_drive = optarg; break;
	case OPT_MATE_ABOVE: o->mate_above = optarg; break;
	case OPT_PRINT_MAP: o->print_map = 1; break;
	case OPT_BENCH: o->bench = 1; break;
	case OPT_ROBOTS:
		return usage_long("--robots", optarg, 1, WORLD_MAX_ROBOTS,
		    &o->robots) < 0 ? EXIT_USAGE : EXIT_OK;
	case OPT_LOG_ROBOTS:
		return usage_long("--log-robots", optarg, 1, WORLD_MAX_ROBOTS,
		    &o->log_robots) < 0 ? EXIT_USAGE : EXIT_OK;
	case OPT_TICKS:
		return usage_long("--ticks", optarg, 0, 2000000000L,
		    &o->ticks) < 0 ? EXIT_USAGE : EXIT_OK;
	case OPT_SEED:
		return usage_long("--seed", optarg, 0, 4294967295L,
		    &o->seed) < 0 ? EXIT_USAGE : EXIT_OK;
	case OPT_STATS_EVERY:
		return usage_long("--stats-every", optarg, 1, 2000000000L,
		    &o->stats_every) < 0 ? EXIT_USAGE : EXIT_OK;
	case OPT_FRAME_EVERY:
		return usage_long("--frame-every", optarg, 1, 2000000000L,
		    &o->frame_every) < 0 ? EXIT_USAGE : EXIT_OK;
	case OPT_PX:
		return usage_long("--cell-px", optarg, 1, 64, &o->px) < 0 ?
		    EXIT_USAGE : EXIT_OK;
	case OPT_MATE_RANGE:
		return usage_long("--mate-range", optarg, 1, 65535,
		    &o->mate_range) < 0 ? EXIT_USAGE : EXIT_OK;
	case OPT_RATE:
		o->rate_given = 1;
		if ((e = num_double(optarg, &o->rate)) != NUM_OK)
			return usage_error("--rate: '%s': %s", optarg,
			    num_strerror(e));
		if (o->rate < 0 || o->rate > 1e6)
			return usage_error("--rate: '%s': between 0 and "
			    "1000000 ticks per second", optarg);
		break;
	default:
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

static int
parse_args(int argc, char *argv[], struct options *o, int *finished)
{
	int ch, rc;

	memset(o, 0, sizeof *o);
	o->robots = 6;
	o->ticks = 1000;
	o->seed = 1;
	o->header = 1;
	o->px = 8;
	o->frame_every = 1;
	o->mate_drive = "Mate";
	o->mate_above = "Explore";
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		if (ch == 'h') {
			usage(stdout);
			*finished = 1;
			return EXIT_OK;
		}
		if (ch == OPT_VERSION) {
			print_version();
			*finished = 1;
			return EXIT_OK;
		}
		if (ch == '?' || ch == ':')
			return usage_bad_option(ch, argv);
		if ((rc = take_option(ch, o)) != EXIT_OK)
			return rc;
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	if (!o->print_map && o->plan == NULL)
		return usage_error("no plan: give --plan file.plan");
	if (o->stats_every && !o->stats_given)
		o->stats_given = 1;
	return EXIT_OK;
}

/* What a run holds: the options, the plans, the world. */
struct sim {
	struct options o;
	struct loaded_plan plan, monitor;
	struct world_sim ws;
	struct diag diag;	/* lib/world's complaints: on stderr */
};

/* The options as lib/world takes them, the plans loaded. */
static int
set_up(const struct options *o, struct loaded_plan *plan,
    struct loaded_plan *monitor, struct world_sim *s, struct diag *d)
{
	struct world_setup ws;
	int rc;

	if ((rc = world_status_exit(world_sim_map(s, o->map, d))) !=
	    EXIT_OK ||
	    (rc = run_status_exit(run_plan_load(o->plan, plan, d))) !=
	    EXIT_OK || (o->monitor && (rc = run_status_exit(run_plan_load(
	    o->monitor, monitor, d))) != EXIT_OK))
		return rc;
	memset(&ws, 0, sizeof ws);
	ws.plan_path = plan->path;
	ws.plan = &plan->plan;
	ws.monitor_path = o->monitor;
	ws.monitor = o->monitor ? &monitor->plan : NULL;
	ws.profile = o->profile;
	ws.log = o->log;
	ws.mate_drive = o->mate_drive;
	ws.mate_above = o->mate_above;
	ws.robots = o->robots;
	ws.seed = o->seed;
	ws.log_robots = o->log_robots;
	ws.mate_range = o->mate_range;
	return world_status_exit(world_sim_build(s, &ws));
}

static int
print_map(const struct options *o, struct world_sim *s, struct diag *d)
{
	uint16_t y;
	int rc;

	if ((rc = world_status_exit(world_sim_map(s, o->map, d))) != EXIT_OK)
		return rc;
	for (y = 0; y < s->map.h; y++) {
		fwrite(s->map.cell + (size_t)y * s->map.w, 1, s->map.w,
		    stdout);
		putchar('\n');
	}
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_IOERR;
}

struct outputs {
	struct world_outputs files;
	struct show show;
};

/* On a terminal --show draws at the original's 8 ticks a second unless
   --rate says otherwise; elsewhere as fast as it can. */
static double
show_rate(const struct options *o)
{
	if (o->rate_given)
		return o->rate;
	return isatty(STDOUT_FILENO) ? 8 : 0;
}

static int
open_outputs(struct sim *s, struct outputs *out)
{
	const struct options *o = &s->o;
	struct world_outputs_setup ws;
	int rc;

	memset(out, 0, sizeof *out);
	memset(&ws, 0, sizeof ws);
	if (o->stats_given || (!o->show && !o->gif && !o->frames && !o->log &&
	    !o->trace && !o->bench))
		ws.stats = o->stats ? o->stats : "-";
	ws.trace = o->trace;
	ws.gif = o->gif;
	ws.frames = o->frames;
	ws.logs = o->log ? &s->ws.logs : NULL;
	ws.d = &s->diag;
	ws.seed = (uint32_t)o->seed;
	ws.header = o->header;
	ws.stats_every = o->stats_every;
	ws.frame_every = o->frame_every;
	ws.ticks = o->ticks;
	ws.rate = o->rate;
	ws.px = (int)o->px;
	if ((rc = world_status_exit(world_outputs_open(&out->files, &ws,
	    &s->ws.w))) != EXIT_OK)
		return rc;
	if (o->show && show_init(&out->show, stdout, show_rate(o),
	    &s->ws.w) < 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	return EXIT_OK;
}

static double
cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* --bench: the world's ticks alone, timed in CPU seconds of this process. */
static int
bench(struct sim *s)
{
	long t;
	double t0 = cpu_seconds(), dt;
	size_t size = world_mem_size(&s->ws.cfg);

	for (t = 0; t < s->o.ticks; t++)
		world_tick(&s->ws.w);
	dt = cpu_seconds() - t0;
	printf("robots,ticks,cpu_seconds,robot_ticks_per_s,bytes_per_robot\n"
	    "%ld,%ld,%.3f,%.0f,%zu\n", s->o.robots, s->o.ticks, dt,
	    dt > 0 ? (double)s->o.robots * (double)s->o.ticks / dt : 0.0,
	    size / (size_t)s->o.robots);
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_IOERR;
}

/* One tick's outputs; an exit status. */
static int
tick_outputs(struct sim *s, struct outputs *out, long t)
{
	if (s->o.show && show_frame(&out->show, &s->ws.w) < 0) {
		warnx_tool("write error: %s", strerror(errno));
		return EXIT_IOERR;
	}
	return world_status_exit(world_outputs_tick(&out->files, &s->ws.w,
	    t));
}

static int
run(struct sim *s, struct outputs *out)
{
	const struct options *o = &s->o;
	long t;
	int rc = EXIT_OK;

	if (o->bench)
		return bench(s);
	for (t = 0; t <= o->ticks && rc == EXIT_OK; t++) {
		if (t > 0)
			world_tick(&s->ws.w);
		if ((rc = tick_outputs(s, out, t)) == EXIT_OK)
			rc = world_status_exit(world_outputs_flush(&out->files,
			    stop_signal != 0));
		if (stop_signal)
			break;
	}
	/* the last row: the run's end, or the tick an interrupt stopped at
	   (unless --stats-every wrote that one already) */
	if (rc == EXIT_OK && !(stop_signal && o->stats_every && t > 0 &&
	    t % o->stats_every == 0))
		rc = world_status_exit(world_outputs_stats(&out->files,
		    &s->ws.w));
	return rc;
}

static int
close_outputs(struct outputs *out, int rc, int keep)
{
	enum world_status st = rc == EXIT_OK ? WORLD_OK : WORLD_IO;

	st = world_outputs_end_pictures(&out->files, st, keep);
	show_free(&out->show);
	st = world_outputs_close(&out->files, st, keep);
	return rc != EXIT_OK ? rc : world_status_exit(st);
}

int
main(int argc, char *argv[])
{
	static struct sim s;
	struct outputs out;
	int finished = 0, rc, started = 0, keep;

	if ((rc = parse_args(argc, argv, &s.o, &finished)) != EXIT_OK ||
	    finished)
		return rc;
	s.diag = diag_for(NULL);
	if (s.o.print_map)
		return print_map(&s.o, &s.ws, &s.diag);
	catch_signals();
	if ((rc = set_up(&s.o, &s.plan, &s.monitor, &s.ws,
	    &s.diag)) == EXIT_OK) {
		if ((rc = open_outputs(&s, &out)) == EXIT_OK && !stop_signal &&
		    (rc = world_status_exit(world_outputs_publish(
		    &out.files))) == EXIT_OK) {
			started = 1;
			rc = run(&s, &out);
		}
		rc = close_outputs(&out, rc, started && stop_signal);
	}
	keep = started && stop_signal;
	if (s.o.log && world_logs_close(&s.ws.logs, rc == EXIT_OK ? WORLD_OK :
	    WORLD_IO, keep) != WORLD_OK && rc == EXIT_OK)
		rc = EXIT_IOERR;
	world_sim_free(&s.ws);
	run_plan_unload(&s.plan);
	if (s.o.monitor)
		run_plan_unload(&s.monitor);
	if (stop_signal)
		die_of_signal();
	return rc;
}
