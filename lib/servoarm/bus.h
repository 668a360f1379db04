/*
 * bus.h - an arm of smart servos driven from the host, no firmware of
 * ours: the servos' registers (core/servo/regs.h) over a bus
 * (lib/link/servobus.h).  Present values read with SYNC READ (on
 * Dynamixel FAST SYNC READ, while the servos answer it), goals
 * written with SYNC WRITE, torque, the servos' error bits, their setup
 * on connect, ids, baud rates, reboots.  armctl --bus drives an arm with
 * it, the unit tests drive lib/servosim with it.  Every function returns
 * an enum servoarm_status; nothing here prints.
 */
#ifndef SPINE_SERVOARM_BUS_H
#define SPINE_SERVOARM_BUS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "link/servobus.h"
#include "servo/regs.h"
#include "servoarm/servoarm.h"

enum servoarm_status {
	SERVOARM_OK = 0,
	SERVOARM_NO_REPLY,	/* fail_id never answered: power, wiring */
	SERVOARM_CORRUPT,	/* only damaged replies came from fail_id */
	SERVOARM_LINK,		/* the port failed or went away */
	SERVOARM_INTERRUPTED,	/* the caller's flag went up */
	SERVOARM_SERVO_ERROR,	/* joint err_joint reports error bits err */
	SERVOARM_REFUSED,	/* joint err_joint refused a write (err) */
	SERVOARM_LIMIT,		/* a goal beyond joint err_joint's limits */
	SERVOARM_NO_MEMORY,
	SERVOARM_BAD_ARM,	/* the arm description does not fit the bus */
	SERVOARM_OBSTRUCTED,	/* a run met an obstacle and went back */
	SERVOARM_BLOCKED,	/* ... and met one on the way back too */
	SERVOARM_SHORT,		/* a run stopped short of its end */
	SERVOARM_NONE_FOUND,	/* setup: no servo answers */
	SERVOARM_MANY_FOUND,	/* setup: more than one servo answers */
	SERVOARM_CALIBRATION,	/* a range that cannot be calibrated */
	SERVOARM_NO_JOINT,	/* no joint err_name in the arm */
	SERVOARM_BAD_BAUD	/* no servo of the bus takes err_value baud */
};

/* The exit status (host/exits.h) a tool gives for s. */
int servoarm_status_exit(enum servoarm_status s);

struct servoarm_bus;
/* What servoarm_setup_id did for joint j, in a line: "gripper: id 1 ->
 * 6", and ", 57600 -> 1000000 baud" when it changed the rate. */
void servoarm_setup_text(const struct servoarm_bus *k, int j, long baud,
    char *buf, size_t cap);

/*
 * What st means, said as a tool says it while `doing` ("pos", "run"):
 * "no reply from id 3 (elbow_flex): check power and wiring", the servo's
 * error bits in words...  An empty line for SERVOARM_OK, INTERRUPTED and
 * the statuses only a caller can word (text.c).
 */
void servoarm_text(const struct servoarm_bus *k, enum servoarm_status st,
    const char *doing, char *buf, size_t cap);

struct servoarm_bus {
	struct servobus b;
	enum servo_proto proto;
	struct servoarm arm;
	uint8_t ids[SERVOARM_MAX];
	uint8_t series[SERVOARM_MAX];	/* enum servo_series per joint */
	int sync_read;			/* every servo answers SYNC READ */
	int fast_read;			/* Dynamixel FAST SYNC READ: 0 not
					 * tried yet, 1 answered, -1 not
					 * (SYNC READ from then on) */
	double full_load[SERVOARM_MAX];	/* Dynamixel current: mA at 100 % */
	int scaled;			/* full_load read (servoarm_connect) */
	/* what went wrong last (with SERVO_ERROR, REFUSED, LIMIT) */
	int err_joint;
	uint8_t err;			/* the status ERR byte */
	uint8_t hw_err;			/* Dynamixel: Hardware_Error_Status */
	double err_value;		/* LIMIT: the goal asked for */
	const char *err_name;		/* NO_JOINT */
	/* servoarm_setup_id: who answered, at what rate */
	uint8_t found[8];
	int nfound;
	long found_baud;
};

/* What the servos report, per joint. */
struct servoarm_feedback {
	double q[SERVOARM_MAX];		/* joint value, degrees */
	double shown[SERVOARM_MAX];	/* degrees, or % for a gripper */
	double load[SERVOARM_MAX];	/* % of stall, signed */
	double ma[SERVOARM_MAX];	/* current, mA (NAN: not reported) */
	double volts[SERVOARM_MAX];
	int celsius[SERVOARM_MAX];
	uint8_t err[SERVOARM_MAX];
};

/*
 * The joints of arm d on a bus of kind proto, each servo's series checked
 * against the bus; no I/O.  SERVOARM_OK, or SERVOARM_BAD_ARM with the
 * reason in why.
 */
enum servoarm_status servoarm_bus_init(struct servoarm_bus *k,
    const struct arm_desc *d, enum servo_proto proto, char *why,
    size_t whylen);

/* Joint i's register f, in its servo's series. */
const struct servo_reg *servoarm_reg(const struct servoarm_bus *k, int i,
    enum servo_field f);

