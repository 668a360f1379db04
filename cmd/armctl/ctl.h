/*
 * ctl.h - what every armctl command shares: the options, the link to the
 * robot after the handshake, and turning link failures and robot error
 * replies into messages and exit statuses (DESIGN, "Contracts").
 */
#ifndef ARMCTL_CTL_H
#define ARMCTL_CTL_H

#include <signal.h>
#include <stdint.h>

#include "arm/arm.h"
#include "evlog/evlog.h"
#include "link/port.h"
#include "link/session.h"
#include "run/load.h"
#include "wire/msg.h"

/* Returned by a command that Ctrl-C cut short: main stops the arm. */
#define CTL_INTERRUPTED (-1)

struct ctl {
	/* global options */
	const char *port_spec;
	long baud;
	int timeout_ms;
	int retries;
	int check;		/* --check: validate, move nothing */
	int verbose;
	int stdout_gone;	/* the reader of our output went away */
	/* command options (main rejects those a command does not take) */
	long period_ms;		/* run */
	double threshold_deg;	/* run */
	long persist;		/* run */
	long pause_ms;		/* run */
	int resume;		/* run */
	const char *expect_links;	/* run, push --check: the arm assumed */
	const char *names;	/* monitor, control: --names FILE.plan */
	int mon_clear;		/* mon --clear */
	long count;		/* monitor: stop after this many events */
	double duration;	/* monitor: stop after this many seconds */
	const char *events;	/* monitor: which kinds (event letters) */
	enum evlog_format format;	/* monitor --format */
	int start_plan;		/* monitor --start: from the plan's cycle 1 */
	long rate;		/* start: plan cycles per second */
	int list_all;		/* list --all: built-in ttyS ports too */
	int list_probe;		/* list --probe: ask each port for a robot */
	const char *arm_file;	/* --arm FILE */
	const struct arm_desc *arm;	/* ... loaded by main */
	int goto_joints;	/* goto --joints */
	int approach;		/* run --approach */
	double time_scale;	/* --time-scale: a simulated arm's clock */
	int force;		/* push --force: even if the ids do not match */
	long every_ms;		/* telemetry --every */
	const char *on_connect;	/* session --on-connect FILE */
	const char *log_dir;	/* session --log-dir DIR */
	int shared;		/* a session's line: the link is the session's */
	/* the link */
	char *port_name;
	struct wire_port *port;
	struct wire_session s;
	struct wire_hello hello;
	volatile sig_atomic_t *interrupted;
};

/* Open the port only (a servo bus has no handshake); 0 or an exit status. */
int ctl_open_port(struct ctl *c);

/* Open the port and shake hands; 0 or an exit status (message printed).
 * On a session's line (c->shared): the session's link, already open. */
int ctl_connect(struct ctl *c);

/* A session's line borrows the session's link (port, request numbers,
 * handshake) and gives it back with the numbers moved on. */
void ctl_share_link(struct ctl *line, const struct ctl *link);
void ctl_return_link(struct ctl *link, const struct ctl *line);

/* One session line, words as on the command line (main.c): its options
 * parsed afresh, run on the session's link; 0 or the line's exit status. */
int armctl_line(struct ctl *link, int argc, char **argv);

/*
 * After an interruption: a new handshake (which also ends monitoring and
 * abandons a half-done upload on the robot) with Ctrl-C ignored once more;
 * 0 or an exit status.
 */
int ctl_resync(struct ctl *c);
void ctl_disconnect(struct ctl *c);

/* Read and validate a .plan (lib/run/load.c); 0 or an exit status
   (message printed). */
int ctl_plan_load(const char *path, struct loaded_plan *lp);

/*
 * The plan stored on the robot, read back and checked against its CRC:
 * 0 with *bytes (the caller frees) and *size, or *size 0 and *bytes NULL
 * when it holds none; else an exit status after a message (plans.c).
 */
int ctl_plan_fetch(struct ctl *c, const char *label, uint8_t **bytes,
    uint32_t *size);

/* Exit status for a session failure (message printed); CTL_INTERRUPTED. */
int ctl_link_failed(struct ctl *c, const char *doing);

/*
 * One request and its reply.  0 with *reply the robot's answer; otherwise
 * an exit status after a message: a link failure, or an error reply (1,
 * or 74 for a robot whose store failed).
 */
int ctl_call(struct ctl *c, uint8_t type, const uint8_t *payload, uint8_t len,
    struct wire_frame *reply, const char *doing);

/* Exit status for an ERROR reply to `doing`, after saying what it was. */
int ctl_robot_error(const struct wire_frame *reply, const char *doing);

/* Link lengths in millimetres from the handshake. */
double ctl_link_mm(const struct ctl *c, int joint);

/* Wait ms milliseconds, or less if interrupted; 0, or CTL_INTERRUPTED. */
int ctl_sleep(struct ctl *c, int ms);

/*
 * The commands; argv[0] is the command's name.  Most are connected before
 * they are called; push, run and monitor check their input first and call
 * ctl_connect themselves, so bad input is reported without a robot.
 */
int cmd_list(struct ctl *c, int argc, char **argv);
int cmd_info(struct ctl *c, int argc, char **argv);
int cmd_push(struct ctl *c, int argc, char **argv);
int cmd_pull(struct ctl *c, int argc, char **argv);
int cmd_start(struct ctl *c, int argc, char **argv);
int cmd_stop(struct ctl *c, int argc, char **argv);
int cmd_pos(struct ctl *c, int argc, char **argv);
int cmd_run(struct ctl *c, int argc, char **argv);
int cmd_monitor(struct ctl *c, int argc, char **argv);
int cmd_send(struct ctl *c, int argc, char **argv);
/* Runtime control of the running plan (control.c, tables.c). */
int cmd_prio(struct ctl *c, int argc, char **argv);
int cmd_mon(struct ctl *c, int argc, char **argv);
int cmd_pause(struct ctl *c, int argc, char **argv);
int cmd_step(struct ctl *c, int argc, char **argv);
int cmd_rate(struct ctl *c, int argc, char **argv);
int cmd_counters(struct ctl *c, int argc, char **argv);
int cmd_state(struct ctl *c, int argc, char **argv);
/* The robot's self-description and running on its own. */
int cmd_describe(struct ctl *c, int argc, char **argv);
int cmd_config(struct ctl *c, int argc, char **argv);
int cmd_telemetry(struct ctl *c, int argc, char **argv);
/* The console of session.c: connects itself, runs lines via armctl_line. */
int cmd_session(struct ctl *c, int argc, char **argv);
/* The arm commands (armcmd.c): they need --arm FILE. */
/* goto, home, jog and gripper on a spine robot, from where its encoders
   say. */
int cmd_move(struct ctl *c, int argc, char **argv);
/* Where goto, home, jog or gripper (argv[0]) takes the arm from `here`: the joint
   values into `to`.  0, or an exit status after a message.  Shared with
   the servo bus. */
int arm_target(struct ctl *c, int argc, char **argv, const double *here,
    double *to);
/* run --arm's path from FILE ("-": stdin), rows solved from start; and
   its check against the arm's limits and pose (--check prints the peaks;
   --approach puts the move there in front).  0 or an exit status; shared
   with the servo bus. */
struct arm_path;
int arm_read_path(struct ctl *c, const char *path, const double *start,
    struct arm_path *p);
int arm_path_check(struct ctl *c, struct arm_path *p, const double *here);
/* pos with --arm: the arm's joint names, the gripper in percent. */
int arm_pos(struct ctl *c);

#endif
