/*
 * sim.h - armsim put together: the arm, the plan store, the line and
 * core/robot, driven by one loop on the pty.  main.c fills a sim from the
 * options and calls sim_run().
 */
#ifndef ARMSIM_SIM_H
#define ARMSIM_SIM_H

#include <signal.h>
#include <stdint.h>

#include "arm.h"
#include "eeprom.h"
#include "line.h"
#include "pty.h"
#include "robot/robot.h"

struct sim {
	struct arm arm;
	struct eeprom eeprom;
	struct line line;
	struct sim_pty pty;
	int listen_fd;			/* --listen: the server, else -1 */
	int conn_fd;			/* ... and its client, -1 if none */
	char where[300];		/* the pty's path or the address */
	struct robot_hw hw;
	struct robot robot;
	uint32_t link_um[WIRE_MAX_JOINTS];
	int16_t limits[2 * WIRE_MAX_JOINTS];	/* --arm: min, max degrees */
	uint8_t plan_ram[STORE_MAX_PLAN];	/* as much as a slot holds */
	uint16_t state_ram[32768];
	uint64_t t0, now;		/* nanoseconds: start, simulated now */
	uint64_t last_tick, last_rx;	/* the arm's last step; bytes came */
	double time_scale;		/* simulated seconds a real one; 0: 1 */
	uint64_t idle_scale;		/* the same, whole, at least 1 */
	double exit_after;		/* real seconds; 0: run until killed */
	int told_stall;
	int verbose;
	FILE *setpoints;		/* --setpoints: each command, timed */
	struct arm_desc desc;		/* --arm */
	volatile sig_atomic_t *stop;
};

/* Wire the robot's hardware hooks to the simulation and start the robot. */
void sim_start(struct sim *s);
/* The same with the clock starting at `now` (ns): a simulated clock, as
 * memlink.c keeps. */
void sim_start_at(struct sim *s, uint64_t now);

/* The world up to s->now: the arm's physics, the bytes due to the robot,
 * the robot's tick, for memlink.c's in-process clock (sim_run steps the
 * same world a millisecond at a time on its own). */
void sim_advance(struct sim *s);

/* Run until *stop or --exit-after, the simulated clock running
 * time_scale times real time (the arm, the line's pacing, the robot's
 * millis); 0, or -1 on an I/O error on the pty.
 * With --listen, a client that hangs up is let go and the next accepted. */
int sim_run(struct sim *s);

#endif
