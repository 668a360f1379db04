/*
 * bus.c - armctl's commands on a servo bus: connecting, info, pos, torque,
 * stop and setup-ids, and turning bus failures into plain messages and
 * exit statuses (no reply: 75; corrupted replies: 74; servo error bits:
 * 1).  run is in bus_run.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bus.h"
#include "host/diag.h"
#include "host/exits.h"
#include "host/table.h"
#include "servo/regs.h"

#define FB_STS_ADDR 56u		/* Present_Position .. Present_Current */
#define FB_STS_COUNT 15u
#define FB_SCS_COUNT 11u	/* .. Moving: SCS has no current */
#define FB_DXL_ADDR 126u	/* Present_Current .. Present_Temperature */
#define FB_DXL_COUNT 22u

const struct servo_reg *
bus_reg(const struct busctl *k, int i, enum servo_field f)
{
	return servo_series_reg((enum servo_series)k->series[i], f);
}

static const char *
joint_of(const struct busctl *k, uint8_t id)
{
	int i;

	for (i = 0; i < k->arm.n; i++)
		if (k->ids[i] == id)
			return k->arm.j[i].name;
	return "not in the arm";
}

int
bus_failed(struct busctl *k, const char *doing)
{
	struct servobus *b = &k->b;

	switch (b->fail) {
	case SERVOBUS_INTR:
		return CTL_INTERRUPTED;
	case SERVOBUS_NO_REPLY:
		warnx_tool("%s: no reply from id %u (%s): check power and "
		    "wiring", doing, b->fail_id, joint_of(k, b->fail_id));
		return EXIT_TEMPFAIL;
	case SERVOBUS_CORRUPT:
		warnx_tool("%s: corrupted replies from id %u (%s): %lu "
		    "checksum errors in %lu transactions; check the baud rate "
		    "and wiring", doing, b->fail_id, joint_of(k, b->fail_id),
		    servobus_bad_checksums(b), b->transactions);
		return EXIT_IOERR;
	default:
		warnx_tool("%s: %s: the bus failed", doing, k->c->port_name);
		return EXIT_IOERR;
	}
}

/* Dynamixel's alert bit: what the hardware error register says. */
static void
hw_detail(struct busctl *k, uint8_t id, char *text, size_t cap)
{
	const struct servo_reg *r = servo_reg(SERVO_DXL, SF_HW_ERROR);
	struct servo_packet p;
	char bits[120];

	if (servobus_read(&k->b, id, r->addr, 1, &p) != 0 || p.n != 1 ||
	    p.p[0] == 0)
		return;
	dxl_hw_text(p.p[0], bits, sizeof bits);
	snprintf(text + strlen(text), cap - strlen(text), " (%s)", bits);
}

int
bus_check_errors(struct busctl *k, const uint8_t *err, const char *doing)
{
	char text[200];
	int i, bad = 0;

	for (i = 0; i < k->arm.n; i++) {
		if (err[i] == 0)
			continue;
		servo_err_text(k->proto, err[i], text, sizeof text);
		if (k->proto == SERVO_DXL && (err[i] & DXL_ERR_ALERT))
			hw_detail(k, k->ids[i], text, sizeof text);
		warnx_tool("%s: id %u (%s) reports %s", doing, k->ids[i],
		    k->arm.j[i].name, text);
		bad = 1;
	}
	return bad ? EXIT_JOB_FAILED : 0;
}

static int
connect_bus(struct busctl *k)
{
	struct ctl *c = k->c;
	int r;

	if ((r = ctl_open_port(c)) != 0)
		return r;
	servobus_init(&k->b, c->port, k->proto, c->timeout_ms, c->retries);
	k->b.interrupted = c->interrupted;
	return 0;
}

/*
 * The present block of every servo: one SYNC READ, or where a servo
 * cannot answer one (SCS, spec A3) a READ each, `count` bytes at `base`
 * a joint in buf.
 */
static int
read_present(struct busctl *k, uint16_t base, uint16_t count, uint8_t *buf,
    uint8_t *err)
{
	struct servo_packet p;
	int i;

	if (k->sync_read)
		return servobus_sync_read(&k->b, base, count, k->ids,
		    (uint8_t)k->arm.n, buf, err);
	for (i = 0; i < k->arm.n; i++) {
		if (servobus_read(&k->b, k->ids[i], base, count, &p) != 0)
			return -1;
		/* a reply with error bits may carry less: zeros for the rest */
		memset(buf + (size_t)i * count, 0, count);
		memcpy(buf + (size_t)i * count, p.p, p.n < count ? p.n : count);
		err[i] = p.err;
	}
	return 0;
}

