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

#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/usage.h"
#include "host/version.h"
#include "plan/vocab.h"
#include "run/load.h"
#include "worldsim.h"

struct options {
	const char *plan, *monitor, *map, *profile, *stats, *gif, *frames;
	const char *trace, *log, *mate_drive, *mate_above;
	long robots, ticks, seed, stats_every, log_robots, mate_range, px, frame_every;
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
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
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
    OPT_TRACE, OPT_LOG, OPT_LOG_ROBOTS, OPT_MATE_DRIVE, OPT_MATE_ABOVE, OPT_MATE_RANGE, OPT_PRINT_MAP,
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

struct sim {
	struct options o;
	struct loaded_plan plan, monitor;
	struct map_file mf;
	struct world_map map;
	uint8_t default_cells[WORLD_DEFAULT_W * WORLD_DEFAULT_H];
	struct world_cell_xy default_start;
	struct world_bind dsense[10], daction[10];
	struct world_profile profile;
	struct world_config cfg;
	struct world w;
	struct logs logs;
	void *mem;
};

static int
load_map(struct sim *s)
{
	int rc;

	if (s->o.map == NULL) {
		world_map_default(&s->map, s->default_cells,
		    &s->default_start);
		return EXIT_OK;
	}
	if ((rc = map_file_load(&s->mf, s->o.map)) != EXIT_OK)
		return rc;
	s->map = s->mf.map;
	return EXIT_OK;
}

/* A plan that uses an id the world lacks is refused, naming it. */
static int
check_plan(const struct loaded_plan *lp, const struct world_binds *b,
    int monitor)
{
	uint16_t id, index;
	uint8_t type, len;
	const uint8_t *name;
	int what = world_check_plan(&lp->plan, b, monitor, &id, &type, &index);

	if (what == 0)
		return EXIT_OK;
	name = plan_find_name(&lp->plan, type, index, &len);
	warnx_tool("%s: error: %s %u (used by %s %.*s) is not one the world "
	    "has%s", lp->path, what == 1 ? "sense" : "action", (unsigned)id,
	    plan_type_tag(type), name ? (int)len : 1, name ? (const char *)name : "?",
	    monitor ? " (a monitor plan has sense 1 and actions 1-3)" :
	    " (give a --profile that binds it)");
	return EXIT_DATAERR;
}

static int
mate_options(struct sim *s)
{
	const struct plan *p = &s->plan.plan;

	s->cfg.mate_drive = world_find_drive(p, s->o.mate_drive);
	s->cfg.above_drive = world_find_drive(p, s->o.mate_above);
	s->cfg.mate_range = (int32_t)s->o.mate_range;
	if (s->cfg.mate_drive == PLAN_NONE && strcmp(s->o.mate_drive,
	    "Mate") != 0 && strcmp(s->o.mate_drive, "none") != 0) {
		warnx_tool("%s: error: --mate-drive: no drive '%s' in the plan",
		    s->plan.path, s->o.mate_drive);
		return EXIT_DATAERR;
	}
	if (s->cfg.above_drive == PLAN_NONE && strcmp(s->o.mate_above,
	    "Explore") != 0) {
		warnx_tool("%s: error: --mate-above: no drive '%s' in the plan",
		    s->plan.path, s->o.mate_above);
		return EXIT_DATAERR;
	}
	return EXIT_OK;
}

/* A .plan read and validated (lib/run/load.c); an exit status. */
static int
load_plan(const char *path, struct loaded_plan *lp)
{
	return run_status_exit(plan_load(path, lp));
}

static int
set_up(struct sim *s)
{
	size_t size;
	int rc;

	if ((rc = load_map(s)) != EXIT_OK ||
	    (rc = load_plan(s->o.plan, &s->plan)) != EXIT_OK)
		return rc;
	if (s->o.monitor &&
	    (rc = load_plan(s->o.monitor, &s->monitor)) != EXIT_OK)
		return rc;
	world_binds_default(s->dsense, s->daction, &s->cfg.binds);
	if (s->o.profile) {
		if ((rc = profile_load(&s->profile, s->o.profile,
		    &s->plan.plan)) != EXIT_OK)
			return rc;
		s->cfg.binds.sense = s->profile.sense;
		s->cfg.binds.nsense = s->profile.nsense;
		s->cfg.binds.action = s->profile.action;
		s->cfg.binds.naction = s->profile.naction;
	}
	if ((rc = check_plan(&s->plan, &s->cfg.binds, 0)) != EXIT_OK ||
	    (s->o.monitor && (rc = check_plan(&s->monitor, &s->cfg.binds,
	    1)) != EXIT_OK) || (rc = mate_options(s)) != EXIT_OK)
		return rc;
	s->cfg.map = &s->map;
	s->cfg.plan = &s->plan.plan;
	s->cfg.monitor = s->o.monitor ? &s->monitor.plan : NULL;
	s->cfg.nrobots = (uint32_t)s->o.robots;
	s->cfg.seed = (uint32_t)s->o.seed;
	if (s->o.log) {
		uint32_t n = s->o.log_robots && s->o.log_robots < s->o.robots ?
		    (uint32_t)s->o.log_robots : (uint32_t)s->o.robots;

		if ((rc = logs_open(&s->logs, s->o.log, n, s->cfg.plan,
		    s->cfg.monitor)) != EXIT_OK)
			return rc;
		s->logs.w = &s->w;
		s->cfg.on_event = logs_event;
		s->cfg.on_priority = logs_priority;
		s->cfg.event_ctx = &s->logs;
	}
	if ((size = world_mem_size(&s->cfg)) == 0 ||
	    (s->mem = aligned_alloc(8, (size + 7) & ~(size_t)7)) == NULL) {
		warnx_tool("out of memory for %ld robots", s->o.robots);
		return EXIT_IOERR;
	}
	if (world_init(&s->w, &s->cfg, s->mem, size) < 0) {
		warnx_tool("cannot set up the world (a start cell on a wall?)");
		return EXIT_DATAERR;
	}
	return EXIT_OK;
}

static int
print_map(struct sim *s)
{
	uint16_t y;
	int rc;

	if ((rc = load_map(s)) != EXIT_OK)
		return rc;
	for (y = 0; y < s->map.h; y++) {
		fwrite(s->map.cell + (size_t)y * s->map.w, 1, s->map.w,
		    stdout);
		putchar('\n');
	}
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_IOERR;
}

struct outputs {
	struct stream stats_file;
	struct stats_out stats;
	struct show show;
	struct picture pic;
	struct stream trace_file;
	struct table trace;
	int want_stats, want_pic, want_trace;
	struct timespec flushed;	/* the tables' last flush */
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
	int rc;

