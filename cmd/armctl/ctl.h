/*
 * ctl.h - what every armctl command shares: the options, the robot
 * conversation (lib/client) they run on, and turning its outcomes into
 * exit statuses (DESIGN, "Contracts").
 */
#ifndef ARMCTL_CTL_H
#define ARMCTL_CTL_H

#include <signal.h>
#include <stdint.h>

#include "arm/arm.h"
#include "client/client.h"
#include "evlog/evlog.h"
#include "host/table.h"
#include "run/load.h"

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
	const char *names;	/* --names FILE.plan (client/names.h) */
	int mon_clear;		/* mon --clear */
	long count;		/* monitor, telemetry: stop after this many */
	double duration;	/* monitor, telemetry: stop after seconds */
	const char *events;	/* monitor, config: which kinds (letters) */
	enum evlog_format format;	/* --format */
	int start_plan;		/* monitor --start: from the plan's cycle 1 */
	long rate;		/* start: plan cycles per second */
	int list_all;		/* list --all: built-in ttyS ports too */
	int list_probe;		/* list --probe: ask each port for a robot */
	const char *arm_file;	/* --arm FILE */
	const struct arm_desc *arm;	/* ... loaded by main */
	int goto_joints;	/* goto --joints */
	int approach;		/* run --approach */
	int detour_on;		/* run, goto: --detour, --obstacles or
				 * --seed given (detour.c) */
	int detours;		/* --detour N */
	const char *obstacles;	/* --obstacles FILE: the map in and out */
	unsigned long seed;	/* --seed S: the detours' plans (0: 1) */
	double time_scale;	/* --time-scale: a simulated arm's clock */
	int force;		/* push, --names: even if they do not match */
	long every_ms;		/* telemetry --every */
	const char *on_connect;	/* session --on-connect FILE */
	const char *log_dir;	/* session --log-dir DIR */
	int shared;		/* a session's line: the link is the session's */
	/* the conversation: our own, or a session line's borrowed one */
	struct client *cl;
	struct client own;
	/* mirrors of the link, for the servo bus and the trajectory
	   readers (bus*.c, traj*.c) */
	char *port_name;
	struct wire_port *port;
	struct wire_hello hello;
	volatile sig_atomic_t *interrupted;
};

/* The exit status for st (ctl.c): CTL_INTERRUPTED for a signal. */
int ctl_exit(enum client_status st);

/* Open the port only (a servo bus has no handshake); 0 or an exit status. */
int ctl_open_port(struct ctl *c);

/* Open the port and shake hands; 0 or an exit status (message printed).
 * On a session's line (c->shared): the session's link, already open. */
int ctl_connect(struct ctl *c);
void ctl_disconnect(struct ctl *c);

/* A session's line on the session's conversation (c->cl = link's). */
void ctl_share_link(struct ctl *line, struct ctl *link);

/* One session line, words as on the command line (main.c): its options
   parsed afresh, run on the session's link; 0 or the line's exit status. */
int armctl_line(struct ctl *link, int argc, char **argv);

/* After an interruption: a new handshake and STOP; 0 or an exit status. */
int ctl_stop_after_signal(struct ctl *c, int stop);

/* Names for the robot's plan, by the one rule (client/names.h). */
int ctl_names(struct ctl *c);

/* Link lengths in millimetres from the handshake. */
double ctl_link_mm(const struct ctl *c, int joint);

/* A command that takes no operands was given some: said, EXIT_USAGE. */
int ctl_no_operands(int argc, char **argv);

/* A table on stdout in --format's shape, its header written. */
void ctl_table(const struct ctl *c, struct table *t, const char *const *cols,
    size_t n);
/* The name column of element (type, id): its name, or "#<id>". */
void ctl_name(const struct ctl *c, struct table *t, uint8_t type,
    uint16_t id);
/* Flush t: 0, or EXIT_IOERR after a message. */
int ctl_flush(struct table *t);
/* A stream's flush (monitor, telemetry) that failed or not: 0; 1 when
   the reader went away (`| head` ends it quietly); -1 after a message. */
int ctl_flushed(int failed, const char *doing);

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
/* Runtime control of the running plan (control.c). */
int cmd_prio(struct ctl *c, int argc, char **argv);
int cmd_mon(struct ctl *c, int argc, char **argv);
int cmd_pause(struct ctl *c, int argc, char **argv);
int cmd_step(struct ctl *c, int argc, char **argv);
int cmd_rate(struct ctl *c, int argc, char **argv);
/* counters or state (argv[0]). */
int cmd_table(struct ctl *c, int argc, char **argv);
/* The robot's self-description and running on its own (describe.c). */
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
/* run --arm FILE (armcmd.c). */
int arm_run(struct ctl *c, const char *path);
/* --detour, --obstacles, --seed (detour.c): the option's value; 0 or an
   exit status. */
int detour_option(struct ctl *c, int ch, const char *arg);
/* run --detour (or goto) on a spine robot: from `from` (where the arm is)
   to `to`, first along `first` (NULL: the straight move); 0 or an exit
   status, the outcome said. */
int detour_spine(struct ctl *c, const struct arm_path *first,
    const double *from, const double *to);

#endif
