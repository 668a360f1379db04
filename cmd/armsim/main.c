/*
 * armsim - a robot arm in software on a pseudo-terminal: core/robot over
 * a simulated planar arm with speed limits, encoders, obstacles, a plan
 * store in a file and injected line faults.  Parses options, runs sim.c.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arm/obsmap.h"
#include "arm/pose.h"
#include "host/atomic.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/num.h"
#include "host/signals.h"
#include "host/table.h"
#include "host/usage.h"
#include "host/version.h"
#include "sim/bus.h"
#include "link/names.h"
#include "sim/listen.h"
#include "wire/msg.h"
#include "sim/sim.h"

#define DEFAULT_STORE 16384u

static volatile sig_atomic_t stop;

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void
usage(FILE *fp)
{
	fputs(
"usage: armsim [--links L1,L2,...] [--speed DEG/S[,...]] [--start Q1,...]\n"
"              [--obstacle X,Y,R ...] [--eeprom FILE] [--store-size BYTES]\n"
"              [--drop P] [--corrupt P] [--stall-after N] [--lose-request T]\n"
"              [--lose-reply T] [--seed S] [--baud-sim BAUD] [--link PATH |\n"
"              --listen tcp:HOST:PORT] [--exit-after S] [--time-scale K] [-v]\n"
"       armsim --arm FILE [--obstacle sphere:...|box:...|capsule:... ...]\n"
"              [--obstacles MAP.yaml] [--setpoints FILE.csv]\n"
"              [--contacts FILE.csv] [other options]\n"
"       armsim --bus feetech|dynamixel [--arm FILE] [--block JOINT=DEG ...]\n"
"              [--hand-pose Q1,...] [--mute ID[:N]] [--servo-error ID:BITS]\n"
"              [--factory JOINT] [--return-delay US] [--firmware ID:N]\n"
"              [other options]\n", fp);
	usage_about(fp, "A robot arm in software on a pseudo-terminal (or a "
	    "TCP port), for armctl:\nthe spine protocol, or a Feetech or "
	    "Dynamixel servo bus with --bus.");
}

struct options {
	const char *links, *speed, *start, *eeprom, *link;
	const char *listen;		/* --listen tcp:HOST:PORT */
	const char *arm, *setpoints;	/* --arm FILE, --setpoints FILE */
	const char *obstacle_map;	/* --obstacles FILE (spine-obstacles(5)) */
	const char *contacts;		/* --contacts FILE */
	int speed_given, links_given;
	const char *obstacles[ARM_MAX_OBSTACLES];
	int nobstacles;
	long store_size, stall_after, baud, seed;
	int lose_request, lose_reply;	/* request types, 0: none */
	double drop, corrupt, exit_after;
	double time_scale;		/* --time-scale: K x real time */
	int verbose;
	struct bus_options bus;
};

static int
bad_value(const char *opt, const char *arg, const char *why)
{
	return usage_error("--%s %s: %s", opt, arg, why);
}

/* A comma list of at most `max` numbers into out; the count, or -1. */
static int
number_list(const char *opt, const char *arg, double *out, int max)
{
	enum num_error e;
	int bad, n = num_double_list(arg, out, max, &e, &bad);

	if (n < 0)
		bad_value(opt, arg, e == NUM_RANGE && bad == max ?
		    "too many values" : num_strerror(e));
	return n;
}

static int
probability(const char *opt, const char *arg, double *p)
{
	if (num_double(arg, p) != NUM_OK || *p < 0 || *p > 1)
		return bad_value(opt, arg, "not a probability between 0 and 1");
	return 0;
}

