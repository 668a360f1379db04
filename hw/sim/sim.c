/*
 * sim.c - armsim's loop: physics in 1 ms steps, bytes across the paced
 * line, the robot's requests and step clock, until killed.  Also the
 * robot_hw hooks, which is all core/robot knows of the simulation.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>
#include <unistd.h>

#include "host/diag.h"
#include "listen.h"
#include "sim.h"
#include "link/names.h"

#define TICK_NS 1000000ull		/* physics and robot tick: 1 ms */
#define IDLE_NS 20000000ull		/* a quiet line drops a partial frame */

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static uint32_t
hw_millis(void *ctx)
{
	struct sim *s = ctx;

	return (uint32_t)((s->now - s->t0) / 1000000ull);
}

static void
hw_send(void *ctx, const uint8_t *bytes, uint8_t n)
{
	struct sim *s = ctx;

	sim_line_to_host(&s->line, bytes, n, s->now);
}

static void
hw_read_encoders(void *ctx, int32_t *mdeg)
{
	struct sim *s = ctx;
	int j;

	for (j = 0; j < s->arm.joints; j++)
		mdeg[j] = (int32_t)lround(s->arm.q[j] * 1000);
}

/* --setpoints: a CSV row "t,<joints>" on armsim's own clock (seconds
 * since it started) for every command the robot gives its joints: each
 * streamed step as it starts, a STOP's hold. */
static void
log_setpoint(struct sim *s)
{
	int j;

	fprintf(s->setpoints, "%.3f", (double)(s->now - s->t0) / 1e9);
	for (j = 0; j < s->arm.joints; j++)
		fprintf(s->setpoints, ",%.3f", s->arm.cmd[j]);
	fputc('\n', s->setpoints);
	fflush(s->setpoints);
}

static void
hw_command_joints(void *ctx, const int32_t *mdeg)
{
	struct sim *s = ctx;
	int j;

	for (j = 0; j < s->arm.joints; j++)
		s->arm.cmd[j] = mdeg[j] / 1000.0;
	if (s->setpoints)
		log_setpoint(s);
}

static int
hw_store_read(void *ctx, uint32_t addr, uint8_t *buf, uint16_t n)
{
	return sim_eeprom_read(&((struct sim *)ctx)->eeprom, addr, buf, n);
}

static int
hw_store_write(void *ctx, uint32_t addr, const uint8_t *buf, uint16_t n)
{
	return sim_eeprom_write(&((struct sim *)ctx)->eeprom, addr, buf, n);
}

static int16_t
hw_obstacle_mm(void *ctx)
{
	struct sim *s = ctx;
	double d = sim_arm_clearance(&s->arm, s->arm.q);

	if (d >= INT16_MAX)
		return INT16_MAX;
	return d <= 0 ? 0 : (int16_t)lround(d);
}

static void
hw_trace(void *ctx, uint8_t dir, const struct wire_frame *f)
{
	struct sim *s = ctx;
	const char *name = link_type_name(f->type);
	double t = (double)(s->now - s->t0) / 1e9;

	if (f->type == WIRE_ERROR && f->len >= 2)
		fprintf(stderr, "armsim: %.3f %s seq %u ERROR %s: %s\n", t,
		    dir ? "->" : "<-", f->seq, link_type_name(f->payload[0]) ?
		    link_type_name(f->payload[0]) : "?",
		    link_error_text(f->payload[1]));
	else
		fprintf(stderr, "armsim: %.3f %s seq %u %s%s len %u\n", t,
		    dir ? "->" : "<-", f->seq, name ? name : "?",
		    (f->type & WIRE_REPLY) ? " reply" : "", f->len);
}

