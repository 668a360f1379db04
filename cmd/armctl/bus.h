/*
 * bus.h - armctl --bus: an arm of Feetech or Dynamixel servos driven
 * straight from the host (lib/link/servobus.c), no firmware of ours.
 * main.c hands every command here when --bus is given.
 */
#ifndef ARMCTL_BUS_H
#define ARMCTL_BUS_H

#include "ctl.h"
#include "link/servobus.h"
#include "servo/regs.h"
#include "servoarm/servoarm.h"

struct bus_opts {
	const char *bus;	/* "feetech" or "dynamixel"; NULL: off */
	double load_pct;	/* run: obstruction needs this much load */
	int write, dry_run;	/* calibrate: into EEPROM; nothing at all */
	int release;		/* run: limp, not holding, after Ctrl-C */
	const char *output;	/* calibrate: the calibration file */
};

struct busctl {
	struct ctl *c;
	const struct bus_opts *o;
	enum servo_proto proto;
	struct servoarm arm;
	struct servobus b;
	uint8_t ids[SERVOARM_MAX];
	uint8_t series[SERVOARM_MAX];	/* enum servo_series per joint */
	int sync_read;			/* every servo answers SYNC READ */
	double ma_full[SERVOARM_MAX];	/* Dynamixel: current at 100 % load */
};

/* What the servos report, per joint. */
struct bus_feedback {
	double q[SERVOARM_MAX];		/* joint value, degrees */
	double shown[SERVOARM_MAX];	/* degrees, or % for a gripper */
	double load[SERVOARM_MAX];	/* % of stall, signed */
	double ma[SERVOARM_MAX];	/* current, mA */
	double volts[SERVOARM_MAX];
	int celsius[SERVOARM_MAX];
	uint8_t err[SERVOARM_MAX];
};

/* The command line in bus mode; an exit status. */
int bus_command(struct ctl *c, const struct bus_opts *o, int argc,
    char **argv);

/* Joint i's register f, in its servo's series (an SCS next to STS). */
const struct servo_reg *bus_reg(const struct busctl *k, int i,
    enum servo_field f);

/* Exit status after a failed transaction, with a plain message. */
int bus_failed(struct busctl *k, const char *doing);
/* 0, or (after naming them) 1 when any servo reported error bits. */
int bus_check_errors(struct busctl *k, const uint8_t *err,
    const char *doing);

int bus_feedback(struct busctl *k, struct bus_feedback *f);
/* Goal positions for every joint (joint values, limits applied). */
int bus_goals(struct busctl *k, const double *q);
/* Goals where the joints are now: the arm holds still. */
int bus_hold(struct busctl *k, struct bus_feedback *f);
int bus_torque(struct busctl *k, int joint, int on);

/* Open the port and learn the load scale; 0 or an exit status. */
int bus_connect(struct busctl *k);

int bus_run(struct busctl *k, int argc, char **argv);
/* goto, home, jog with --arm, as for a spine robot. */
int bus_move(struct busctl *k, int argc, char **argv);
int bus_calibrate(struct busctl *k, int argc, char **argv);

#endif