	memset(out, 0, sizeof *out);
	out->want_stats = o->stats_given || (!o->show && !o->gif &&
	    !o->frames && !o->log && !o->trace && !o->bench);
	if (out->want_stats) {
		const char *path = o->stats ? o->stats : "-";

		if (stream_open(&out->stats_file, path) < 0)
			return EXIT_IOERR;
		stats_init(&out->stats, out->stats_file.af.fp,
		    (uint32_t)o->seed, o->header);
	}
	if (o->trace) {
		if (stream_open(&out->trace_file, o->trace) < 0)
			return EXIT_IOERR;
		out->want_trace = 1;
		trace_init(&out->trace, out->trace_file.af.fp, o->header);
	}
	if (o->show && show_init(&out->show, stdout, show_rate(o),
	    &s->w) < 0) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	out->want_pic = o->gif || o->frames;
	if (out->want_pic && (rc = picture_begin(&out->pic, o->gif,
	    o->frames, &s->w, o->rate, (int)o->px)) != EXIT_OK)
		return rc;
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
	size_t size = world_mem_size(&s->cfg);

	for (t = 0; t < s->o.ticks; t++)
		world_tick(&s->w);
	dt = cpu_seconds() - t0;
	printf("robots,ticks,cpu_seconds,robot_ticks_per_s,bytes_per_robot\n"
	    "%ld,%ld,%.3f,%.0f,%zu\n", s->o.robots, s->o.ticks, dt,
	    dt > 0 ? (double)s->o.robots * (double)s->o.ticks / dt : 0.0,
	    size / (size_t)s->o.robots);
	return fflush(stdout) == 0 ? EXIT_OK : EXIT_IOERR;
}

/* The run starts: every table output in place; an exit status. */
static int
publish(struct sim *s, struct outputs *out)
{
	if ((out->want_stats && stream_publish(&out->stats_file) < 0) ||
	    (out->want_trace && stream_publish(&out->trace_file) < 0))
		return EXIT_IOERR;
	clock_gettime(CLOCK_MONOTONIC, &out->flushed);
	return s->o.log ? logs_publish(&s->logs) : EXIT_OK;
}

/* A statistics row, flushed at once: each is worth watching. */
static int
stats_now(struct outputs *out, const struct world *w)
{
	stats_row(&out->stats, w);
	if (table_flush(&out->stats.t) < 0)
		out->stats_file.failed = 1;
	return stream_tick(&out->stats_file) < 0 ? EXIT_IOERR : EXIT_OK;
}

/* The trace and the logs flushed at a tick's end, ten times a second at
   most (or now): readers follow them, an interrupt keeps whole ticks. */
static int
flush_tables(struct sim *s, struct outputs *out, int now)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	if (!now && (t.tv_sec - out->flushed.tv_sec) * 1000000000L +
	    (t.tv_nsec - out->flushed.tv_nsec) < 100000000L)
		return EXIT_OK;
	out->flushed = t;
	if (out->want_trace && (table_flush(&out->trace) < 0 ||
	    stream_tick(&out->trace_file) < 0))
		return EXIT_IOERR;
	return s->o.log ? logs_tick(&s->logs) : EXIT_OK;
}

