/*
 * sesslog.h - armctl session --log-dir: one event log per robot, named
 * from its handshake and port, holding every monitor event with names.
 * Called by session.c after each (re)connection; fed by the link's tap.
 */
#ifndef ARMCTL_SESSLOG_H
#define ARMCTL_SESSLOG_H

#include <stdint.h>
#include <stdio.h>

#include "evlog/evlog.h"
#include "run/load.h"
#include "evlog/names.h"
#include "ctl.h"

struct sesslog {
	const char *dir;		/* --log-dir */
	const char *names_file;		/* --names, else the robot's plan */
	char path[4096];		/* the log now open, "" if none */
	FILE *fp;
	struct evlog log;
	struct loaded_plan plan;	/* where the names come from */
	struct names names;
	int have_names;
	int fetched;			/* the robot's plan was read */
	uint32_t size, crc;		/* ... and was this one (0: none) */
	unsigned long events;		/* written to the log */
};

/*
 * After a handshake on link: open (appending) the robot's log,
 * DIR/FIRMWARE@PORT.csv, take the names (--names, else the plan on the
 * robot, read back), switch the monitor stream on for every kind of event
 * and tap it.  0, or an exit status after a message.
 */
int sesslog_attach(struct sesslog *l, struct ctl *link);

/* After a line: names again if the robot's plan changed (push), and the
 * monitor stream on again (monitor turns it off). */
int sesslog_resume(struct sesslog *l, struct ctl *link);

void sesslog_close(struct sesslog *l);

#endif
