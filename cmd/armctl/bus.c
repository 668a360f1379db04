/*
 * bus.c - armctl's commands on a servo bus, done by lib/servoarm: their
 * operands, prompts, and what they print or say.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "arm/path.h"
#include "bus.h"
#include "host/diag.h"
#include "host/exits.h"
#include "servoarm/calib.h"
#include "servoarm/run.h"

#define MOVE_PERIOD 0.02	/* goto, home, jog, gripper: s per step */
#define SAMPLE_MS 20		/* calibrate: a look at the arm */

struct busctl {
	struct ctl *c;
	const struct bus_opts *o;
	const struct arm_desc *a;	/* --arm, or the built-in SO-101 */
	struct servoarm_bus k;
};

/* st said (servoarm_text) while `doing`: its exit status. */
static int
say(struct busctl *u, enum servoarm_status st, const char *doing)
{
	char line[300];

	servoarm_text(&u->k, st, doing, line, sizeof line);
	if (*line)
		warnx_tool("%s", line);
	return st == SERVOARM_INTERRUPTED ? CTL_INTERRUPTED :
	    servoarm_status_exit(st);
}

/* The port open, once. */
static int
open_bus(struct busctl *u)
{
	int r;

	if (u->c->port)
		return 0;
	if ((r = ctl_open_port(u->c)) != 0)
		return r;
	link_servobus_init(&u->k.b, u->c->port, u->k.proto, u->c->timeout_ms,
	    u->c->retries);
	u->k.b.interrupted = u->c->interrupted;
	return 0;
}

/* info and describe: the servos' table; pos: the pose table. */
static int
bus_table(struct busctl *u, int argc, char **argv)
{
	enum servoarm_status st = strcmp(argv[0], "pos") == 0 ?
	    servoarm_pose_table(&u->k, u->a, stdout) :
	    servoarm_info_table(&u->k, stdout);

	(void)argc;
	if (fflush(stdout) != 0 || ferror(stdout))
		return EXIT_IOERR;
	return say(u, st, argv[0]);
}

/* torque on|off [JOINT...], reboot [JOINT...], stop. */
static int
bus_joints(struct busctl *u, int argc, char **argv)
{
	int sel[SERVOARM_MAX], r, on = -1, torque = !strcmp(argv[0], "torque");

	if (strcmp(argv[0], "stop") == 0)
		return say(u, servoarm_let_go(&u->k, 0), argv[0]);
	if (torque && (argc < 2 || (!(on = !strcmp(argv[1], "on")) &&
	    strcmp(argv[1], "off")))) {
		warnx_tool("torque: want 'on' or 'off', then joints (all if "
		    "none)");
		return EXIT_USAGE;
	}
	if ((r = say(u, servoarm_select(&u->k, argc - 1 - torque, argv + 1 +
	    torque, sel), argv[0])) != 0)
		return r;
	return say(u, servoarm_torque_some(&u->k, sel, on), argv[0]);
}

/* One servo at a time, gripper first as a new arm is built. */
static int
bus_setup_ids(struct busctl *u, int argc, char **argv)
{
	int sel[SERVOARM_MAX], j, r;
	long to = u->c->baud;
	char line[256];

	if ((r = say(u, servoarm_baud_ok(&u->k, to), argv[0])) != 0 ||
	    (r = say(u, servoarm_select(&u->k, argc - 1, argv + 1, sel),
	    argv[0])) != 0 || (r = open_bus(u)) != 0)
		return r;
	for (j = u->k.arm.n - 1; j >= 0; j--) {
		if (!sel[j])
			continue;
		fprintf(stderr, "%s: connect only the %s servo (to become id "
		    "%d), then press Enter\n", tool_name(), u->k.arm.j[j].name,
		    u->k.arm.j[j].id);
		if (fgets(line, sizeof line, stdin) == NULL) {
			warnx_tool("setup-ids: input ended before %s",
			    u->k.arm.j[j].name);
			return EXIT_JOB_FAILED;
		}
		if ((r = say(u, servoarm_setup_id(&u->k, j, u->c->timeout_ms,
		    to), argv[0])) != 0)
			return r;
		servoarm_setup_text(&u->k, j, to, line, sizeof line);
		printf("%s\n", line);
		fflush(stdout);
	}
	return 0;
}

