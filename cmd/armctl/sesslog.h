/*
 * sesslog.h - armctl session --log-dir: one event log per robot, named
 * from its handshake and port, holding every monitor event with names
 * and the robot's clock; on each (re)connection first the priorities in
 * force and the latches (client_join).  Called by session.c after each
 * (re)connection and each line; fed by the link's tap.
 */
#ifndef ARMCTL_SESSLOG_H
#define ARMCTL_SESSLOG_H

#include <stdio.h>

#include "client/monitor.h"
#include "evlog/evlog.h"
#include "ctl.h"

struct sesslog {
	const char *dir;		/* --log-dir */
	struct client_follow follow;	/* names_file, force: --names */
	char path[4096];		/* the log now open, "" if none */
	FILE *fp;
	struct evlog log;
	int failed;			/* a write failed (said once) */
	int attached;			/* connections logged so far */
};

/*
 * After a handshake on link: open (appending, never through a symbolic
 * link) the robot's log, DIR/FIRMWARE@PORT.csv, take the names, write the
 * plan's state as it is, switch the monitor stream on for every kind of
 * event and tap it.  0, or an exit status after a message.
 */
int sesslog_attach(struct sesslog *l, struct ctl *link);

/* After a line: names again if the robot's plan changed (push), and the
 * monitor stream on again (monitor turns it off). */
int sesslog_resume(struct sesslog *l, struct ctl *link);

/* Close the log: 0, or EXIT_IOERR when any write to it failed (said). */
int sesslog_close(struct sesslog *l);

#endif