/* Register f of joint i from its block p (which starts at base). */
static int32_t
present(const struct busctl *k, int i, enum servo_field f, const uint8_t *p,
    uint16_t base, uint16_t count)
{
	const struct servo_reg *r = bus_reg(k, i, f);

	if (r->size == 0 || r->addr < base || r->addr + r->size > base + count)
		return 0;
	return servo_reg_get(r, p + (r->addr - base));
}

int
bus_feedback(struct busctl *k, struct bus_feedback *f)
{
	uint8_t buf[SERVOARM_MAX * FB_DXL_COUNT];
	uint16_t base = k->proto == SERVO_DXL ? FB_DXL_ADDR : FB_STS_ADDR;
	uint16_t count = k->proto == SERVO_DXL ? FB_DXL_COUNT :
	    k->sync_read ? FB_STS_COUNT : FB_SCS_COUNT;
	const uint8_t *p;
	int i;

	if (read_present(k, base, count, buf, f->err) != 0)
		return -1;
	for (i = 0; i < k->arm.n; i++) {
		const struct servoarm_joint *j = &k->arm.j[i];

		p = buf + (size_t)i * count;
		f->q[i] = servoarm_value(j, present(k, i, SF_POSITION, p, base,
		    count));
		f->shown[i] = j->gripper ? servoarm_grip_pct(&k->arm, f->q[i]) :
		    f->q[i];
		f->volts[i] = present(k, i, SF_VOLTAGE, p, base, count) / 10.0;
		f->celsius[i] = (int)present(k, i, SF_TEMPERATURE, p, base,
		    count);
		if (k->proto == SERVO_DXL) {
			f->ma[i] = present(k, i, SF_CURRENT, p, base, count);
			f->load[i] = 100.0 * f->ma[i] / k->ma_full[i];
		} else {
			f->ma[i] = present(k, i, SF_CURRENT, p, base, count) *
			    6.5;
			f->load[i] = present(k, i, SF_LOAD, p, base, count) /
			    10.0;
		}
	}
	return 0;
}

/* Ticks for joint i at joint value q, the joint's limits applied. */
static int32_t
goal_ticks(const struct busctl *k, int i, double q)
{
	const struct servoarm_joint *j = &k->arm.j[i];

	if (q < j->lo)
		q = j->lo;
	if (q > j->hi)
		q = j->hi;
	return (int32_t)lround(servoarm_ticks(j, q));
}

int
bus_goals(struct busctl *k, const double *q)
{
	/* every series keeps its goal at one address and width; each
	 * servo's bytes are in its own order */
	const struct servo_reg *g = servo_reg(k->proto, SF_GOAL);
	uint8_t data[SERVOARM_MAX * 4];
	int i;

	for (i = 0; i < k->arm.n; i++)
		servo_reg_put(bus_reg(k, i, SF_GOAL), goal_ticks(k, i, q[i]),
		    data + i * g->size);
	return servobus_sync_write(&k->b, g->addr, g->size, k->ids,
	    (uint8_t)k->arm.n, data);
}

int
bus_hold(struct busctl *k, struct bus_feedback *f)
{
	if (bus_feedback(k, f) != 0)
		return -1;
	return bus_goals(k, f->q);
}

static int
write1(struct busctl *k, int i, enum servo_field field, int32_t v)
{
	const struct servo_reg *r = bus_reg(k, i, field);
	struct servo_packet p;
	uint8_t data[4];

	if (r->size == 0)
		return 0;
	servo_reg_put(r, v, data);
	if (servobus_write(&k->b, k->ids[i], r->addr, data, r->size, &p) != 0)
		return -1;
	if (k->proto == SERVO_DXL && (p.err & 0x7Fu)) {
		k->b.fail = SERVOBUS_OK;
		return (int)(p.err & 0x7Fu);	/* the servo refused */
	}
	return 0;
}

/* On: hold where it is first, so the arm does not jump to an old goal.
 * Feetech: lock the EEPROM while on, unlock while off (as LeRobot). */
int
bus_torque(struct busctl *k, int i, int on)
{
	struct servo_packet p;
	const struct servo_reg *pos = bus_reg(k, i, SF_POSITION);
	int r;

	if (on) {
		if (servobus_read(&k->b, k->ids[i], pos->addr, pos->size,
		    &p) != 0)
			return -1;
		if ((r = write1(k, i, SF_GOAL, servo_reg_get(pos, p.p))) != 0)
			return r;
	}
	if ((r = write1(k, i, SF_TORQUE, on)) != 0)
		return r;
	return write1(k, i, SF_LOCK, on);
}

