/*
 * bus.c - armctl's commands on a servo bus (lib/servoarm): info, pos,
 * torque, stop, reboot and setup-ids, their tables and prompts, and each
 * status said (servoarm_text) with its exit status.  run and the moves
 * are in bus_run.c, calibrate in bus_calib.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arm/pose.h"
#include "bus.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/table.h"

int
bus_say(struct busctl *u, enum servoarm_status st, const char *doing)
{
	char line[300];

	if (st == SERVOARM_INTERRUPTED)
		return CTL_INTERRUPTED;
	servoarm_text(&u->k, st, doing, line, sizeof line);
	if (*line)
		warnx_tool("%s", line);
	return servoarm_status_exit(st);
}

int
bus_open(struct busctl *u, const char *doing)
{
	int r;

	if (u->c->port)
		return 0;
	if ((r = ctl_open_port(u->c)) != 0)
		return r;
	servobus_init(&u->k.b, u->c->port, u->k.proto, u->c->timeout_ms,
	    u->c->retries);
	u->k.b.interrupted = u->c->interrupted;
	/* setup-ids meets servos one at a time: no load scale yet */
	return strcmp(doing, "setup-ids") == 0 ? 0 :
	    bus_say(u, servoarm_connect(&u->k), doing);
}

static int
bus_info(struct busctl *u, int argc, char **argv)
{
	static const char *const cols[] = { "joint", "id", "model",
	    "firmware", "volts", "celsius", "load", "current", "torque",
	    "errors" };
	struct servoarm_feedback f;
	struct servoarm_info in;
	enum servoarm_status st;
	struct table t;
	char text[120];
	int i;

	(void)argc;
	table_init(&t, stdout, TABLE_CSV, TABLE_ROUND_TRIP, cols, 10);
	table_header(&t);
	if ((st = servoarm_feedback(&u->k, &f)) != SERVOARM_OK)
		return bus_say(u, st, argv[0]);
	for (i = 0; i < u->k.arm.n; i++) {
		if ((st = servoarm_info(&u->k, i, &in)) != SERVOARM_OK)
			return bus_say(u, st, argv[0]);
		servo_err_text(u->k.proto, f.err[i], text, sizeof text);
		table_str(&t, u->k.arm.j[i].name);
		table_long(&t, u->k.ids[i]);
		table_long(&t, in.model);
		table_str(&t, in.firmware);
		table_num(&t, f.volts[i]);
		table_long(&t, f.celsius[i]);
		table_num(&t, round(f.load[i] * 10) / 10);
		if (isnan(f.ma[i]))
			table_null(&t);	/* an SCS tells no current */
		else
			table_num(&t, round(f.ma[i] * 10) / 10);
		table_str(&t, in.torque ? "on" : "off");
		table_str(&t, text);
		table_end_row(&t);
	}
	return table_flush(&t) == 0 ? 0 : EXIT_IOERR;
}

static int
bus_pos(struct busctl *u, int argc, char **argv)
{
	struct servoarm_feedback f;
	enum servoarm_status st;

	(void)argc;
	if ((st = servoarm_feedback(&u->k, &f)) != SERVOARM_OK)
		return bus_say(u, st, argv[0]);
	if (arm_pose_write_arm(stdout, u->a, f.q) != 0)
		return EXIT_IOERR;
	return bus_say(u, servoarm_errors(&u->k, &f), argv[0]);
}

/* The joints named in argv (all when none); -1 after a message. */
static int
pick(struct busctl *u, int argc, char **argv, int *on)
{
	int i, j;

	for (i = 0; i < u->k.arm.n; i++)
		on[i] = argc == 0;
	for (i = 0; i < argc; i++) {
		if ((j = servoarm_find(&u->k.arm, argv[i])) < 0) {
			warnx_tool("no joint or servo id '%s' in the arm",
			    argv[i]);
			return -1;
		}
		on[j] = 1;
	}
	return 0;
}