static int
parse_arm(const struct options *o, struct arm *a)
{
	double v[WIRE_MAX_JOINTS];
	int n, j, k;

	memset(a, 0, sizeof *a);
	if (o->arm)
		return 0;	/* see parse_described() */
	if ((a->joints = number_list("links", o->links, a->link,
	    WIRE_MAX_JOINTS)) < 0)
		return EXIT_USAGE;
	for (j = 0; j < a->joints; j++)
		if (a->link[j] <= 0 || a->link[j] > 1e6)
			return bad_value("links", o->links,
			    "a link length must be above 0 and at most 1e6 mm");
	if ((n = number_list("speed", o->speed, v, WIRE_MAX_JOINTS)) < 0)
		return EXIT_USAGE;
	if (n != 1 && n != a->joints)
		return bad_value("speed", o->speed, "give one speed or one "
		    "per joint");
	for (j = 0; j < a->joints; j++)
		if ((a->speed[j] = v[n == 1 ? 0 : j]) <= 0)
			return bad_value("speed", o->speed, "speeds must be "
			    "positive");
	if (o->start) {
		if ((n = number_list("start", o->start, a->q,
		    WIRE_MAX_JOINTS)) < 0)
			return EXIT_USAGE;
		if (n != a->joints)
			return bad_value("start", o->start, "give one angle "
			    "per joint");
		for (j = 0; j < a->joints; j++)
			if (fabs(a->q[j]) > 2e6)
				return bad_value("start", o->start,
				    "angle out of range");
	}
	for (k = 0; k < o->nobstacles; k++) {
		double c[3];

		if ((n = number_list("obstacle", o->obstacles[k], c, 3)) < 0)
			return EXIT_USAGE;
		if (n != 3 || c[2] <= 0)
			return bad_value("obstacle", o->obstacles[k],
			    "want X,Y,R with R > 0 (millimetres)");
		a->obs[k].x = c[0];
		a->obs[k].y = c[1];
		a->obs[k].r = c[2];
	}
	a->nobs = o->nobstacles;
	if (sim_arm_clearance(a, a->q) <= 0) {
		warnx_tool("the arm's start pose touches an obstacle");
		return EXIT_USAGE;
	}
	return 0;
}

/* --start for a described arm: a pose (spine-path(5): from the base at
 * least the base and chain, the gripper in %, or a pose table), within
 * the limits; by default each joint at 0 (held within its limits). */
static int
described_start(const struct options *o, struct arm *a)
{
	const struct arm_desc *d = a->desc;
	struct diag dg = diag_for("--start");
	int j, r;

	if ((r = arm_status_exit(arm_pose_start(o->start, d, a->q, &dg))) !=
	    0 || !o->start)
		return r;
	for (j = 0; j < d->njoints; j++)
		if (a->q[j] != arm_clamp(&d->joint[j], a->q[j]))
			return bad_value("start", o->start, "a value beyond "
			    "its joint's limits");
	return 0;
}

/* --obstacles FILE: a map's obstacles after the --obstacle ones. */
static int
map_obstacles(const char *path, struct arm *a)
{
	struct arm_obstacle_map *m = malloc(sizeof *m);
	struct diag say = diag_for(NULL);
	int r, k;

	if (m == NULL) {
		warnx_tool("out of memory");
		return EXIT_IOERR;
	}
	if ((r = arm_status_exit(arm_obstacles_load(m, path, &say))) == 0 &&
	    a->nobs3 + a->nlater +
	    m->n > ARM_MAX_OBSTACLES) {
		warnx_tool("%s: %d obstacles, and armsim takes at most %d in "
		    "all", path, m->n, ARM_MAX_OBSTACLES);
		r = EXIT_DATAERR;
	}
	for (k = 0; r == 0 && k < m->n; k++)
		a->obs3[a->nobs3++] = m->o[k];
	free(m);
	return r;
}

/* One --obstacle of a described arm: there from the start, or with @T
 * coming T seconds after the arm first meets another (as on a bus). */
static int
described_obstacle(const char *arg, struct arm *a)
{
	const char *at = strchr(arg, '@'), *why;
	size_t n = at ? (size_t)(at - arg) : strlen(arg);
	struct arm_obstacle ob;
	char spec[200];
	double t = 0;

	if (n >= sizeof spec || (at && (num_double(at + 1, &t) != NUM_OK ||
	    t < 0)))
		return bad_value("obstacle", arg, "want sphere:X,Y,Z,R, "
		    "box:X0,Y0,Z0,X1,Y1,Z1 or capsule:..., then @SECONDS if it "
		    "comes later");
	memcpy(spec, arg, n);
	spec[n] = '\0';
	if (arm_obstacle_parse(spec, &ob, &why) < 0)
		return bad_value("obstacle", arg, why);
	if (at)
		return sim_arm_add_later(a, &ob, t) == 0 ? 0 : bad_value("obstacle",
		    arg, "at most 16 obstacles");
	a->obs3[a->nobs3++] = ob;
	return 0;
}