/* The status of the last failed transaction on k->b. */
enum servoarm_status servoarm_bus_failed(const struct servoarm_bus *k);

/* What 100 % load is for each servo (a Dynamixel XL330's current limit;
 * an XL430 reports its load itself); the first feedback asks if need be. */
enum servoarm_status servoarm_connect(struct servoarm_bus *k);

/*
 * The setup a follower arm runs with, as LeRobot's SO follower writes it
 * on connect (spec lerobot-calibration): return delay 0, and on Feetech
 * servos acceleration 254, position mode, Phase bit 4 clear, P/I/D
 * 16/0/32, the gripper's Max_Torque_Limit, Protection_Current and
 * Overload_Torque 500/250/25; and its running Torque_Limit just under that
 * overload threshold, so a gripper closed on something holds it without
 * the protection tripping (bus.c says why).  On Dynamixel servos, as
 * LeRobot's Koch follower: return delay 0, extended position control,
 * the elbow's P/I/D 1500/0/600, and the gripper (an XL330) in
 * current-based position control pushing with half its Current_Limit,
 * so a blocked one holds without the overload alert.  Only registers that differ
 * are written; those in a Dynamixel's EEPROM only while its torque is
 * off.  Called before every move (servoarm_run_path) and torque on.
 */
enum servoarm_status servoarm_configure(struct servoarm_bus *k);

/* Every servo's present block: positions, load, current, volts... */
enum servoarm_status servoarm_feedback(struct servoarm_bus *k,
    struct servoarm_feedback *f);
/* SERVOARM_SERVO_ERROR (err_joint, err, hw_err set) when a servo in f
 * reports error bits, else SERVOARM_OK. */
enum servoarm_status servoarm_errors(struct servoarm_bus *k,
    const struct servoarm_feedback *f);

/*
 * Goal positions for every joint, joint values in degrees (a gripper's
 * too).  A goal beyond a joint's limits is refused (SERVOARM_LIMIT,
 * nothing written), never clamped.
 */
enum servoarm_status servoarm_goals(struct servoarm_bus *k, const double *q);
/* Goals where the joints are now: the arm holds still (f is read). */
enum servoarm_status servoarm_hold(struct servoarm_bus *k,
    struct servoarm_feedback *f);

/* Torque on joint i (on: holding where it is first, so the arm does not
 * jump to an old goal; Feetech's EEPROM lock closed while on). */
enum servoarm_status servoarm_torque(struct servoarm_bus *k, int i, int on);

/* The joints names[0..n) marked in sel (all when n is 0), as
 * servoarm_pick: SERVOARM_OK, or SERVOARM_NO_JOINT. */
enum servoarm_status servoarm_select(struct servoarm_bus *k, int n,
    char *const *names, int *sel);

/* For the joints marked in sel: torque on (after servoarm_configure),
 * off, or with on < 0 a REBOOT. */
enum servoarm_status servoarm_torque_some(struct servoarm_bus *k,
    const int *sel, int on);

/* Where every joint is, degrees, into q; SERVOARM_SERVO_ERROR (q filled
 * in) when a servo reports error bits. */
enum servoarm_status servoarm_where(struct servoarm_bus *k, double *q);

/* Stop: hold where the arm is (then its servos' error bits, as
 * servoarm_errors), or with `release` every joint limp.  Runs to the end
 * whatever the interrupted flag says (it is dropped). */
enum servoarm_status servoarm_let_go(struct servoarm_bus *k, int release);

/* Joint i's servo: model number, firmware ("3.6" or "46"), torque. */
struct servoarm_info {
	int model;
	char firmware[16];
	int torque;
};
enum servoarm_status servoarm_info(struct servoarm_bus *k, int i,
    struct servoarm_info *in);

/* Every servo's row of armctl info into fp (CSV): joint, id, model,
 * firmware, volts, celsius, load (%), current (mA), torque, errors. */
enum servoarm_status servoarm_info_table(struct servoarm_bus *k, FILE *fp);

/* Where the arm is, as the pose table (spine-path(5)) of arm description
 * d; then SERVOARM_SERVO_ERROR when a servo reports error bits. */
enum servoarm_status servoarm_pose_table(struct servoarm_bus *k,
    const struct arm_desc *d, FILE *fp);

/* Dynamixel REBOOT of joint i (clears a latched hardware alert);
 * SERVOARM_REFUSED on a Feetech bus, which has no such instruction. */
enum servoarm_status servoarm_reboot(struct servoarm_bus *k, int i);

/*
 * Setup of one new servo, alone on the bus: found by a broadcast PING
 * (waiting wait_ms) at `baud`, else at each rate the bus's servos take in
 * turn (a factory-fresh Dynamixel talks at 57600), then given joint j's
 * id and `baud` (a rate servo_baud_code knows), the port left at `baud`.
 * k->found[0..nfound) the ids that answered at k->found_baud.
 * SERVOARM_NONE_FOUND at every rate, SERVOARM_MANY_FOUND.
 */
enum servoarm_status servoarm_setup_id(struct servoarm_bus *k, int j,
    int wait_ms, long baud);

/* SERVOARM_OK when the bus's servos take `baud`, else SERVOARM_BAD_BAUD. */
enum servoarm_status servoarm_baud_ok(struct servoarm_bus *k, long baud);

#endif
