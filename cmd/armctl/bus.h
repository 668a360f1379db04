/*
 * bus.h - armctl --bus: an arm of Feetech or Dynamixel servos driven from
 * the host (bus.c over lib/servoarm).  main.c hands it every command.
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

/* The command line in bus mode; an exit status. */
int bus_command(struct ctl *c, const struct bus_opts *o, int argc,
    char **argv);

/* run --detour (or goto) on the bus k of arm a (detour.c): from `from`
   (where the arm is) to `to`, first along `first` (NULL: the straight
   move); 0 or an exit status, the outcome said. */
int detour_bus(struct ctl *c, const struct bus_opts *o,
    const struct arm_desc *a, struct servoarm_bus *k,
    const struct arm_path *first, const double *from, const double *to);

#endif