/* Dynamixel: the current that stands for 100 % load. */
static int
read_limits(struct busctl *k)
{
	const struct servo_reg *r = servo_reg(SERVO_DXL, SF_CURRENT_LIMIT);
	struct servo_packet p;
	int i;

	for (i = 0; i < k->arm.n; i++) {
		k->ma_full[i] = 1750;
		if (k->proto != SERVO_DXL)
			continue;
		if (servobus_read(&k->b, k->ids[i], r->addr, r->size, &p) != 0)
			return -1;
		if (servo_reg_get(r, p.p) > 0)
			k->ma_full[i] = servo_reg_get(r, p.p);
	}
	return 0;
}

static int
bus_info(struct busctl *k, int argc, char **argv)
{
	static const char *const cols[] = { "joint", "id", "model",
	    "firmware", "volts", "celsius", "torque", "errors" };
	const struct servo_reg *model, *torque;
	struct bus_feedback f;
	struct servo_packet p;
	struct table t;
	char text[120], fw[16];
	int i, m;

	(void)argv;
	if (argc > 1) {
		warnx_tool("%s: takes no operands", argv[0]);
		return EXIT_USAGE;
	}
	table_init(&t, stdout, TABLE_CSV, TABLE_ROUND_TRIP, cols, 8);
	table_header(&t);
	if (bus_feedback(k, &f) != 0)
		return bus_failed(k, argv[0]);
	for (i = 0; i < k->arm.n; i++) {
		model = bus_reg(k, i, SF_MODEL);
		torque = bus_reg(k, i, SF_TORQUE);
		if (servobus_ping(&k->b, k->ids[i], &p) != 0)
			return bus_failed(k, argv[0]);
		if (k->proto == SERVO_DXL && p.n == 3) {
			m = servo_get16(p.p);
			snprintf(fw, sizeof fw, "%u", p.p[2]);
		} else {
			if (servobus_read(&k->b, k->ids[i], 0, model->addr +
			    model->size, &p) != 0)
				return bus_failed(k, argv[0]);
			m = (int)servo_reg_get(model, p.p + model->addr);
			snprintf(fw, sizeof fw, "%u.%u", p.p[0], p.p[1]);
		}
		if (servobus_read(&k->b, k->ids[i], torque->addr, 1, &p) != 0)
			return bus_failed(k, argv[0]);
		servo_err_text(k->proto, f.err[i], text, sizeof text);
		table_str(&t, k->arm.j[i].name);
		table_long(&t, k->ids[i]);
		table_long(&t, m);
		table_str(&t, fw);
		table_num(&t, f.volts[i]);
		table_long(&t, f.celsius[i]);
		table_str(&t, p.p[0] ? "on" : "off");
		table_str(&t, text);
		table_end_row(&t);
	}
	return table_flush(&t) == 0 ? 0 : EXIT_IOERR;
}

/*
 * pos with --arm: one row, the description's joint names as columns (the
 * gripper in %), then load_ and current_ columns, so that
 * 'armctl pos | ikreach --arm FILE --fk' says where the tip is.
 */
static void
pos_wide(struct busctl *k, const struct bus_feedback *f, struct table *t)
{
	static char names[3 * SERVOARM_MAX][40];
	const char *cols[3 * SERVOARM_MAX];
	int i, n = k->arm.n;

	for (i = 0; i < n; i++) {
		cols[i] = k->arm.j[i].name;
		snprintf(names[n + i], sizeof names[0], "load_%s",
		    k->arm.j[i].name);
		snprintf(names[2 * n + i], sizeof names[0], "current_%s",
		    k->arm.j[i].name);
		cols[n + i] = names[n + i];
		cols[2 * n + i] = names[2 * n + i];
	}
	table_init(t, stdout, TABLE_CSV, 1, cols, (size_t)(3 * n));
	table_header(t);
	for (i = 0; i < n; i++)
		table_num(t, f->shown[i]);
	for (i = 0; i < n; i++)
		table_num(t, f->load[i]);
	for (i = 0; i < n; i++)
		table_num(t, f->ma[i]);
	table_end_row(t);
}