/* Path p from here, on the bus, and what happened said. */
static int
go(struct busctl *u, const struct arm_path *p)
{
	struct servoarm_run_opts o = { { u->c->threshold_deg,
	    u->o->load_pct, u->c->persist }, u->c->pause_ms / 1000.0,
	    MOVE_PERIOD, u->c->time_scale > 0 ? u->c->time_scale : 1,
	    u->o->release, 0, NULL, NULL };
	enum servoarm_status st;
	struct servoarm_run r;
	char line[2][200];
	int i, n;

	st = servoarm_run_path(&u->k, u->a, p, &o, &r);
	servoarm_run_figures(&u->k, &r, line[0], sizeof line[0]);
	if (u->c->verbose)
		warnx_tool("%s", line[0]);
	for (i = 0, n = servoarm_run_text(&u->k, st, &r, line); i < n; i++)
		warnx_tool("%s", line[i]);
	return st == SERVOARM_INTERRUPTED ? CTL_INTERRUPTED :
	    servoarm_status_exit(st);
}

/* run FILE, goto, home, jog, gripper: from where the arm is. */
static int
bus_move(struct busctl *u, int argc, char **argv)
{
	double q[SERVOARM_MAX], to[SERVOARM_MAX];
	int run = strcmp(argv[0], "run") == 0, r;
	struct arm_path p;

	if (run && argc != 2) {
		warnx_tool("run: give one FILE.csv, or - for stdin");
		return EXIT_USAGE;
	}
	/* a file that is not there is said before the bus is opened */
	if (run && strcmp(argv[1], "-") != 0 && access(argv[1], R_OK) != 0)
		return arm_read_path(u->c, argv[1], q, &p);
	memset(&p, 0, sizeof p);
	if ((r = open_bus(u)) != 0 ||
	    (r = say(u, servoarm_where(&u->k, q), argv[0])) != 0)
		return r;
	if (run && (r = arm_read_path(u->c, argv[1], q, &p)) == 0)
		r = arm_path_check(u->c, &p, q);
	else if (!run && (r = arm_target(u->c, argc, argv, q, to)) == 0 &&
	    arm_path_move(&p, u->a, q, to, MOVE_PERIOD) != 0)
		r = say(u, SERVOARM_NO_MEMORY, argv[0]);
	if (r == 0 && u->c->check && !run)
		printf("%s: %lu steps, %.3f s\n", u->a->name,
		    (unsigned long)p.n, p.t[p.n - 1]);
	else if (r == 0 && !u->c->check && u->c->detour_on)
		r = detour_bus(u->c, u->o, u->a, &u->k, run ? &p : NULL, run ?
		    p.q : q, run ? p.q + (size_t)(p.n - 1) * p.nj : to);
	else if (r == 0 && !u->c->check)
		r = go(u, &p);
	arm_path_free(&p);
	return r;
}

/* calibrate's live ranges, on a terminal. */
static void
show(void *ctx, const struct servoarm_range *rg)
{
	const struct busctl *u = ctx;
	int i;

	for (i = 0; isatty(STDERR_FILENO) && i < u->k.arm.n; i++)
		fprintf(stderr, "%s%s %ld..%ld ", i ? " " : "\r",
		    u->k.arm.j[i].name, rg[i].min, rg[i].max);
}

/* A calibration into path, by default --output (or standard output). */
static int
save(struct busctl *u, struct servoarm_calib_out *w, const char *path)
{
	const struct bus_opts *o = u->o;
	char comment[400];

	snprintf(comment, sizeof comment, "# %s, calibrated by armctl --bus "
	    "%s calibrate%s%s%s", u->c->arm_file ? u->c->arm_file : "so101",
	    o->bus, o->from_lerobot ? " --from-lerobot " : "",
	    o->from_lerobot ? o->from_lerobot : "", o->write ?
	    " --write (offsets and limits in the servos too)" : "");
	w->comment = comment;
	path = path ? path : o->dry_run || !o->output ? "-" : o->output;
	if (servoarm_calib_save(path, &u->k, w) == 0)
		return 0;
	warnx_tool("%s: %s", path, strerror(errno));
	return EXIT_IOERR;
}

/* calibrate by hand: the ranges recorded until Enter, then centred. */
static int
by_hand(struct busctl *u, struct servoarm_calib_out *w, struct arm_desc *a)
{
	struct servoarm_range rg[SERVOARM_MAX];
	long homing[SERVOARM_MAX];
	char line[256];
	int r;

	if ((r = open_bus(u)) != 0 || (r = say(u,
	    servoarm_calib_begin(&u->k, homing), "calibrate")) != 0)
		return r;
	fprintf(stderr, "%s: calibrate: move every joint through its whole "
	    "range, then press Enter\n", tool_name());
	if ((r = say(u, servoarm_calib_record(&u->k, homing, rg, STDIN_FILENO,
	    (int)(SAMPLE_MS / u->c->time_scale), show, u), "calibrate")) != 0)
		return r;
	if (fgets(line, sizeof line, stdin) == NULL) {
		warnx_tool("calibrate: input ended before the ranges were "
		    "done");
		return EXIT_JOB_FAILED;
	}
	if ((r = say(u, servoarm_calib_finish(&u->k, rg, homing, u->o->write,
	    u->o->dry_run, a), "calibrate")) != 0)
		return r;
	w->rg = u->c->arm_file ? NULL : rg;
	return save(u, w, NULL);
}

