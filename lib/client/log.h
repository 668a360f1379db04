/*
 * log.h - the robot's own event log while a connection is kept (armctl
 * session --log-dir, client/console.h): one file per robot, named from
 * its handshake and port, holding every monitor event with names and the
 * robot's clock; on each (re)connection first the priorities in force and
 * the latches (client_follow).  Called after each handshake and each line.
 */
#ifndef SPINE_CLIENT_LOG_H
#define SPINE_CLIENT_LOG_H

#include <stdio.h>

#include "client/client.h"
#include "client/monitor.h"
#include "evlog/evlog.h"

struct client_log {
	const char *dir;		/* the folder; NULL: no log */
	struct client_follow follow;	/* names_file, force: --names */
	struct client *cl;		/* (set by client_log_attach) */
	char path[4096];		/* the log now open, "" if none */
	FILE *fp;
	struct evlog log;
	int failed;			/* a write failed (said once) */
	int attached;			/* connections logged so far */
};

/*
 * After a handshake on cl: open (appending, never through a symbolic
 * link) the robot's log, DIR/FIRMWARE@PORT.csv, take the names, write the
 * plan's state as it is, switch the monitor stream on for every kind of
 * event and tap it.  CLIENT_OK; CLIENT_LOCAL_IO when the folder or the
 * file fails (said); or client_follow's failure.
 */
enum client_status client_log_attach(struct client_log *l,
    struct client *cl);

/* After a line: names again if the robot's plan changed (push), and the
 * monitor stream on again (monitor turns it off). */
enum client_status client_log_resume(struct client_log *l);

/* Close the log: CLIENT_OK, or CLIENT_LOCAL_IO when any write to it
   failed (said). */
enum client_status client_log_close(struct client_log *l);

/* "armsim 0.1.0" on "/dev/ttyACM0" in dir: "DIR/armsim_0.1.0@ttyACM0.csv"
   (a TCP port's host and port, the separators made '_'). */
void client_log_name(char *out, size_t cap, const char *dir,
    const char *firmware, const char *port);

#endif