/* One tick's outputs; an exit status. */
static int
tick_outputs(struct sim *s, struct outputs *out, long t)
{
	const struct options *o = &s->o;

	if (o->show && show_frame(&out->show, &s->w) < 0) {
		warnx_tool("write error: %s", strerror(errno));
		return EXIT_IOERR;
	}
	if (out->want_trace)
		trace_tick(&out->trace, &s->w);
	if (out->want_pic && t % o->frame_every == 0)
		picture_frame(&out->pic, &s->w);
	if (out->want_stats && o->stats_every && t > 0 &&
	    t % o->stats_every == 0 && t != o->ticks)
		return stats_now(out, &s->w);
	return EXIT_OK;
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
			world_tick(&s->w);
		if ((rc = tick_outputs(s, out, t)) == EXIT_OK)
			rc = flush_tables(s, out, stop_signal != 0);
		if (stop_signal)
			break;
	}
	/* the last row: the run's end, or the tick an interrupt stopped at
	   (unless --stats-every wrote that one already) */
	if (rc == EXIT_OK && out->want_stats && !(stop_signal &&
	    o->stats_every && t > 0 && t % o->stats_every == 0))
		rc = stats_now(out, &s->w);
	return rc;
}

/* A table's file put in place (the run ended or was interrupted) or
   dropped (it failed before starting). */
static int
commit(int *want, struct table *t, struct stream *st, int rc, int keep)
{
	int ok = rc == EXIT_OK || keep;

	if (!*want)
		return rc;
	*want = 0;
	if (ok && table_flush(t) < 0)
		st->failed = 1;
	if (stream_close(st, ok) < 0 && rc == EXIT_OK)
		rc = EXIT_IOERR;
	return rc;
}

static int
close_outputs(struct outputs *out, int rc, int keep)
{
	if (out->want_pic) {
		int prc = picture_end(&out->pic, rc == EXIT_OK || keep ?
		    EXIT_OK : rc);

		if (rc == EXIT_OK)
			rc = prc;
	}
	show_free(&out->show);
	rc = commit(&out->want_trace, &out->trace, &out->trace_file, rc,
	    keep);
	rc = commit(&out->want_stats, &out->stats.t, &out->stats_file, rc,
	    keep);
	return rc;
}

int
main(int argc, char *argv[])
{
	static struct sim s;
	struct outputs out;
	int finished = 0, rc, started = 0;

	if ((rc = parse_args(argc, argv, &s.o, &finished)) != EXIT_OK ||
	    finished)
		return rc;
	if (s.o.print_map)
		return print_map(&s);
	catch_signals();
	if ((rc = set_up(&s)) == EXIT_OK) {
		if ((rc = open_outputs(&s, &out)) == EXIT_OK && !stop_signal &&
		    (rc = publish(&s, &out)) == EXIT_OK) {
			started = 1;
			rc = run(&s, &out);
		}
		rc = close_outputs(&out, rc, started && stop_signal);
	}
	if (s.o.log)
		rc = logs_close(&s.logs, rc, started && stop_signal);
	free(s.mem);
	plan_unload(&s.plan);
	if (s.o.monitor)
		plan_unload(&s.monitor);
	world_profile_free(&s.profile);
	map_file_free(&s.mf);
	if (stop_signal)
		die_of_signal();
	return rc;
}