/* calibrate: by hand, or LeRobot's file in (--from-lerobot, --write: the
 * servos too) and out (--lerobot-out). */
static int
bus_calibrate(struct busctl *u, int argc, char **argv)
{
	static struct arm_desc a;
	struct servoarm_calib_out w = { &a, NULL, NULL, NULL };
	const struct bus_opts *o = u->o;
	struct servoarm_lerobot lr;
	int r;

	(void)argc;
	a = *u->a;
	if (!o->from_lerobot && !o->lerobot_out)
		return by_hand(u, &w, &a);
	if (o->from_lerobot && (r = servoarm_lerobot_import(&lr,
	    o->from_lerobot, &a)) != 0)
		return r > 0 ? EXIT_NOINPUT : EXIT_DATAERR;
	if (o->from_lerobot && o->write && !o->dry_run && ((r = open_bus(u))
	    != 0 || (r = say(u, servoarm_lerobot_burn(&u->k, &lr), argv[0]))))
		return r;
	if (o->from_lerobot && ((r = save(u, &w, NULL)) != 0 ||
	    !o->lerobot_out))
		return r;
	if ((r = open_bus(u)) != 0 || (r = say(u,
	    servoarm_lerobot_export(&u->k, &a, &lr), argv[0])) != 0)
		return r;
	w.lr = &lr;
	return save(u, &w, o->lerobot_out);
}

static const struct {
	const char *name;
	int (*fn)(struct busctl *, int, char **);
	int operands;		/* 0: none; -1: any */
	int connect;		/* before the command */
} bus_commands[] = {
	{ "info", bus_table, 0, 1 }, { "describe", bus_table, 0, 1 },
	{ "pos", bus_table, 0, 1 }, { "torque", bus_joints, -1, 1 },
	{ "reboot", bus_joints, -1, 1 }, { "stop", bus_joints, 0, 1 },
	{ "setup-ids", bus_setup_ids, -1, 0 }, { "run", bus_move, -1, 0 },
	{ "calibrate", bus_calibrate, 0, 0 }, { "goto", bus_move, -1, 0 },
	{ "home", bus_move, -1, 0 }, { "jog", bus_move, -1, 0 },
	{ "gripper", bus_move, -1, 0 }, { "joints", NULL, 0, 0 },
};

int
bus_command(struct ctl *c, const struct bus_opts *o, int argc, char **argv)
{
	static struct arm_desc builtin;
	static struct busctl u;
	size_t i, n = sizeof bus_commands / sizeof bus_commands[0];
	char why[200];
	int r;

	for (i = 0; i < n && strcmp(bus_commands[i].name, argv[0]); i++)
		;
	if (i == n) {
		warnx_tool("'%s' is not a command for a servo bus (info, "
		    "describe, pos, torque, reboot, stop, run, goto, home, "
		    "jog, gripper, setup-ids, calibrate, joints)", argv[0]);
		return EXIT_USAGE;
	}
	if (bus_commands[i].operands >= 0 && argc > 1) {
		warnx_tool("%s: takes no operands", argv[0]);
		return EXIT_USAGE;
	}
	memset(&u, 0, sizeof u);
	u.c = c;
	u.o = o;
	if (c->arm == NULL && arm_builtin_so101(&builtin) != 0)
		return EXIT_DATAERR;
	u.a = c->arm = c->arm ? c->arm : &builtin;
	if (strcmp(argv[0], "joints") == 0)	/* any arm, no bus */
		return arm_joints_write(stdout, u.a) ? EXIT_IOERR : 0;
	if (servoarm_bus_init(&u.k, u.a, strcmp(o->bus, "dynamixel") ?
	    SERVO_FEETECH : SERVO_DXL, why, sizeof why) != SERVOARM_OK) {
		warnx_tool("%s: %s", c->arm_file ? c->arm_file : "so101", why);
		return EXIT_DATAERR;
	}
	if (bus_commands[i].connect && (r = open_bus(&u)) != 0)
		return r;
	return bus_commands[i].fn(&u, argc, argv);
}