/* --arm FILE: the joints, speeds and obstacles of a described arm. */
static int
parse_described(const struct options *o, struct sim *sim)
{
	struct arm *a = &sim->arm;
	struct diag say = diag_for(NULL);
	int j, k, r;

	if ((r = arm_status_exit(arm_load(&sim->desc, o->arm, &say))) != 0)
		return r;
	if (sim->desc.njoints > (int)WIRE_MAX_JOINTS) {
		warnx_tool("%s: %d joints; the link carries at most %u",
		    o->arm, sim->desc.njoints, WIRE_MAX_JOINTS);
		return EXIT_DATAERR;
	}
	a->desc = &sim->desc;
	a->joints = sim->desc.njoints;
	for (j = 0; j < a->joints; j++) {
		a->link[j] = sim->desc.joint[j].length;
		a->speed[j] = sim->desc.joint[j].speed;
	}
	if (o->speed_given)
		return usage_error("%s", "--arm gives each joint's speed: "
		    "no --speed");
	for (k = 0; k < o->nobstacles; k++)
		if ((r = described_obstacle(o->obstacles[k], a)) != 0)
			return r;
	if (o->obstacle_map && (r = map_obstacles(o->obstacle_map, a)) != 0)
		return r;
	if ((r = described_start(o, a)) != 0)
		return r;
	if (sim_arm_clearance(a, a->q) <= 0) {
		warnx_tool("the arm's start pose touches an obstacle");
		return EXIT_USAGE;
	}
	return 0;
}

/* A request type by its protocol name, for --lose-request/--lose-reply. */
static int
lost_type(const char *opt, const char *arg, int *type)
{
	int t = link_type_parse(arg);

	if (t <= 0 || t == WIRE_HELLO || t >= WIRE_EVENTS)
		return bad_value(opt, arg, "want a request type such as "
		    "PLAN_COMMIT (man spine-protocol.7), not HELLO");
	*type = t;
	return 0;
}