/* torque on|off [JOINT...] and reboot [JOINT...]. */
static int
bus_joints(struct busctl *u, int argc, char **argv)
{
	int sel[SERVOARM_MAX], i, on, reboot = !strcmp(argv[0], "reboot");
	enum servoarm_status st = SERVOARM_OK;

	if (!reboot && (argc < 2 || (strcmp(argv[1], "on") &&
	    strcmp(argv[1], "off")))) {
		warnx_tool("torque: want 'on' or 'off', then joints (all if "
		    "none)");
		return EXIT_USAGE;
	}
	on = !reboot && strcmp(argv[1], "on") == 0;
	if (pick(u, argc - 2 + reboot, argv + 2 - reboot, sel) != 0)
		return EXIT_USAGE;
	if (on)
		st = servoarm_configure(&u->k);
	for (i = 0; i < u->k.arm.n && st == SERVOARM_OK; i++)
		if (sel[i])
			st = reboot ? servoarm_reboot(&u->k, i) :
			    servoarm_torque(&u->k, i, on);
	return bus_say(u, st, argv[0]);
}

static int
bus_stop(struct busctl *u, int argc, char **argv)
{
	struct servoarm_feedback f;
	enum servoarm_status st;

	(void)argc;
	if ((st = servoarm_hold(&u->k, &f)) != SERVOARM_OK)
		return bus_say(u, st, argv[0]);
	return bus_say(u, servoarm_errors(&u->k, &f), argv[0]);
}

/* The one servo on the bus becomes joint j, at the bus's baud rate. */
static int
assign_id(struct busctl *u, int j)
{
	enum servoarm_status st;
	uint8_t found[8];
	int n;

	st = servoarm_setup_id(&u->k, j, u->c->timeout_ms,
	    servoarm_baud_code(u->k.proto, u->c->baud), found, &n);
	if (st == SERVOARM_NONE_FOUND)
		warnx_tool("setup-ids: no servo answers at %ld baud: check "
		    "power and wiring", u->c->baud);
	else if (st == SERVOARM_MANY_FOUND)
		warnx_tool("setup-ids: %d servos answer (ids %u and %u): "
		    "connect only the %s servo", n, found[0], found[1],
		    u->k.arm.j[j].name);
	else if (st == SERVOARM_OK)
		printf("%s: id %u -> %u\n", u->k.arm.j[j].name, found[0],
		    u->k.arm.j[j].id);
	fflush(stdout);
	return bus_say(u, st, "setup-ids");
}

/* One motor at a time, gripper first as a new arm is built. */
static int
bus_setup_ids(struct busctl *u, int argc, char **argv)
{
	char line[256];
	int sel[SERVOARM_MAX], j, r;

	if (pick(u, argc - 1, argv + 1, sel) != 0)
		return EXIT_USAGE;
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
		if ((r = assign_id(u, j)) != 0)
			return r;
	}
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(struct busctl *, int, char **);
	int operands;		/* at most; -1: any */
	int connect;		/* before the command */
} bus_commands[] = {
	{ "info", bus_info, 0, 1 }, { "describe", bus_info, 0, 1 },
	{ "pos", bus_pos, 0, 1 }, { "torque", bus_joints, -1, 1 },
	{ "reboot", bus_joints, -1, 1 }, { "stop", bus_stop, 0, 1 },
	{ "setup-ids", bus_setup_ids, -1, 1 }, { "run", bus_run, -1, 0 },
	{ "calibrate", bus_calibrate, 0, 0 }, { "goto", bus_move, -1, 0 },
	{ "home", bus_move, -1, 0 }, { "jog", bus_move, -1, 0 },
	{ "gripper", bus_move, -1, 0 },
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
		    "jog, gripper, setup-ids, calibrate)", argv[0]);
		return EXIT_USAGE;
	}
	if (bus_commands[i].operands >= 0 && argc - 1 >
	    bus_commands[i].operands) {
		warnx_tool("%s: takes no operands", argv[0]);
		return EXIT_USAGE;
	}
	memset(&u, 0, sizeof u);
	u.c = c;
	u.o = o;
	if ((u.a = c->arm) == NULL) {
		if (arm_builtin_so101(&builtin) != 0)
			return EXIT_DATAERR;
		u.a = &builtin;
		c->arm = &builtin;
	}
	if (servoarm_bus_init(&u.k, u.a, strcmp(o->bus, "dynamixel") ?
	    SERVO_FEETECH : SERVO_DXL, why, sizeof why) != SERVOARM_OK) {
		warnx_tool("%s: %s", c->arm_file ? c->arm_file : "so101", why);
		return EXIT_DATAERR;
	}
	if (bus_commands[i].connect && (r = bus_open(&u, argv[0])) != 0)
		return r;
	return bus_commands[i].fn(&u, argc, argv);
}
