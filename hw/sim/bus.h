/*
 * bus.h - armsim --bus: emulated Feetech or Dynamixel servos on the pty
 * instead of the spine protocol, one per joint of the arm, with obstacles,
 * a posing hand and faults.  main.c collects the options and calls here.
 */
#ifndef ARMSIM_BUS_H
#define ARMSIM_BUS_H

#include <signal.h>

#include "arm.h"

#define BUS_MAX_OPTS 16

struct bus_options {
	const char *bus;		/* "feetech" or "dynamixel"; NULL off */
	const char *block[BUS_MAX_OPTS];	/* JOINT=DEG */
	int nblock;
	const char *mute[BUS_MAX_OPTS];		/* ID[:REPLIES] */
	int nmute;
	const char *fault[BUS_MAX_OPTS];	/* ID:BITS */
	int nfault;
	const char *hand[BUS_MAX_OPTS];	/* Q1,Q2,... while limp, in turn */
	int nhand;
	const char *factory[BUS_MAX_OPTS];	/* JOINT: factory-fresh */
	int nfactory;
	const char *firmware[BUS_MAX_OPTS];	/* ID:VERSION */
	int nfirmware;
	long return_delay_us;		/* -1: the table's default */
};

/* Store a bus option (getopt value c: U k m f H y Z F); 0, or 2 (usage). */
int sim_bus_option(struct bus_options *b, int c, const char *arg);

struct bus_run {
	const struct bus_options *opt;
	const char *arm;		/* --arm FILE, else the SO-101 */
	const char *start, *speed, *link;
	const char *const *obstacles;	/* --obstacle sphere:... box:... */
	int nobstacles;
	double corrupt, exit_after;
	double time_scale;		/* the servos' clock: K x real time */
	long baud, seed;
	int verbose;
	volatile sig_atomic_t *stop;
	struct arm_contacts *contacts;	/* out: how the arm met obstacles,
					 * as the spine arm counts them */
};

/* Run the bus until stopped; an exit status. */
int sim_bus_main(const struct bus_run *r);

#endif