void
sim_start_at(struct sim *s, uint64_t now)
{
	int j;

	for (j = 0; j < s->arm.joints; j++) {
		s->link_um[j] = (uint32_t)lround(s->arm.link[j] * 1000);
		s->arm.cmd[j] = s->arm.q[j];
	}
	if (s->setpoints) {
		fputs("t", s->setpoints);
		for (j = 0; j < s->arm.joints; j++)
			if (s->arm.desc)
				fprintf(s->setpoints, ",%s",
				    s->arm.desc->joint[j].name);
			else
				fprintf(s->setpoints, ",q%d", j + 1);
		fputc('\n', s->setpoints);
		fflush(s->setpoints);
	}
	memset(&s->hw, 0, sizeof s->hw);
	s->hw.ctx = s;
	s->hw.firmware = "armsim " SPINE_VERSION;
	s->hw.joints = (uint8_t)s->arm.joints;
	s->hw.link_um = s->link_um;
	if (s->arm.desc) {
		for (j = 0; j < s->arm.joints; j++) {
			s->limits[2 * j] = (int16_t)floor(s->arm.desc->joint[j].lo);
			s->limits[2 * j + 1] =
			    (int16_t)ceil(s->arm.desc->joint[j].hi);
		}
		s->hw.joint_limits = s->limits;
	}
	s->hw.store_size = s->eeprom.size;
	s->hw.plan_ram = s->plan_ram;
	s->hw.plan_ram_size = sizeof s->plan_ram;
	s->hw.state_ram = s->state_ram;
	s->hw.state_ram_size = sizeof s->state_ram;
	s->hw.millis = hw_millis;
	s->hw.send = hw_send;
	s->hw.read_encoders = hw_read_encoders;
	s->hw.command_joints = hw_command_joints;
	s->hw.store_read = hw_store_read;
	s->hw.store_write = hw_store_write;
	s->hw.obstacle_mm = hw_obstacle_mm;
	if (s->verbose)
		s->hw.trace = hw_trace;
	s->t0 = s->now = s->last_tick = s->last_rx = now;
	if (s->time_scale <= 0)
		s->time_scale = 1;
	s->idle_scale = s->time_scale < 1 ? 1 : (uint64_t)ceil(s->time_scale);
	robot_init(&s->robot, &s->hw);
}

void
sim_start(struct sim *s)
{
	sim_start_at(s, now_ns());
}

static void
to_robot(void *ctx, const uint8_t *bytes, size_t n)
{
	robot_rx(&((struct sim *)ctx)->robot, bytes, n);
}

/* Where the host's bytes come from: the pty, or the TCP client. */
static int
io_fd(const struct sim *s)
{
	return s->listen_fd >= 0 ? s->conn_fd : s->pty.master;
}

/* The TCP client left: drop what was in flight, wait for the next. */
static void
hang_up(struct sim *s)
{
	close(s->conn_fd);
	s->conn_fd = -1;
	sim_line_discard(&s->line);
	if (s->verbose)
		fprintf(stderr, "%s: client hung up\n", tool_name());
}

static void
accept_client(struct sim *s)
{
	if (s->listen_fd < 0 || s->conn_fd >= 0)
		return;
	if ((s->conn_fd = sim_listen_accept(s->listen_fd)) >= 0) {
		sim_line_discard(&s->line);
		if (s->verbose)
			fprintf(stderr, "%s: client connected\n",
			    tool_name());
	}
}

static int
read_host(struct sim *s, uint64_t *last_rx)
{
	uint8_t buf[4096];
	size_t room = sim_line_rx_room(&s->line);
	ssize_t n;

	if (room == 0 || io_fd(s) < 0)
		return 0;
	n = read(io_fd(s), buf, room < sizeof buf ? room : sizeof buf);
	if (n > 0) {
		sim_line_from_host(&s->line, buf, (size_t)n, s->now);
		*last_rx = s->now;
		return 0;
	}
	if (s->listen_fd >= 0 && (n == 0 || (errno != EAGAIN &&
	    errno != EINTR))) {
		hang_up(s);
		return 0;
	}
	/* EIO only when no slave is open, and we hold one: nothing to do. */
	if (n < 0 && errno != EAGAIN && errno != EINTR && errno != EIO)
		return -1;
	return 0;
}

/* Wait for the host's bytes, the next byte due on the line (on the
   simulated clock) or 1 ms of real time, whichever comes first.  (Capped
   before it is converted back: nothing due is UINT64_MAX, which at a
   --time-scale of 1 or less is past what a uint64_t holds, and became a
   wait of 0, a busy loop.) */