static int
parse(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "links", required_argument, NULL, 'l' },
		{ "arm", required_argument, NULL, 'A' },
		{ "setpoints", required_argument, NULL, 'W' },
		{ "speed", required_argument, NULL, 's' },
		{ "start", required_argument, NULL, 'q' },
		{ "obstacle", required_argument, NULL, 'o' },
		{ "obstacles", required_argument, NULL, 'O' },
		{ "contacts", required_argument, NULL, 'c' },
		{ "eeprom", required_argument, NULL, 'e' },
		{ "store-size", required_argument, NULL, 'S' },
		{ "drop", required_argument, NULL, 'D' },
		{ "corrupt", required_argument, NULL, 'C' },
		{ "stall-after", required_argument, NULL, 'T' },
		{ "lose-request", required_argument, NULL, 'Q' },
		{ "lose-reply", required_argument, NULL, 'P' },
		{ "seed", required_argument, NULL, 'R' },
		{ "baud-sim", required_argument, NULL, 'B' },
		{ "link", required_argument, NULL, 'L' },
		{ "listen", required_argument, NULL, 'I' },
		{ "exit-after", required_argument, NULL, 'X' },
		{ "time-scale", required_argument, NULL, 'K' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "bus", required_argument, NULL, 'U' },
		{ "block", required_argument, NULL, 'k' },
		{ "mute", required_argument, NULL, 'm' },
		{ "servo-error", required_argument, NULL, 'f' },
		{ "hand-pose", required_argument, NULL, 'H' },
		{ "return-delay", required_argument, NULL, 'y' },
		{ "factory", required_argument, NULL, 'Z' },
		{ "firmware", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int c, r;

	memset(o, 0, sizeof *o);
	o->links = "100,80,40";
	o->speed = "90";
	o->stall_after = -1;
	o->seed = 1;
	o->bus.return_delay_us = -1;
	opterr = 0;	/* our own messages, with the short tool name */
	while ((c = getopt_long(argc, argv, ":l:s:o:e:L:vh", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'l': o->links = optarg; o->links_given = 1; break;
		case 's': o->speed = optarg; o->speed_given = 1; break;
		case 'A': o->arm = optarg; break;
		case 'W': o->setpoints = optarg; break;
		case 'O': o->obstacle_map = optarg; break;
		case 'c': o->contacts = optarg; break;
		case 'q': o->start = optarg; break;
		case 'e': o->eeprom = optarg; break;
		case 'L': o->link = optarg; break;
		case 'I': o->listen = optarg; break;
		case 'v': o->verbose = 1; break;
		case 'o':
			if (o->nobstacles == ARM_MAX_OBSTACLES)
				return bad_value("obstacle", optarg,
				    "at most 16 obstacles");
			o->obstacles[o->nobstacles++] = optarg;
			break;
		case 'S':
			if (num_long(optarg, 64, 131102, &o->store_size))
				return bad_value("store-size", optarg,
				    "want 64 to 131102 bytes");
			break;
		case 'D':
			if ((r = probability("drop", optarg, &o->drop)))
				return r;
			break;
		case 'C':
			if ((r = probability("corrupt", optarg, &o->corrupt)))
				return r;
			break;
		case 'T':
			if (num_long(optarg, 0, 1000000000L, &o->stall_after))
				return bad_value("stall-after", optarg,
				    "want a frame count");
			break;
		case 'Q':
		case 'P':
			if ((r = lost_type(c == 'Q' ? "lose-request" :
			    "lose-reply", optarg, c == 'Q' ? &o->lose_request :
			    &o->lose_reply)) != 0)
				return r;
			break;
		case 'R':
			if (num_long(optarg, 0, 2147483647L, &o->seed))
				return bad_value("seed", optarg,
				    "want a non-negative integer");
			break;
		case 'B':
			if (num_long(optarg, 300, 10000000L, &o->baud))
				return bad_value("baud-sim", optarg,
				    "want a baud rate from 300 to 10000000");
			break;
		case 'X':
			if (num_double(optarg, &o->exit_after) != NUM_OK ||
			    o->exit_after <= 0)
				return bad_value("exit-after", optarg,
				    "want a positive number of seconds");
			break;
		case 'K':
			if (num_double(optarg, &o->time_scale) != NUM_OK ||
			    o->time_scale < 0.01 || o->time_scale > 1000)
				return bad_value("time-scale", optarg,
				    "want a factor from 0.01 to 1000");
			break;
		case 'U': case 'k': case 'm': case 'f': case 'H': case 'y':
		case 'Z': case 'F':
			if ((r = sim_bus_option(&o->bus, c, optarg)))
				return r;
			break;
		case 'h':
			usage(stdout);
			exit(EXIT_OK);
		case 'V':
			print_version();
			exit(EXIT_OK);
		default:
			return usage_bad_option(c, argv);
		}
	}
	if (optind != argc) {
		return usage_error("unexpected argument: %s", argv[optind]);
	}
	if (o->arm && o->links_given)
		return usage_error("%s", "--arm describes the arm: no --links");
	if (o->obstacle_map && !o->arm)
		return usage_error("%s", "--obstacles needs --arm (a planar "
		    "arm can be described too: examples/arms/planar.yaml)");
	if (o->listen && (o->link || o->bus.bus))
		return usage_error("%s", "--listen serves TCP instead of a "
		    "pty: no --link or --bus");
	return 0;
}

static void
catch_signals(void)
{
	sig_catch_endings(on_signal, SIG_KEEP_NONE);
	sig_ignore_pipe();
}

static int report_contacts(const struct arm_contacts *c, const char *path);

/* --bus: servos on the pty instead of the spine protocol (bus.c). */
static int
run_bus(const struct options *o)
{
	struct arm_contacts c;
	struct bus_run r;
	int st;

	memset(&r, 0, sizeof r);
	memset(&c, 0, sizeof c);
	r.contacts = &c;
	r.opt = &o->bus;
	r.arm = o->arm;
	r.start = o->start;
	r.obstacles = o->obstacles;
	r.nobstacles = o->nobstacles;
	r.speed = o->speed_given ? o->speed : NULL;
	r.link = o->link;
	r.corrupt = o->corrupt;
	r.exit_after = o->exit_after;
	r.time_scale = o->time_scale;
	r.baud = o->baud;
	r.seed = o->seed;
	r.verbose = o->verbose;
	r.stop = &stop;
	catch_signals();
	st = sim_bus_main(&r);
	if (st == 0 && report_contacts(&c, o->contacts) != 0)
		st = EXIT_IOERR;
	return st;
}

/* The pty (and its --link), or with --listen a TCP server. */
static int
open_line(const struct options *o, struct sim *sim)
{
	char err[300];
	int usage;

	sim->listen_fd = sim->conn_fd = sim->pty.master = sim->pty.slave = -1;
	if (o->listen) {
		if (sim_listen_open(o->listen, &sim->listen_fd, sim->where,
		    sizeof sim->where, err, sizeof err, &usage) == 0)
			return 0;
		if (usage)
			return bad_value("listen", o->listen, err);
		warnx_tool("--listen %s: %s", o->listen, err);
		return EXIT_UNAVAILABLE;
	}
	if (sim_pty_open(&sim->pty) != 0) {
		warnx_tool("cannot open a pseudo-terminal: %s",
		    strerror(errno));
		return EXIT_UNAVAILABLE;
	}
	snprintf(sim->where, sizeof sim->where, "%s", sim->pty.path);
	if (o->link && sim_pty_link(&sim->pty, o->link) != 0) {
		if (errno == EEXIST)
			warnx_tool("--link %s: exists and is not a symbolic "
			    "link; not replacing it", o->link);
		else
			warnx_tool("%s: %s", o->link, strerror(errno));
		return EXIT_IOERR;
	}
	return 0;
}

/*
 * How the arm met its obstacles: a line on standard error when it did,
 * and with --contacts a one-row CSV table, written whole or not at all.
 */
static int
report_contacts(const struct arm_contacts *c, const char *path)
{
	static const char *const names[] = { "contacts", "seconds", "depth",
	    "lag" };
	struct atomic_file af;
	struct table *t;

	if (c->steps > 0)
		warnx_tool("contacts: %ld steps (%.3f s), deepest %.2f mm, "
		    "lag %.2f degrees", c->steps, c->seconds, c->depth, c->lag);
	if (path == NULL)
		return 0;
	if ((t = malloc(sizeof *t)) == NULL || atomic_open(&af, path) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		free(t);
		return -1;
	}
	table_init(t, af.fp, TABLE_CSV, TABLE_ROUND_TRIP, names, 4);
	table_header(t);
	table_long(t, c->steps);
	table_num(t, c->seconds);
	table_num(t, c->depth);
	table_num(t, c->lag);
	table_end_row(t);
	if (table_flush(t) != 0 || atomic_commit(&af) != 0) {
		warnx_tool("%s: %s", path, strerror(errno));
		atomic_abort(&af);
		free(t);
		return -1;
	}
	free(t);
	return 0;
}

/* For a person at a terminal: what this is and how to reach it. */
static void
introduce(const struct sim *sim, const char *link)
{
	const char *port = link ? link : sim->where;

	fprintf(stderr, "%s: a simulated %d-joint arm is waiting on %s.\n"
	    "Talk to it from another terminal, e.g.:\n"
	    "    armctl --port %s info\n"
	    "Ctrl-C stops it.\n", tool_name(), sim->arm.joints, port, port);
}

static void
close_line(struct sim *sim)
{
	if (sim->conn_fd >= 0)
		close(sim->conn_fd);
	if (sim->listen_fd >= 0)
		close(sim->listen_fd);
	sim_pty_close(&sim->pty);
}

int
main(int argc, char **argv)
{
	static struct sim sim;
	struct options o;
	char err[300];
	int r;

	if ((r = parse(argc, argv, &o)) != 0)
		return r;
	if (o.bus.bus)
		return run_bus(&o);
	if (o.bus.nblock || o.bus.nmute || o.bus.nfault || o.bus.nhand ||
	    o.bus.nfactory || o.bus.nfirmware || o.bus.return_delay_us >= 0)
		return usage_error("--block, --mute, --servo-error, "
		    "--hand-pose, --factory, --firmware and --return-delay "
		    "need --bus");
	if ((r = parse_arm(&o, &sim.arm)) != 0 || (o.arm &&
	    (r = parse_described(&o, &sim)) != 0))
		return r;
	if (o.setpoints && (sim.setpoints = fopen(o.setpoints, "w")) == NULL) {
		warnx_tool("%s: %s", o.setpoints, strerror(errno));
		return EXIT_IOERR;
	}
	if ((r = sim_eeprom_open(&sim.eeprom, o.eeprom, (uint32_t)o.store_size,
	    DEFAULT_STORE, err, sizeof err)) != 0) {
		warnx_tool("%s", err);
		return r == -2 ? EXIT_DATAERR : EXIT_NOINPUT;
	}
	sim_line_init(&sim.line, o.baud, o.drop, o.corrupt, o.stall_after,
	    (uint64_t)o.seed);
	sim_line_lose(&sim.line, (uint8_t)o.lose_request, (uint8_t)o.lose_reply);
	if ((r = open_line(&o, &sim)) != 0)
		return r;
	sim.exit_after = o.exit_after;
	sim.time_scale = o.time_scale;
	sim.verbose = o.verbose;
	sim.stop = &stop;
	catch_signals();
	sim_start(&sim);
	printf("%s\n", sim.where);
	fflush(stdout);
	if (isatty(STDERR_FILENO))
		introduce(&sim, o.link);
	r = sim_run(&sim);
	if (r != 0)
		warnx_tool("%s: %s", sim.where, strerror(errno));
	if (o.link)
		sim_pty_unlink(&sim.pty, o.link);
	close_line(&sim);
	sim_eeprom_close(&sim.eeprom);
	if (sim.setpoints && fclose(sim.setpoints) != 0)
		r = -1;
	if (report_contacts(&sim.arm.contacts, o.contacts) != 0)
		r = -1;
	return r != 0 ? EXIT_IOERR : EXIT_OK;
}