/* pos without --arm: a row a joint, with its unit. */
static void
pos_long(struct busctl *k, const struct bus_feedback *f, struct table *t)
{
	static const char *const cols[] = { "joint", "position", "unit",
	    "load", "current" };
	int i;

	table_init(t, stdout, TABLE_CSV, 1, cols, 5);
	table_header(t);
	for (i = 0; i < k->arm.n; i++) {
		table_str(t, k->arm.j[i].name);
		table_num(t, f->shown[i]);
		table_str(t, k->arm.j[i].gripper ? "%" : "deg");
		table_num(t, f->load[i]);
		table_num(t, f->ma[i]);
		table_end_row(t);
	}
}

static int
bus_pos(struct busctl *k, int argc, char **argv)
{
	struct bus_feedback f;
	struct table t;

	if (argc > 1) {
		warnx_tool("%s: takes no operands", argv[0]);
		return EXIT_USAGE;
	}
	if (bus_feedback(k, &f) != 0)
		return bus_failed(k, argv[0]);
	if (k->c->arm)
		pos_wide(k, &f, &t);
	else
		pos_long(k, &f, &t);
	if (table_flush(&t) != 0)
		return EXIT_IOERR;
	return bus_check_errors(k, f.err, argv[0]);
}

/* The joints named in argv (all when none); -1 after a message. */
static int
pick(struct busctl *k, int argc, char **argv, int *on)
{
	int i, j;

	for (i = 0; i < k->arm.n; i++)
		on[i] = argc == 0;
	for (i = 0; i < argc; i++) {
		if ((j = servoarm_find(&k->arm, argv[i])) < 0) {
			warnx_tool("no joint or servo id '%s' in the arm",
			    argv[i]);
			return -1;
		}
		on[j] = 1;
	}
	return 0;
}

static int
bus_torque_cmd(struct busctl *k, int argc, char **argv)
{
	int sel[SERVOARM_MAX], i, on, r;

	if (argc < 2 || (strcmp(argv[1], "on") && strcmp(argv[1], "off"))) {
		warnx_tool("torque: want 'on' or 'off', then joints (all if "
		    "none)");
		return EXIT_USAGE;
	}
	on = strcmp(argv[1], "on") == 0;
	if (pick(k, argc - 2, argv + 2, sel) != 0)
		return EXIT_USAGE;
	for (i = 0; i < k->arm.n; i++) {
		if (!sel[i])
			continue;
		if ((r = bus_torque(k, i, on)) < 0)
			return bus_failed(k, "torque");
		if (r > 0) {
			warnx_tool("torque: id %u (%s) refused: %s", k->ids[i],
			    k->arm.j[i].name, r == DXL_ERR_ACCESS ?
			    "access error" : "error");
			return EXIT_JOB_FAILED;
		}
	}
	return 0;
}

static int
bus_stop(struct busctl *k, int argc, char **argv)
{
	struct bus_feedback f;

	(void)argv;
	if (argc > 1) {
		warnx_tool("stop: takes no operands");
		return EXIT_USAGE;
	}
	if (bus_hold(k, &f) != 0)
		return bus_failed(k, "stop");
	return bus_check_errors(k, f.err, "stop");
}

/* Wait for Enter on stdin; 0, or -1 at end of input. */
static int
await_enter(const char *joint, int id)
{
	char line[256];

	fprintf(stderr, "%s: connect only the %s servo (to become id %d), "
	    "then press Enter\n", tool_name(), joint, id);
	return fgets(line, sizeof line, stdin) ? 0 : -1;
}

/* The one servo on the bus becomes id `want`. */
static int
assign_id(struct busctl *k, int j)
{
	uint8_t found[8], want = (uint8_t)k->arm.j[j].id, data[1];
	const struct servo_reg *rid = servo_reg(k->proto, SF_ID);
	struct servo_packet p;
	int n, i, r;

	n = servobus_scan(&k->b, k->c->timeout_ms, found, 8);
	if (n < 0)
		return bus_failed(k, "setup-ids");
	if (n == 0) {
		warnx_tool("setup-ids: no servo answers: check power and "
		    "wiring");
		return EXIT_TEMPFAIL;
	}
	if (n > 1) {
		warnx_tool("setup-ids: %d servos answer (ids %u and %u): "
		    "connect only the %s servo", n, found[0], found[1],
		    k->arm.j[j].name);
		return EXIT_JOB_FAILED;
	}
	if (found[0] != want) {
		k->ids[j] = found[0];	/* talk to it under its old id */
		for (i = 0; i < 2; i++)
			if ((r = write1(k, j, i ? SF_LOCK : SF_TORQUE, 0)) != 0)
				return r < 0 ? bus_failed(k, "setup-ids") :
				    EXIT_JOB_FAILED;
		data[0] = want;
		/* the reply may come from either id, or none: ping after */
		(void)servobus_write(&k->b, found[0], rid->addr, data, 1, &p);
		k->ids[j] = want;
		if (servobus_ping(&k->b, want, &p) != 0)
			return bus_failed(k, "setup-ids");
		if ((r = write1(k, j, SF_LOCK, 1)) != 0)
			return r < 0 ? bus_failed(k, "setup-ids") :
			    EXIT_JOB_FAILED;
	}
	printf("%s: id %u -> %u\n", k->arm.j[j].name, found[0], want);
	fflush(stdout);
	return 0;
}

