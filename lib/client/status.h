/*
 * status.h - how a robot conversation ended (lib/client), and the one
 * table that turns that into a tool's exit status, as lib/run/status.c
 * does for runs.  Every lib/client function returns one of these.
 */
#ifndef SPINE_CLIENT_STATUS_H
#define SPINE_CLIENT_STATUS_H

enum client_status {
	CLIENT_OK = 0,
	CLIENT_FAILED,		/* the job failed: refused, stalled (1) */
	CLIENT_OBSTRUCTED,	/* the arm was obstructed (1) */
	CLIENT_USAGE,		/* an argument makes no sense (2) */
	CLIENT_DATA,		/* data that does not fit: a plan for another
				   robot, an unknown element (65) */
	CLIENT_NO_INPUT,	/* a local file cannot be opened (66) */
	CLIENT_UNAVAILABLE,	/* the port is missing, busy or ours to
				   open but not here (69) */
	CLIENT_IO,		/* the link broke, or the robot said
				   something impossible (74) */
	CLIENT_LOCAL_IO,	/* writing a local file failed: not the
				   link's fault (74) */
	CLIENT_TIMEOUT,		/* no answer (75) */
	CLIENT_INTERRUPTED	/* a signal: the caller stops the arm */
};

/* The exit status (host/exits.h) a tool gives for s; CLIENT_INTERRUPTED,
   which a tool handles itself, maps to 1. */
int client_status_exit(enum client_status s);

#endif
