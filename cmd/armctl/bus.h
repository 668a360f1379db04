/*
 * bus.h - armctl --bus: an arm of Feetech or Dynamixel servos driven from
 * the host through lib/servoarm, no firmware of ours.  main.c hands every
 * command here when --bus is given; bus.c says what happened.
 */
#ifndef ARMCTL_BUS_H
#define ARMCTL_BUS_H

#include "ctl.h"
#include "servoarm/bus.h"

struct bus_opts {
	const char *bus;	/* "feetech" or "dynamixel"; NULL: off */
	double load_pct;	/* run: obstruction needs this much load */
	int write, dry_run;	/* calibrate: into EEPROM; nothing at all */
	int release;		/* run: limp, not holding, after Ctrl-C */
	const char *output;	/* calibrate: the calibration file */
	const char *from_lerobot;	/* calibrate: import this JSON */
	const char *lerobot_out;	/* calibrate: export to this JSON */
};

struct busctl {
	struct ctl *c;
	const struct bus_opts *o;
	const struct arm_desc *a;	/* --arm, or the built-in SO-101 */
	struct servoarm_bus k;
};

/* The command line in bus mode; an exit status. */
int bus_command(struct ctl *c, const struct bus_opts *o, int argc,
    char **argv);

/* Open the port and learn the load scale (once); 0 or an exit status
 * after saying what failed while `doing`. */
int bus_open(struct busctl *u, const char *doing);
/* Say what st means for `doing`; its exit status (CTL_INTERRUPTED). */
int bus_say(struct busctl *u, enum servoarm_status st, const char *doing);

/* run, and goto, home, jog and gripper (bus_run.c); calibrate. */
int bus_run(struct busctl *u, int argc, char **argv);
int bus_move(struct busctl *u, int argc, char **argv);
int bus_calibrate(struct busctl *u, int argc, char **argv);
/* run --detour (or goto) on the bus (detour.c), as detour_spine. */
int detour_bus(struct busctl *u, const struct arm_path *first,
    const double *from, const double *to);

#endif