/* One motor at a time, gripper first as a new arm is built. */
static int
bus_setup_ids(struct busctl *k, int argc, char **argv)
{
	int sel[SERVOARM_MAX], j, r;

	if (pick(k, argc - 1, argv + 1, sel) != 0)
		return EXIT_USAGE;
	for (j = k->arm.n - 1; j >= 0; j--) {
		if (!sel[j])
			continue;
		if (await_enter(k->arm.j[j].name, k->arm.j[j].id) != 0) {
			warnx_tool("setup-ids: input ended before %s",
			    k->arm.j[j].name);
			return EXIT_JOB_FAILED;
		}
		if ((r = assign_id(k, j)) != 0)
			return r;
	}
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(struct busctl *, int, char **);
	int limits;		/* needs the load scale first */
} bus_commands[] = {
	{ "info", bus_info, 1 }, { "describe", bus_info, 1 },
	{ "pos", bus_pos, 1 }, { "torque", bus_torque_cmd, 0 },
	{ "stop", bus_stop, 0 }, { "run", bus_run, 0 },
	{ "setup-ids", bus_setup_ids, 0 }, { "calibrate", bus_calibrate, 0 },
	{ "goto", bus_move, 0 }, { "home", bus_move, 0 }, { "jog", bus_move, 0 },
};

/* Each joint's id and series; every series must speak this bus. */
static int
pick_series(struct busctl *k, char *why, size_t cap)
{
	const struct servoarm_joint *j;
	int i;

	k->sync_read = 1;
	for (i = 0; i < k->arm.n; i++) {
		j = &k->arm.j[i];
		k->ids[i] = (uint8_t)j->id;
		k->series[i] = (uint8_t)(j->series < 0 ?
		    (int)servo_series_of(k->proto) : j->series);
		if (servo_series(k->series[i])->proto != k->proto) {
			snprintf(why, cap, "joint %s: its servo (%s) is not on "
			    "a %s bus", j->name, servo_series(
			    k->series[i])->name, k->o->bus);
			return -1;
		}
		k->sync_read &= servo_series(k->series[i])->sync_read;
	}
	return 0;
}

int
bus_command(struct ctl *c, const struct bus_opts *o, int argc, char **argv)
{
	static struct busctl k;
	size_t i, n = sizeof bus_commands / sizeof bus_commands[0];
	char why[200];
	int r;

	for (i = 0; i < n; i++)
		if (strcmp(bus_commands[i].name, argv[0]) == 0)
			break;
	if (i == n) {
		warnx_tool("'%s' is not a command for a servo bus (info, "
		    "describe, pos, torque, stop, run, goto, home, jog, "
		    "setup-ids, calibrate)", argv[0]);
		return EXIT_USAGE;
	}
	memset(&k, 0, sizeof k);
	k.c = c;
	k.o = o;
	k.proto = strcmp(o->bus, "dynamixel") == 0 ? SERVO_DXL : SERVO_FEETECH;
	if (c->arm == NULL)
		servoarm_so101(&k.arm);
	else if (servoarm_from_desc(&k.arm, c->arm, why, sizeof why) != 0) {
		warnx_tool("%s: %s", c->arm_file, why);
		return EXIT_DATAERR;
	}
	if (pick_series(&k, why, sizeof why) != 0) {
		warnx_tool("%s: %s", c->arm_file, why);
		return EXIT_DATAERR;
	}
	/* run reads its input before it connects; the moves read the arm */
	if (bus_commands[i].fn == bus_run || bus_commands[i].fn == bus_move)
		return bus_commands[i].fn(&k, argc, argv);
	if ((r = connect_bus(&k)) != 0)
		return r;
	if (bus_commands[i].limits && read_limits(&k) != 0)
		return bus_failed(&k, argv[0]);
	return bus_commands[i].fn(&k, argc, argv);
}

int
bus_connect(struct busctl *k)
{
	int r;

	if ((r = connect_bus(k)) != 0)
		return r;
	return read_limits(k) != 0 ? bus_failed(k, "run") : 0;
}