static void
wait_input(struct sim *s)
{
	double due = (double)sim_line_next_due(&s->line, s->now) /
	    s->time_scale;
	struct timespec ts;
	fd_set rd;
	int fd = io_fd(s);

	if (due > (double)TICK_NS)
		due = (double)TICK_NS;
	ts.tv_sec = 0;
	ts.tv_nsec = (long)due;
	FD_ZERO(&rd);
	/* With the queue full, leave the bytes in the pty: it pushes back. */
	if (fd >= 0 && sim_line_rx_room(&s->line) > 0)
		FD_SET(fd, &rd);
	if (fd < 0)
		fd = s->listen_fd;	/* no client: wait for one */
	if (fd >= 0)
		FD_SET(fd, &rd);
	pselect(fd + 1, &rd, NULL, NULL, &ts, NULL);
}

/* The robot's bytes to the host; with no TCP client they go nowhere, as on
 * a serial line with nothing plugged in. */
static int
flush_host(struct sim *s)
{
	if (io_fd(s) < 0) {
		sim_line_discard(&s->line);
		return 0;
	}
	if (sim_line_flush(&s->line, io_fd(s), s->now) == 0)
		return 0;
	if (s->listen_fd < 0)
		return -1;
	hang_up(s);	/* EPIPE, ECONNRESET: the client is gone */
	return 0;
}

/* The robot at s->now: the bytes that have crossed the line, its tick. */
static void
robot_now(struct sim *s)
{
	sim_line_deliver(&s->line, s->now, to_robot, s);
	if (s->line.stalled)
		return;
	if (s->now - s->last_rx > IDLE_NS * s->idle_scale &&
	    s->line.rx_n == 0 && s->robot.dec.n > 0)
		robot_rx_idle(&s->robot);
	robot_tick(&s->robot);
}

/* ... and its replies onto the pty (or the TCP client). */
static int
robot_step(struct sim *s)
{
	robot_now(s);
	if (s->line.stalled && !s->told_stall) {
		fprintf(stderr, "%s: stalled after %lu frames, as "
		    "--stall-after asked\n", tool_name(), s->line.frames_in);
		s->told_stall = 1;
	}
	return flush_host(s);
}

void
sim_advance(struct sim *s)
{
	while (s->last_tick + TICK_NS <= s->now) {
		sim_arm_step(&s->arm, TICK_NS / 1e9);
		s->last_tick += TICK_NS;
	}
	robot_now(s);
}

/* The simulated clock: real time since the start, --time-scale times. */
static uint64_t
sim_clock(const struct sim *s, uint64_t real)
{
	return s->t0 + (uint64_t)((double)(real - s->t0) * s->time_scale);
}

/*
 * The arm and the robot from s->now up to `target` on the simulated
 * clock, 1 ms at a time, so the robot sees every millisecond however fast
 * the clock runs; the robot also steps at once when no millisecond has
 * passed (a request answered without waiting for the next one).
 */
static int
run_until(struct sim *s, uint64_t target)
{
	uint64_t steps = 0, most = 200 * (uint64_t)ceil(s->time_scale);

	if (s->now + TICK_NS > target)
		return robot_step(s);
	while (s->now + TICK_NS <= target) {
		if (steps++ == most) {
			s->now = target; /* we were stopped (SIGSTOP): skip */
			break;
		}
		s->now += TICK_NS;
		s->last_tick = s->now;
		sim_arm_step(&s->arm, TICK_NS / 1e9);
		if (robot_step(s) != 0)
			return -1;
	}
	return 0;
}

int
sim_run(struct sim *s)
{
	uint64_t real, end = s->t0 + (uint64_t)(s->exit_after * 1e9);

	while (!*s->stop) {
		real = now_ns();
		if (s->exit_after > 0 && real >= end)
			break;
		accept_client(s);
		if (read_host(s, &s->last_rx) != 0 ||
		    run_until(s, sim_clock(s, real)) != 0)
			return -1;
		wait_input(s);
	}
	return 0;
}
